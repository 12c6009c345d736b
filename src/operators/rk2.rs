//! RK2, node-level abstraction: once a concept's score reaches θ_sum, its Σ (what recurs across
//! its facets) and Δ (salient exceptions, restrictions, contradictions) are rewritten from
//! the previous Σ/Δ and the buffered evidence. The parent becomes dirty for RK3.

use super::{Firing, evidence_episodes, evidence_items, provenance};
use crate::event::{Abstraction, Delta, Event, Operator, Sigma, Subject, Trigger};
use crate::ids::{ConceptId, saturating_u32};
use crate::memory::Memory;
use crate::model::Task;

/// What RK2 asks about a due concept; nothing while a proposal of it awaits a decision.
#[must_use]
pub fn plan(memory: &Memory, concept: ConceptId) -> Option<Firing> {
    let c = memory.concept(concept);
    if c.pending.is_some() {
        return None;
    }
    let task = Task::Rk2 {
        person: memory.concept(c.person).name.clone(),
        concept: c.name.clone(),
        sigma: c.own_sigma.clone(),
        delta: c.own_delta.clone(),
        evidence: evidence_items(memory, &c.buffer),
    };
    Some(Firing {
        operator: Operator::Rk2,
        subject: Subject::Concept(concept),
        target: c.name.clone(),
        task,
        trigger: Trigger {
            counter: crate::event::Counter::Score,
            value: c.score,
            threshold: memory.thresholds.theta_sum,
        },
        before: memory.profile(concept),
        evidence: evidence_episodes(memory, &c.buffer),
        consumed: saturating_u32(c.buffer.len()),
        sources: provenance::sources(memory, &super::admitted(memory, &c.buffer)),
    })
}

/// The concept's new Σ and Δ, with the turns behind their parts, as the event that records them.
#[must_use]
pub fn finish(firing: Firing, (mut sigma, mut delta): (Sigma, Delta)) -> Event {
    if let Task::Rk2 {
        sigma: s0, delta: d0, ..
    } = &firing.task
    {
        provenance::sigma(&mut sigma, &[s0], &firing.sources);
        provenance::delta(&mut delta, &[d0], &firing.sources);
    }
    firing.fired(Abstraction::Profile { sigma, delta })
}
