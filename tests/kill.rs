//! A kill during ingest leaves a log that opens, with every committed step intact and no half
//! step.
//!
//! A *step* is what one engine call commits in one transaction: for a turn, `person_tracked`
//! (first time only), `turn_ingested`, the model calls, `segment_closed`, `episode_recorded` and
//! the graph events of every segment the turn closes, then the model calls and firings of every
//! due operator. A *half step* would be a prefix of that: a `turn_ingested` or `model_called`
//! without the segment it leads to, a mention that reached θ_inf without its RK1, a changed Σ
//! without its RK3.
//!
//! The offline model is deterministic, so the check is exact: the killed log must equal an
//! uninterrupted run of the same input up to one of that run's step boundaries. Independently of
//! the reference, the memory at head must have no work a step would have finished.

mod common;

use rgmem::event::Event;
use rgmem::formats::session::SessionFile;
use rgmem::ids::Seq;
use rgmem::ingest::segment;
use rgmem::lexicon::Lexicon;
use rgmem::log::Log;
use rgmem::memory::Memory;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

/// Events to wait for before the kill: well into the run, far from its end.
const KILL_AFTER: usize = 1500;

/// A long session: every sample session's turns, three times over, without times (they would go
/// backwards between files), each file's sessions renumbered to keep increasing.
fn long_session() -> String {
    let mut out = String::from("{\"rgmem_session\": 1, \"title\": \"kill test\", \"user\": \"Alex\"}\n");
    let mut offset = 0;
    for _ in 0..3 {
        for path in common::samples() {
            let file = SessionFile::read(&path).unwrap();
            let mut last = 0;
            for t in &file.turns {
                last = offset + t.session;
                let line = serde_json::json!({"speaker": t.speaker, "text": t.text, "session": last});
                out.push_str(&format!("{line}\n"));
            }
            offset = last + 1;
        }
    }
    out
}

/// `rgmem replay --headless --json INPUT` into `db`, printing each event after its step commits;
/// `commit_every` turns share a transaction (`None`: the replay's default grouping).
fn replay_child(db: &std::path::Path, input: &std::path::Path, commit_every: Option<u32>) -> std::process::Child {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rgmem"));
    command.arg("--db").arg(db).args(["replay", "--headless", "--json"]);
    if let Some(n) = commit_every {
        command.arg("--commit-every").arg(n.to_string());
    }
    command
        .arg(input)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// Blocks on the child's output until it has printed (so committed) `events` events, then kills
/// it: no sleeps, no timing.
fn kill_after(child: &mut std::process::Child, events: usize, what: &str) -> std::process::ExitStatus {
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    for i in 0..events {
        assert!(
            lines.next().is_some_and(|l| l.is_ok()),
            "{what}: the child stopped after {i} events"
        );
    }
    child.kill().unwrap();
    child.wait().unwrap()
}

/// What a finished step leaves: nothing due, nothing dirty, no cut waiting in the open segment.
fn assert_no_unfinished_work(memory: &Memory, at: Seq) {
    assert!(memory.due_relations().is_empty(), "{at}: a relation waits for RK1");
    assert!(memory.due_concepts().is_empty(), "{at}: a concept waits for RK2");
    assert!(memory.dirty_concepts().is_empty(), "{at}: a concept waits for RK3");
    assert!(
        segment::next_cut(memory, Lexicon::builtin()).is_none(),
        "{at}: a segment waits to be closed"
    );
}

#[test]
fn a_kill_mid_ingest_leaves_only_whole_steps() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("long.jsonl");
    std::fs::write(&input, long_session()).unwrap();
    let db = dir.path().join("killed.db");

    // The child prints each event after its step commits; block on its output, then kill it.
    // With the default grouping, whole groups of steps commit at once.
    let mut child = replay_child(&db, &input, None);
    let status = kill_after(&mut child, KILL_AFTER, "the first run");
    assert!(!status.success(), "the child was killed before it finished");

    // The log opens; seqs are contiguous and parents linear.
    let log = Log::open(&db).unwrap();
    let killed = log.all().unwrap();
    let head = log.head();
    assert!(head.index() >= KILL_AFTER, "every printed event was committed");
    for (i, r) in killed.iter().enumerate() {
        assert_eq!(r.seq, Seq(i as u64 + 1));
        assert_eq!(r.parent, Seq(i as u64));
    }
    let memory = log.memory_at(head).unwrap();
    assert!(
        memory == rgmem::engine::fold_records(&killed),
        "head folds to the same memory"
    );
    assert_no_unfinished_work(&memory, head);
    let last = &killed.last().unwrap().event;
    assert!(
        !matches!(last, Event::ModelCalled { .. } | Event::SegmentClosed { .. }),
        "the log ends on a step's last event, not {}",
        last.kind()
    );

    // The same input, uninterrupted, in process: the killed log is a prefix ending on a boundary.
    let file = SessionFile::read(&input).unwrap();
    let mut reference = common::engine(&dir.path().join("reference.db"), 1000);
    let mut boundaries = vec![Seq(0)];
    let mut turns = file.turns.iter();
    while reference.log().head() < head {
        let turn = turns.next().expect("the killed run ingested no more turns than exist");
        reference.ingest(turn, &file.user_name()).unwrap();
        boundaries.push(reference.log().head());
        assert_no_unfinished_work(reference.memory(), reference.log().head());
    }
    assert!(
        boundaries.contains(&head),
        "the killed log ends at {head}, inside a step ({boundaries:?})"
    );
    let expected = reference.log().range(Seq(1), head).unwrap();
    assert!(
        expected == killed,
        "the committed steps are exactly those of an uninterrupted run"
    );

    // And ingest resumes from the killed log as if nothing had happened.
    drop(log);
    let mut resumed = common::engine(&db, 1000);
    let next = turns.next().unwrap();
    let a = resumed.ingest(next, &file.user_name()).unwrap();
    let b = reference.ingest(next, &file.user_name()).unwrap();
    assert_eq!(a, b, "the next step after the kill");
}

/// Fifty kills, each at a different point of a resumed run of the same file: after every kill the
/// log is a prefix of the uninterrupted run ending on a step boundary, and each rerun resumes
/// (the replay knows the file by its content hash) instead of ingesting from the start again.
/// A last rerun finishes the file, and the whole log equals the uninterrupted run.
///
/// Each run stores 1 to 5 turns per transaction, so the kills land inside groups of every size
/// and each run gets only a little further: with the default of 256, a few runs would finish
/// the file.
#[test]
fn fifty_kills_then_a_rerun_resume_to_exactly_the_uninterrupted_log() {
    const KILLS: usize = 50;
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("long.jsonl");
    std::fs::write(&input, long_session()).unwrap();
    let db = dir.path().join("killed.db");

    let file = SessionFile::read(&input).unwrap();
    let mut reference = common::engine(&dir.path().join("reference.db"), 1000);
    let mut boundaries = std::collections::BTreeSet::from([Seq(0)]);
    for turn in &file.turns {
        reference.ingest(turn, &file.user_name()).unwrap();
        boundaries.insert(reference.log().head());
    }
    reference.finish().unwrap();
    // A run that reaches the end of the file also closes its last segment: one more step.
    boundaries.insert(reference.log().head());
    let expected = reference.log().all().unwrap();

    let run = |k: usize| replay_child(&db, &input, Some(1 + (k % 5) as u32));
    let mut previous = Seq(0);
    for k in 0..KILLS {
        // A different, deterministic number of events into each run: 7 to 49.
        let wait_for = 7 + (k * 29) % 43;
        kill_after(&mut run(k), wait_for, &format!("kill {k}"));

        let log = Log::open(&db).unwrap();
        let head = log.head();
        assert!(head > previous, "kill {k}: the run after a kill made progress");
        assert!(
            boundaries.contains(&head),
            "kill {k}: the log ends at {head}, inside a step"
        );
        let killed = log.all().unwrap();
        assert!(
            killed.as_slice() == &expected[..head.index()],
            "kill {k}: the committed steps are exactly those of the uninterrupted run"
        );
        assert_no_unfinished_work(&log.memory_at(head).unwrap(), head);
        previous = head;
    }
    assert!(previous.index() < expected.len(), "the kills all came before the end");

    let out = replay_child(&db, &input, None).wait_with_output().unwrap();
    assert!(out.status.success());
    let log = Log::open(&db).unwrap();
    assert!(
        log.all().unwrap() == expected,
        "after fifty kills, a rerun leaves exactly the uninterrupted log: nothing lost, nothing twice"
    );
}
