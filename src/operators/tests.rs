//! Pure tests of each operator's plan and finish: memories folded from hand-written events,
//! replies written by hand, no model.

use super::*;
use crate::event::{Abstraction, Delta, Event, Operator, Sigma, Subject, Trigger};
use crate::ids::{ConceptId, EpisodeId, ProposalId, RelationId};
use crate::memory::Memory;
use crate::model::{ChildSummary, EvidenceKind, Task};

const FITNESS: ConceptId = ConceptId(12);
const HEALTH: ConceptId = ConceptId(2);
const RELATION: RelationId = RelationId(0);

/// The memory tests' graph (Alex, Health and Wellness → Fitness → Running), with θ_sum lowered
/// to 2 and two episodes mentioning the relation: RK1 is due on it and RK2 on Fitness.
fn memory() -> Memory {
    let mut m = crate::memory::tests::graph();
    m.apply(&Event::ThresholdsChanged {
        theta_inf: 2,
        theta_sum: 2,
    });
    for (i, fact) in ["Alex ran 5 km.", "Alex ran again."].into_iter().enumerate() {
        m.apply(&Event::EpisodeRecorded {
            person: ConceptId(0),
            turns: vec![],
            fact: fact.into(),
            base_conclusions: vec!["Alex runs.".into()],
            salient_conclusions: vec![],
            time: None,
            session: 1,
        });
        m.apply(&Event::MentionRecorded {
            relation: RELATION,
            episode: EpisodeId(u32::try_from(i).unwrap()),
            label: format!("user runs ({i})"),
        });
    }
    m
}

fn profile(sigma: &str, delta: &str) -> (Sigma, Delta) {
    (sigma.into(), delta.into())
}

#[test]
fn rk1_plans_from_the_relation_buffer() {
    let m = memory();
    assert_eq!(m.due_relations(), vec![RELATION]);
    let f = rk1::plan(&m, RELATION).expect("RK1 is due");
    assert_eq!(f.operator, Operator::Rk1);
    assert_eq!(f.subject, Subject::Relation(RELATION));
    assert_eq!(f.target, "Fitness → Running");
    assert_eq!(
        f.trigger,
        Trigger {
            counter: crate::event::Counter::Mentions,
            value: 2,
            threshold: 2
        }
    );
    assert_eq!(
        f.before,
        Abstraction::Summary {
            summary: Default::default()
        }
    );
    assert_eq!(f.evidence, vec![EpisodeId(0), EpisodeId(1)]);
    let Task::Rk1 {
        person,
        source,
        target,
        evidence,
        previous,
    } = &f.task
    else {
        panic!("an RK1 task: {:?}", f.task);
    };
    assert_eq!(
        (
            person.as_str(),
            source.as_str(),
            target.as_str(),
            previous.render().as_str()
        ),
        ("Alex", "Fitness", "Running", "")
    );
    let kinds: Vec<EvidenceKind> = evidence.iter().map(|e| e.kind).collect();
    assert_eq!(
        kinds,
        [
            EvidenceKind::Mention,
            EvidenceKind::Conclusion,
            EvidenceKind::Mention,
            EvidenceKind::Conclusion
        ],
        "each mention, then its episode's conclusions"
    );
    assert!(evidence.iter().all(|e| e.facet == "Running"), "{evidence:?}");
}

#[test]
fn rk1_finish_records_the_summary_and_resets_the_counter() {
    let mut m = memory();
    let f = rk1::plan(&m, RELATION).unwrap();
    let event = rk1::finish(f, "Fact Summary: Alex runs regularly.".into());
    let Event::OperatorFired {
        operator: Operator::Rk1,
        subject: Subject::Relation(RELATION),
        after: Abstraction::Summary { summary },
        ..
    } = &event
    else {
        panic!("an RK1 firing: {event:?}");
    };
    assert_eq!(summary, "Fact Summary: Alex runs regularly.");
    m.apply(&event);
    assert_eq!(m.relation(RELATION).mentions, 0);
    assert!(m.due_relations().is_empty());
    assert_eq!(
        propose(event.clone(), ProposalId(0), 0),
        event,
        "relation summaries are never proposals"
    );
}

#[test]
fn rk2_plans_from_the_concept_buffer() {
    let m = memory();
    assert_eq!(m.due_concepts(), vec![FITNESS]);
    let f = rk2::plan(&m, FITNESS).expect("RK2 is due");
    assert_eq!((f.operator, f.subject), (Operator::Rk2, Subject::Concept(FITNESS)));
    assert_eq!(f.target, "Fitness");
    assert_eq!(
        (f.trigger.counter.name(), f.trigger.value, f.trigger.threshold),
        ("score", 2, 2)
    );
    assert_eq!(f.before, Abstraction::empty_profile());
    assert_eq!(f.consumed, 2);
    assert_eq!(f.evidence, vec![EpisodeId(0), EpisodeId(1)]);
    assert!(
        matches!(&f.task, Task::Rk2 { person, concept, evidence, .. } if person == "Alex" && concept == "Fitness" && evidence.len() == 4)
    );
}

#[test]
fn rk2_waits_while_a_proposal_is_pending() {
    let mut m = memory();
    let f = rk2::plan(&m, FITNESS).unwrap();
    let consumed = f.consumed;
    let proposal = propose(rk2::finish(f, profile("- runs", "")), m.next_proposal_id(), consumed);
    assert!(
        matches!(
            &proposal,
            Event::AbstractionProposed {
                concept: FITNESS,
                consumed: 2,
                ..
            }
        ),
        "{proposal:?}"
    );
    m.apply(&proposal);
    assert_eq!(rk2::plan(&m, FITNESS), None);
}

#[test]
fn rk2_finish_rewrites_sigma_and_dirties_the_parent() {
    let mut m = memory();
    let f = rk2::plan(&m, FITNESS).unwrap();
    let event = rk2::finish(f, profile("- Running: recurring", "Regarding Running:\n- knee"));
    assert!(matches!(
        &event,
        Event::OperatorFired { operator: Operator::Rk2, after: Abstraction::Profile { sigma, delta }, .. }
            if sigma == "- Running: recurring" && delta.render().ends_with("knee (active)")
    ));
    m.apply(&event);
    assert_eq!(m.concept(FITNESS).sigma, "- Running: recurring");
    assert_eq!(m.concept(FITNESS).score, 0);
    assert_eq!(m.dirty_concepts(), vec![HEALTH]);
}

#[test]
fn rk3_plans_from_the_children_that_have_a_profile() {
    let mut m = memory();
    assert_eq!(rk3::plan(&m, HEALTH), None, "no child has a Σ/Δ yet");
    let f = rk2::plan(&m, FITNESS).unwrap();
    m.apply(&rk2::finish(f, profile("- runs", "")));
    let f = rk3::plan(&m, HEALTH).expect("RK3 is due");
    assert_eq!((f.operator, f.subject), (Operator::Rk3, Subject::Concept(HEALTH)));
    assert_eq!(
        f.trigger,
        Trigger {
            counter: crate::event::Counter::DirtyChildren,
            value: 1,
            threshold: 1
        }
    );
    assert!(f.evidence.is_empty(), "RK3 consumes summaries, not episodes");
    assert_eq!(f.consumed, 0);
    assert_eq!(
        f.task,
        Task::Rk3 {
            person: "Alex".into(),
            concept: "Health and Wellness".into(),
            children: vec![ChildSummary {
                name: "Fitness".into(),
                sigma: "- runs".into(),
                delta: Default::default(),
            }],
            subconcepts: vec!["Fitness".into()],
        }
    );
}

#[test]
fn rk3_finish_flows_the_change_up_to_the_root() {
    let mut m = memory();
    let f = rk2::plan(&m, FITNESS).unwrap();
    m.apply(&rk2::finish(f, profile("- runs", "")));
    let f = rk3::plan(&m, HEALTH).unwrap();
    let event = rk3::finish(f, profile("Health rests on Fitness.", ""));
    m.apply(&event);
    assert_eq!(m.concept(HEALTH).sigma, "Health rests on Fitness.");
    assert_eq!(m.dirty_concepts(), vec![ConceptId(0)], "the root is next");
}
