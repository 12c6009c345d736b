//! Pure tests of concept histories and memory diffs over hand-made logs.

use super::*;
use crate::event::{Abstraction, Event, EventRecord, Operator, Subject, Trigger};
use crate::ids::{ConceptId, ProposalId, RelationId, Seq};
use crate::memory::delta::DeltaStatus;
use crate::memory::{Level, Memory};

fn profile(sigma: &str, delta: &str) -> Abstraction {
    Abstraction::Profile {
        sigma: sigma.into(),
        delta: delta.into(),
    }
}

fn trigger() -> Trigger {
    Trigger {
        counter: crate::event::Counter::Score,
        value: 6,
        threshold: 6,
    }
}

fn fired(concept: u32, before: Abstraction, after: Abstraction) -> Event {
    Event::OperatorFired {
        operator: Operator::Rk2,
        target: "Fitness".into(),
        subject: Subject::Concept(ConceptId(concept)),
        trigger: trigger(),
        before,
        after,
        evidence: vec![],
    }
}

/// Alex with Fitness (c12) → Running (c13), two RK2s on Fitness, an RK1 on the relation, an RK2
/// on another concept, a proposal that is approved, one that is rejected, and a revert.
fn log() -> Vec<EventRecord> {
    let mut events = crate::memory::tests::graph_events();
    events.extend([
        // 6
        fired(12, profile("", ""), profile("- lifts four days a week", "")),
        // 7
        Event::OperatorFired {
            operator: Operator::Rk1,
            target: "Fitness → Running".into(),
            subject: Subject::Relation(RelationId(0)),
            trigger: Trigger {
                counter: crate::event::Counter::Mentions,
                value: 3,
                threshold: 3,
            },
            before: Abstraction::Summary {
                summary: Default::default(),
            },
            after: Abstraction::Summary {
                summary: "Fact Summary: runs often".into(),
            },
            evidence: vec![],
        },
        // 8: another concept
        fired(3, profile("", ""), profile("- plans", "")),
        // 9
        fired(
            12,
            profile("- lifts four days a week", ""),
            profile(
                "- lifts four days a week; interrupted since May",
                "- [injury] hurt back",
            ),
        ),
        // 10, 11: proposed then approved
        Event::AbstractionProposed {
            proposal: ProposalId(0),
            operator: Operator::Rk2,
            target: "Fitness".into(),
            concept: ConceptId(12),
            trigger: trigger(),
            before: profile(
                "- lifts four days a week; interrupted since May",
                "- [injury] hurt back",
            ),
            after: profile("- swims", "- [injury] hurt back"),
            evidence: vec![],
            consumed: 0,
        },
        Event::AbstractionApproved {
            proposal: ProposalId(0),
        },
        // 12, 13: proposed then rejected
        Event::AbstractionProposed {
            proposal: ProposalId(1),
            operator: Operator::Rk2,
            target: "Fitness".into(),
            concept: ConceptId(12),
            trigger: trigger(),
            before: profile("- swims", "- [injury] hurt back"),
            after: profile("- nothing", ""),
            evidence: vec![],
            consumed: 0,
        },
        Event::AbstractionRejected {
            proposal: ProposalId(1),
        },
        // 14
        Event::AbstractionReverted {
            firing: Seq(11),
            operator: Operator::Rk2,
            concept: ConceptId(12),
            restored: profile(
                "- lifts four days a week; interrupted since May",
                "- [injury] hurt back",
            ),
        },
    ]);
    events
        .into_iter()
        .enumerate()
        .map(|(i, event)| EventRecord {
            seq: Seq(i as u64 + 1),
            parent: Seq(i as u64),
            event,
        })
        .collect()
}

fn memory_at(records: &[EventRecord], seq: u64) -> Memory {
    crate::memory::fold(records.iter().take(seq as usize).map(|r| &r.event))
}

#[test]
fn a_concept_history_is_every_entry_on_it_or_its_relations_in_order() {
    let records = log();
    let tree = Tree::from_records(&records);
    let head = memory_at(&records, 14);
    let subject = find_subject(&head, "fitness", Seq(14)).unwrap();
    assert_eq!(subject, Subject::Concept(ConceptId(12)));
    let h = concept_history(&records, &tree, Seq(14), subject);
    let got: Vec<(u64, FiringKind, Operator)> = h.iter().map(|f| (f.seq.0, f.kind, f.operator)).collect();
    use FiringKind::*;
    assert_eq!(
        got,
        vec![
            (6, Fired, Operator::Rk2),
            (7, Fired, Operator::Rk1),
            (9, Fired, Operator::Rk2),
            (10, Proposed, Operator::Rk2),
            (11, Approved, Operator::Rk2),
            (12, Proposed, Operator::Rk2),
            (13, Rejected, Operator::Rk2),
            (14, Reverted, Operator::Rk2),
        ]
    );
    // An approval carries the proposal's texts; a revert goes from the Σ/Δ then to the restored.
    assert_eq!(h[4].after, profile("- swims", "- [injury] hurt back"));
    assert_eq!(h[7].before, profile("- swims", "- [injury] hurt back"));
    assert!(!h[6].kind.applies() && h[7].kind.applies());
    // Up to an earlier point, only what happened before it.
    assert_eq!(concept_history(&records, &tree, Seq(8), subject).len(), 2);
    // The relation's history is its RK1 only.
    let rel = find_subject(&head, "Fitness -> running", Seq(14)).unwrap();
    let h = concept_history(&records, &tree, Seq(14), rel);
    assert_eq!(h.iter().map(|f| f.seq.0).collect::<Vec<_>>(), vec![7]);
}

#[test]
fn names_resolve_by_path_and_unknown_or_shared_names_are_refused() {
    let records = log();
    let m = memory_at(&records, 14);
    assert_eq!(
        find_subject(&m, "Alex / Health and Wellness / Fitness", Seq(14)),
        Ok(Subject::Concept(ConceptId(12)))
    );
    assert_eq!(
        find_subject(&m, "health and wellness/fitness", Seq(14)),
        Ok(Subject::Concept(ConceptId(12)))
    );
    let err = find_subject(&m, "Knitting", Seq(14)).unwrap_err();
    assert_eq!(err.to_string(), "no concept or relation named `Knitting` at #14");
    // Two people with a Fitness each: the name alone is ambiguous, a path is not.
    let mut two = m.clone();
    two.apply(&Event::person_tracked("Sam", "Sam"));
    let sam_health = two
        .concepts
        .iter()
        .find(|c| c.name == "Health and Wellness" && c.person != ConceptId(0))
        .unwrap()
        .id;
    two.apply(&Event::concept_added("Fitness", Level::Abstract, sam_health));
    let err = find_subject(&two, "Fitness", Seq(15)).unwrap_err();
    assert!(
        matches!(err, HistoryError::Ambiguous { ref candidates, .. } if candidates.len() == 2),
        "{err}"
    );
    assert!(err.to_string().contains("Sam / Health and Wellness / Fitness"), "{err}");
    assert!(find_subject(&two, "Sam / Health and Wellness / Fitness", Seq(15)).is_ok());
}

#[test]
fn a_memory_diff_reports_added_concepts_changed_texts_and_moved_counters() {
    let records = log();
    let (a, b) = (memory_at(&records, 6), memory_at(&records, 9));
    let d = memory_diff(Seq(6), &a, Seq(9), &b);
    let fitness = d.concepts.iter().find(|c| c.path.ends_with("/ Fitness")).unwrap();
    assert_eq!(fitness.presence, Presence::Kept);
    assert_eq!(fitness.sigma.1, "- lifts four days a week; interrupted since May");
    assert_eq!(fitness.delta, (String::new(), "- [injury] hurt back (active)".into()));
    let rel = &d.relations[0];
    assert_eq!(rel.name, "Fitness → Running");
    assert_eq!(rel.summary, (String::new(), "Fact Summary: runs often".into()));
    assert!(
        rel.counters
            .iter()
            .any(|c| c.name == "rk1_firings" && (c.before, c.after) == (0, 1))
    );
    assert!(
        d.counters
            .iter()
            .any(|c| c.name == "RK2 firings" && (c.before, c.after) == (1, 3))
    );
    // A concept that is not there yet is added; nothing at all is an empty diff.
    let early = memory_at(&records, 2);
    let d = memory_diff(Seq(2), &early, Seq(9), &b);
    assert!(
        d.concepts
            .iter()
            .any(|c| c.path.ends_with("/ Fitness") && c.presence == Presence::Added)
    );
    assert!(memory_diff(Seq(9), &b, Seq(9), &b).is_empty());
    // Reversed, added becomes removed, and one concept's diff keeps only it and its relations.
    let d = memory_diff(Seq(9), &b, Seq(2), &early).only_concept("Alex / Health and Wellness / Fitness");
    assert_eq!(d.concepts.len(), 1);
    assert_eq!(d.concepts[0].presence, Presence::Removed);
    assert_eq!(d.relations.len(), 1);
    assert!(d.counters.is_empty());
}

fn turn_on(date: &str) -> Event {
    Event::TurnIngested {
        turn: 0,
        speaker: "user".into(),
        text: "hello".into(),
        time: crate::time::Timestamp::parse_rfc3339(&format!("{date}T09:00:00Z")),
        session: 1,
        source_ref: None,
        attachments: Vec::new(),
        dates: Vec::new(),
    }
}

#[test]
fn a_restriction_past_its_end_reads_resolved_in_the_diff_though_its_text_is_unchanged() {
    let delta =
        "Regarding Lifting:\n- [constraint] No lifting for three months. (8 May 2024; active until 1 August 2024)";
    let mut events = crate::memory::tests::graph_events();
    events.push(fired(12, profile("", ""), profile("- lifts four days a week", delta)));
    events.push(turn_on("2024-05-10"));
    let before = crate::memory::fold(events.iter());
    events.push(turn_on("2024-08-02"));
    let after = crate::memory::fold(events.iter());
    let diff = memory_diff(Seq(1), &before, Seq(2), &after);
    let fitness = diff.concepts.iter().find(|c| c.path.ends_with("Fitness")).unwrap();
    assert!(!fitness.text_changed());
    assert_eq!(
        fitness.delta_status,
        vec![StatusChange {
            group: "Lifting".into(),
            item: "[constraint] No lifting for three months.".into(),
            before: DeltaStatus::Active,
            after: DeltaStatus::Resolved,
            date: Some("2024-08-01".into()),
        }]
    );
}
