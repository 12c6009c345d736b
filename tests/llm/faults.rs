//! Injected faults: each ends in a recovered step or a `model_failed` event, never a panic, and
//! the log still opens afterwards.

use crate::fake::{Fake, Fault, KEY, SESSION, Target, config_for, ingest_turns, openai, session_path};
use rgmem::Engine;
use rgmem::event::{Event, Operator, Purpose};
use rgmem::formats::session::SessionFile;
use rgmem::log::Log;
use rgmem::memory::Thresholds;
use rgmem::model::openai::OpenAiConfig;
use std::time::Duration;

const TURNS: usize = 24;

struct Run {
    engine: Engine,
    _dir: tempfile::TempDir,
}

impl Run {
    /// Ingests the session's first turns through the client.
    fn new(config: OpenAiConfig) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let (engine, _) = ingest_turns(
            &dir.path().join("f.db"),
            openai(config),
            SESSION,
            Thresholds::default(),
            TURNS,
        );
        let run = Self { engine, _dir: dir };
        run.assert_log_opens();
        run
    }

    fn assert_log_opens(&self) {
        let log = Log::open(self.engine.log().path()).unwrap();
        assert_eq!(log.head(), self.engine.log().head());
        assert_eq!(
            log.memory_at(log.head()).unwrap().to_view(),
            self.engine.memory().to_view()
        );
    }

    fn failures(&self) -> Vec<(Purpose, String, String)> {
        self.events()
            .into_iter()
            .filter_map(|e| match e {
                Event::ModelFailed {
                    purpose, reply, error, ..
                } => Some((purpose, reply, error)),
                _ => None,
            })
            .collect()
    }

    fn calls(&self, wanted: Purpose) -> usize {
        self.events()
            .iter()
            .filter(|e| matches!(e, Event::ModelCalled { purpose, .. } if *purpose == wanted))
            .count()
    }

    fn events(&self) -> Vec<Event> {
        self.engine.log().all().unwrap().into_iter().map(|r| r.event).collect()
    }
}

/// The clean run's episode count, to compare recovered runs against.
fn clean_episodes() -> usize {
    let fake = Fake::with_turns(SESSION, Thresholds::default(), TURNS);
    Run::new(fake.config()).engine.memory().episodes.len()
}

#[test]
fn a_500_is_retried_and_the_step_recovers() {
    let fake = Fake::with_turns(SESSION, Thresholds::default(), TURNS);
    fake.plan(Target::Nth(0), Fault::Status(500), 2);
    fake.plan(Target::Nth(1), Fault::Status(502), 1);
    let run = Run::new(fake.config());
    assert!(run.failures().is_empty(), "{:?}", run.failures());
    assert_eq!(run.engine.memory().episodes.len(), clean_episodes());
    let calls = run.engine.memory().usage.calls as usize;
    assert_eq!(fake.state.lock().unwrap().requests, calls + 2);
}

#[test]
fn a_429_with_retry_after_is_waited_out() {
    let fake = Fake::with_turns(SESSION, Thresholds::default(), TURNS);
    fake.plan(Target::Nth(0), Fault::RateLimited("1"), 1);
    fake.plan(Target::Nth(1), Fault::RateLimited("Wed, 21 Oct 2015 07:28:00 GMT"), 1);
    let run = Run::new(fake.config());
    assert!(run.failures().is_empty());
    assert_eq!(run.engine.memory().episodes.len(), clean_episodes());
}

#[test]
fn a_server_that_keeps_failing_ends_in_model_failed_events() {
    let fake = Fake::with_turns(SESSION, Thresholds::default(), TURNS);
    fake.plan(Target::Any, Fault::Status(503), usize::MAX);
    let run = Run::new(fake.config());
    let failures = run.failures();
    assert!(!failures.is_empty());
    for (_, reply, error) in &failures {
        assert!(reply.is_empty());
        assert!(error.contains("answered 503 on all 4 attempts"), "{error}");
        assert!(error.contains("fake-llm"), "{error}");
    }
    let m = run.engine.memory();
    assert_eq!((m.episodes.len(), m.relations.len(), m.usage.calls), (0, 0, 0));
    assert_eq!(m.turns.len(), TURNS);
}

#[test]
fn a_timeout_fails_the_call_and_the_next_step_retries_it() {
    let fake = Fake::with_turns(SESSION, Thresholds::default(), TURNS);
    fake.plan(Target::Nth(0), Fault::Slow(Duration::from_secs(20)), 1);
    let config = OpenAiConfig {
        timeout: Duration::from_millis(1500),
        ..fake.config()
    };
    let run = Run::new(config);
    let failures = run.failures();
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert_eq!(failures[0].0, Purpose::Synth);
    assert!(failures[0].2.contains("timed out after 1500 ms"), "{}", failures[0].2);
    assert_eq!(run.engine.memory().episodes.len(), clean_episodes());
}

#[test]
fn a_refused_connection_ends_in_model_failed_naming_the_server() {
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let base = format!("http://127.0.0.1:{port}/v1");
    let run = Run::new(config_for(&base));
    let failures = run.failures();
    assert!(!failures.is_empty());
    assert!(
        failures[0]
            .2
            .contains(&format!("cannot connect to {base} after 4 attempts")),
        "{}",
        failures[0].2
    );
    assert_eq!(run.engine.memory().episodes.len(), 0);
}

#[test]
fn garbage_text_gets_one_repair_request_and_recovers() {
    let fake = Fake::with_turns(SESSION, Thresholds::default(), TURNS);
    fake.plan(Target::Nth(0), Fault::Garbage, 1);
    fake.plan(Target::Nth(4), Fault::Garbage, 1);
    let run = Run::new(fake.config());
    assert!(run.failures().is_empty(), "{:?}", run.failures());
    assert_eq!(run.calls(Purpose::Repair), 2);
    assert_eq!(run.engine.memory().episodes.len(), clean_episodes());
    let repair = run
        .events()
        .into_iter()
        .find_map(|e| match e {
            Event::ModelCalled {
                purpose: Purpose::Repair,
                prompt,
                ..
            } => Some(prompt),
            _ => None,
        })
        .unwrap();
    assert!(
        repair.contains("missing a `Fact:` line"),
        "the repair quotes the parse error"
    );
}

#[test]
fn garbage_that_survives_the_repair_is_a_model_failed_with_no_partial_state_and_the_segment_closes() {
    let fake = Fake::with_turns(SESSION, Thresholds::default(), TURNS);
    fake.plan(Target::Any, Fault::Garbage, usize::MAX);
    let run = Run::new(fake.config());
    let failures = run.failures();
    assert!(!failures.is_empty());
    let (purpose, reply, error) = &failures[0];
    assert_eq!(*purpose, Purpose::Synth);
    assert!(reply.starts_with("Sorry, I lost my train of thought"));
    assert!(error.starts_with("reply did not parse"), "{error}");
    assert!(error.contains("repair did not parse either"), "{error}");
    assert!(error.ends_with("the segment closes without this episode"), "{error}");
    let m = run.engine.memory();
    assert_eq!((m.episodes.len(), m.relations.len()), (0, 0));
    // Each segment was asked about once (a reply and its repair), not again at every step.
    assert_eq!(m.turns.len(), TURNS);
    assert!(m.open_segment.is_empty(), "{:?}", m.open_segment);
    let segments = run
        .events()
        .into_iter()
        .filter(|e| matches!(e, Event::SegmentClosed { .. }))
        .count();
    assert_eq!(failures.len(), segments, "one failure per segment");
}

#[test]
fn json_in_fences_parses_without_a_repair() {
    let fake = Fake::with_turns(SESSION, Thresholds::default(), TURNS);
    fake.plan(Target::Json, Fault::Fenced, usize::MAX);
    let run = Run::new(fake.config());
    assert!(run.failures().is_empty());
    assert_eq!(run.calls(Purpose::Repair), 0);
    assert_eq!(run.engine.memory().episodes.len(), clean_episodes());
    assert!(
        run.events()
            .iter()
            .any(|e| matches!(e, Event::ModelCalled { reply, .. } if reply.contains("```json")))
    );
}

#[test]
fn truncated_json_is_closed_without_a_repair() {
    let clean = {
        let fake = Fake::with_turns(SESSION, Thresholds::default(), TURNS);
        Run::new(fake.config()).engine.memory().to_view()
    };
    let fake = Fake::with_turns(SESSION, Thresholds::default(), TURNS);
    fake.plan(Target::Json, Fault::Truncated, usize::MAX);
    let run = Run::new(fake.config());
    assert!(run.failures().is_empty());
    assert_eq!(run.calls(Purpose::Repair), 0);
    assert_eq!(run.engine.memory().to_view()["relations"], clean["relations"]);
}

#[test]
fn a_body_that_is_not_a_completion_fails_the_call_only() {
    let fake = Fake::with_turns(SESSION, Thresholds::default(), TURNS);
    fake.plan(Target::Nth(0), Fault::BadBody, 1);
    let run = Run::new(fake.config());
    let failures = run.failures();
    assert_eq!(failures.len(), 1);
    assert!(
        failures[0].2.contains("did not answer with a chat completion"),
        "{}",
        failures[0].2
    );
    assert_eq!(run.engine.memory().episodes.len(), clean_episodes());
}

#[test]
fn a_401_names_the_server_and_model_but_never_the_key() {
    let fake = Fake::with_turns(SESSION, Thresholds::default(), TURNS);
    fake.plan(Target::Any, Fault::Unauthorized, usize::MAX);
    let run = Run::new(fake.config());
    let failures = run.failures();
    assert!(!failures.is_empty());
    let error = &failures[0].2;
    assert!(error.contains(&format!("401 from {}", fake.base_url())), "{error}");
    assert!(error.contains("rejected the API key for model `fake-llm`"), "{error}");
    assert!(error.contains("Incorrect API key provided: [redacted]"), "{error}");
    assert!(!error.contains(KEY));
    // 401 is not retried.
    assert_eq!(fake.state.lock().unwrap().requests, failures.len());
}

#[test]
fn a_404_names_the_model_and_the_base_url() {
    let fake = Fake::with_turns(SESSION, Thresholds::default(), TURNS);
    fake.plan(Target::Any, Fault::Status(404), usize::MAX);
    let run = Run::new(fake.config());
    let error = &run.failures()[0].2;
    assert!(
        error.contains(&format!("the server at {} has no model `fake-llm`", fake.base_url())),
        "{error}"
    );
}

#[test]
fn a_failed_operator_leaves_no_partial_state_and_fires_at_the_next_step() {
    let theta = Thresholds::default();
    let fake = Fake::new(SESSION, theta);
    fake.plan(
        Target::Prompt("You are a Profiler and Insight Extractor"),
        Fault::Garbage,
        1,
    );
    fake.plan(Target::Prompt("You are a careful formatter"), Fault::Garbage, 1);
    let dir = tempfile::tempdir().unwrap();
    let file = SessionFile::read(&session_path(SESSION)).unwrap();
    let mut engine = Engine::open(Log::open(&dir.path().join("op.db")).unwrap(), openai(fake.config())).unwrap();
    engine.set_thresholds(theta).unwrap();
    let mut turns = file.turns.iter();
    let failed_step = loop {
        let turn = turns.next().expect("RK1 never became due");
        let records = engine.ingest(turn, &file.user_name()).unwrap();
        if records.iter().any(|r| {
            matches!(
                r.event,
                Event::ModelFailed {
                    purpose: Purpose::Rk1,
                    ..
                }
            )
        }) {
            break records;
        }
    };
    let due = engine.memory().due_relations();
    assert!(!due.is_empty(), "the relation stays due");
    assert!(
        !failed_step
            .iter()
            .any(|r| r.event.operator() == Some(Operator::Rk1) && matches!(&r.event, Event::OperatorFired { subject: rgmem::event::Subject::Relation(rel), .. } if *rel == due[0])),
        "no firing for the failed relation in the failed step"
    );
    let summary_before = engine.memory().relation(due[0]).summary.clone();
    let mentions_before = engine.memory().relation(due[0]).mentions;
    assert!(mentions_before >= theta.theta_inf);
    let next = engine.ingest(turns.next().unwrap(), &file.user_name()).unwrap();
    let fired = next.iter().any(|r| {
        matches!(&r.event, Event::OperatorFired { operator: Operator::Rk1, subject: rgmem::event::Subject::Relation(rel), .. } if *rel == due[0])
    });
    assert!(fired, "RK1 fires on the relation at the next step");
    assert_ne!(engine.memory().relation(due[0]).summary, summary_before);
}
