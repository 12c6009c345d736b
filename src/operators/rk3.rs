//! RK3, hierarchical flow: a dirty parent's Σ/Δ is recomputed from its children's Σ/Δ
//! (synergy → Σ, tension → Δ). A change marks the grandparent dirty, so the flow continues up
//! to the person root within the same step.

use super::ConceptAbstraction;
use crate::engine::Step;
use crate::event::{Abstraction, Operator, Trigger};
use crate::ids::ConceptId;
use crate::model::{ChildSummary, Task, parse};

/// Fires RK3 on one dirty concept (or proposes its result in approval mode).
pub fn fire(step: &mut Step<'_>, concept: ConceptId) {
    let mem = &*step.memory;
    let c = mem.concept(concept);
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
                .map(|id| mem.concept(*id))
                .filter(|ch| !(ch.sigma.is_empty() && ch.delta.is_empty()))
                .map(|ch| ChildSummary {
                    name: ch.name.clone(),
                    sigma: ch.sigma.clone(),
                    delta: ch.delta.clone(),
                }),
        )
        .collect();
    if children.is_empty() {
        return;
    }
    let value = u32::try_from(children.len()).unwrap_or(u32::MAX);
    let trigger = Trigger {
        counter: "dirty_children".into(),
        value,
        threshold: 1,
    };
    let before = mem.profile(concept);
    // RK3 consumes summaries, not episodes: its provenance is the child firings it merges (and
    // every concept's `episodes`). Listing all episodes here would grow each root firing with history.
    let evidence = Vec::new();
    let target = c.name.clone();
    let task = Task::Rk3 {
        concept: target.clone(),
        children,
    };
    let Some((sigma, delta)) = step.call(task, parse::parse_rk3) else {
        return;
    };
    let after = Abstraction::Profile { sigma, delta };
    let abstraction = ConceptAbstraction {
        operator: Operator::Rk3,
        concept,
        target,
        trigger,
        before,
        after,
        evidence,
    };
    abstraction.record(step, 0);
}
