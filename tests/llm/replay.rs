//! Exact replay: `--model recorded` reproduces a log byte for byte apart from `logged_at`, from
//! the log itself or from an export of it.

use crate::fake::{Fake, Fault, SESSION, Target, event_rows, ingest, openai, session_path};
use rgmem::event::Event;
use rgmem::log::recorded::RecordedModel;
use rgmem::memory::Thresholds;
use rgmem::rules::OfflineModel;
use std::time::Duration;

#[test]
fn an_offline_log_replays_exactly() {
    let theta = Thresholds::new(2, None);
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.db");
    let b = dir.path().join("b.db");
    ingest(&a, Box::new(OfflineModel), SESSION, theta);
    let recorded = RecordedModel::from_path(&a).unwrap();
    ingest(&b, Box::new(recorded), SESSION, theta);
    assert_eq!(event_rows(&a), event_rows(&b));
}

/// A log with every kind of model outcome: plain replies, retried 500s, a repaired reply, a
/// reply that never parsed, and a timeout.
#[test]
fn an_openai_log_with_failures_replays_exactly_with_no_network() {
    let theta = Thresholds::default();
    let fake = Fake::new(SESSION, theta);
    fake.plan(Target::Nth(2), Fault::Status(500), 1);
    fake.plan(Target::Nth(5), Fault::Garbage, 1);
    fake.plan(Target::Nth(9), Fault::Garbage, 1);
    fake.plan(Target::Nth(10), Fault::Garbage, 1);
    fake.plan(Target::Nth(14), Fault::Slow(Duration::from_secs(20)), 1);
    let config = rgmem::model::openai::OpenAiConfig {
        timeout: Duration::from_millis(1500),
        ..fake.config()
    };
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.db");
    let b = dir.path().join("b.db");
    let (engine, _) = ingest(&a, openai(config), SESSION, theta);
    let events: Vec<Event> = engine.log().all().unwrap().into_iter().map(|r| r.event).collect();
    let failed = |needle: &str| {
        events
            .iter()
            .any(|e| matches!(e, Event::ModelFailed { error, .. } if error.contains(needle)))
    };
    assert!(failed("timed out") && failed("repair did not parse either"));
    drop(engine);
    drop(fake);

    let recorded = RecordedModel::from_path(&a).unwrap();
    ingest(&b, Box::new(recorded), SESSION, theta);
    let (rows_a, rows_b) = (event_rows(&a), event_rows(&b));
    assert_eq!(rows_a.len(), rows_b.len());
    for (x, y) in rows_a.iter().zip(&rows_b) {
        assert_eq!(x, y);
    }
}

#[test]
fn an_export_replays_to_the_same_memory_elsewhere() {
    let theta = Thresholds::new(2, Some(5));
    let fake = Fake::new(SESSION, theta);
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.db");
    let (engine, turns) = ingest(&a, openai(fake.config()), SESSION, theta);
    let export = dir.path().join("a.jsonl");
    let mut file = std::fs::File::create(&export).unwrap();
    let counts = rgmem::log::export::write(engine.log(), &mut file).unwrap();
    assert_eq!(counts.turns, turns);
    assert_eq!(counts.model_calls, engine.memory().usage.calls as usize);
    drop(fake);

    let text = std::fs::read_to_string(&export).unwrap();
    let header_theta = rgmem::log::export::header_thresholds(&text).unwrap();
    assert_eq!(header_theta, theta);
    let recorded = RecordedModel::from_path(&export).unwrap();
    let b = dir.path().join("elsewhere.db");
    let (replayed, _) = ingest(&b, Box::new(recorded), export.to_str().unwrap(), header_theta);
    assert_eq!(replayed.memory().to_view(), engine.memory().to_view());
    assert_eq!(event_rows(&a), event_rows(&b));
    assert!(session_path(SESSION).exists());
}
