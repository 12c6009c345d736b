//! Files written before LZ4 (event bodies and texts raw-deflated, checkpoint chunks JSON text)
//! open, read the same events and memories, and take new events, with the codec of today.

use super::*;
use crate::engine::Engine;
use crate::formats::session::SessionFile;
use crate::rules::OfflineModel;
use rusqlite::params;

/// Rewrites every packed body, text and checkpoint chunk of a file to the form builds before
/// LZ4 wrote: the `DEFLATED` tag and miniz's raw deflate at level 6, chunks as text.
fn as_written_before_lz4(db: &Path) {
    let conn = Connection::open(db).unwrap();
    conn.execute_batch("BEGIN").unwrap();
    for (table, key) in [("texts", "id"), ("events", "seq")] {
        let rows: Vec<(i64, Vec<u8>)> = conn
            .prepare(&format!("SELECT {key}, body FROM {table}"))
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        for (id, sealed) in rows {
            let mut deflated = vec![1u8];
            deflated.extend(miniz_oxide::deflate::compress_to_vec(
                &pack::unseal(&sealed).unwrap(),
                6,
            ));
            conn.execute(
                &format!("UPDATE {table} SET body = ?1 WHERE {key} = ?2"),
                params![deflated, id],
            )
            .unwrap();
        }
    }
    let chunks: Vec<(i64, String)> = conn
        .prepare("SELECT id, body FROM checkpoint_chunks")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, chunk_body(r.get_ref(1)?).unwrap())))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert!(!chunks.is_empty());
    for (id, body) in chunks {
        conn.execute(
            "UPDATE checkpoint_chunks SET body = ?1 WHERE id = ?2",
            params![body, id],
        )
        .unwrap();
    }
    conn.execute_batch("COMMIT").unwrap();
    let types: Vec<String> = conn
        .prepare("SELECT DISTINCT typeof(body) FROM checkpoint_chunks")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(types, ["text"]);
}

fn stored_tags(db: &Path, table: &str) -> BTreeSet<u8> {
    let conn = Connection::open(db).unwrap();
    let mut stmt = conn.prepare(&format!("SELECT body FROM {table}")).unwrap();
    stmt.query_map([], |r| r.get::<_, Vec<u8>>(0))
        .unwrap()
        .map(|b| b.unwrap()[0])
        .collect()
}

#[test]
fn a_file_written_before_lz4_reads_the_same_and_takes_new_events() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("sample_sessions/strength_training_injury.jsonl");
    let file = SessionFile::read(&path).unwrap();
    let (first, rest) = file.turns.split_at(file.turns.len() / 2);
    let user = file.user_name();
    let mut engine = Engine::open(Log::open_with(&db, 7).unwrap(), Box::new(OfflineModel)).unwrap();
    for t in first {
        engine.ingest(t, &user).unwrap();
    }
    let events = engine.log().all().unwrap();
    let checkpoints: Vec<Seq> = engine.log().checkpoints.iter().copied().collect();
    assert!(checkpoints.len() > 2);
    let memories: Vec<Memory> = checkpoints
        .iter()
        .chain([&engine.log().head()])
        .map(|&s| engine.log().memory_at(s).unwrap())
        .collect();
    drop(engine);
    assert!(stored_tags(&db, "texts").contains(&2), "today's texts are LZ4");

    as_written_before_lz4(&db);
    assert_eq!(stored_tags(&db, "texts"), BTreeSet::from([1]));
    let log = Log::open_with(&db, 7).unwrap();
    assert_eq!(log.all().unwrap(), events);
    for (&s, m) in checkpoints.iter().chain([&log.head()]).zip(&memories) {
        assert!(&log.memory_at(s).unwrap() == m, "memory at {s}");
    }

    // New events go in as LZ4 beside the old ones; the lines the file holds are not stored again.
    let texts_before: i64 = log
        .connection()
        .query_row("SELECT count(*) FROM texts", [], |r| r.get(0))
        .unwrap();
    let mut engine = Engine::open(log, Box::new(OfflineModel)).unwrap();
    for t in rest {
        engine.ingest(t, &user).unwrap();
    }
    engine.finish().unwrap();
    let all = engine.log().all().unwrap();
    assert_eq!(all.get(..events.len()).unwrap(), events.as_slice());
    let mut folded = Memory::new();
    for r in &all {
        folded.apply(&r.event);
    }
    let head = engine.log().head();
    assert!(Log::open(&db).unwrap().memory_at(head).unwrap() == folded);
    let texts_after: i64 = engine
        .log()
        .connection()
        .query_row("SELECT count(*) FROM texts", [], |r| r.get(0))
        .unwrap();
    assert!(texts_after > texts_before);
    let conn = Connection::open(&db).unwrap();
    let types: BTreeSet<String> = conn
        .prepare("SELECT typeof(body) FROM checkpoint_chunks")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert_eq!(types, BTreeSet::from(["blob".to_string(), "text".to_string()]));
}

/// A file that had no texts when a log opened it may get some from another process; the log
/// must then look in the file again rather than store the same line twice.
#[test]
fn a_line_another_process_stored_meanwhile_is_not_stored_again() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let mut a = Log::open(&db).unwrap();
    let mut b = Log::open(&db).unwrap();
    let call = |n: u32| Event::ModelCalled {
        purpose: crate::event::Purpose::Synth,
        model: "offline".into(),
        prompt: format!("a line long enough to be stored once\nand a second one, also long enough\n{n}"),
        reply: "Fact: something.".into(),
        tokens_in: n,
        tokens_out: 1,
        latency_ms: 0,
        mode: crate::model::schema::OutputMode::Text,
    };
    b.append_step(&[call(1)], &Memory::new()).unwrap();
    let texts = |log: &Log| -> i64 {
        log.connection()
            .query_row("SELECT count(*) FROM texts", [], |r| r.get(0))
            .unwrap()
    };
    let stored = texts(&b);
    assert!(stored >= 2);
    a.refresh().unwrap();
    a.append_step(&[call(2)], &Memory::new()).unwrap();
    assert_eq!(
        texts(&a),
        stored,
        "the lines b stored are referred to, not stored again"
    );
    let all = Log::open(&db).unwrap().all().unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(all[1].event, call(2));
}
