//! Opening a log as a long one is opened: files written before the parent index still open (read
//! only as they are, read-write migrated), a checkpoint with more chunks than one query asks for
//! reads back whole, and the checkpoint the head was folded from is the memory at its seq.

mod common;

use common::{engine, replay, sample};
use rgmem::event::{Event, EventRecord};
use rgmem::formats::session::SessionFile;
use rgmem::ids::{ConceptId, Seq};
use rgmem::log::Log;
use rgmem::memory::{Level, Memory};
use std::path::Path;

fn fold(records: &[EventRecord]) -> Memory {
    let mut m = Memory::new();
    for r in records {
        m.apply(&r.event);
    }
    m
}

/// The schema version of every file this build writes: 7 marks bodies that may be LZ4, so the
/// builds before it (which know 6) refuse such a file as newer.
const LATEST: i64 = 7;

fn user_version(db: &Path) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap()
}

fn set_user_version(db: &Path, version: i64) {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.pragma_update(None, "user_version", version).unwrap();
}

/// A file as the build before the parent index left it: no index, and the schema version
/// before the migration that adds it (6).
fn as_written_before_the_index(db: &Path) {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.execute_batch("DROP INDEX events_parents; PRAGMA user_version = 5;")
        .unwrap();
}

fn has_index(db: &Path) -> bool {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(
        "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'events_parents'",
        [],
        |r| r.get::<_, i64>(0),
    )
    .unwrap()
        == 1
}

#[test]
fn a_log_written_before_the_parent_index_opens_as_it_is_and_is_migrated_when_written() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("old.db");
    let file = SessionFile::read(&sample("strength_training_injury.jsonl")).unwrap();
    let (parents, head_memory) = {
        let mut engine = engine(&db, 40);
        replay(&mut engine, &file);
        engine.finish().unwrap();
        (engine.log().parents().to_vec(), engine.memory().clone())
    };
    assert!(parents.len() > 100, "a log long enough to hold checkpoints");
    assert!(has_index(&db));
    as_written_before_the_index(&db);

    let old = Log::open_read_only(&db).unwrap();
    assert_eq!(old.parents(), &parents[..]);
    assert!(old.memory_at(old.head()).unwrap() == head_memory);
    drop(old);
    assert!(!has_index(&db), "a read-only open changes nothing");

    let log = Log::open(&db).unwrap();
    assert!(has_index(&db), "opened for writing, the file is migrated");
    assert_eq!(user_version(&db), LATEST);
    assert_eq!(log.parents(), &parents[..]);
    assert!(log.memory_at(log.head()).unwrap() == head_memory);
    assert!(log.checkpoints().count() > 1);
}

#[test]
fn the_checkpoint_the_head_was_folded_from_is_the_memory_at_its_seq() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let file = SessionFile::read(&sample("strength_training_injury.jsonl")).unwrap();
    {
        let mut engine = engine(&db, 64);
        replay(&mut engine, &file);
    }
    let log = Log::open_with(&db, 64).unwrap();
    let records = log.all().unwrap();
    assert!(log.last_checkpoint().is_none(), "nothing read yet");
    let head = log.memory_at(log.head()).unwrap();
    assert!(head == fold(&records));
    let (seq, memory) = log.last_checkpoint().unwrap();
    assert_eq!(Some(seq), log.checkpoints().last());
    assert!(seq <= log.head());
    assert!(memory == fold(&records[..seq.index()]));
    // It folds on to the head like any memory.
    let mut on = memory;
    for r in &records[seq.index()..] {
        on.apply(&r.event);
    }
    assert!(on == head);
}

#[test]
fn a_checkpoint_of_many_nodes_reads_back_whole() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("wide.db");
    let mut events = vec![
        Event::ThresholdsChanged {
            theta_inf: 3,
            theta_sum: 6,
        },
        Event::person_tracked("Zoë", "user"),
    ];
    // Every node is a row of its own: far more than one query asks for at once.
    for i in 0..1_500u32 {
        events.push(Event::concept_added(
            format!("Activity {i} 🚲"),
            Level::Activity,
            ConceptId(1 + i % 11),
        ));
    }
    let mut memory = Memory::new();
    for e in &events {
        memory.apply(e);
    }
    {
        let mut log = Log::open_with(&db, 1).unwrap();
        log.append_step(&events, &memory).unwrap();
    }
    let log = Log::open(&db).unwrap();
    assert_eq!(log.checkpoints().collect::<Vec<_>>(), vec![Seq(1_502)]);
    assert!(log.memory_at(log.head()).unwrap() == memory);
    assert!(memory.concepts.len() > 1_500);
}

#[test]
fn a_file_before_the_lz4_version_reads_the_same_and_a_newer_version_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let file = SessionFile::read(&sample("strength_training_injury.jsonl")).unwrap();
    let (records, head_memory) = {
        let mut engine = engine(&db, 40);
        replay(&mut engine, &file);
        engine.finish().unwrap();
        (engine.log().all().unwrap(), engine.memory().clone())
    };
    assert_eq!(user_version(&db), LATEST, "a new file says its bodies may be LZ4");

    // Version 6 (the last before the mark): read-only, as it is; for writing, marked and read the same.
    set_user_version(&db, LATEST - 1);
    let old = Log::open_read_only(&db).unwrap();
    assert_eq!(old.all().unwrap(), records);
    assert!(old.memory_at(old.head()).unwrap() == head_memory);
    drop(old);
    assert_eq!(user_version(&db), LATEST - 1, "a read-only open changes nothing");
    let log = Log::open(&db).unwrap();
    assert_eq!(user_version(&db), LATEST);
    assert_eq!(log.all().unwrap(), records);
    assert!(log.memory_at(log.head()).unwrap() == head_memory);
    drop(log);

    // One version past what this build knows: refused for reading and for writing, saying so,
    // and the file is left as it was.
    set_user_version(&db, LATEST + 1);
    for err in [
        Log::open(&db).err().expect("a newer file is refused for writing"),
        Log::open_read_only(&db)
            .err()
            .expect("a newer file is refused for reading"),
    ] {
        let msg = err.to_string();
        assert!(
            matches!(err, rgmem::Error::NewerSchema { found: 8, known: 7, .. }),
            "{msg}"
        );
        assert!(
            msg.contains("schema version 8, newer than this rgmem knows (7)"),
            "{msg}"
        );
    }
    assert_eq!(user_version(&db), LATEST + 1);
    set_user_version(&db, LATEST);
    assert_eq!(Log::open(&db).unwrap().all().unwrap(), records);
}
