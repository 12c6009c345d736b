//! A log written by an older codec version still opens and folds to the same memory: the fixture
//! in `tests/data/v1_log/` was written by codec version 1 and is never regenerated.

use rgmem::event::EventRecord;
use rgmem::log::Log;
use rgmem::memory::Memory;
use std::path::{Path, PathBuf};
use std::process::Command;

fn fixture_copy(dir: &Path) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/v1_log/memory.db");
    let db = dir.join("memory.db");
    std::fs::copy(src, &db).unwrap();
    db
}

#[test]
fn a_version_1_log_folds_from_scratch_to_its_checkpointed_memory() {
    let dir = tempfile::tempdir().unwrap();
    let log = Log::open_read_only(&fixture_copy(dir.path())).unwrap();
    let mut chain = log.chain(log.head());
    chain.sort();
    let records: Vec<EventRecord> = chain.iter().map(|s| log.event(*s).unwrap()).collect();
    assert!(records.len() > 1_000, "the whole history branch is read");
    let mut fresh = Memory::new();
    for r in &records {
        fresh.apply(&r.event);
    }
    assert!(fresh == log.memory_at(log.head()).unwrap());
}

#[test]
fn a_version_1_log_shows_what_the_build_that_wrote_it_showed() {
    let dir = tempfile::tempdir().unwrap();
    let db = fixture_copy(dir.path());
    let out = Command::new(env!("CARGO_BIN_EXE_rgmem"))
        .arg("--db")
        .arg(&db)
        .args(["show", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let shown: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let expected_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/v1_log/show.json");
    let expected: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(expected_path).unwrap()).unwrap();
    let mut differences = Vec::new();
    holds(&shown, &expected, "", &mut differences);
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}

/// Whether `shown` holds everything `expected` does: the same values under the same keys, arrays
/// of the same length. Keys a later build added to the view are allowed.
fn holds(shown: &serde_json::Value, expected: &serde_json::Value, at: &str, out: &mut Vec<String>) {
    use serde_json::Value;
    match (shown, expected) {
        (Value::Object(s), Value::Object(e)) => {
            for (k, v) in e {
                match s.get(k) {
                    Some(sv) => holds(sv, v, &format!("{at}.{k}"), out),
                    None => out.push(format!("{at}.{k}: missing")),
                }
            }
        }
        (Value::Array(s), Value::Array(e)) if s.len() == e.len() => {
            for (i, (sv, ev)) in s.iter().zip(e).enumerate() {
                holds(sv, ev, &format!("{at}[{i}]"), out);
            }
        }
        (s, e) if s == e => {}
        (s, e) => out.push(format!("{at}: shown {s}, expected {e}")),
    }
}
