//! The dense turn-level list: every turn an episode's person said (and, for a question put to
//! the assistant, its replies) ranked by the embedder's cosine to the question, a long turn by
//! its best passage. Fused with the two BM25 lists, it finds the turn that says what was asked
//! in other words ("throttling" for "rate limit").

use super::embed::{self, cosine};
use super::long_turn::TurnHit;
use crate::memory::Memory;
use crate::text::passage::{passage, passages};

/// Below this cosine a turn is not in the list: unrelated texts sit near 0.3 with the static
/// model (see `embed`), so a lower floor would only add noise to the fusion.
const FLOOR: f32 = 0.35;

/// The `limit` turns closest to `question`, closest first.
#[must_use]
pub fn hits(m: &Memory, question: &str, to_assistant: bool, limit: usize) -> Vec<TurnHit> {
    let query = embed::local(question);
    let mut scored: Vec<(f32, TurnHit)> = Vec::new();
    for e in m.episodes.iter() {
        for t in &e.turns {
            let Some(turn) = m.turns.get(t.index()) else {
                continue;
            };
            let own = m.person_for(&turn.speaker) == Some(e.person);
            if !(own || (to_assistant && turn.speaker.is_assistant())) {
                continue;
            }
            let said = turn.said();
            let (best, part) = passages(&said)
                .into_iter()
                .enumerate()
                .map(|(i, r)| (cosine(&query, &embed::memo::local(passage(&said, r))), i))
                .fold((f32::MIN, 0), |a, b| if b.0 > a.0 { b } else { a });
            if best >= FLOOR {
                scored.push((
                    best,
                    TurnHit {
                        turn: *t,
                        episode: e.id,
                        part,
                    },
                ));
            }
        }
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.turn.cmp(&b.1.turn)));
    scored.truncate(limit);
    scored.into_iter().map(|(_, h)| h).collect()
}
