//! The event log's contracts: the fold from scratch equals incremental application, a seek
//! through checkpoints equals the fold (across rollback branches and checkpoint boundaries), and
//! every event kind survives the codec and the store.

mod common;

use common::{engine, replay, sample};
use rgmem::event::{
    self, Abstraction, CutReason, Event, EventRecord, Operator, Purpose, Subject, Trigger, decode, encode,
};
use rgmem::formats::session::SessionFile;
use rgmem::ids::{ConceptId, EpisodeId, ProposalId, RelationId, Seq, TurnId};
use rgmem::log::Log;
use rgmem::memory::{Level, Memory};
use rgmem::time::Timestamp;
use std::collections::HashMap;

/// The memory at every seq, folded from scratch along the history tree (a parent always has a
/// smaller seq than its child, so one ascending pass suffices).
fn fold_tree(records: &[EventRecord]) -> HashMap<Seq, Memory> {
    let mut at = HashMap::from([(Seq(0), Memory::new())]);
    for r in records {
        let mut m = at[&r.parent].clone();
        m.apply(&r.event);
        at.insert(r.seq, m);
    }
    at
}

#[test]
fn fold_from_scratch_equals_incremental_application() {
    for path in common::samples() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("m.db");
        let file = SessionFile::read(&path).unwrap();
        let mut engine = engine(&db, 1000);
        let user = file.user_name();
        let mut folded = Memory::new();
        let mut all = Vec::new();
        for turn in &file.turns {
            let records = engine.ingest(turn, &user).unwrap();
            for r in &records {
                folded.apply(&r.event);
            }
            all.extend(records);
            assert!(
                &folded == engine.memory(),
                "{}: turn {} diverges",
                path.display(),
                turn.index
            );
        }
        all.extend(engine.finish().unwrap());
        let from_scratch = rgmem::engine::fold_records(&all);
        assert!(
            &from_scratch == engine.memory(),
            "{}: final fold diverges",
            path.display()
        );
        assert_eq!(
            engine.log().all().unwrap(),
            all,
            "{}: the log holds the records",
            path.display()
        );
        drop(engine);
        let reopened = Log::open(&db).unwrap();
        assert!(reopened.memory_at(reopened.head()).unwrap() == from_scratch);
    }
}

#[test]
fn seek_through_checkpoints_equals_the_fold_across_branches() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let mut engine = engine(&db, 7);
    let injury = SessionFile::read(&sample("strength_training_injury.jsonl")).unwrap();
    let trip = SessionFile::read(&sample("trip_planning.jsonl")).unwrap();
    let career = SessionFile::read(&sample("career_change.jsonl")).unwrap();
    replay(&mut engine, &injury);
    let first_head = engine.log().head();
    // Branch 2 grows from the middle of branch 1.
    engine.rollback(Seq(150)).unwrap();
    for t in &trip.turns[..30] {
        engine.ingest(t, "Alex").unwrap();
    }
    let branch2_mid = Seq(engine.log().head().0 - 40);
    // Branch 3 returns to a later point of the abandoned branch 1.
    engine.rollback(Seq(300)).unwrap();
    for t in &career.turns[..20] {
        engine.ingest(t, "Alex").unwrap();
    }
    // Branch 4 grows from the middle of branch 2, then a rollback to the very start.
    engine.rollback(branch2_mid).unwrap();
    for t in &career.turns[20..40] {
        engine.ingest(t, "Alex").unwrap();
    }
    engine.finish().unwrap();
    engine.rollback(Seq(0)).unwrap();
    engine.ingest(&trip.turns[0], "Alex").unwrap();

    let log = engine.log();
    let records = log.all().unwrap();
    let tree = fold_tree(&records);
    let checkpoints: Vec<Seq> = log.checkpoints().collect();
    assert!(
        checkpoints.len() > 30,
        "a small interval checkpoints often: {}",
        checkpoints.len()
    );
    assert!(
        checkpoints.iter().any(|c| c.0 > 150 && c.0 <= first_head.0),
        "abandoned branch"
    );
    assert!(checkpoints.iter().any(|c| c.0 > first_head.0), "new branches");
    for r in &records {
        let seek = log.memory_at(r.seq).unwrap();
        assert!(seek == tree[&r.seq], "memory_at({}) differs from the fold", r.seq);
        let chain: Vec<&Event> = log.chain(r.seq).iter().map(|s| &records[s.index() - 1].event).collect();
        assert!(rgmem::memory::fold(chain) == seek, "chain fold at {}", r.seq);
    }
    assert!(
        engine.memory() == &tree[&log.head()],
        "the engine's memory is the fold at head"
    );
    let head = log.head();
    drop(engine);
    // The interval only places new checkpoints: a log reopened with another one seeks the same.
    let reopened = Log::open_with(&db, 1000).unwrap();
    for seq in (0..=head.0).step_by(37).map(Seq) {
        assert!(
            reopened.memory_at(seq).unwrap() == tree[&seq],
            "reopened memory_at({seq})"
        );
    }
}

/// One event of every kind, with every optional field filled somewhere.
fn one_of_each() -> Vec<Event> {
    let profile = Abstraction::Profile {
        sigma: "- lifts four times a week".into(),
        delta: "- no lifting for three months".into(),
    };
    let trigger = Trigger {
        counter: rgmem::event::Counter::Score,
        value: 6,
        threshold: 6,
    };
    vec![
        Event::ThresholdsChanged {
            theta_inf: 3,
            theta_sum: 6,
        },
        Event::person_tracked("Alex", "user"),
        Event::TurnIngested {
            turn: 4,
            speaker: "user".into(),
            text: "I hurt my back — «no lifting» for 3 months 🏋".into(),
            time: Timestamp::from_unix_seconds(1_714_000_000),
            session: 7,
            source_ref: Some("D7:4".into()),
            attachments: vec![rgmem::event::Attachment::Photo {
                caption: "a photo of a «barbell» 🏋".into(),
            }],
            dates: vec![rgmem::relative_date::DateSpan {
                phrase: "3 months".into(),
                start: "2024-04-25".into(),
                end: "2024-07-25".into(),
            }],
        },
        Event::TurnIngested {
            turn: 5,
            speaker: "assistant".into(),
            text: String::new(),
            time: None,
            session: 7,
            source_ref: None,
            attachments: Vec::new(),
            dates: Vec::new(),
        },
        Event::SegmentClosed {
            turns: vec![TurnId(3), TurnId(4)],
            reason: CutReason::TopicShift,
        },
        Event::EpisodeRecorded {
            person: ConceptId(0),
            turns: vec![TurnId(3), TurnId(4)],
            fact: "Alex hurt Alex's back.".into(),
            base_conclusions: vec!["Alex lifts.".into()],
            salient_conclusions: vec!["Alex must not lift for three months.".into()],
            time: Timestamp::from_unix_seconds(1_714_000_000),
            session: 7,
        },
        Event::concept_added("Strength Training", Level::Activity, ConceptId(12)),
        Event::RelationAdded {
            source: ConceptId(12),
            target: ConceptId(13),
        },
        Event::MentionRecorded {
            relation: RelationId(2),
            episode: EpisodeId(5),
            label: "user engages in Strength Training".into(),
        },
        Event::OperatorFired {
            operator: Operator::Rk1,
            target: "Fitness → Strength Training".into(),
            subject: Subject::Relation(RelationId(2)),
            trigger: Trigger {
                counter: rgmem::event::Counter::Mentions,
                value: 3,
                threshold: 3,
            },
            before: Abstraction::Summary {
                summary: Default::default(),
            },
            after: Abstraction::Summary {
                summary: "Fact Summary: lifts.".into(),
            },
            evidence: vec![EpisodeId(1), EpisodeId(5)],
        },
        Event::OperatorFired {
            operator: Operator::Rk2,
            target: "Fitness".into(),
            subject: Subject::Concept(ConceptId(12)),
            trigger: trigger.clone(),
            before: Abstraction::empty_profile(),
            after: profile.clone(),
            evidence: vec![EpisodeId(5)],
        },
        Event::AbstractionProposed {
            proposal: ProposalId(0),
            operator: Operator::Rk3,
            target: "Health and Wellness".into(),
            concept: ConceptId(2),
            trigger,
            before: Abstraction::empty_profile(),
            after: profile.clone(),
            evidence: vec![EpisodeId(5)],
            consumed: 4,
        },
        Event::AbstractionApproved {
            proposal: ProposalId(0),
        },
        Event::AbstractionRejected {
            proposal: ProposalId(1),
        },
        Event::AbstractionReverted {
            firing: Seq(42),
            operator: Operator::Rk2,
            concept: ConceptId(12),
            restored: profile,
        },
        Event::ModelCalled {
            purpose: Purpose::Synth,
            model: "offline".into(),
            prompt: "prompt\n\"quoted\"".into(),
            reply: "reply".into(),
            tokens_in: 10,
            tokens_out: 2,
            latency_ms: 7,
            mode: rgmem::model::OutputMode::JsonSchema,
        },
        Event::ModelFailed {
            purpose: Purpose::Repair,
            model: "offline".into(),
            prompt: "p".into(),
            reply: String::new(),
            error: "reply did not parse".into(),
            failure: rgmem::event::FailureKind::Parse,
        },
        Event::SlotStated {
            person: ConceptId(0),
            episode: EpisodeId(0),
            turn: TurnId(0),
            holder: rgmem::event::Holder::Named("Zoë Ōkubo".into()),
            slot: rgmem::event::Slot::Age,
            value: "12".into(),
            what: None,
        },
        Event::SlotStated {
            person: ConceptId(0),
            episode: EpisodeId(0),
            turn: TurnId(0),
            holder: rgmem::event::Holder::Person,
            slot: rgmem::event::Slot::Setting,
            value: "120 requests per minute".into(),
            what: Some("rate limit".into()),
        },
        Event::ItemCorrected {
            correction: rgmem::ids::CorrectionId(0),
            item: rgmem::event::ItemRef::Conclusion {
                episode: EpisodeId(0),
                index: 1,
            },
            was: "Alex works at a bank.".into(),
            text: Some("Alex works at a bakery.".into()),
            reason: "they said bakery".into(),
            quoted: vec![TurnId(0)],
            clauses: vec!["Alex works at a bank".into()],
        },
        Event::CorrectionUndone {
            correction: rgmem::ids::CorrectionId(0),
        },
        Event::RolledBack { to: Seq(3) },
    ]
}

/// Which variant an event is. The match is exhaustive on purpose: a new variant does not compile
/// here until it gets a number, and then [`codec_round_trips_every_event_kind`] fails until
/// [`one_of_each`] builds one.
fn variant(e: &Event) -> usize {
    match e {
        Event::ThresholdsChanged { .. } => 0,
        Event::PersonTracked { .. } => 1,
        Event::TurnIngested { .. } => 2,
        Event::SegmentClosed { .. } => 3,
        Event::EpisodeRecorded { .. } => 4,
        Event::ConceptAdded { .. } => 5,
        Event::RelationAdded { .. } => 6,
        Event::MentionRecorded { .. } => 7,
        Event::OperatorFired { .. } => 8,
        Event::AbstractionProposed { .. } => 9,
        Event::AbstractionApproved { .. } => 10,
        Event::AbstractionRejected { .. } => 11,
        Event::AbstractionReverted { .. } => 12,
        Event::ModelCalled { .. } => 13,
        Event::ModelFailed { .. } => 14,
        Event::RolledBack { .. } => 15,
        Event::SlotStated { .. } => 16,
        Event::ItemCorrected { .. } => 17,
        Event::CorrectionUndone { .. } => 18,
    }
}
const VARIANTS: usize = 19;

#[test]
fn codec_round_trips_every_event_kind() {
    let events = one_of_each();
    let mut covered = [false; VARIANTS];
    for e in &events {
        covered[variant(e)] = true;
        let (kind, version, body) = encode(e).unwrap();
        assert_eq!(kind, e.kind());
        assert_eq!(version, event::CURRENT_VERSION);
        assert!(!body.contains("\"kind\""), "the kind lives beside the body: {body}");
        assert_eq!(&decode(kind, version, &body).unwrap(), e, "{kind}");
        // The JSON line printed by `log --json` carries seq, parent and kind.
        let line = EventRecord {
            seq: Seq(9),
            parent: Seq(8),
            event: e.clone(),
        }
        .to_json();
        assert_eq!(line["seq"], 9);
        assert_eq!(line["parent"], 8);
        assert_eq!(line["kind"], kind);
    }
    let missing: Vec<usize> = (0..VARIANTS).filter(|i| !covered[*i]).collect();
    assert!(missing.is_empty(), "variants without a round-trip case: {missing:?}");
}

#[test]
fn codec_refuses_what_it_does_not_understand() {
    let (kind, _, body) = encode(&Event::RolledBack { to: Seq(1) }).unwrap();
    assert!(
        decode(kind, event::CURRENT_VERSION + 1, &body).is_err(),
        "a future version"
    );
    assert!(decode("frobnicated", 1, "{}").is_err(), "an unknown kind");
    assert!(decode(kind, 1, "[1]").is_err(), "a body that is not an object");
    assert!(decode(kind, 1, "{\"to\":").is_err(), "a truncated body");
}

#[test]
fn every_event_kind_survives_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    // RolledBack jumps the parent; store it alone at the end so the other parents stay linear.
    let mut events = one_of_each();
    let rollback = events.pop().unwrap();
    let mut log = Log::open(&db).unwrap();
    log.append_step(&events, &Memory::new()).unwrap();
    log.append_step(std::slice::from_ref(&rollback), &Memory::new())
        .unwrap();
    drop(log);
    let log = Log::open(&db).unwrap();
    let stored = log.all().unwrap();
    let back: Vec<Event> = stored.iter().map(|r| r.event.clone()).collect();
    events.push(rollback);
    assert_eq!(back, events);
    assert_eq!(
        stored.last().unwrap().parent,
        Seq(3),
        "a rollback's parent is its target"
    );
    assert_eq!(log.event(Seq(3)).unwrap().event, events[2]);
}

#[test]
fn corrections_refuse_events_of_an_abandoned_branch() {
    let dir = tempfile::tempdir().unwrap();
    let mut engine = engine(&dir.path().join("m.db"), 1000);
    engine.set_approve(true);
    let injury = SessionFile::read(&sample("strength_training_injury.jsonl")).unwrap();
    let trip = SessionFile::read(&sample("trip_planning.jsonl")).unwrap();
    let proposals = |engine: &rgmem::Engine| -> Vec<(Seq, ProposalId, ConceptId)> {
        let chain = engine.log().chain(engine.log().head());
        engine
            .log()
            .all()
            .unwrap()
            .into_iter()
            .filter(|r| chain.contains(&r.seq))
            .filter_map(|r| match r.event {
                Event::AbstractionProposed { proposal, concept, .. } => Some((r.seq, proposal, concept)),
                _ => None,
            })
            .collect()
    };
    replay(&mut engine, &injury);
    let (old_seq, old_id, old_concept) = proposals(&engine)[0];
    let approval = engine.approve(old_seq).unwrap()[0].seq;
    // A new branch from the start proposes again; its proposal ids start over.
    engine.rollback(Seq(1)).unwrap();
    replay(&mut engine, &trip);
    let (_, new_id, new_concept) = proposals(&engine)[0];
    assert_eq!(new_id, old_id, "proposal ids restart on a new branch");
    assert_ne!(new_concept, old_concept);
    let head = engine.log().head();
    let memory = engine.memory().clone();
    assert!(
        engine.approve(old_seq).is_err(),
        "approving a proposal of another branch"
    );
    assert!(
        engine.reject(old_seq).is_err(),
        "rejecting a proposal of another branch"
    );
    assert!(
        engine.revert(approval).is_err(),
        "reverting an approval of another branch"
    );
    assert_eq!(engine.log().head(), head, "nothing appended");
    assert!(engine.memory() == &memory, "nothing changed");
    // Back on the old branch, the same corrections apply again.
    engine.rollback(approval).unwrap();
    engine.revert(approval).unwrap();
}
