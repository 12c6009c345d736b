//! RK1, relation inference: once a relation has θ_inf new mentions, its summary T_e is rewritten
//! from the previous summary and the buffered evidence, and the counter resets.

use super::{Firing, evidence_episodes, evidence_items, provenance};
use crate::event::{Abstraction, Event, Operator, RelationSummary, Subject, Trigger};
use crate::ids::{RelationId, saturating_u32};
use crate::memory::Memory;
use crate::model::Task;

/// What RK1 asks about a due relation.
#[must_use]
pub fn plan(memory: &Memory, relation: RelationId) -> Option<Firing> {
    let r = memory.relation(relation);
    let task = Task::Rk1 {
        person: memory.concept(memory.concept(r.source).person).name.clone(),
        source: memory.concept(r.source).name.clone(),
        target: memory.concept(r.target).name.clone(),
        evidence: evidence_items(memory, &r.buffer),
        previous: r.summary.clone(),
    };
    Some(Firing {
        operator: Operator::Rk1,
        subject: Subject::Relation(relation),
        target: memory.relation_name(relation),
        task,
        trigger: Trigger {
            counter: crate::event::Counter::Mentions,
            value: r.mentions,
            threshold: memory.thresholds.theta_inf,
        },
        before: Abstraction::Summary {
            summary: r.summary.clone(),
        },
        evidence: evidence_episodes(memory, &r.buffer),
        consumed: saturating_u32(r.buffer.len()),
        sources: provenance::sources(memory, &super::admitted(memory, &r.buffer)),
    })
}

/// The relation's new summary, with the turns behind its mentions, as the event that records it.
#[must_use]
pub fn finish(firing: Firing, mut summary: RelationSummary) -> Event {
    if let Abstraction::Summary { summary: before } = &firing.before {
        provenance::summary(&mut summary, before, &firing.sources);
    }
    firing.fired(Abstraction::Summary { summary })
}
