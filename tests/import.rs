//! `rgmem import` through the real binary on real SQLite files: idempotent imports, a grown
//! file adding exactly its new turns, people kept apart, damaged files of every format refused
//! with their line and nothing stored, and a dry run that stores nothing.

mod common;

use common::{event_count, rgmem, rgmem_ok, sample, show_json};
use std::path::Path;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn turns(db: &Path) -> usize {
    let log = rgmem::log::Log::open(db).unwrap();
    log.memory_at(log.head()).unwrap().turns.len()
}

#[test]
fn an_export_imported_twice_stores_it_once_and_keeps_the_active_branch() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let file = sample("chatgpt_export.json");
    rgmem_ok(&db, &["import", s(&file)]);
    let events = event_count(&db);
    assert_eq!(turns(&db), 8);
    let shown = show_json(&db, None).to_string();
    assert!(
        !shown.contains("regenerated"),
        "the abandoned draft is not on the active branch"
    );
    let again = rgmem(&db, &["import", s(&file)]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(stderr(&again).contains("already in this memory"), "{}", stderr(&again));
    assert_eq!(event_count(&db), events, "a second import stores nothing");
    let log = rgmem::log::Log::open(&db).unwrap();
    let m = log.memory_at(log.head()).unwrap();
    assert_eq!(
        m.turns.iter().next().unwrap().source_ref.as_deref(),
        Some("6650a1b2-0001-m0")
    );
    assert!(m.turns.iter().all(|t| t.speaker.is_user() || t.speaker.is_assistant()));
}

#[test]
fn a_grown_session_file_adds_exactly_its_new_turns() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let text = std::fs::read_to_string(sample("strength_training_injury.jsonl")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let first = dir.path().join("s.jsonl");
    std::fs::write(&first, lines[..31].join("\n")).unwrap();
    rgmem_ok(&db, &["replay", s(&first), "--headless"]);
    assert_eq!(turns(&db), 30);
    std::fs::write(&first, lines[..33].join("\n")).unwrap();
    let out = rgmem(&db, &["import", s(&first)]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("resuming at turn 31 of 32"), "{}", stderr(&out));
    assert_eq!(turns(&db), 32, "every old turn stored once, the two new ones added");
}

#[test]
fn another_persons_file_is_refused_unless_mapped() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    rgmem_ok(
        &db,
        &["replay", s(&sample("strength_training_injury.jsonl")), "--headless"],
    );
    let events = event_count(&db);
    let sam = sample("diet_change.jsonl");
    let out = rgmem(&db, &["import", s(&sam)]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("Sam's conversation") && stderr(&out).contains("Alex"),
        "{}",
        stderr(&out)
    );
    assert_eq!(event_count(&db), events, "a refused import stores nothing");
    rgmem_ok(&db, &["import", s(&sam), "--person", "Alex"]);
    assert!(event_count(&db) > events);
    let roots: Vec<String> = show_json(&db, None)["concepts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["level"] == "root")
        .map(|c| c["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(roots, ["Alex"], "one person");
}

#[test]
fn a_damaged_file_of_every_format_names_its_line_and_stores_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    rgmem_ok(&db, &["import", s(&sample("chatgpt_export.json"))]);
    let events = event_count(&db);
    let cases: [(&str, &str, &str); 6] = [
        (
            "chatgpt.json",
            "[{\"mapping\": {\"a\": {\"parent\": \"zz\"}}, \"current_node\": \"a\"}]",
            ":1:",
        ),
        (
            "claude.json",
            "[{\"uuid\": \"c\", \"chat_messages\": [\n{\"sender\": \"human\", \"text\": \"hi\"},\n{\"sender\": 3}]}]",
            ":3:",
        ),
        (
            "openai.jsonl",
            "{\"role\": \"user\", \"content\": \"hi\"}\n{\"role\": \"user\", \"content\": 5}\n",
            ":2:",
        ),
        (
            "code.jsonl",
            "{\"type\":\"user\",\"uuid\":\"u\",\"sessionId\":\"s\",\"message\":{\"content\":\"hi\"}}\n{\"type\":\"user\",\"uuid\":\"v\",\"sessionId\":\"s\",\"message\":{\"content\":7}}\n",
            ":2:",
        ),
        (
            "talk.txt",
            "Sam: hi\nAssistant: hello\n[2024-02-30 10:00] Sam: again\n",
            ":3:",
        ),
        (
            "locomo.json",
            "[{\"sample_id\": \"x\",\n \"conversation\": {\"speaker_a\": \"A\"}}]",
            ":2:",
        ),
    ];
    for (name, body, line) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, body).unwrap();
        let out = rgmem(&db, &["import", s(&path)]);
        assert_eq!(out.status.code(), Some(1), "{name}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains(&format!("{name}{line}")), "{name}: {err}");
        assert_eq!(event_count(&db), events, "{name}: nothing stored");
    }
}

#[test]
fn a_dry_run_reports_and_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("never.db");
    let out = rgmem_ok(&db, &["import", s(&sample("chatgpt_export.json")), "--dry-run"]);
    for needle in [
        "chatgpt (2 conversations, 2 picked)",
        "\"Sore knee\"",
        "turns: 8 (4 assistant, 4 user)",
        "time: 2024-05-01",
    ] {
        assert!(out.contains(needle), "{needle}: {out}");
    }
    assert!(!db.exists(), "a dry run writes no memory file");
    let one = rgmem_ok(
        &db,
        &[
            "import",
            s(&sample("chatgpt_export.json")),
            "--dry-run",
            "--conversation",
            "6650a1b2-0002",
        ],
    );
    assert!(one.contains("turns: 4"), "{one}");
}
