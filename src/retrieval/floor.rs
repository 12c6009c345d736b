//! The do-no-harm floor: the messages flat BM25 would put first (whole turns ranked by the
//! question's own words, whoever said them) are always candidates, and the first share of a
//! token budget goes to them, in their order, before the memory's ranking spends the rest. What
//! the memory adds then comes on top of what plain keyword search finds, never instead of it:
//! an advice chat's user states their facts in the very words they later ask with ("my
//! homework completion rate of 92%"), and a ranking tuned on other conversations must not
//! crowd such a message out.

use super::assemble::Retriever;
use super::index::{self, DocKind};
use crate::error::Result;
use crate::ids::TurnId;
use crate::text::passage::passages;
use crate::text::stem::stem;
use crate::text::words;
use std::collections::HashSet;

/// Share of a token budget that goes to the floor's messages first (whole messages only, in
/// their rank order, each that still fits; the rest of the budget is packed as before).
pub const SHARE: f64 = 0.35;
/// Share of a token budget that standing instructions and preferences (`standing`) get before
/// the floor: they are short, and an answer that ignores them is wrong however well it is
/// informed.
pub const STANDING_SHARE: f64 = 0.15;

/// The reserve a turn that goes in first draws on, in the order they are filled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reserve {
    /// A standing instruction or preference on the question's topic.
    Standing,
    /// A top flat BM25 match of the question's words.
    Floor,
}

impl Reserve {
    /// The share of the budget it holds.
    #[must_use]
    pub fn share(self) -> f64 {
        match self {
            Self::Standing => STANDING_SHARE,
            Self::Floor => SHARE,
        }
    }

    /// Why a turn drawn on it is in the context.
    #[must_use]
    pub fn why(self) -> &'static str {
        match self {
            Self::Standing => "a standing instruction or preference on the question's topic",
            Self::Floor => "a top flat BM25 match of the question's words",
        }
    }
}
/// How many of the best-ranked messages are floor candidates.
pub const CANDIDATES: usize = 12;
/// Share of the question's distinct content words a floor message must hold: one that says
/// most of what is asked in the asker's own words ("What is Scott's homework completion rate?"
/// against "…maintain his current homework completion rate of 92%…") is kept whatever the
/// memory ranks; one that shares a word or two is left to the memory's ranking.
pub const COVERAGE: f64 = 0.5;

impl Retriever<'_> {
    /// The turns flat BM25 ranks first for the question's content words `asked`, best first:
    /// whole turns (a turn longer than one passage cannot go in whole at a floor's share and
    /// is left to the memory's ranking, which quotes its passages).
    pub(super) fn floor(&self, asked: &[String]) -> Result<Vec<TurnId>> {
        let Some(expr) = index::match_expr(asked) else {
            return Ok(Vec::new());
        };
        let m = self.memory;
        let wanted: HashSet<String> = asked.iter().map(|w| stem(w)).collect();
        let need = (wanted.len() as f64 * COVERAGE).ceil().max(1.0);
        let hits = index::search(
            self.log.keyword_index()?,
            &self.lineage,
            &expr,
            DocKind::Turn,
            CANDIDATES.saturating_mul(3),
        )?;
        let mut out: Vec<TurnId> = Vec::new();
        for h in hits {
            let Some(t) = m.episodes.get(h.episode.index()).and_then(|e| e.turns.get(h.item)) else {
                continue;
            };
            let Some(said) = m.turns.get(t.index()).map(crate::memory::Turn::said) else {
                continue;
            };
            let held: HashSet<String> = words(&said).map(|w| stem(&w)).filter(|w| wanted.contains(w)).collect();
            let whole = passages(&said).len() == 1;
            if whole && held.len() as f64 >= need && !out.contains(t) {
                out.push(*t);
            }
            if out.len() >= CANDIDATES {
                break;
            }
        }
        Ok(out)
    }
}
