//! Helpers shared by the integration tests: sample files, engines over temp logs, and the
//! `rgmem` binary.
#![allow(dead_code)]

use rgmem::Engine;
use rgmem::event::EventRecord;
use rgmem::formats::session::SessionFile;
use rgmem::log::Log;
use rgmem::rules::OfflineModel;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A sample session file by name.
pub fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("sample_sessions").join(name)
}

/// Every sample session, sorted by name.
pub fn samples() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("sample_sessions");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    v.sort();
    v
}

/// An engine on the offline model over a log checkpointing every `interval` events.
pub fn engine(db: &Path, interval: u64) -> Engine {
    Engine::open(Log::open_with(db, interval).unwrap(), Box::new(OfflineModel)).unwrap()
}

/// Ingests a whole session file (and closes its last segment), returning each step's records.
pub fn replay<L: rgmem::log::EventStore>(engine: &mut Engine<L>, file: &SessionFile) -> Vec<Vec<EventRecord>> {
    let user = file.user_name();
    let mut steps = Vec::new();
    for turn in &file.turns {
        steps.push(engine.ingest(turn, &user).unwrap());
    }
    steps.push(engine.finish().unwrap());
    steps
}

/// Runs the binary with `--db db` and the given arguments.
pub fn rgmem(db: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rgmem"))
        .arg("--db")
        .arg(db)
        .args(args)
        .output()
        .unwrap()
}

/// Runs the binary and insists that it succeeds; returns stdout.
pub fn rgmem_ok(db: &Path, args: &[&str]) -> String {
    let out = rgmem(db, args);
    assert!(
        out.status.success(),
        "rgmem {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `rgmem log --json`, parsed.
pub fn log_json(db: &Path) -> Vec<serde_json::Value> {
    rgmem_ok(db, &["log", "--json"])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// `rgmem show --json [--at SEQ]`, parsed.
pub fn show_json(db: &Path, at: Option<u64>) -> serde_json::Value {
    let at = at.map(|s| s.to_string());
    let mut args = vec!["show", "--json"];
    if let Some(s) = &at {
        args.extend(["--at", s]);
    }
    serde_json::from_str(&rgmem_ok(db, &args)).unwrap()
}

/// Number of events in a log file, read with plain SQL.
pub fn event_count(db: &Path) -> i64 {
    if !db.exists() {
        return 0;
    }
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row("SELECT COUNT(*) FROM events", [], |r| r.get(0)).unwrap()
}

/// A person of its own for this test and run in the shared database `RGMEM_TEST_POSTGRES`
/// names; `None` without a server, and the caller prints that it skipped.
pub fn postgres_person(name: &str) -> Option<String> {
    let base = std::env::var("RGMEM_TEST_POSTGRES").ok().filter(|u| !u.is_empty())?;
    let sep = if base.contains('?') { '&' } else { '?' };
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    Some(format!("{base}{sep}person={name}-{}-{stamp}", std::process::id()))
}
