//! Group commits keep every step atomic and lose nothing that was committed: what a grouped
//! ingest writes reads back exactly as a step-per-commit ingest's, a failed step leaves its
//! group's earlier steps, a failed commit leaves the file and the memory as they were before it.

use super::*;
use crate::engine::Engine;
use crate::formats::session::{SessionFile, TurnInput};
use crate::rules::OfflineModel;

/// Groups close by their step count only, so what a test sees does not depend on its speed.
const UNTIMED: std::time::Duration = std::time::Duration::MAX;

fn sample() -> (Vec<TurnInput>, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("sample_sessions/strength_training_injury.jsonl");
    let file = SessionFile::read(&path).unwrap();
    let user = file.user_name();
    (file.turns, user)
}

/// An engine over a fresh file with a small checkpoint interval, so groups span checkpoints.
fn engine(db: &Path, grouped: bool) -> Engine {
    let mut engine = Engine::open(Log::open_with(db, 7).unwrap(), Box::new(OfflineModel)).unwrap();
    if grouped {
        engine.group_commits(group::MAX_GROUP_STEPS, UNTIMED).unwrap();
    }
    engine
}

fn fold(records: &[EventRecord]) -> Memory {
    let mut m = Memory::new();
    for r in records {
        m.apply(&r.event);
    }
    m
}

#[test]
fn a_grouped_ingest_reads_back_as_a_commit_per_step() {
    let dir = tempfile::tempdir().unwrap();
    let (turns, user) = sample();
    let mut logs = Vec::new();
    for grouped in [false, true] {
        let db = dir.path().join(format!("{grouped}.db"));
        let mut e = engine(&db, grouped);
        for t in &turns {
            e.ingest(t, &user).unwrap();
        }
        e.finish().unwrap();
        drop(e);
        let log = Log::open_with(&db, 7).unwrap();
        let checkpoints: Vec<Seq> = log.checkpoints().collect();
        assert!(checkpoints.len() > 3, "the groups span checkpoints");
        for &s in &checkpoints {
            assert!(
                log.memory_at(s).unwrap() == fold(&log.range(Seq(1), s).unwrap()),
                "checkpoint {s}"
            );
        }
        logs.push((log.all().unwrap(), checkpoints));
    }
    assert_eq!(logs[0], logs[1]);
}

#[test]
fn another_reader_sees_a_group_once_it_commits() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let (turns, user) = sample();
    let mut e = engine(&db, true);
    let mut reader = Log::open(&db).unwrap();
    for t in turns.iter().take(5) {
        e.ingest(t, &user).unwrap();
    }
    assert!(e.log().head().0 > 5);
    assert!(!reader.refresh().unwrap(), "nothing is committed yet");
    assert_eq!(reader.head(), Seq(0));
    e.flush().unwrap();
    assert!(reader.refresh().unwrap());
    assert_eq!(reader.head(), e.log().head());
    // Dropping the engine commits what a group holds too.
    e.ingest(&turns[5], &user).unwrap();
    let head = e.log().head();
    drop(e);
    reader.refresh().unwrap();
    assert_eq!(reader.head(), head);
}

#[test]
fn a_failed_step_in_a_group_keeps_the_groups_earlier_steps() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let (turns, user) = sample();
    let mut e = engine(&db, true);
    for t in turns.iter().take(3) {
        e.ingest(t, &user).unwrap();
    }
    let before = e.log().head();
    let kept = e.log().all().unwrap();
    e.log()
        .connection()
        .execute_batch(
            "CREATE TEMP TRIGGER refuse BEFORE INSERT ON events WHEN NEW.kind = 'turn_ingested'
             BEGIN SELECT RAISE(ABORT, 'refused'); END;",
        )
        .unwrap();
    assert!(e.ingest(&turns[3], &user).is_err());
    assert_eq!(e.log().head(), before);
    assert!(e.memory() == &fold(&kept));
    e.log().connection().execute_batch("DROP TRIGGER refuse").unwrap();
    e.ingest(&turns[3], &user).unwrap();
    let head = e.log().head();
    let all = e.log().all().unwrap();
    drop(e);
    let log = Log::open(&db).unwrap();
    assert_eq!(log.head(), head);
    assert_eq!(log.all().unwrap(), all);
    assert_eq!(log.all().unwrap().get(..kept.len()).unwrap(), kept.as_slice());
}

#[test]
fn a_failed_commit_leaves_the_file_and_the_memory_as_before_the_group() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let (turns, user) = sample();
    let mut e = engine(&db, false);
    for t in turns.iter().take(4) {
        e.ingest(t, &user).unwrap();
    }
    let committed = e.log().all().unwrap();
    // A deferred foreign key is checked at COMMIT: a dangling row makes the group's commit fail.
    e.log()
        .connection()
        .execute_batch(
            "PRAGMA foreign_keys = ON;
             CREATE TABLE target (id INTEGER PRIMARY KEY);
             CREATE TABLE dangling (x INTEGER REFERENCES target (id) DEFERRABLE INITIALLY DEFERRED);",
        )
        .unwrap();
    e.group_commits(group::MAX_GROUP_STEPS, UNTIMED).unwrap();
    for t in turns.iter().skip(4).take(20) {
        e.ingest(t, &user).unwrap();
    }
    assert!(e.log().head() > committed.last().unwrap().seq);
    e.log()
        .connection()
        .execute("INSERT INTO dangling VALUES (7)", [])
        .unwrap();
    assert!(e.flush().is_err());
    assert_eq!(e.log().all().unwrap(), committed);
    assert!(e.memory() == &fold(&committed));
    // The engine goes on from what the file holds, and a reopened file agrees.
    for t in turns.iter().skip(4).take(20) {
        e.ingest(t, &user).unwrap();
    }
    e.finish().unwrap();
    let all = e.log().all().unwrap();
    drop(e);
    let log = Log::open_with(&db, 7).unwrap();
    assert_eq!(log.all().unwrap(), all);
    assert!(log.memory_at(log.head()).unwrap() == fold(&all));
}
