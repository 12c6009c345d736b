//! How events are stored: packed bodies read back exactly and cost a fraction of their JSON,
//! a file written in the layout before packing (schema 4: JSON text bodies) still opens,
//! replays, shows the same text and takes new events, and a reply past the size cap becomes a
//! clear `model_failed` instead of a huge event.

mod common;

use common::{engine, rgmem_ok, sample};
use rgmem::event::{Event, encode};
use rgmem::formats::session::SessionFile;
use rgmem::log::Log;
use rgmem::model::openai::{ApiKey, OpenAiConfig, OpenAiModel, RetryPolicy, StructuredOutput};
use rusqlite::{Connection, params};
use std::path::Path;
use std::time::Duration;

/// `rgmem ARGS` on a file, with the file's own path in the output replaced (an export's title
/// names it).
fn shown(db: &Path, args: &[&str]) -> String {
    rgmem_ok(db, args).replace(&db.display().to_string(), "DB")
}

/// Rewrites a file to the layout every build before schema 5 wrote: each event body the
/// codec's JSON text (what `append_step` stored then), no `texts` table, `user_version` 4.
fn to_schema_4(db: &Path) {
    let records = Log::open(db).unwrap().all().unwrap();
    let conn = Connection::open(db).unwrap();
    conn.execute_batch("BEGIN").unwrap();
    for r in &records {
        let (kind, version, body) = encode(&r.event).unwrap();
        let n = conn
            .execute(
                "UPDATE events SET kind = ?1, version = ?2, body = ?3 WHERE seq = ?4",
                params![kind, version, body, i64::try_from(r.seq.0).unwrap()],
            )
            .unwrap();
        assert_eq!(n, 1);
    }
    conn.execute_batch("DROP TABLE texts; PRAGMA user_version = 4; COMMIT; VACUUM;")
        .unwrap();
}

fn body_types(db: &Path) -> Vec<String> {
    let conn = Connection::open(db).unwrap();
    let mut stmt = conn.prepare("SELECT typeof(body) FROM events ORDER BY seq").unwrap();
    stmt.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect()
}

fn user_version(db: &Path) -> i64 {
    Connection::open(db)
        .unwrap()
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap()
}

#[test]
fn packed_bodies_read_back_exactly_and_take_a_fraction_of_their_json() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let file = SessionFile::read(&sample("strength_training_injury.jsonl")).unwrap();
    let mut engine = engine(&db, 1000);
    let mut written = Vec::new();
    for turn in &file.turns {
        written.extend(engine.ingest(turn, &file.user_name()).unwrap());
    }
    written.extend(engine.finish().unwrap());
    assert!(written.iter().any(|r| matches!(r.event, Event::ModelCalled { .. })));
    // Read back through the engine's own connection and through a fresh one (cold caches).
    assert_eq!(engine.log().all().unwrap(), written);
    drop(engine);
    let reopened = Log::open(&db).unwrap();
    assert_eq!(reopened.all().unwrap(), written);
    assert!(body_types(&db).iter().all(|t| t == "blob"));

    let json: usize = written.iter().map(|r| encode(&r.event).unwrap().2.len()).sum();
    let conn = reopened.connection();
    let stored: i64 = conn
        .query_row(
            "SELECT (SELECT sum(length(body)) FROM events) + (SELECT coalesce(sum(length(body)), 0) FROM texts)",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let stored = usize::try_from(stored).unwrap();
    // Under 40%: LZ4 leaves ~10% more than deflate did (under a third) for a fraction of its CPU;
    // the checkpoint chunks it now also compresses, not counted here, pay for that in the file.
    assert!(
        stored * 5 < json * 2,
        "packed bodies and their texts take {stored} bytes for {json} bytes of JSON"
    );
}

#[test]
fn a_schema_4_file_opens_replays_shows_the_same_text_and_takes_new_events() {
    let dir = tempfile::tempdir().unwrap();
    let (packed, old) = (dir.path().join("packed.db"), dir.path().join("old.db"));
    let file = SessionFile::read(&sample("trip_planning.jsonl")).unwrap();
    let user = file.user_name();
    let (first, rest) = file.turns.split_at(file.turns.len() / 2);
    // A small interval, so the old file holds checkpoints too.
    let mut e = engine(&packed, 40);
    for turn in first {
        e.ingest(turn, &user).unwrap();
    }
    e.finish().unwrap();
    drop(e);
    std::fs::copy(&packed, &old).unwrap();
    to_schema_4(&old);
    assert_eq!(user_version(&old), 4);
    assert!(body_types(&old).iter().all(|t| t == "text"));

    // Every reader shows the same text from either layout.
    for args in [
        &["log", "--json"][..],
        &["log"][..],
        &["show", "--json"][..],
        &["show", "--at", "25"][..],
    ] {
        assert_eq!(shown(&packed, args), shown(&old, args), "rgmem {args:?}");
    }
    let exported = |db: &Path, name: &str| {
        let out = dir.path().join(name);
        rgmem_ok(db, &["export", "--out", out.to_str().unwrap()]);
        std::fs::read_to_string(out)
            .unwrap()
            .replace(&db.display().to_string(), "DB")
    };
    let export = exported(&packed, "packed.jsonl");
    assert!(export.contains("\"model_call\""), "the export holds the model calls");
    assert_eq!(export, exported(&old, "old.jsonl"));
    assert_eq!(
        user_version(&old),
        user_version(&packed),
        "opening migrates to the latest schema"
    );
    let old_rows = body_types(&old).len();
    assert!(
        body_types(&old).iter().all(|t| t == "text"),
        "old bodies are read as they are"
    );

    // Both take the rest of the session; old bodies stay JSON text, new ones are packed, and
    // the two logs hold the same events and fold to the same memory at every seq.
    for db in [&packed, &old] {
        let mut e = engine(db, 40);
        for turn in rest {
            e.ingest(turn, &user).unwrap();
        }
        e.finish().unwrap();
    }
    let types = body_types(&old);
    assert!(types.len() > old_rows);
    assert!(types[..old_rows].iter().all(|t| t == "text"));
    assert!(types[old_rows..].iter().all(|t| t == "blob"));
    let (a, b) = (Log::open(&packed).unwrap(), Log::open(&old).unwrap());
    let records = a.all().unwrap();
    assert_eq!(records, b.all().unwrap());
    let folded = rgmem::engine::fold_records(&records);
    assert!(b.memory_at(b.head()).unwrap() == folded);
    for r in records.iter().step_by(7) {
        assert!(
            a.memory_at(r.seq).unwrap() == b.memory_at(r.seq).unwrap(),
            "seq {}",
            r.seq.0
        );
    }
    for args in [&["log", "--json"][..], &["show", "--json"][..]] {
        assert_eq!(shown(&packed, args), shown(&old, args), "rgmem {args:?}");
    }
}

/// A server whose every reply is 3 MB of text.
struct Huge;

impl wiremock::Respond for Huge {
    fn respond(&self, _: &wiremock::Request) -> wiremock::ResponseTemplate {
        let content = "Fact: the person talked. ".repeat(120_000);
        wiremock::ResponseTemplate::new(200).set_body_json(serde_json::json!({
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}}],
        }))
    }
}

#[test]
fn a_reply_past_the_size_cap_is_a_clear_model_failed_and_never_stored() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let server = runtime.block_on(async {
        let server = wiremock::MockServer::start().await;
        wiremock::Mock::given(wiremock::matchers::method("POST"))
            .respond_with(Huge)
            .mount(&server)
            .await;
        server
    });
    let config = OpenAiConfig {
        structured_output: StructuredOutput::Off,
        base_url: format!("{}/v1", server.uri()),
        api_key: ApiKey::new("sk-test-storage"),
        model: "huge".into(),
        timeout: Duration::from_secs(20),
        retry: RetryPolicy {
            max_retries: 0,
            base_delay: Duration::from_micros(200),
            max_delay: Duration::from_millis(2),
            max_retry_after: Duration::from_millis(2),
        },
        ..OpenAiConfig::default()
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let file = SessionFile::read(&sample("strength_training_injury.jsonl")).unwrap();
    let mut e = rgmem::Engine::open(Log::open(&db).unwrap(), Box::new(OpenAiModel::new(config).unwrap())).unwrap();
    for turn in file.turns.iter().take(12) {
        e.ingest(turn, &file.user_name()).unwrap();
    }
    e.finish().unwrap();
    let records = e.log().all().unwrap();
    let failures: Vec<&str> = records
        .iter()
        .filter_map(|r| match &r.event {
            Event::ModelFailed { error, .. } => Some(error.as_str()),
            _ => None,
        })
        .collect();
    assert!(!failures.is_empty(), "the model was asked and failed");
    for error in &failures {
        assert!(error.contains("byte cap (max_reply_bytes)"), "{error}");
    }
    assert!(!records.iter().any(|r| matches!(r.event, Event::ModelCalled { .. })));
    drop(e);
    let bytes =
        std::fs::metadata(&db).unwrap().len() + std::fs::metadata(dir.path().join("m.db-wal")).map_or(0, |m| m.len());
    assert!(
        bytes < 1_000_000,
        "{bytes} bytes on disk after 12 turns of 3 MB replies"
    );
}
