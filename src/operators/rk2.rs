//! RK2, node-level abstraction: once a concept's score reaches θ_sum, its Σ (what recurs across
//! its branches) and Δ (salient exceptions, restrictions, contradictions) are rewritten from
//! the previous Σ/Δ and the buffered evidence. The parent becomes dirty for RK3.

use super::{ConceptAbstraction, evidence_episodes, evidence_items};
use crate::engine::Step;
use crate::event::{Abstraction, Operator, Trigger};
use crate::ids::ConceptId;
use crate::model::{Task, parse};

/// Fires RK2 on one concept (or proposes its result in approval mode).
pub fn fire(step: &mut Step<'_>, concept: ConceptId) {
    let mem = &*step.memory;
    let c = mem.concept(concept);
    if c.pending.is_some() {
        return;
    }
    let task = Task::Rk2 {
        concept: c.name.clone(),
        sigma: c.own_sigma.clone(),
        delta: c.own_delta.clone(),
        evidence: evidence_items(mem, &c.buffer),
    };
    let trigger = Trigger {
        counter: "score".into(),
        value: c.score,
        threshold: mem.thresholds.theta_sum,
    };
    let before = mem.profile(concept);
    let evidence = evidence_episodes(&c.buffer);
    let consumed = u32::try_from(c.buffer.len()).unwrap_or(u32::MAX);
    let target = c.name.clone();
    let Some((sigma, delta)) = step.call(task, parse::parse_rk2) else {
        return;
    };
    let after = Abstraction::Profile { sigma, delta };
    let abstraction = ConceptAbstraction {
        operator: Operator::Rk2,
        concept,
        target,
        trigger,
        before,
        after,
        evidence,
    };
    abstraction.record(step, consumed);
}
