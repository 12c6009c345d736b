//! Issue 11's classes through the real binary on real files: nothing a user types, imports or
//! points at may panic, hang, brick or erase a memory file. Each test failed on the main it was
//! written against.

mod common;

use common::{event_count, log_json, rgmem, rgmem_ok, sample, show_json};
use std::path::Path;
use std::process::{Command, Stdio};

const GOOD: &str = r#"{"rgmem_session": 1, "title": "t", "user": "Zoë"}
{"speaker": "user", "text": "I went swimming this morning with Zoë’s sister.", "time": "2024-03-01T09:00:00Z", "session": 1}
{"speaker": "assistant", "text": "Nice.", "time": "2024-03-01T09:01:00Z"}
{"speaker": "user", "text": "I also baked bread, then read about Ça Ira.", "time": "2024-03-01T09:02:00Z"}
"#;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `rgmem chat` with `input` on its stdin, to the end.
fn chat(db: &Path, input: &[u8]) -> std::process::Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_rgmem"))
        .arg("--db")
        .arg(db)
        .arg("chat")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn setup() -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let good = dir.path().join("good.jsonl");
    std::fs::write(&good, GOOD).unwrap();
    rgmem_ok(&db, &["replay", s(&good), "--headless"]);
    (dir, db, good)
}

// ---------------------------------------------------------------- item 3: export

#[test]
fn export_refuses_the_memory_file_and_its_companions() {
    let (dir, db, _) = setup();
    let before = event_count(&db);
    let wal = dir.path().join("m.db-wal");
    let shm = dir.path().join("m.db-shm");
    let link = dir.path().join("link.db");
    std::os::unix::fs::symlink(&db, &link).unwrap();
    let dotted = dir.path().join(".").join("m.db");
    for target in [&db, &wal, &shm, &link, &dotted] {
        let out = rgmem(&db, &["export", "--out", s(target)]);
        assert!(!out.status.success(), "export onto {} was allowed", target.display());
        assert!(stderr(&out).contains("memory file"), "{}", stderr(&out));
        assert_eq!(event_count(&db), before, "the memory survives");
    }
    let out = dir.path().join("out.jsonl");
    std::fs::write(&out, "old").unwrap();
    rgmem_ok(&db, &["export", "--out", s(&out)]);
    assert!(std::fs::read_to_string(&out).unwrap().contains("\"rgmem_session\":1"));
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    // Writing into a directory that does not exist fails and leaves nothing.
    let missing = dir.path().join("nope").join("x.jsonl");
    assert!(!rgmem(&db, &["export", "--out", s(&missing)]).status.success());
}

// ---------------------------------------------------------------- item 6: θ overflow

#[test]
fn the_largest_theta_inf_does_not_wrap_theta_sum() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let good = dir.path().join("good.jsonl");
    std::fs::write(&good, GOOD).unwrap();
    rgmem_ok(&db, &["--theta-inf", "4294967295", "replay", s(&good), "--headless"]);
    let view = show_json(&db, None);
    assert_eq!(view["thresholds"]["theta_inf"], 4_294_967_295_u64);
    assert_eq!(view["thresholds"]["theta_sum"], 4_294_967_295_u64);
    let out = rgmem(&db, &["--theta-inf", "4294967296", "show"]);
    assert!(!out.status.success(), "a θ_inf beyond u32 is a usage error");
}

// ---------------------------------------------------------------- item 8: two writers

/// Two replays of different files into one memory at once: both finish, and every turn of both
/// is in the log exactly once, in whole steps. Both are mapped onto one person (`--person`):
/// otherwise whichever writer comes second is refused as another person's conversation, which
/// would make the outcome depend on which process starts first.
#[test]
fn two_writers_on_one_file_both_finish_and_lose_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let files = [sample("strength_training_injury.jsonl"), sample("trip_planning.jsonl")];
    let children: Vec<_> = files
        .iter()
        .map(|f| {
            Command::new(env!("CARGO_BIN_EXE_rgmem"))
                .arg("--db")
                .arg(&db)
                .args(["replay", "--headless", "--person", "Alex"])
                .arg(f)
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for c in children {
        let out = c.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
    }
    let mut expected: Vec<String> = files
        .iter()
        .flat_map(|f| rgmem::formats::session::SessionFile::read(f).unwrap().turns)
        .map(|t| t.text)
        .collect();
    let log = rgmem::log::Log::open(&db).unwrap();
    let records = log.all().unwrap();
    let mut got: Vec<String> = records
        .iter()
        .filter_map(|r| match &r.event {
            rgmem::event::Event::TurnIngested { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    expected.sort();
    got.sort();
    assert_eq!(got, expected, "every turn once");
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r.seq.0, i as u64 + 1);
    }
    log.memory_at(log.head()).unwrap();
}

/// A writer that holds the file longer than the wait: the other says who, and writes nothing.
#[test]
fn a_held_file_is_reported_in_use_with_the_holders_pid() {
    let (dir, db, _) = setup();
    let before = event_count(&db);
    let other = dir.path().join("other.jsonl");
    std::fs::write(&other, GOOD.replace("swimming", "running")).unwrap();
    let holder = rusqlite::Connection::open(&db).unwrap();
    holder.execute_batch("BEGIN IMMEDIATE").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_rgmem"))
        .env("RGMEM_BUSY_TIMEOUT_MS", "200")
        .arg("--db")
        .arg(&db)
        .args(["replay", "--headless"])
        .arg(&other)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = stderr(&out);
    // The holder is named; under a parallel test run a child another test spawned at the moment SQLite opened
    // the file may hold it too ("in use by PIDs 1, 2"), so the message is read as a list.
    let me = std::process::id().to_string();
    let named = err
        .split_once("in use by PID")
        .map(|(_, rest)| rest.trim_start_matches('s').lines().next().unwrap_or(""))
        .is_some_and(|pids| {
            pids.split(',')
                .any(|p| p.trim().trim_end_matches(|c: char| !c.is_ascii_digit()) == me)
        });
    assert!(named, "{err}");
    holder.execute_batch("ROLLBACK").unwrap();
    drop(holder);
    assert_eq!(event_count(&db), before, "nothing was written");
    rgmem_ok(&db, &["replay", s(&other), "--headless"]);
}

// ---------------------------------------------------------------- item 9: schema version

#[test]
fn a_newer_schema_version_is_refused_and_nothing_is_appended() {
    let (dir, db, _) = setup();
    let before = event_count(&db);
    rusqlite::Connection::open(&db)
        .unwrap()
        .pragma_update(None, "user_version", 99)
        .unwrap();
    let other = dir.path().join("other.jsonl");
    std::fs::write(&other, GOOD.replace("swimming", "rowing")).unwrap();
    for args in [vec!["replay", s(&other), "--headless"], vec!["log"], vec!["show"]] {
        let out = rgmem(&db, &args);
        assert!(!out.status.success(), "{args:?}");
        assert!(stderr(&out).contains("schema version 99"), "{}", stderr(&out));
    }
    assert_eq!(event_count(&db), before);
}

// ---------------------------------------------------------------- item 10: damaged logs

fn damage(db: &Path, sql: &str) {
    if sql.contains("json_set") {
        bodies_as_json_text(db);
    }
    rusqlite::Connection::open(db).unwrap().execute_batch(sql).unwrap();
}

/// Stores every event body as the codec's JSON text, the layout before packed bodies (which
/// the reader still takes), so SQL can edit a field of it.
fn bodies_as_json_text(db: &Path) {
    let records = rgmem::log::Log::open(db).unwrap().all().unwrap();
    let conn = rusqlite::Connection::open(db).unwrap();
    for r in &records {
        let (_, _, body) = rgmem::event::encode(&r.event).unwrap();
        conn.execute(
            "UPDATE events SET body = ?1 WHERE seq = ?2",
            rusqlite::params![body, i64::try_from(r.seq.0).unwrap()],
        )
        .unwrap();
    }
}

#[test]
fn a_damaged_log_names_the_bad_seq_and_never_panics_or_hangs() {
    let cases = [
        ("UPDATE events SET parent = -5 WHERE seq = 4", "record #4"),
        ("UPDATE events SET parent = 9 WHERE seq = 4", "record #4"),
        ("UPDATE events SET parent = 4 WHERE seq = 4", "record #4"),
        (
            "UPDATE events SET body = json_set(body, '$.relation', 9999) WHERE seq = \
             (SELECT min(seq) FROM events WHERE kind = 'mention_recorded')",
            "unknown relation 9999",
        ),
        (
            "UPDATE events SET body = json_set(body, '$.episode', 777) WHERE seq = \
             (SELECT min(seq) FROM events WHERE kind = 'mention_recorded')",
            "unknown episode 777",
        ),
        (
            "UPDATE events SET body = json_set(body, '$.parent', 4000000) WHERE seq = \
             (SELECT min(seq) FROM events WHERE kind = 'concept_added')",
            "unknown concept 4000000",
        ),
        ("UPDATE events SET body = x'01ffff00' WHERE seq = 4", "packed body"),
        ("UPDATE events SET body = x'00ff' WHERE seq = 4", "packed body"),
        ("UPDATE events SET body = x'' WHERE seq = 4", "packed body"),
        ("DELETE FROM texts", "which the file does not hold"),
    ];
    for (sql, needle) in cases {
        let (_dir, db, _) = setup();
        damage(&db, sql);
        for args in [["show", "--json"], ["log", "--json"]] {
            let out = rgmem(&db, &args);
            let err = stderr(&out);
            assert!(!err.contains("panicked"), "{sql}: {err}");
            if args[0] == "show" {
                assert!(!out.status.success(), "{sql}");
                assert!(err.contains(needle), "{sql}: {err}");
            }
        }
    }
}

// ---------------------------------------------------------------- item 12: terminal escapes

const HOSTILE: &str = "I like \u{1b}[2J\u{1b}]0;pwned\u{7} tea \u{9b}31m and \u{202e}cheese.";

fn no_raw_controls(what: &str, bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    for c in text.chars() {
        assert!(
            !(c.is_control() && c != '\n' && c != '\t') && c != '\u{202e}',
            "{what} printed a raw U+{:04X}: {text}",
            u32::from(c)
        );
    }
}

#[test]
fn control_characters_in_turn_text_never_reach_the_terminal_raw() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let file = dir.path().join("hostile.jsonl");
    let line = serde_json::json!({"speaker": "user", "text": HOSTILE, "time": "2024-03-01T09:00:00Z"});
    std::fs::write(&file, format!("{line}\n{line}\n")).unwrap();
    let out = rgmem(&db, &["replay", s(&file), "--headless"]);
    no_raw_controls("replay", &out.stdout);
    for args in [
        vec!["log"],
        vec!["log", "--json"],
        vec!["show"],
        vec!["show", "--json"],
        vec!["ask", "what tea do I like?"],
        vec!["ask", "--json", "what tea do I like?"],
    ] {
        let out = rgmem(&db, &args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        no_raw_controls(&format!("{args:?}"), &out.stdout);
        no_raw_controls(&format!("{args:?} stderr"), &out.stderr);
    }
    let json = rgmem_ok(&db, &["log", "--json"]);
    assert!(
        json.lines().any(|l| l.contains("\\u001b[2J")),
        "JSON keeps the text, escaped"
    );
    for l in json.lines() {
        serde_json::from_str::<serde_json::Value>(l).unwrap();
    }
    let out = chat(&db, format!("{}\n", HOSTILE.replace('.', "?")).as_bytes());
    assert!(out.status.success(), "{}", stderr(&out));
    no_raw_controls("chat", &out.stdout);
}

// ---------------------------------------------------------------- item 13: replay resumes

#[test]
fn a_second_replay_of_the_same_file_adds_nothing_and_again_forces_it() {
    let (_dir, db, good) = setup();
    let turns = |db: &Path| log_json(db).iter().filter(|e| e["kind"] == "turn_ingested").count();
    assert_eq!(turns(&db), 3);
    let before = event_count(&db);
    let out = rgmem(&db, &["replay", s(&good), "--headless"]);
    assert!(out.status.success());
    assert!(stderr(&out).contains("already"), "{}", stderr(&out));
    assert_eq!(event_count(&db), before, "no evidence doubled");
    // The same bytes under another name are the same input.
    let copy = good.with_file_name("copy.jsonl");
    std::fs::copy(&good, &copy).unwrap();
    rgmem_ok(&db, &["replay", s(&copy), "--headless"]);
    assert_eq!(event_count(&db), before);
    rgmem_ok(&db, &["replay", s(&good), "--headless", "--again"]);
    assert_eq!(turns(&db), 6, "--again ingests the file again");
}

#[test]
fn a_replay_stopped_part_way_resumes_after_its_last_committed_turn() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let file = sample("trip_planning.jsonl");
    let parsed = rgmem::formats::session::SessionFile::read(&file).unwrap();
    let source = {
        use sha2::Digest;
        let digest = sha2::Sha256::digest(std::fs::read(&file).unwrap());
        format!(
            "session:{}",
            digest.iter().map(|b| format!("{b:02x}")).collect::<String>()
        )
    };
    // A run that stopped after five turns (as a 401 or a kill would leave it).
    {
        let mut engine = common::engine(&db, 1000);
        for (i, t) in parsed.turns.iter().take(5).enumerate() {
            let mark = rgmem::log::SourceMark {
                source: &source,
                position: u32::try_from(i).unwrap(),
            };
            engine.ingest_marked(t, &parsed.user_name(), Some(mark)).unwrap();
        }
    }
    let out = rgmem(&db, &["replay", s(&file), "--headless"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("resuming at turn 6"), "{}", stderr(&out));
    let resumed = log_json(&db);
    let reference = dir.path().join("ref.db");
    rgmem_ok(&reference, &["replay", s(&file), "--headless"]);
    let full = log_json(&reference);
    let strip = |v: &[serde_json::Value]| {
        v.iter()
            .map(|e| {
                let mut e = e.clone();
                e.as_object_mut().unwrap().remove("logged_at");
                e
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&resumed), strip(&full), "resumed exactly where it stopped");
}

// ---------------------------------------------------------------- item 14: smaller ones

#[test]
fn memory_and_uri_names_are_plain_files() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.jsonl");
    std::fs::write(&good, GOOD).unwrap();
    for name in [":memory:", "file:x.db?mode=memory"] {
        let out = Command::new(env!("CARGO_BIN_EXE_rgmem"))
            .current_dir(dir.path())
            .args(["--db", name, "replay", "good.jsonl", "--headless"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(
            dir.path().join(name).exists(),
            "{name} is a file in the working directory"
        );
        let out = Command::new(env!("CARGO_BIN_EXE_rgmem"))
            .current_dir(dir.path())
            .args(["--db", name, "log"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(String::from_utf8_lossy(&out.stdout).contains("turn_ingested"));
    }
}

#[test]
fn a_read_only_memory_file_can_be_read() {
    let (_dir, db, _) = setup();
    let mut perms = std::fs::metadata(&db).unwrap().permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&db, perms).unwrap();
    rgmem_ok(&db, &["log"]);
    rgmem_ok(&db, &["show"]);
    let log = rgmem::log::Log::open(&db).unwrap();
    assert!(log.head().0 > 0);
    let out = rgmem(&db, &["rollback", "--to", "1"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("read-only"), "{}", stderr(&out));
}

#[test]
fn invalid_utf8_on_chat_stdin_does_not_end_the_chat() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let out = chat(&db, b"I like tea.\n\xff\xfe caf\xe9\nI also like cheese.\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("line 2 is not valid UTF-8"), "{}", stderr(&out));
    let users: Vec<String> = log_json(&db)
        .iter()
        .filter(|e| e["kind"] == "turn_ingested" && e["speaker"] == "user")
        .map(|e| e["text"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(users.len(), 3, "{users:?}");
    assert_eq!(users[2], "I also like cheese.");
}

#[test]
fn an_error_says_its_cause_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let out = rgmem(&db, &["replay", "/nonexistent/x.jsonl", "--headless"]);
    let err = stderr(&out);
    assert_eq!(err.matches("No such file or directory").count(), 1, "{err}");
    let bad = dir.path().join("bad.jsonl");
    std::fs::write(
        &bad,
        b"{\"speaker\":\"user\",\"text\":\"ok\"}\n{\"speaker\":\"user\",\"text\":\"\xff\"}\n",
    )
    .unwrap();
    let err = stderr(&rgmem(&db, &["replay", s(&bad), "--headless"]));
    assert!(err.contains("bad.jsonl:2: not valid UTF-8"), "{err}");
    assert_eq!(event_count(&db), 0, "nothing written");
}
