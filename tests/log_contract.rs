//! The event log's storage contract, run against every backend: SQLite files always, and a
//! PostgreSQL server when `RGMEM_TEST_POSTGRES` names one (`.ci/run` starts one with
//! `scripts/postgres/start.sh`); without it the PostgreSQL cases print "skipped: no server".
//!
//! A branched history (three rollbacks) is written by the engine into SQLite, copied into each
//! store through [`EventStore`], and read back: the same events, seqs and parents, a seek to
//! every seq equal to the fold of its chain, on the handle that wrote and on a reopened one.
//! The engine itself runs over each store too: the same steps append the same events, and a
//! question put to the memory gets the same context and answer.

mod common;

use common::{engine, replay, sample};
use rgmem::error::Error;
use rgmem::event::{Event, EventRecord};
use rgmem::formats::session::SessionFile;
use rgmem::ids::Seq;
use rgmem::log::{EventStore, Log, SourceMark, copy};
use rgmem::memory::Memory;
use rgmem::rules::OfflineModel;
use std::collections::HashMap;
use std::path::Path;

/// Opens one person's log on one backend; called again, it opens the same log anew.
type Opener = Box<dyn Fn() -> Box<dyn EventStore>>;

/// A fresh, empty log on each backend this run can reach, by name.
fn backends(dir: &Path, test: &str) -> Vec<(&'static str, Opener)> {
    let db = dir.join(format!("{test}.db"));
    let mut out: Vec<(&'static str, Opener)> = vec![(
        "sqlite",
        Box::new(move || Box::new(Log::open_with(&db, 7).unwrap()) as Box<dyn EventStore>),
    )];
    match common::postgres_person(test) {
        Some(url) => out.push((
            "postgres",
            Box::new(move || Box::new(rgmem::log::pg::PgLog::open_with(&url, 7).unwrap()) as Box<dyn EventStore>),
        )),
        None => println!("{test} on postgres: skipped: no server (set RGMEM_TEST_POSTGRES)"),
    }
    out
}

/// The memory at every seq, folded from scratch along the history tree.
fn fold_tree(records: &[EventRecord]) -> HashMap<Seq, Memory> {
    let mut at = HashMap::from([(Seq(0), Memory::new())]);
    for r in records {
        let mut m = at[&r.parent].clone();
        m.apply(&r.event);
        at.insert(r.seq, m);
    }
    at
}

/// A SQLite log with three branches: a session, a rollback into its middle and a second
/// session, a rollback to the start and a third.
fn branched(dir: &Path) -> Log {
    let db = dir.join("source.db");
    let mut engine = engine(&db, 1000);
    let injury = SessionFile::read(&sample("strength_training_injury.jsonl")).unwrap();
    let trip = SessionFile::read(&sample("trip_planning.jsonl")).unwrap();
    replay(&mut engine, &injury);
    engine.rollback(Seq(120)).unwrap();
    for t in &trip.turns[..15] {
        engine.ingest(t, "Alex").unwrap();
    }
    engine.finish().unwrap();
    engine.rollback(Seq(0)).unwrap();
    for t in &trip.turns[15..25] {
        engine.ingest(t, "Alex").unwrap();
    }
    engine.finish().unwrap();
    drop(engine);
    Log::open(&db).unwrap()
}

#[test]
fn a_copy_holds_the_same_events_and_seeks_to_the_fold_on_every_backend() {
    let dir = tempfile::tempdir().unwrap();
    let source = branched(dir.path());
    let records = source.all().unwrap();
    assert!(records.iter().any(|r| matches!(r.event, Event::RolledBack { .. })));
    let tree = fold_tree(&records);
    for (name, open) in backends(dir.path(), "copy") {
        let mut store = open();
        assert_eq!(copy(&source, store.as_mut()).unwrap(), source.head().0, "{name}");
        for store in [store, open()] {
            assert_eq!(store.head(), source.head(), "{name}");
            assert_eq!(store.parents(), source.parents(), "{name}: the history tree");
            assert_eq!(store.all().unwrap(), records, "{name}: the events");
            for r in records.iter().step_by(11).chain(records.last()) {
                assert!(
                    store.memory_at(r.seq).unwrap() == tree[&r.seq],
                    "{name}: memory_at({})",
                    r.seq
                );
            }
            assert!(store.is_ancestor(Seq(120), store.head()) == source.is_ancestor(Seq(120), source.head()));
        }
        let mut again = open();
        let refused = copy(&source, again.as_mut()).unwrap_err().to_string();
        assert!(refused.contains("empty log"), "{name}: {refused}");
    }
}

#[test]
fn a_rollback_appends_and_its_parent_is_the_target_on_every_backend() {
    let dir = tempfile::tempdir().unwrap();
    let source = branched(dir.path());
    let some: Vec<Event> = source
        .range(Seq(1), Seq(5))
        .unwrap()
        .into_iter()
        .map(|r| r.event)
        .collect();
    for (name, open) in backends(dir.path(), "rollback") {
        let mut store = open();
        store.append_step(&some, &Memory::new()).unwrap();
        let back = store
            .append_step(&[Event::RolledBack { to: Seq(2) }], &Memory::new())
            .unwrap();
        assert_eq!(back.len(), 1, "{name}");
        assert_eq!((back[0].seq, back[0].parent), (Seq(6), Seq(2)), "{name}");
        let reopened = open();
        assert_eq!(reopened.head(), Seq(6), "{name}: nothing deleted");
        assert_eq!(reopened.chain(Seq(6)), [Seq(1), Seq(2), Seq(6)], "{name}");
        assert!(!reopened.is_ancestor(Seq(5), Seq(6)), "{name}: the abandoned branch");
    }
}

#[test]
fn a_writer_behind_the_head_writes_nothing_until_it_refreshes_on_every_backend() {
    let dir = tempfile::tempdir().unwrap();
    let source = branched(dir.path());
    let some: Vec<Event> = source
        .range(Seq(1), Seq(4))
        .unwrap()
        .into_iter()
        .map(|r| r.event)
        .collect();
    for (name, open) in backends(dir.path(), "writers") {
        let mut first = open();
        let mut second = open();
        first.append_step(&some[..2], &Memory::new()).unwrap();
        let moved = second.append_step(&some[2..], &Memory::new()).unwrap_err();
        assert!(matches!(moved, Error::LogMoved { .. }), "{name}: {moved}");
        assert_eq!(open().head(), Seq(2), "{name}: the refused step left nothing");
        assert!(second.refresh().unwrap(), "{name}");
        let written = second.append_step(&some[2..], &Memory::new()).unwrap();
        assert_eq!(written[0].seq, Seq(3), "{name}");
        assert_eq!(open().all().unwrap().len(), 4, "{name}");
    }
}

#[test]
fn an_input_mark_resumes_only_on_its_own_branch_on_every_backend() {
    let dir = tempfile::tempdir().unwrap();
    let source = branched(dir.path());
    let some: Vec<Event> = source
        .range(Seq(1), Seq(4))
        .unwrap()
        .into_iter()
        .map(|r| r.event)
        .collect();
    for (name, open) in backends(dir.path(), "marks") {
        let mut store = open();
        store.append_step(&some[..1], &Memory::new()).unwrap();
        let mark = SourceMark {
            source: "sha-of-a-session",
            position: 7,
        };
        store
            .append_marked(some[1..].to_vec(), &Memory::new(), Some(mark))
            .unwrap();
        assert_eq!(open().replayed("sha-of-a-session").unwrap(), Some(7), "{name}");
        assert_eq!(open().replayed("another").unwrap(), None, "{name}");
        store
            .append_step(&[Event::RolledBack { to: Seq(1) }], &Memory::new())
            .unwrap();
        assert_eq!(
            open().replayed("sha-of-a-session").unwrap(),
            None,
            "{name}: rolled back past it"
        );
    }
}

#[test]
fn a_copy_keeps_the_input_marks_on_every_backend() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("marked.db");
    let trip = SessionFile::read(&sample("trip_planning.jsonl")).unwrap();
    {
        let mut engine = engine(&db, 1000);
        for (i, t) in trip.turns.iter().enumerate().take(20) {
            let mark = SourceMark {
                source: "trip",
                position: u32::try_from(i).unwrap(),
            };
            engine.ingest_marked(t, "Alex", Some(mark)).unwrap();
        }
        // A second branch, whose own marks end earlier in the same input.
        engine.rollback(Seq(40)).unwrap();
        for (i, t) in trip.turns.iter().enumerate().skip(25).take(5) {
            let mark = SourceMark {
                source: "trip-again",
                position: u32::try_from(i).unwrap(),
            };
            engine.ingest_marked(t, "Alex", Some(mark)).unwrap();
        }
    }
    let source = Log::open(&db).unwrap();
    let marks = source.marks().unwrap();
    assert!(marks.len() >= 20, "{marks:?}");
    for (name, open) in backends(dir.path(), "copymarks") {
        let mut store = open();
        copy(&source, store.as_mut()).unwrap();
        let store = open();
        assert_eq!(store.marks().unwrap(), marks, "{name}: every mark, at its seq");
        for input in ["trip", "trip-again"] {
            assert_eq!(
                store.replayed(input).unwrap(),
                source.replayed(input).unwrap(),
                "{name}: a replay of {input} resumes where it would on the original"
            );
        }
        assert_eq!(store.all().unwrap(), source.all().unwrap(), "{name}");
    }
}

#[test]
fn the_engine_writes_and_answers_alike_on_every_backend() {
    let dir = tempfile::tempdir().unwrap();
    let injury = SessionFile::read(&sample("strength_training_injury.jsonl")).unwrap();
    let trip = SessionFile::read(&sample("trip_planning.jsonl")).unwrap();
    let question = "What happened to Alex's knee?";
    let opts = rgmem::engine::AskOptions::default();
    let mut reference: Option<(Vec<EventRecord>, Memory, String)> = None;
    for (name, open) in backends(dir.path(), "engine") {
        let mut engine = rgmem::Engine::open(open(), Box::new(OfflineModel)).unwrap();
        engine.group_commits(64, std::time::Duration::from_secs(1)).unwrap();
        replay(&mut engine, &injury);
        engine.rollback(Seq(90)).unwrap();
        for t in &trip.turns[..20] {
            engine.ingest(t, "Alex").unwrap();
        }
        engine.finish().unwrap();
        let answer = engine.ask(question, &opts, &mut |_| {}).unwrap();
        let answered = format!("{}\n{}", answer.text, answer.context.to_json());
        // What the engine holds is what a reopened store folds to.
        let reopened = open();
        assert!(
            reopened.memory_at(reopened.head()).unwrap() == *engine.memory(),
            "{name}"
        );
        let got = (reopened.all().unwrap(), engine.memory().clone(), answered);
        match &reference {
            None => reference = Some(got),
            Some(want) => {
                assert_eq!(got.0, want.0, "{name}: the events");
                assert!(got.1 == want.1, "{name}: the memory");
                assert_eq!(got.2, want.2, "{name}: the answer and its context");
            }
        }
    }
}
