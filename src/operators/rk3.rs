//! RK3, hierarchical flow: a dirty parent's Σ/Δ is recomputed from its children's Σ/Δ
//! (synergy → Σ, tension → Δ). A change marks the grandparent dirty, so the flow continues up
//! to the person root within the same step.

use super::{Firing, provenance};
use crate::event::{Abstraction, Delta, Event, Operator, Sigma, Subject, Trigger};
use crate::ids::{ConceptId, saturating_u32};
use crate::memory::Memory;
use crate::model::{ChildSummary, Task};

/// What RK3 asks about a dirty concept: its own Σ/Δ and each child's that has one. Nothing
/// when none has.
#[must_use]
pub fn plan(memory: &Memory, concept: ConceptId) -> Option<Firing> {
    let c = memory.concept(concept);
    let own = (!c.own_sigma.is_empty() || !c.own_delta.is_empty()).then(|| ChildSummary {
        name: format!("{} (own evidence)", c.name),
        sigma: c.own_sigma.clone(),
        delta: c.own_delta.clone(),
    });
    let children: Vec<ChildSummary> = own
        .into_iter()
        .chain(
            c.children
                .iter()
                .map(|id| memory.concept(*id))
                .filter(|ch| !(ch.sigma.is_empty() && ch.delta.is_empty()))
                .map(|ch| ChildSummary {
                    name: ch.name.clone(),
                    sigma: ch.sigma.clone(),
                    delta: ch.delta.clone(),
                }),
        )
        .collect();
    if children.is_empty() {
        return None;
    }
    let trigger = Trigger {
        counter: crate::event::Counter::DirtyChildren,
        value: saturating_u32(children.len()),
        threshold: 1,
    };
    Some(Firing {
        operator: Operator::Rk3,
        subject: Subject::Concept(concept),
        target: c.name.clone(),
        task: Task::Rk3 {
            person: memory.concept(c.person).name.clone(),
            concept: c.name.clone(),
            children,
            subconcepts: c.children.iter().map(|id| memory.concept(*id).name.clone()).collect(),
        },
        trigger,
        before: memory.profile(concept),
        // RK3 consumes summaries, not episodes: its provenance is the child firings it merges (and
        // every concept's `episodes`). Listing all episodes here would grow each root firing with history.
        evidence: Vec::new(),
        consumed: 0,
        sources: Vec::new(),
    })
}

/// The concept's merged Σ and Δ, each part keeping the turns it had in a child, as the event
/// that records them.
#[must_use]
pub fn finish(firing: Firing, (mut sigma, mut delta): (Sigma, Delta)) -> Event {
    if let Task::Rk3 { children, .. } = &firing.task {
        let sigmas: Vec<&Sigma> = children.iter().map(|c| &c.sigma).collect();
        let deltas: Vec<&Delta> = children.iter().map(|c| &c.delta).collect();
        provenance::sigma(&mut sigma, &sigmas, &[]);
        provenance::delta(&mut delta, &deltas, &[]);
    }
    firing.fired(Abstraction::Profile { sigma, delta })
}
