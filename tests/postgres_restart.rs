//! The PostgreSQL server restarted in the middle of an ingest: the step in flight fails with a
//! clear error, and a reopened log resumes after the last stored step, nothing lost or doubled.
//! Restarts the server `scripts/postgres/start.sh` started (`RGMEM_PG_DIR`), so it is a test
//! binary of its own: cargo runs test binaries one after another. Without the server, it
//! prints "skipped: no server".

mod common;

use common::{engine, replay, sample};
use rgmem::event::Event;
use rgmem::formats::session::SessionFile;
use rgmem::ids::Seq;
use rgmem::log::pg::PgLog;
use rgmem::log::{EventStore, SourceMark};
use rgmem::memory::Memory;
use std::path::PathBuf;
use std::process::Command;

const SOURCE: &str = "a-session's-hash";

/// `pg_ctl restart` on the test server, as the user that owns it.
fn restart(dir: &std::path::Path) {
    let bindir = std::fs::read_to_string(dir.join("bindir")).unwrap();
    let pg_ctl = PathBuf::from(bindir.trim()).join("pg_ctl");
    let root = Command::new("id").arg("-u").output().unwrap().stdout == b"0\n";
    let mut cmd = if root {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(&pg_ctl);
        c
    } else {
        Command::new(&pg_ctl)
    };
    let status = cmd
        .arg("-D")
        .arg(dir.join("data"))
        .arg("-l")
        .arg(dir.join("server.log"))
        .args(["-m", "fast", "-w", "restart"])
        // The new server inherits pg_ctl's output: a pipe read to its end would wait for it.
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(
        status.success(),
        "pg_ctl restart failed; see {}",
        dir.join("server.log").display()
    );
}

#[test]
fn a_restart_mid_ingest_loses_nothing_and_doubles_nothing() {
    let (Some(base), Some(dir)) = (
        std::env::var("RGMEM_TEST_POSTGRES").ok().filter(|u| !u.is_empty()),
        std::env::var_os("RGMEM_PG_DIR").map(PathBuf::from),
    ) else {
        println!(
            "a_restart_mid_ingest_loses_nothing_and_doubles_nothing: skipped: no server (set RGMEM_TEST_POSTGRES and RGMEM_PG_DIR)"
        );
        return;
    };
    let tmp = tempfile::tempdir().unwrap();
    let mut source = engine(&tmp.path().join("m.db"), 1000);
    replay(
        &mut source,
        &SessionFile::read(&sample("strength_training_injury.jsonl")).unwrap(),
    );
    let events: Vec<Event> = source
        .log()
        .range(Seq(1), Seq(30))
        .unwrap()
        .into_iter()
        .map(|r| r.event)
        .collect();
    let url = format!("{base}?person=restart-{}", std::process::id());
    let mark = |position: u32| {
        Some(SourceMark {
            source: SOURCE,
            position,
        })
    };

    let mut log = PgLog::open(&url).unwrap();
    let already = log.replayed(SOURCE).unwrap().map_or(0, |p| p + 1);
    assert_eq!(already, 0, "a fresh person");
    for (position, e) in (0..).zip(&events[..10]) {
        log.append_marked(vec![e.clone()], &Memory::new(), mark(position))
            .unwrap();
    }
    restart(&dir);
    let lost = log
        .append_marked(vec![events[10].clone()], &Memory::new(), mark(10))
        .unwrap_err()
        .to_string();
    assert!(
        lost.contains("was lost") && lost.contains("reopening resumes"),
        "{lost}"
    );
    assert!(!lost.contains('\n'), "{lost}");

    let mut log = PgLog::open(&url).unwrap();
    assert_eq!(log.head(), Seq(10), "every stored step, and not the one in flight");
    let next = log.replayed(SOURCE).unwrap().map_or(0, |p| p + 1);
    assert_eq!(next, 10, "resume after the last stored step");
    for (position, e) in (next..).zip(&events[10..]) {
        log.append_marked(vec![e.clone()], &Memory::new(), mark(position))
            .unwrap();
    }
    let stored: Vec<Event> = PgLog::open(&url)
        .unwrap()
        .all()
        .unwrap()
        .into_iter()
        .map(|r| r.event)
        .collect();
    assert_eq!(stored, events, "nothing lost, nothing doubled");
}
