//! The scheduler of the three operators, run once per step after the step's turn is ingested:
//! RK1 on relations whose mentions reached θ_inf, then RK2 on concepts whose score reached θ_sum,
//! then RK3 over dirty concepts, children before parents, up to the person root.
//!
//! Operators decide from the memory and emit events; a failed model call leaves its counter
//! untouched, so the operator is retried at the next step.

pub mod rk1;
pub mod rk2;
pub mod rk3;

use crate::engine::Step;
use crate::event::{Abstraction, Event, Operator, Subject, Trigger};
use crate::ids::{ConceptId, EpisodeId};
use crate::memory::{Evidence, Memory};
use crate::model::{EvidenceItem, EvidenceKind};
use std::collections::BTreeSet;

/// Runs every operator that is due.
pub fn run_due(step: &mut Step<'_>) {
    for relation in step.memory.due_relations() {
        rk1::fire(step, relation);
    }
    for concept in step.memory.due_concepts() {
        rk2::fire(step, concept);
    }
    let mut attempted: BTreeSet<ConceptId> = BTreeSet::new();
    while let Some(concept) = step
        .memory
        .dirty_concepts()
        .into_iter()
        .find(|c| !attempted.contains(c))
    {
        attempted.insert(concept);
        rk3::fire(step, concept);
    }
}

/// Turns buffered evidence into prompt lines: each raw mention, the conclusions of its
/// episode (once per episode), and RK1 inferences.
pub(crate) fn evidence_items(memory: &Memory, buffer: &[Evidence]) -> Vec<EvidenceItem> {
    let mut items = Vec::new();
    let mut seen: BTreeSet<EpisodeId> = BTreeSet::new();
    for e in buffer {
        let time = memory.episodes.get(e.episode.index()).and_then(|ep| ep.time);
        if e.inference {
            items.push(EvidenceItem {
                kind: EvidenceKind::Inference,
                branch: e.branch.clone(),
                text: e.text.clone(),
                salient: false,
                time,
            });
            continue;
        }
        items.push(EvidenceItem {
            kind: EvidenceKind::RawEvent,
            branch: e.branch.clone(),
            text: e.text.clone(),
            salient: false,
            time,
        });
        if seen.insert(e.episode)
            && let Some(ep) = memory.episodes.get(e.episode.index())
        {
            for (c, salient) in ep.conclusions() {
                items.push(EvidenceItem {
                    kind: EvidenceKind::Conclusion,
                    branch: e.branch.clone(),
                    text: c.to_string(),
                    salient,
                    time,
                });
            }
        }
    }
    items
}

/// The distinct episodes behind a buffer, for provenance.
pub(crate) fn evidence_episodes(buffer: &[Evidence]) -> Vec<EpisodeId> {
    let set: BTreeSet<EpisodeId> = buffer.iter().map(|e| e.episode).collect();
    set.into_iter().collect()
}

/// An RK2 or RK3 result for one concept, before it is recorded.
pub(crate) struct ConceptAbstraction {
    pub operator: Operator,
    pub concept: ConceptId,
    pub target: String,
    pub trigger: Trigger,
    pub before: Abstraction,
    pub after: Abstraction,
    pub evidence: Vec<EpisodeId>,
}

impl ConceptAbstraction {
    /// Applies the result, or in approval mode records it as a proposal that changes nothing yet.
    pub fn record(self, step: &mut Step<'_>, consumed: u32) {
        let Self {
            operator,
            concept,
            target,
            trigger,
            before,
            after,
            evidence,
        } = self;
        let event = if step.approve {
            let proposal = step.memory.next_proposal_id();
            Event::AbstractionProposed {
                proposal,
                operator,
                target,
                concept,
                trigger,
                before,
                after,
                evidence,
                consumed,
            }
        } else {
            let subject = Subject::Concept(concept);
            Event::OperatorFired {
                operator,
                target,
                subject,
                trigger,
                before,
                after,
                evidence,
            }
        };
        step.emit(event);
    }
}
