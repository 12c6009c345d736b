//! The history of one concept (or relation): every RK1/RK2/RK3 firing, proposal, approval,
//! rejection and revert on the chain of a point that touched it or its relations, in order, each
//! with its trigger and the text before and after.

use super::{HistoryError, Tree};
use crate::event::{Abstraction, Event, EventRecord, Operator, Subject, Trigger};
use crate::ids::{EpisodeId, ProposalId, Seq};
use crate::memory::{Concept, Memory};
use crate::text::entity_key;
use serde::Serialize;

/// What a history entry records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FiringKind {
    /// An operator rewrote the text.
    Fired,
    /// In approval mode, an operator proposed a rewrite (nothing changed yet).
    Proposed,
    /// A person approved a proposal: the text changed.
    Approved,
    /// A person rejected a proposal: the text stayed.
    Rejected,
    /// A person reverted an applied rewrite: the text went back.
    Reverted,
}

impl FiringKind {
    /// Whether the text changed at this entry.
    #[must_use]
    pub fn applies(self) -> bool {
        matches!(self, Self::Fired | Self::Approved | Self::Reverted)
    }

    /// "fired", "proposed", …
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Fired => "fired",
            Self::Proposed => "proposed",
            Self::Approved => "approved",
            Self::Rejected => "rejected",
            Self::Reverted => "reverted",
        }
    }
}

/// One entry of a history.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Firing {
    /// Where it is in the log.
    pub seq: Seq,
    /// What happened.
    pub kind: FiringKind,
    /// The operator whose result it is.
    pub operator: Operator,
    /// The concept or relation name, as the memory called it then.
    pub target: String,
    /// What it worked on.
    pub subject: Subject,
    /// The counter that crossed its threshold (for approvals and rejections, the proposal's).
    pub trigger: Option<Trigger>,
    /// The text before.
    pub before: Abstraction,
    /// The text after (for a proposal or rejection: what was proposed).
    pub after: Abstraction,
    /// The episodes whose evidence it consumed.
    pub evidence: Vec<EpisodeId>,
    /// The proposal, for proposals, approvals and rejections.
    pub proposal: Option<ProposalId>,
}

/// Finds a concept or relation by name in `memory`: a path (`Alex / Health and Wellness /
/// Fitness`), a relation (`Fitness → Strength Training`, or `->`), or a name, matched without
/// regard to case, then by its normalised key.
pub fn find_subject(memory: &Memory, name: &str, at: Seq) -> Result<Subject, HistoryError> {
    let wanted = name.trim();
    let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
    let unknown = || HistoryError::UnknownConcept {
        name: wanted.to_string(),
        at,
    };
    if let Some((source, target)) = wanted.split_once('→').or_else(|| wanted.split_once("->")) {
        let (source, target) = (norm(source), norm(target));
        let found: Vec<_> = memory
            .relations
            .iter()
            .filter(|r| {
                memory
                    .concepts
                    .get(r.source.index())
                    .is_some_and(|c| norm(&c.name) == source)
                    && memory
                        .concepts
                        .get(r.target.index())
                        .is_some_and(|c| norm(&c.name) == target)
            })
            .collect();
        return match found.as_slice() {
            [] => Err(unknown()),
            [one] => Ok(Subject::Relation(one.id)),
            many => Err(HistoryError::Ambiguous {
                name: wanted.to_string(),
                candidates: many
                    .iter()
                    .map(|r| {
                        format!(
                            "{} → {}",
                            path(memory, r.source.index()),
                            path(memory, r.target.index())
                        )
                    })
                    .collect(),
            }),
        };
    }
    // A path names a concept by its trailing names, so `Health and Wellness / Fitness` will do.
    let parts: Vec<String> = wanted.split('/').map(norm).collect();
    let by_path: Vec<&Concept> = memory
        .concepts
        .iter()
        .filter(|c| {
            parts.len() > 1
                && memory
                    .path_of(c.id)
                    .iter()
                    .map(|p| norm(p))
                    .collect::<Vec<_>>()
                    .ends_with(&parts)
        })
        .collect();
    let exact: Vec<&Concept> = memory
        .concepts
        .iter()
        .filter(|c| norm(&c.name) == norm(wanted))
        .collect();
    let keyed: Vec<&Concept> = memory
        .concepts
        .iter()
        .filter(|c| entity_key(&c.name) == entity_key(wanted))
        .collect();
    let found = [by_path, exact, keyed]
        .into_iter()
        .find(|v| !v.is_empty())
        .ok_or_else(unknown)?;
    match found.as_slice() {
        [one] => Ok(Subject::Concept(one.id)),
        many => Err(HistoryError::Ambiguous {
            name: wanted.to_string(),
            candidates: many.iter().map(|c| path(memory, c.id.index())).collect(),
        }),
    }
}

fn path(memory: &Memory, index: usize) -> String {
    memory
        .concepts
        .get(index)
        .map_or_else(String::new, |c| memory.path_of(c.id).join(" / "))
}

/// The history of `subject` on the chain of `at`. `records` is the whole log in seq order; the
/// chain is folded from the empty memory, so every entry sees the memory just before it.
#[must_use]
pub fn concept_history(records: &[EventRecord], tree: &Tree, at: Seq, subject: Subject) -> Vec<Firing> {
    let mut chain: Vec<Seq> = tree.chain_back(at).collect();
    chain.reverse();
    let mut memory = Memory::new();
    let mut out = Vec::new();
    for seq in chain {
        let Some(record) = seq.index().checked_sub(1).and_then(|i| records.get(i)) else {
            break;
        };
        if let Some(firing) = entry(&memory, record, subject) {
            out.push(firing);
        }
        memory.apply(&record.event);
    }
    out
}

/// Whether a subject is the one asked about, or one of its relations when a concept is asked.
fn touches(memory: &Memory, asked: Subject, subject: Subject) -> bool {
    match (asked, subject) {
        (a, s) if a == s => true,
        (Subject::Concept(c), Subject::Relation(r)) => memory
            .relations
            .get(r.index())
            .is_some_and(|r| r.source == c || r.target == c),
        _ => false,
    }
}

fn entry(memory: &Memory, record: &EventRecord, asked: Subject) -> Option<Firing> {
    let seq = record.seq;
    let name = |subject: Subject| match subject {
        Subject::Concept(c) => memory.concepts.get(c.index()).map(|c| c.name.clone()),
        Subject::Relation(r) => (r.index() < memory.relations.len()).then(|| memory.relation_name(r)),
    };
    match &record.event {
        Event::OperatorFired {
            operator,
            target,
            subject,
            trigger,
            before,
            after,
            evidence,
        } if touches(memory, asked, *subject) => Some(Firing {
            seq,
            kind: FiringKind::Fired,
            operator: *operator,
            target: target.clone(),
            subject: *subject,
            trigger: Some(trigger.clone()),
            before: before.clone(),
            after: after.clone(),
            evidence: evidence.clone(),
            proposal: None,
        }),
        Event::AbstractionProposed {
            proposal,
            operator,
            target,
            concept,
            trigger,
            before,
            after,
            evidence,
            ..
        } if touches(memory, asked, Subject::Concept(*concept)) => Some(Firing {
            seq,
            kind: FiringKind::Proposed,
            operator: *operator,
            target: target.clone(),
            subject: Subject::Concept(*concept),
            trigger: Some(trigger.clone()),
            before: before.clone(),
            after: after.clone(),
            evidence: evidence.clone(),
            proposal: Some(*proposal),
        }),
        Event::AbstractionApproved { proposal } | Event::AbstractionRejected { proposal } => {
            let p = memory.proposals.get(proposal)?;
            let subject = Subject::Concept(p.concept);
            touches(memory, asked, subject).then(|| Firing {
                seq,
                kind: if matches!(record.event, Event::AbstractionApproved { .. }) {
                    FiringKind::Approved
                } else {
                    FiringKind::Rejected
                },
                operator: p.operator,
                target: name(subject).unwrap_or_default(),
                subject,
                trigger: Some(p.trigger.clone()),
                before: p.before.clone(),
                after: p.after.clone(),
                evidence: Vec::new(),
                proposal: Some(*proposal),
            })
        }
        Event::AbstractionReverted {
            operator,
            concept,
            restored,
            ..
        } if touches(memory, asked, Subject::Concept(*concept)) => {
            let now = memory.concepts.get(concept.index())?;
            Some(Firing {
                seq,
                kind: FiringKind::Reverted,
                operator: *operator,
                target: now.name.clone(),
                subject: Subject::Concept(*concept),
                trigger: None,
                before: Abstraction::Profile {
                    sigma: now.sigma.clone(),
                    delta: now.delta.clone(),
                },
                after: restored.clone(),
                evidence: Vec::new(),
                proposal: None,
            })
        }
        _ => None,
    }
}
