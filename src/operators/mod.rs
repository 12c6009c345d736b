//! The scheduler of the three operators, run once per step after the step's turn is ingested:
//! RK1 on relations whose mentions reached θ_inf, then RK2 on concepts whose score reached θ_sum,
//! then RK3 over dirty concepts, children before parents, up to the person root.
//!
//! Each operator is two pure halves: `plan` reads the memory and says what to ask the model
//! (a [`Firing`]), `finish` turns the parsed reply into the event to record. The model call
//! between them is made here, through the step, so it is logged; a failed call leaves the
//! operator's counter untouched, and the operator is retried at the next step.

pub mod provenance;
pub mod rk1;
pub mod rk2;
pub mod rk3;
#[cfg(test)]
mod tests;

use crate::event::{Abstraction, Event, Operator, Subject, Trigger};
use crate::ids::{ConceptId, EpisodeId, ProposalId};
use crate::memory::{Evidence, Memory};
use crate::model::parse::{self, ParseError};
use crate::model::{EvidenceItem, EvidenceKind, Task};
use crate::step::Step;
use crate::text::entity_key;
use std::collections::BTreeSet;

/// What an operator will do once the model has answered: everything its event records except
/// the text the model writes.
#[derive(Debug, Clone, PartialEq)]
pub struct Firing {
    /// RK1, RK2 or RK3.
    pub operator: Operator,
    /// The relation or concept it rewrites.
    pub subject: Subject,
    /// The subject's name, for people and scripts.
    pub target: String,
    /// What the model is asked.
    pub task: Task,
    /// The counter that crossed its threshold.
    pub trigger: Trigger,
    /// The text before.
    pub before: Abstraction,
    /// Provenance: the episodes whose evidence is consumed.
    pub evidence: Vec<EpisodeId>,
    /// Buffered evidence items the result consumes (what a proposal records).
    pub consumed: u32,
    /// The turns behind the evidence, by branch and day, to give the reply's parts.
    pub sources: Vec<provenance::Source>,
}

impl Firing {
    /// The event recording this firing with the model's text.
    fn fired(self, after: Abstraction) -> Event {
        Event::OperatorFired {
            operator: self.operator,
            target: self.target,
            subject: self.subject,
            trigger: self.trigger,
            before: self.before,
            after,
            evidence: self.evidence,
        }
    }
}

/// Runs every operator that is due.
pub fn run_due(step: &mut Step<'_>) {
    for relation in step.memory.due_relations() {
        let firing = rk1::plan(step.memory, relation);
        fire(step, firing, parse::parse_rk1, rk1::finish);
    }
    for concept in step.memory.due_concepts() {
        let firing = rk2::plan(step.memory, concept);
        fire(step, firing, parse::parse_rk2, rk2::finish);
    }
    let mut attempted: BTreeSet<ConceptId> = BTreeSet::new();
    while let Some(concept) = step
        .memory
        .dirty_concepts()
        .into_iter()
        .find(|c| !attempted.contains(c))
    {
        attempted.insert(concept);
        let firing = rk3::plan(step.memory, concept);
        fire(step, firing, parse::parse_rk3, rk3::finish);
    }
}

/// Asks the model for a planned firing and records the result: applied, or in approval mode
/// proposed. Nothing but the model-call records is emitted when the reply never parses.
fn fire<T>(
    step: &mut Step<'_>,
    firing: Option<Firing>,
    parse: impl Fn(&str) -> Result<T, ParseError>,
    finish: fn(Firing, T) -> Event,
) {
    let Some(firing) = firing else {
        return;
    };
    let Some(reply) = step.call(firing.task.clone(), parse) else {
        return;
    };
    let consumed = firing.consumed;
    let event = finish(firing, reply);
    let event = if step.approve {
        propose(event, step.memory.next_proposal_id(), consumed)
    } else {
        event
    };
    step.emit(event);
}

/// An RK2/RK3 firing as a proposal that changes nothing until approved. Relation summaries
/// (RK1) are never proposed: they come back unchanged.
#[must_use]
pub fn propose(event: Event, proposal: ProposalId, consumed: u32) -> Event {
    match event {
        Event::OperatorFired {
            operator,
            target,
            subject: Subject::Concept(concept),
            trigger,
            before,
            after,
            evidence,
        } => Event::AbstractionProposed {
            proposal,
            operator,
            target,
            concept,
            trigger,
            before,
            after,
            evidence,
            consumed,
        },
        other => other,
    }
}

/// The buffered evidence an operator may still gather: a correction keeps out what its item was
/// built from (every mention of a corrected fact's episode; the mentions on a corrected Σ/Δ
/// item's branch from the episodes behind it), so a retired item never comes back from them.
/// The evidence left out is still consumed with the rest.
pub(crate) fn admitted<'a>(memory: &Memory, buffer: &'a [Evidence]) -> std::borrow::Cow<'a, [Evidence]> {
    let corrections: Vec<_> = memory.active_corrections().collect();
    if corrections.is_empty() {
        return std::borrow::Cow::Borrowed(buffer);
    }
    let blocked = |e: &Evidence| {
        let turns = memory.episodes.get(e.episode.index()).map(|ep| &ep.turns);
        corrections.iter().any(|c| match (c.item, &c.branch) {
            (crate::event::ItemRef::Fact { episode }, _) => episode == e.episode,
            (_, Some(branch)) => {
                (branch.is_empty() || entity_key(branch) == entity_key(&e.facet))
                    && turns.is_some_and(|ts| ts.iter().any(|t| c.turns.contains(t)))
            }
            _ => false,
        })
    };
    std::borrow::Cow::Owned(buffer.iter().filter(|e| !blocked(e)).cloned().collect())
}

/// Turns buffered evidence into prompt lines: each raw mention, the conclusions of its
/// episode (once per episode, a retired one left out), and RK1 inferences.
pub(crate) fn evidence_items(memory: &Memory, buffer: &[Evidence]) -> Vec<EvidenceItem> {
    let mut items = Vec::new();
    let mut seen: BTreeSet<EpisodeId> = BTreeSet::new();
    for e in admitted(memory, buffer).iter() {
        let time = memory.episodes.get(e.episode.index()).and_then(|ep| ep.time);
        if memory.says_corrected(&e.text) {
            continue;
        }
        if e.inference {
            items.push(EvidenceItem {
                kind: EvidenceKind::Inference,
                facet: e.facet.clone(),
                text: e.text.clone(),
                salient: false,
                time,
            });
            continue;
        }
        items.push(EvidenceItem {
            kind: EvidenceKind::Mention,
            facet: e.facet.clone(),
            text: e.text.clone(),
            salient: false,
            time,
        });
        if seen.insert(e.episode)
            && let Some(ep) = memory.episodes.get(e.episode.index())
        {
            for (i, (c, salient)) in ep.conclusions().enumerate() {
                if memory.conclusion_retired(e.episode, i) || memory.says_corrected(c) {
                    continue;
                }
                items.push(EvidenceItem {
                    kind: EvidenceKind::Conclusion,
                    facet: e.facet.clone(),
                    text: c.to_string(),
                    salient,
                    time,
                });
            }
        }
    }
    items
}

/// The distinct episodes behind a buffer's admitted evidence, for provenance.
pub(crate) fn evidence_episodes(memory: &Memory, buffer: &[Evidence]) -> Vec<EpisodeId> {
    let set: BTreeSet<EpisodeId> = admitted(memory, buffer).iter().map(|e| e.episode).collect();
    set.into_iter().collect()
}
