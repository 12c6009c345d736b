//! Pure tests of the fold: the score rule, RK1/RK2 resets, dirty flags and approval semantics.

use super::*;
use crate::event::{Abstraction, Event, Operator, Subject, Trigger};

/// Alex with Health and Wellness (c2) → Fitness (c12) → Running (c13) and the relation r0
/// between Fitness and Running; θ_inf = 2, θ_sum = 3. The operators' tests start here too.
pub(crate) fn graph() -> Memory {
    crate::memory::fold(&graph_events())
}

/// The events of [`graph`]: θ, Alex, Fitness (c12) under Health and Wellness, Running (c13),
/// and the relation r0 between them.
pub(crate) fn graph_events() -> Vec<Event> {
    vec![
        Event::ThresholdsChanged {
            theta_inf: 2,
            theta_sum: 3,
        },
        Event::person_tracked("Alex", "user"),
        Event::concept_added("Fitness", Level::Abstract, ConceptId(2)),
        Event::concept_added("Running", Level::Activity, ConceptId(12)),
        Event::RelationAdded {
            source: ConceptId(12),
            target: ConceptId(13),
        },
    ]
}

fn episode(m: &mut Memory) -> EpisodeId {
    m.apply(&Event::EpisodeRecorded {
        person: ConceptId(0),
        turns: vec![],
        fact: "ran".into(),
        base_conclusions: vec![],
        salient_conclusions: vec![],
        time: None,
        session: 1,
    });
    EpisodeId(u32::try_from(m.episodes.len() - 1).unwrap())
}

fn mention(m: &mut Memory) {
    let e = episode(m);
    m.apply(&Event::MentionRecorded {
        relation: RelationId(0),
        episode: e,
        label: "user runs".into(),
    });
}

fn profile(sigma: &str) -> Abstraction {
    Abstraction::Profile {
        sigma: sigma.into(),
        delta: Default::default(),
    }
}

fn trigger() -> Trigger {
    Trigger {
        counter: crate::event::Counter::Score,
        value: 3,
        threshold: 3,
    }
}

#[test]
fn mentions_feed_the_relation_and_its_owner_concept() {
    let mut m = graph();
    assert_eq!(m.concept(ConceptId(12)).name, "Fitness");
    mention(&mut m);
    assert_eq!(m.relation(RelationId(0)).mentions, 1);
    assert_eq!(m.concept(ConceptId(12)).score, 1);
    assert!(m.due_relations().is_empty());
    mention(&mut m);
    assert_eq!(m.due_relations(), vec![RelationId(0)]);
}

#[test]
fn rk1_resets_the_counter_and_hands_its_summary_to_the_owner() {
    let mut m = graph();
    mention(&mut m);
    mention(&mut m);
    m.apply(&Event::OperatorFired {
        operator: Operator::Rk1,
        target: "Fitness → Running".into(),
        subject: Subject::Relation(RelationId(0)),
        trigger: Trigger {
            counter: crate::event::Counter::Mentions,
            value: 2,
            threshold: 2,
        },
        before: Abstraction::Summary {
            summary: Default::default(),
        },
        after: Abstraction::Summary {
            summary: "Fact Summary: runs often".into(),
        },
        evidence: vec![],
    });
    let r = m.relation(RelationId(0));
    assert_eq!((r.mentions, r.total_mentions, r.buffer.len()), (0, 2, 0));
    assert!(m.due_relations().is_empty());
    let owner = m.concept(ConceptId(12));
    assert_eq!(owner.score, 2, "an inference adds evidence, not score");
    assert!(
        owner
            .buffer
            .last()
            .is_some_and(|e| e.inference && e.text == "Fact Summary: runs often")
    );
}

#[test]
fn rk2_consumes_the_score_and_dirties_the_parent() {
    let mut m = graph();
    for _ in 0..3 {
        mention(&mut m);
    }
    assert_eq!(m.due_concepts(), vec![ConceptId(12)]);
    m.apply(&Event::OperatorFired {
        operator: Operator::Rk2,
        target: "Fitness".into(),
        subject: Subject::Concept(ConceptId(12)),
        trigger: trigger(),
        before: Abstraction::empty_profile(),
        after: profile("- Running: recurring"),
        evidence: vec![],
    });
    let c = m.concept(ConceptId(12));
    assert_eq!(
        (c.score, c.buffer.len(), c.sigma.render().as_str()),
        (0, 0, "- Running: recurring")
    );
    assert!(m.due_concepts().is_empty());
    assert_eq!(m.dirty_concepts(), vec![ConceptId(2)], "the base concept above Fitness");
}

#[test]
fn a_proposal_changes_nothing_until_approved_and_rejection_consumes_it() {
    let mut m = graph();
    for _ in 0..3 {
        mention(&mut m);
    }
    let propose = |id| Event::AbstractionProposed {
        proposal: ProposalId(id),
        operator: Operator::Rk2,
        target: "Fitness".into(),
        concept: ConceptId(12),
        trigger: trigger(),
        before: Abstraction::empty_profile(),
        after: profile("- Running: recurring"),
        evidence: vec![],
        consumed: 3,
    };
    m.apply(&propose(0));
    assert_eq!(m.concept(ConceptId(12)).sigma, "");
    assert_eq!(m.concept(ConceptId(12)).pending, Some(ProposalId(0)));
    assert!(m.due_concepts().is_empty(), "a pending concept is not proposed twice");
    let mut approved = m.clone();
    approved.apply(&Event::AbstractionApproved {
        proposal: ProposalId(0),
    });
    assert_eq!(approved.concept(ConceptId(12)).sigma, "- Running: recurring");
    assert_eq!(approved.concept(ConceptId(12)).score, 0);
    assert_eq!(approved.dirty_concepts(), vec![ConceptId(2)]);
    m.apply(&Event::AbstractionRejected {
        proposal: ProposalId(0),
    });
    let c = m.concept(ConceptId(12));
    assert_eq!((c.sigma.render().as_str(), c.score, c.pending), ("", 0, None));
    assert!(m.dirty_concepts().is_empty());
}

#[test]
fn a_checkpoint_round_trip_keeps_the_indexes() {
    let mut m = graph();
    for _ in 0..3 {
        mention(&mut m);
    }
    let json = serde_json::to_string(&m).unwrap();
    let mut back: Memory = serde_json::from_str(&json).unwrap();
    back.rebuild_index();
    assert_eq!(back, m);
    assert_eq!(back.find_relation(ConceptId(12), ConceptId(13)), Some(RelationId(0)));
    assert_eq!(back.person_for("user"), Some(ConceptId(0)));
}

/// A turn as a log stores it: what ingest resolved travels in the event.
fn said_turn(text: &str, dates: Vec<crate::relative_date::DateSpan>) -> Event {
    Event::TurnIngested {
        turn: 0,
        speaker: "user".into(),
        text: text.into(),
        time: crate::time::Timestamp::parse_rfc3339("2024-03-02T09:00:00Z"),
        session: 1,
        source_ref: None,
        attachments: Vec::new(),
        dates,
    }
}

#[test]
fn a_stored_turn_folds_to_its_stored_dates_whatever_its_words_say() {
    // The date rules (or a word list) may change; a stored log must fold as it did. The fold
    // takes the dates the event carries and never reads "yesterday" again.
    let stored = crate::relative_date::DateSpan {
        phrase: "last spring".into(),
        start: "2023-03-01".into(),
        end: "2023-05-31".into(),
    };
    for (dates, expected) in [(vec![stored.clone()], vec![stored]), (Vec::new(), Vec::new())] {
        let mut events = graph_events();
        events.push(said_turn("I ran yesterday.", dates));
        events.push(Event::EpisodeRecorded {
            person: ConceptId(0),
            turns: vec![TurnId(0)],
            fact: "ran".into(),
            base_conclusions: vec![],
            salient_conclusions: vec![],
            time: None,
            session: 1,
        });
        let m = crate::memory::fold(&events);
        assert_eq!(m.episodes[0].dates, expected);
    }
}

#[test]
fn a_version_1_checkpoint_turn_reads_as_the_upgraded_event_folds() {
    // Written by codec version 1: the caption inside the text, no dates stored.
    let old = r#"{"id":0,"index":0,"speaker":"user","text":"I ran yesterday. [shares a photo: a trail]","time":"2024-03-02T09:00:00Z","session":1,"source_ref":null}"#;
    let turn: Turn = serde_json::from_str(old).unwrap();
    assert_eq!(turn.text, "I ran yesterday.");
    assert_eq!(turn.attachments.len(), 1);
    assert_eq!(turn.said(), "I ran yesterday. [shares a photo: a trail]");
    assert_eq!(turn.dates.len(), 1, "{:?}", turn.dates);
    assert_eq!(turn.dates[0].start, "2024-03-01");
    // A turn written today keeps exactly what it stored, dates empty or not.
    let mut fresh = turn.clone();
    fresh.text = "I ran yesterday. [shares a photo: typed by hand]".into();
    fresh.attachments.clear();
    fresh.dates.clear();
    let back: Turn = serde_json::from_str(&serde_json::to_string(&fresh).unwrap()).unwrap();
    assert_eq!(back, fresh);
}

#[test]
fn the_base_keys_are_the_keys_the_word_rules_give_today() {
    // Constants in the fold, so a change to `entity_key` fails here, not in old logs.
    for (name, key) in BASE_CONCEPTS.iter().zip(crate::memory::BASE_KEYS) {
        assert_eq!(crate::text::entity_key(name), key);
    }
}

#[test]
fn a_node_is_filed_under_the_key_its_event_carries() {
    let mut events = graph_events();
    events.push(Event::ConceptAdded {
        name: "Swimming".into(),
        level: Level::Activity,
        parent: ConceptId(12),
        key: "filed as stored".into(),
    });
    let m = crate::memory::fold(&events);
    let c = m.concepts.last().unwrap();
    assert_eq!(c.key, "filed as stored");
    // The rules today would key it "swimming": the stored key, not the rules, decides.
    assert_eq!(m.find_concept(ConceptId(0), Level::Activity, "Swimming"), None);
}
