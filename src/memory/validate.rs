//! What an event may name: every id it refers to must already exist in the memory it applies
//! to. A damaged or hand-edited log can hold anything, so the fold checks before it indexes, and
//! a checkpoint is checked whole when it is loaded.
// Input, files and other processes reach this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::Memory;
use crate::event::{Event, ItemRef, Subject};
use crate::ids::{ConceptId, EpisodeId, RelationId, TurnId};

/// Why an event (or a checkpoint) cannot apply to a memory.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InvalidEvent(pub String);

impl Memory {
    /// Whether `event` refers only to what exists; [`Memory::apply`] ignores an event that does
    /// not, and [`Memory::try_apply`] reports it.
    pub fn check(&self, event: &Event) -> Result<(), InvalidEvent> {
        match event {
            Event::EpisodeRecorded { person, turns, .. } => {
                self.has_concept(*person)?;
                turns.iter().try_for_each(|t| self.has_turn(*t))
            }
            Event::ConceptAdded { parent, .. } => self.has_concept(*parent),
            Event::RelationAdded { source, target } => {
                self.has_concept(*source)?;
                self.has_concept(*target)
            }
            Event::MentionRecorded { relation, episode, .. } => {
                self.has_relation(*relation)?;
                self.has_episode(*episode)
            }
            Event::SlotStated {
                person, episode, turn, ..
            } => {
                self.has_concept(*person)?;
                self.has_episode(*episode)?;
                self.has_turn(*turn)
            }
            Event::OperatorFired { subject, evidence, .. } => {
                match subject {
                    Subject::Relation(r) => self.has_relation(*r)?,
                    Subject::Concept(c) => self.has_concept(*c)?,
                }
                evidence.iter().try_for_each(|e| self.has_episode(*e))
            }
            Event::AbstractionProposed { concept, evidence, .. } => {
                self.has_concept(*concept)?;
                evidence.iter().try_for_each(|e| self.has_episode(*e))
            }
            Event::AbstractionReverted { concept, .. } => self.has_concept(*concept),
            Event::ThresholdsChanged { theta_inf, theta_sum } if *theta_inf == 0 || *theta_sum == 0 => {
                Err(InvalidEvent("θ_inf and θ_sum must be at least 1".into()))
            }
            Event::ThresholdsChanged { .. }
            | Event::PersonTracked { .. }
            | Event::TurnIngested { .. }
            | Event::SegmentClosed { .. }
            | Event::AbstractionApproved { .. }
            | Event::AbstractionRejected { .. }
            | Event::ModelCalled { .. }
            | Event::ModelFailed { .. }
            | Event::CorrectionUndone { .. }
            | Event::RolledBack { .. } => Ok(()),
            Event::ItemCorrected { item, quoted, .. } => {
                self.has_item(item)?;
                quoted.iter().try_for_each(|t| self.has_turn(*t))
            }
        }
    }

    /// Checks, then applies.
    pub fn try_apply(&mut self, event: &Event) -> Result<(), InvalidEvent> {
        self.check(event)?;
        self.apply(event);
        Ok(())
    }

    /// Whether every id stored inside the memory points at something that exists (for a
    /// checkpoint read back from a file).
    pub fn check_consistent(&self) -> Result<(), InvalidEvent> {
        for c in &self.concepts {
            c.parent.map_or(Ok(()), |p| self.has_concept(p))?;
            self.has_concept(c.person)?;
            c.children.iter().try_for_each(|ch| self.has_concept(*ch))?;
            c.relations.iter().try_for_each(|r| self.has_relation(*r))?;
            c.episodes.iter().try_for_each(|e| self.has_episode(*e))?;
            c.buffer.iter().try_for_each(|e| self.has_episode(e.episode))?;
        }
        for r in &self.relations {
            self.has_concept(r.source)?;
            self.has_concept(r.target)?;
            self.has_concept(r.owner)?;
            r.episodes.iter().try_for_each(|e| self.has_episode(*e))?;
            r.buffer.iter().try_for_each(|e| self.has_episode(e.episode))?;
        }
        for e in &self.episodes {
            self.has_concept(e.person)?;
            e.turns.iter().try_for_each(|t| self.has_turn(*t))?;
        }
        self.open_segment.iter().try_for_each(|t| self.has_turn(*t))?;
        self.proposals.values().try_for_each(|p| self.has_concept(p.concept))?;
        self.speakers.iter().try_for_each(|(_, c)| self.has_concept(*c))
    }

    fn has_concept(&self, id: ConceptId) -> Result<(), InvalidEvent> {
        present(id.index() < self.concepts.len(), || format!("unknown concept {}", id.0))
    }

    fn has_relation(&self, id: RelationId) -> Result<(), InvalidEvent> {
        present(id.index() < self.relations.len(), || {
            format!("unknown relation {}", id.0)
        })
    }

    fn has_episode(&self, id: EpisodeId) -> Result<(), InvalidEvent> {
        present(id.index() < self.episodes.len(), || format!("unknown episode {}", id.0))
    }

    /// Whether a correctable item exists: its episode or concept, and its position in it.
    pub(super) fn has_item(&self, item: &ItemRef) -> Result<(), InvalidEvent> {
        let missing = || InvalidEvent(format!("no {} {item} in this memory", item.noun()));
        let position = |index: u32, len: usize| usize::try_from(index).is_ok_and(|i| i < len);
        let found = match *item {
            ItemRef::Fact { episode } => self.episodes.get(episode.index()).is_some(),
            ItemRef::Conclusion { episode, index } => self
                .episodes
                .get(episode.index())
                .is_some_and(|e| position(index, e.conclusions().count())),
            ItemRef::Sigma { concept, index } => self
                .concepts
                .get(concept.index())
                .is_some_and(|c| position(index, c.sigma.bullets.len())),
            ItemRef::Delta { concept, index } => self
                .concepts
                .get(concept.index())
                .is_some_and(|c| position(index, c.delta.items.len())),
        };
        if found { Ok(()) } else { Err(missing()) }
    }

    fn has_turn(&self, id: TurnId) -> Result<(), InvalidEvent> {
        present(id.index() < self.turns.len(), || format!("unknown turn {}", id.0))
    }
}

fn present(ok: bool, what: impl FnOnce() -> String) -> Result<(), InvalidEvent> {
    if ok { Ok(()) } else { Err(InvalidEvent(what())) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Abstraction, Operator, Trigger};

    fn person() -> Memory {
        let mut m = Memory::new();
        m.apply(&Event::person_tracked("Zoë", "user"));
        m
    }

    /// Regression: each of these panicked in the fold.
    #[test]
    fn events_naming_what_does_not_exist_are_refused_and_ignored() {
        let bad = [
            Event::MentionRecorded {
                relation: RelationId(7),
                episode: EpisodeId(0),
                label: "x".into(),
            },
            Event::RelationAdded {
                source: ConceptId(0),
                target: ConceptId(999),
            },
            Event::concept_added("x", crate::memory::Level::Activity, ConceptId(u32::MAX)),
            Event::OperatorFired {
                operator: Operator::Rk2,
                target: "x".into(),
                subject: Subject::Concept(ConceptId(500)),
                trigger: Trigger {
                    counter: crate::event::Counter::Score,
                    value: 1,
                    threshold: 1,
                },
                before: Abstraction::Summary {
                    summary: Default::default(),
                },
                after: Abstraction::Summary {
                    summary: Default::default(),
                },
                evidence: Vec::new(),
            },
            Event::ThresholdsChanged {
                theta_inf: 0,
                theta_sum: 1,
            },
        ];
        for e in &bad {
            let mut m = person();
            let before = m.clone();
            assert!(m.try_apply(e).is_err(), "{e:?}");
            m.apply(e);
            assert!(m == before, "an invalid event changes nothing: {e:?}");
        }
        assert!(person().check_consistent().is_ok());
    }
}
