//! The inspector's engine thread over a PostgreSQL person opens as it does over a file: the
//! same timeline at head (entries, firings, the memory at older seqs folded through its second
//! connection), and a rollback asked of it appends the same records. Needs
//! `RGMEM_TEST_POSTGRES`; without it the test prints "skipped: no server".

use super::command::EngineRequest;
use super::engine_task::{EngineHandle, spawn};
use super::msg::EngineUpdate;
use rgmem::Engine;
use rgmem::formats::session::SessionFile;
use rgmem::ids::Seq;
use rgmem::log::{EventStore, Log};
use rgmem::rules::OfflineModel;
use rgmem::timeline::Timeline;

const SAMPLE: &str = include_str!("../../sample_sessions/strength_training_injury.jsonl");

/// Fills a store with the sample session and a rollback into its middle.
fn fill<L: EventStore>(log: L) -> Engine<L> {
    let file = SessionFile::parse(SAMPLE, "sample").unwrap();
    let mut engine = Engine::open(log, Box::new(OfflineModel)).unwrap();
    for turn in &file.turns {
        engine.ingest(turn, &file.user_name()).unwrap();
    }
    engine.finish().unwrap();
    engine.rollback(Seq(200)).unwrap();
    engine
}

/// The timeline the engine thread opens at head (older memories fold through its reader).
fn opened(handle: &mut EngineHandle) -> Timeline {
    match handle.updates.blocking_recv() {
        Some(EngineUpdate::Opened { timeline, .. }) => timeline.take().unwrap(),
        other => panic!("expected Opened, got {other:?}"),
    }
}

/// Asks for a rollback and returns what it appended.
fn rolled_back(handle: &mut EngineHandle, to: Seq) -> Vec<rgmem::event::EventRecord> {
    assert!(handle.send(EngineRequest::Rollback(to)));
    let mut appended = Vec::new();
    while let Some(update) = handle.updates.blocking_recv() {
        match update {
            EngineUpdate::Appended(records) => appended.extend(records),
            EngineUpdate::Done { error, .. } => {
                assert_eq!(error, None);
                return appended;
            }
            _ => {}
        }
    }
    panic!("the engine thread stopped");
}

#[test]
fn the_inspector_opens_a_postgres_person_as_it_opens_a_file() {
    let Some(base) = std::env::var("RGMEM_TEST_POSTGRES").ok().filter(|u| !u.is_empty()) else {
        println!(
            "the_inspector_opens_a_postgres_person_as_it_opens_a_file: skipped: no server (set RGMEM_TEST_POSTGRES)"
        );
        return;
    };
    let sep = if base.contains('?') { '&' } else { '?' };
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let url = format!("{base}{sep}person=tui-{}-{stamp}", std::process::id());
    let dir = tempfile::tempdir().unwrap();
    let mut file = spawn(fill(Log::open(&dir.path().join("m.db")).unwrap())).unwrap();
    let mut pg = spawn(fill(rgmem::log::pg::PgLog::open(&url).unwrap())).unwrap();
    let (mut a, mut b) = (opened(&mut file), opened(&mut pg));
    assert_eq!(b.head(), a.head());
    assert_eq!(b.entries(), a.entries());
    assert_eq!(
        b.head_branch_firings().collect::<Vec<_>>(),
        a.head_branch_firings().collect::<Vec<_>>()
    );
    for seq in [Seq(1), Seq(150), Seq(200), Seq(350), a.head()] {
        assert!(b.memory_at(seq) == a.memory_at(seq), "the memory at {seq}");
        a.seek(seq);
        b.seek(seq);
        assert!(b.memory() == a.memory(), "seeking to {seq}");
    }
    assert_eq!(rolled_back(&mut pg, Seq(90)), rolled_back(&mut file, Seq(90)));
}
