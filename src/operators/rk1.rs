//! RK1, relation inference: once a relation has θ_inf new mentions, its summary T_e is rewritten
//! from the previous summary and the buffered evidence, and the counter resets.

use super::{evidence_episodes, evidence_items};
use crate::engine::Step;
use crate::event::{Abstraction, Event, Operator, Subject, Trigger};
use crate::ids::RelationId;
use crate::model::{Task, parse};

/// Fires RK1 on one relation.
pub fn fire(step: &mut Step<'_>, relation: RelationId) {
    let mem = &*step.memory;
    let r = mem.relation(relation);
    let task = Task::Rk1 {
        source: mem.concept(r.source).name.clone(),
        target: mem.concept(r.target).name.clone(),
        evidence: evidence_items(mem, &r.buffer),
        previous: r.summary.clone(),
    };
    let trigger = Trigger {
        counter: "mentions".into(),
        value: r.mentions,
        threshold: mem.thresholds.theta_inf,
    };
    let before = Abstraction::Summary {
        summary: r.summary.clone(),
    };
    let evidence = evidence_episodes(&r.buffer);
    let target = mem.relation_name(relation);
    let Some(summary) = step.call(task, parse::parse_rk1) else {
        return;
    };
    step.emit(Event::OperatorFired {
        operator: Operator::Rk1,
        target,
        subject: Subject::Relation(relation),
        trigger,
        before,
        after: Abstraction::Summary { summary },
        evidence,
    });
}
