//! The open segment's turns as context for an answer: a turn said a moment ago is in no
//! episode until its segment closes, so retrieval cannot find it; the answer still sees it.

use crate::memory::Memory;

/// Heading of the section, after the retrieved context.
const HEADING: &str = "# Recent turns, not yet in an episode (L0)";

/// `context` followed by the person's turns of the open segment, without the question itself
/// (a chat message is ingested before it is answered) and without the assistant's replies,
/// which are answers rather than evidence.
#[must_use]
pub fn with_open_turns(context: String, memory: &Memory, question: &str) -> String {
    let question = question.trim();
    let lines: Vec<String> = memory
        .open_segment
        .iter()
        .filter_map(|t| memory.turns.get(t.index()).map(|turn| (*t, turn)))
        .filter(|(_, turn)| !turn.speaker.is_assistant() && turn.text.trim() != question)
        .map(|(t, _)| format!("- {}", crate::retrieval::turn_line(memory, t)))
        .collect();
    if lines.is_empty() {
        return context;
    }
    let mut out = context;
    if !out.is_empty() && !out.ends_with("\n\n") {
        out.push('\n');
    }
    out.push_str(HEADING);
    out.push('\n');
    for line in lines {
        out.push_str(&line);
        out.push('\n');
    }
    out
}
