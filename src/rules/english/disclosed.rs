//! What a question tells about the one asking: "I'm 60 and earning $85,000, will that be a
//! problem?" states an age and an income before it asks. The statement before the turn to the
//! question is fact material; the question itself is not.

// Input reaches this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use crate::rules::words::questions::OPENERS;
use crate::rules::words::questions::WONDERING;

/// Words that make a clause a supposition, not a statement: "if I'm using Flask 2.2",
/// "assuming my budget is $500", "suppose I move to Porto".
const SUPPOSING: &[&str] = &["if", "assuming", "assume", "suppose", "supposing", "unless", "whether"];

/// The statement a question opens with, as a sentence of its own ("I'm 60 and earning
/// $85,000."), when the question opens with the speaker saying something about themselves
/// and then turns to asking after a comma. `None` for any other sentence.
#[must_use]
pub fn statement_in_question(sentence: &str) -> Option<String> {
    let s = sentence.trim();
    if !s.ends_with('?') {
        return None;
    }
    let opens_asking = |w: &str| OPENERS.contains(&w);
    if crate::text::words(s).next().is_some_and(|w| opens_asking(&w)) {
        return None;
    }
    for (at, _) in s.match_indices(", ") {
        let rest = s.get(at.saturating_add(2)..)?.to_lowercase().replace('’', "'");
        let rest = ["and ", "so ", "but "]
            .iter()
            .find_map(|c| rest.strip_prefix(c))
            .unwrap_or(&rest)
            .to_string();
        let first = crate::text::words(&rest).next().unwrap_or_default();
        if !opens_asking(&first) && !WONDERING.iter().any(|w| rest.starts_with(w)) {
            continue;
        }
        let lead = s.get(..at)?.trim();
        // "If I'm using Flask 2.2, how do I…" supposes; it states nothing.
        if crate::text::words(lead).any(|w| SUPPOSING.contains(&w.as_str())) {
            return None;
        }
        let first_person = crate::text::words(lead).any(|w| {
            matches!(
                w.replace('’', "'").as_str(),
                "i" | "i'm" | "i've" | "i'd" | "my" | "we" | "our"
            )
        });
        if first_person && crate::text::content_words(lead).len() >= 3 {
            return Some(format!("{lead}."));
        }
        return None;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::statement_in_question as lead;

    #[test]
    fn a_question_that_opens_with_the_asker_keeps_the_statement() {
        assert_eq!(
            lead("I'm 60 and earning $85,000, will that be a problem?").as_deref(),
            Some("I'm 60 and earning $85,000.")
        );
        assert_eq!(
            lead("I have $3,000 saved in a high-yield account, is that enough for an emergency fund?").as_deref(),
            Some("I have $3,000 saved in a high-yield account.")
        );
        assert_eq!(
            lead("We moved the deadline to March 3, and I'm wondering if the plan still works?").as_deref(),
            Some("We moved the deadline to March 3.")
        );
    }

    #[test]
    fn a_plain_question_or_a_statement_gives_nothing() {
        for s in [
            "How should I keep my $4,000 fund, given it had no withdrawals?",
            "Can you help me, please?",
            "I went hiking with Sam on Sunday.",
            "Is it too late, or should I wait?",
            "Honestly, what would you do?",
            "For example, if I'm using Flask 2.2, how do I pin it?",
            "Assuming my budget is $500 a month, is the plan realistic?",
        ] {
            assert_eq!(lead(s), None, "{s}");
        }
    }
}
