//! A memory copied from SQLite to PostgreSQL with `rgmem copy` reads back identically through
//! the commands: the same `log --json` and `show --json` (at head and at a seq before a
//! rollback), and `copy` back to a file gives the same again. Needs `RGMEM_TEST_POSTGRES`
//! (`.ci/run` starts a server); without it the test prints "skipped: no server".

mod common;

use common::{rgmem, rgmem_ok, sample};
use std::path::Path;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A person of its own for this run in the server's shared database.
fn person_url(name: &str) -> Option<String> {
    let base = std::env::var("RGMEM_TEST_POSTGRES").ok().filter(|u| !u.is_empty())?;
    let sep = if base.contains('?') { '&' } else { '?' };
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    Some(format!("{base}{sep}person={name}-{}-{stamp}", std::process::id()))
}

#[test]
fn a_memory_copied_to_postgres_shows_and_logs_as_the_file_does() {
    let Some(url) = person_url("cli") else {
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
fn a_command_that_needs_the_file_says_so_on_postgres() {
    let url = "postgres://alex:s3cret@127.0.0.1:1/db?person=alex";
    let out = rgmem(Path::new(url), &["log", "--branches"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("reads a SQLite memory file"), "{err}");
    assert!(!err.contains("s3cret"), "{err}");
}
