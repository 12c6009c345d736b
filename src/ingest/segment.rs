//! f_seg: where the stream of turns is cut into segments.
//!
//! Rules, in order: a session boundary always cuts; a gap of more than [`MAX_GAP_SECS`] always
//! cuts; a segment never grows past [`MAX_TURNS`]; and a person's turn whose content shares no
//! word and no lexicon concept with the last turns of a segment of at least two turns is a topic
//! shift. The open segment is scanned from its start, so a segment whose synthesis failed is
//! cut again (and retried) at the next step.

use crate::event::CutReason;
use crate::ids::TurnId;
use crate::memory::{Memory, Turn};
use crate::model::offline::Lexicon;
use crate::text::content_words;
use std::collections::BTreeSet;

/// Longest segment, in turns.
pub const MAX_TURNS: usize = 8;
/// Longest silence inside a segment.
pub const MAX_GAP_SECS: i64 = 30 * 60;

/// The first cut in the open segment: how many turns the closed prefix has, and why.
#[must_use]
pub fn next_cut(memory: &Memory, lexicon: &Lexicon) -> Option<(usize, CutReason)> {
    let open: Vec<&Turn> = memory.open_segment.iter().map(|t| &memory.turns[t.index()]).collect();
    for i in 1..open.len() {
        let (prev, next) = (open[i - 1], open[i]);
        if next.session != prev.session {
            return Some((i, CutReason::SessionBoundary));
        }
        if let (Some(a), Some(b)) = (prev.time, next.time)
            && b.0 - a.0 > MAX_GAP_SECS
        {
            return Some((i, CutReason::TimeGap));
        }
        if i >= MAX_TURNS {
            return Some((i, CutReason::MaxLength));
        }
        if i >= 2 && next.speaker != "assistant" && is_topic_shift(&open[i.saturating_sub(3)..i], next, lexicon) {
            return Some((i, CutReason::TopicShift));
        }
    }
    None
}

fn is_topic_shift(recent: &[&Turn], next: &Turn, lexicon: &Lexicon) -> bool {
    let next_words: BTreeSet<String> = content_words(&next.text).into_iter().collect();
    let next_concepts: BTreeSet<&str> = lexicon.matches(&next.text).map(|e| e.base.as_str()).collect();
    if next_concepts.is_empty() {
        return false;
    }
    let mut seg_words = BTreeSet::new();
    let mut seg_concepts = BTreeSet::new();
    for t in recent {
        seg_words.extend(content_words(&t.text));
        seg_concepts.extend(lexicon.matches(&t.text).map(|e| e.base.as_str()));
    }
    !seg_concepts.is_empty() && seg_concepts.is_disjoint(&next_concepts) && seg_words.is_disjoint(&next_words)
}

/// The turns of the open segment, whole.
#[must_use]
pub fn open_turns(memory: &Memory) -> Vec<TurnId> {
    memory.open_segment.clone()
}
