//! The open segment's turns as context for an answer: a turn said a moment ago is in no
//! episode until its segment closes, so retrieval cannot find it; the answer still sees it.

use crate::memory::Memory;
use crate::model::{AnswerContext, ContextItem, Shows};

/// Heading of the section, after the retrieved context.
const HEADING: &str = "Recent turns, not yet in an episode (L0)";

/// `context` followed by the person's turns of the open segment, without the question itself
/// (a chat message is ingested before it is answered) and without the assistant's replies,
/// which are answers rather than evidence. Each is a turn item: who said it and when travel
/// with it.
#[must_use]
pub fn with_open_turns(mut context: AnswerContext, memory: &Memory, question: &str) -> AnswerContext {
    let question = question.trim();
    let open = memory
        .open_segment
        .iter()
        .filter_map(|t| memory.turns.get(t.index()).map(|turn| (*t, turn)))
        .filter(|(_, turn)| !turn.speaker.is_assistant() && turn.text.trim() != question)
        .map(|(t, _)| {
            let said = crate::retrieval::said(memory, t, true);
            ContextItem::new(HEADING, format!("{}: {}", said.speaker, said.words), Shows::Turn(said))
        });
    context.items.extend(open);
    context
}
