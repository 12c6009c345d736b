//! The commands on a PostgreSQL person do what they do on a file. The same session replayed
//! into SQLite and into PostgreSQL prints the same, and so do `rollback`, `approve`, `ask`,
//! `history`, `diff`, `show --json` and `log --json` after it. A memory copied from SQLite to
//! PostgreSQL with `rgmem copy` reads back identically, and `copy` back to a file gives the same
//! again. Needs `RGMEM_TEST_POSTGRES` (`.ci/run` starts a server); without it each test prints
//! "skipped: no server".

mod common;

use common::{rgmem, rgmem_ok, sample};
use std::path::Path;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn a_memory_copied_to_postgres_shows_and_logs_as_the_file_does() {
    let Some(url) = common::postgres_person("cli") else {
        println!(
            "a_memory_copied_to_postgres_shows_and_logs_as_the_file_does: skipped: no server (set RGMEM_TEST_POSTGRES)"
        );
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    rgmem_ok(
        &db,
        &["replay", s(&sample("strength_training_injury.jsonl")), "--headless"],
    );
    rgmem_ok(&db, &["rollback", "--to", "100"]);
    rgmem_ok(
        &db,
        &[
            "replay",
            s(&sample("trip_planning.jsonl")),
            "--headless",
            "--person",
            "Alex",
        ],
    );
    let said = rgmem_ok(&db, &["copy", "--from", s(&db), "--to", &url]);
    assert!(said.starts_with("copied "), "{said}");
    let pg = Path::new(&url);
    for args in [
        &["log", "--json"][..],
        &["show", "--json"][..],
        &["show", "--json", "--at", "90"][..],
        &["log"][..],
    ] {
        assert_eq!(rgmem_ok(pg, args), rgmem_ok(&db, args), "rgmem {args:?}");
    }
    // Into a non-empty store: refused, naming it.
    let again = rgmem(&db, &["copy", "--from", s(&db), "--to", &url]);
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("empty log"));
    // And back to a file: the same events again.
    let back = dir.path().join("back.db");
    rgmem_ok(&db, &["copy", "--from", &url, "--to", s(&back)]);
    assert_eq!(rgmem_ok(&back, &["log", "--json"]), rgmem_ok(&db, &["log", "--json"]));
    assert_eq!(rgmem_ok(&back, &["show", "--json"]), rgmem_ok(&db, &["show", "--json"]));
}

#[test]
fn an_unreachable_server_is_one_sentence_without_the_password_for_every_command() {
    let url = "postgres://alex:s3cret@127.0.0.1:1/db?person=alex";
    for args in [
        &["log", "--branches"][..],
        &["ask", "Where does Alex live?"][..],
        &["rollback", "--to", "3"][..],
        &["history", "Fitness"][..],
    ] {
        let out = rgmem(Path::new(url), args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("cannot connect to the PostgreSQL server at"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("s3cret"), "{args:?}: {err}");
    }
}

/// Runs `args` on the file and on the PostgreSQL person, insists both succeed with the same
/// output, and returns it.
fn both(db: &Path, pg: &Path, args: &[&str]) -> String {
    let (file, postgres) = (rgmem_ok(db, args), rgmem_ok(pg, args));
    assert_eq!(postgres, file, "rgmem {args:?}");
    file
}

#[test]
fn the_same_session_replayed_into_sqlite_and_postgres_reads_alike() {
    let Some(url) = common::postgres_person("engine") else {
        println!(
            "the_same_session_replayed_into_sqlite_and_postgres_reads_alike: skipped: no server (set RGMEM_TEST_POSTGRES)"
        );
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let pg = Path::new(&url);
    let injury = sample("strength_training_injury.jsonl");
    let replayed = both(&db, pg, &["replay", s(&injury), "--headless"]);
    assert!(replayed.contains("head "), "{replayed}");
    // A rerun finds every turn stored, on both.
    let (file, postgres) = (
        rgmem(&db, &["replay", s(&injury), "--headless"]),
        rgmem(pg, &["replay", s(&injury), "--headless"]),
    );
    assert!(file.status.success() && postgres.status.success());
    assert_eq!(postgres.stderr, file.stderr);
    assert!(String::from_utf8_lossy(&file.stderr).contains("already in this memory"));
    both(&db, pg, &["rollback", "--to", "100"]);
    both(
        &db,
        pg,
        &[
            "import",
            s(&sample("trip_planning.jsonl")),
            "--person",
            "Alex",
            "--json",
        ],
    );
    for args in [
        &["log", "--json"][..],
        &["log"][..],
        &["log", "--branches"][..],
        &["log", "--cost", "--json"][..],
        &["show", "--json"][..],
        &["show", "--json", "--at", "90"][..],
        &["show", "--at", "branch:1"][..],
        &["history", "Fitness", "--json"][..],
        &["history", "Fitness", "--at", "branch:1"][..],
        &["diff", "50", "head", "--json"][..],
        &["diff", "90", "branch:1"][..],
        &["ask", "What happened to Alex's knee?", "--json"][..],
        &["ask", "Where is Alex travelling?", "--at", "90"][..],
    ] {
        both(&db, pg, args);
    }
}

#[test]
fn approval_mode_proposes_and_approves_alike_on_postgres() {
    let Some(url) = common::postgres_person("approve") else {
        println!("approval_mode_proposes_and_approves_alike_on_postgres: skipped: no server (set RGMEM_TEST_POSTGRES)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let pg = Path::new(&url);
    both(
        &db,
        pg,
        &[
            "replay",
            s(&sample("strength_training_injury.jsonl")),
            "--headless",
            "--approve",
        ],
    );
    let log = both(&db, pg, &["log", "--json", "--kind", "abstraction_proposed"]);
    let first: serde_json::Value = serde_json::from_str(log.lines().next().expect("a proposal")).unwrap();
    let seq = first["seq"].to_string();
    let approved = both(&db, pg, &["approve", &seq]);
    assert!(!approved.is_empty());
    // Approved once: the second time is refused, alike.
    let (file, postgres) = (rgmem(&db, &["approve", &seq]), rgmem(pg, &["approve", &seq]));
    assert_eq!(file.status.code(), Some(1));
    assert_eq!(postgres.status.code(), Some(1));
    assert_eq!(postgres.stderr, file.stderr);
    both(&db, pg, &["show", "--json"]);
    both(&db, pg, &["log", "--json"]);
}
