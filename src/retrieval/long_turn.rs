//! A turn longer than a passage, in a context: which of its passages to quote (the one the
//! index matched, else the one that holds most of the question's keywords) instead of a reply
//! that alone would spend the whole budget.

use super::context::PassageRef;
use crate::ids::{EpisodeId, TurnId};
use crate::memory::Memory;
use crate::text::passage::{passage, passages};
use crate::text::words;

/// A turn-level index hit: the turn, the episode whose row matched, and the passage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnHit {
    /// The turn.
    pub turn: TurnId,
    /// The episode the row belongs to.
    pub episode: EpisodeId,
    /// Which of the turn's passages matched.
    pub part: usize,
}

/// The passage of turn `t` a context quotes, when it has more than one: `hit` if the index
/// matched one, else the passage holding the most distinct keyword stems (the first on a tie).
#[must_use]
pub fn pick(m: &Memory, t: TurnId, hit: Option<usize>, stems: &[String]) -> Option<(PassageRef, String)> {
    let text = m.turns.get(t.index())?.said();
    let cuts = passages(&text);
    if cuts.len() < 2 {
        return None;
    }
    let of = u32::try_from(cuts.len()).unwrap_or(u32::MAX);
    let index = match hit.filter(|h| *h < cuts.len()) {
        Some(h) => h,
        None => {
            let held = |r: &std::ops::Range<usize>| {
                let mut found: Vec<String> = words(passage(&text, r.clone()))
                    .map(|w| crate::text::stem::stem(&w))
                    .filter(|w| stems.contains(w))
                    .collect();
                found.sort_unstable();
                found.dedup();
                found.len()
            };
            let mut best = (0usize, 0usize);
            for (i, r) in cuts.iter().enumerate() {
                let n = held(r);
                if n > best.1 {
                    best = (i, n);
                }
            }
            best.0
        }
    };
    let range = cuts.get(index)?.clone();
    let quoted = passage(&text, range).to_string();
    Some((
        PassageRef {
            index: u32::try_from(index).unwrap_or(u32::MAX),
            of,
        },
        quoted,
    ))
}

/// The text of passage `part` of turn `t`.
#[must_use]
pub fn passage_of(m: &Memory, t: TurnId, part: PassageRef) -> Option<String> {
    let text = m.turns.get(t.index())?.said();
    let range = passages(&text).get(usize::try_from(part.index).ok()?)?.clone();
    Some(passage(&text, range).to_string())
}
