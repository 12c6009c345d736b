//! Streaming answers over server-sent events, and cancelling a call in flight.

use crate::fake::{Fake, Fault, SESSION, Target, ingest, openai, server_tokens};
use rgmem::event::{Event, Purpose};
use rgmem::memory::Thresholds;
use rgmem::model::{AnswerContext, ContextItem, Model, ModelError, ModelRequest, Shows, Task};
use rgmem::rules::OfflineModel;
use std::time::Duration;

fn question() -> Task {
    Task::Answer {
        person: "Alex".into(),
        context: AnswerContext {
            items: [
                "Alex lifts weights four times a week at the gym.",
                "Alex hurt their back deadlifting.",
            ]
            .map(|text| ContextItem::new("Profile (L1): Alex / Fitness", text.into(), Shows::Text))
            .to_vec(),
        },
        question: "How often does Alex lift weights?".into(),
    }
}

#[test]
fn chat_answers_stream_piece_by_piece_and_are_logged() {
    let theta = Thresholds::default();
    let fake = Fake::new(SESSION, theta);
    let dir = tempfile::tempdir().unwrap();
    let (mut engine, _) = ingest(&dir.path().join("a.db"), openai(fake.config()), SESSION, theta);
    let mut pieces = Vec::new();
    let (outcome, records) = engine
        .ask_streaming(question(), &mut |p| pieces.push(p.to_string()))
        .unwrap();
    let completion = outcome.unwrap();
    assert!(pieces.len() > 2, "{pieces:?}");
    assert_eq!(pieces.concat(), completion.reply);
    assert_eq!(completion.reply, OfflineModel::reply(&question()));
    assert!(completion.reply.contains("four times a week"));
    assert_eq!(fake.state.lock().unwrap().streamed, 1);
    assert_eq!(completion.tokens_out, server_tokens(&completion.reply));
    let [record] = records.as_slice() else {
        panic!("{records:?}")
    };
    assert!(
        matches!(&record.event, Event::ModelCalled { purpose: Purpose::Answer, reply, .. } if *reply == completion.reply)
    );
}

#[test]
fn a_server_that_ignores_stream_still_answers_whole() {
    let fake = Fake::new(SESSION, Thresholds::default());
    let mut model = openai(fake.config());
    // The fake streams only when asked; a plain completion goes through the same entry point.
    let c = model.complete(&ModelRequest::new(question())).unwrap();
    assert_eq!(c.reply, OfflineModel::reply(&question()));
}

#[test]
fn a_call_in_flight_can_be_cancelled() {
    let fake = Fake::new(SESSION, Thresholds::default());
    fake.plan(Target::Any, Fault::Slow(Duration::from_secs(30)), 1);
    let (tx, rx) = std::sync::mpsc::channel();
    fake.state.lock().unwrap().notify = Some(tx);
    let mut model = openai(fake.config());
    let cancel = model.canceller().expect("the HTTP model can be cancelled");
    let stopper = std::thread::spawn(move || {
        rx.recv().unwrap();
        cancel.cancel();
    });
    let mut pieces = 0;
    let err = model
        .complete_streaming(&ModelRequest::new(question()), &mut |_| pieces += 1)
        .unwrap_err();
    stopper.join().unwrap();
    assert!(matches!(err, ModelError::Cancelled), "{err}");
    assert_eq!(pieces, 0);
    // The next call is not affected.
    assert!(model.complete(&ModelRequest::new(question())).is_ok());
}

#[test]
fn the_client_works_from_inside_a_tokio_runtime() {
    let fake = Fake::new(SESSION, Thresholds::default());
    let mut model = openai(fake.config());
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let reply = rt.block_on(async { model.complete(&ModelRequest::new(question())) });
    assert!(reply.is_ok());
}

#[test]
fn retrieval_with_a_real_model_logs_its_planner_call() {
    let theta = Thresholds::default();
    let fake = Fake::new(SESSION, theta);
    let dir = tempfile::tempdir().unwrap();
    let (mut engine, _) = ingest(&dir.path().join("a.db"), openai(fake.config()), SESSION, theta);
    let head = engine.log().head();
    let opts = rgmem::engine::AskOptions {
        log: true,
        ..Default::default()
    };
    let answer = engine
        .ask("How often does Alex lift weights?", &opts, &mut |_| {})
        .unwrap();
    assert!(!answer.context.items.is_empty());
    let [record, _answer_call] = answer.records.as_slice() else {
        panic!("{:?}", answer.records)
    };
    assert!(
        matches!(
            &record.event,
            Event::ModelCalled {
                purpose: Purpose::Planner,
                ..
            }
        ),
        "{record:?}"
    );
    assert_eq!(record.seq.0, head.0 + 1, "the planner call is appended to the log");
}
