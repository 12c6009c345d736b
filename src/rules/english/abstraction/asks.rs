//! Whether a sentence a mention quotes asks something rather than tells it.

use crate::text::words;

/// Whether a sentence asks something: it ends on a question mark, or (a quote cut before its
/// end lost the mark) it opens the way a question does ("What should I do when Scott wants…",
/// "Is it a good idea to…"). "When I moved, I…" opens a statement as often as a question, so
/// "when" and "where" do not count.
pub(super) fn asks(sentence: &str) -> bool {
    const OPENERS: &[&str] = &[
        "what", "how", "which", "why", "who", "should", "can", "could", "would", "is", "are", "do", "does", "did",
    ];
    sentence.trim_end().ends_with('?') || words(sentence).next().is_some_and(|w| OPENERS.contains(&w.as_str()))
}
