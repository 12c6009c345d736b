//! Re-planning a step after another process moved the log: the step is planned again on the
//! new head, and the model is not asked again for what it already answered (issue 23).

use super::*;
use crate::model::{Cancel, Completion, ModelError, ModelRequest};
use crate::rules::OfflineModel;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The offline model, counting its calls; at the first, another writer appends to the same
/// file, so the step that call was made for fails to commit and is planned again.
struct Intruded {
    path: PathBuf,
    calls: Arc<AtomicUsize>,
    /// Whether it stands for a model that waits on a server (the step suspends on each call).
    waits: bool,
}

impl Model for Intruded {
    fn name(&self) -> String {
        "offline".into()
    }

    fn generative(&self) -> bool {
        false
    }

    fn canceller(&self) -> Option<Cancel> {
        self.waits.then(Cancel::new)
    }

    fn complete(&mut self, request: &ModelRequest) -> std::result::Result<Completion, ModelError> {
        if self.calls.fetch_add(1, Ordering::SeqCst) == 0 {
            // Thresholds no operator reaches in this short talk, so the re-plan takes the
            // same path and makes the same requests.
            let mut other = Engine::open(Log::open(&self.path).unwrap(), Box::new(OfflineModel)).unwrap();
            other
                .set_thresholds(Thresholds {
                    theta_inf: 50,
                    theta_sum: 50,
                })
                .unwrap();
        }
        OfflineModel.complete(request)
    }
}

fn turn(index: u32, text: &str) -> TurnInput {
    TurnInput {
        speaker: "user".into(),
        text: text.into(),
        time: None,
        session: 1,
        index,
        source_ref: None,
        attachments: Vec::new(),
    }
}

/// Calls made, and calls the log recorded, for a short talk whose first model call is made
/// while another writer moves the log.
fn calls_when_the_log_moves(waits: bool) -> (usize, usize) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.db");
    let calls = Arc::new(AtomicUsize::new(0));
    let model = Intruded {
        path: path.clone(),
        calls: Arc::clone(&calls),
        waits,
    };
    let mut e = Engine::open(Log::open(&path).unwrap(), Box::new(model)).unwrap();
    e.ingest(&turn(0, "I lift weights on Mondays at the gym."), "Alex")
        .unwrap();
    e.ingest(&turn(1, "My knee hurts after squats, so I swim instead."), "Alex")
        .unwrap();
    e.finish().unwrap();
    let all = e.log().all().unwrap();
    assert!(
        all.iter()
            .any(|r| matches!(r.event, Event::ThresholdsChanged { theta_inf: 50, .. })),
        "the other writer's event is in the log, so a step was planned again"
    );
    let recorded = all.iter().filter(|r| r.event.kind() == "model_called").count();
    assert!(recorded > 0, "the talk asked the model");
    assert_eq!(
        *e.memory(),
        fold_records(&all),
        "the re-planned step is the one committed"
    );
    (calls.load(Ordering::SeqCst), recorded)
}

#[test]
fn a_replanned_step_asks_an_inline_model_nothing_it_answered_before() {
    let (made, recorded) = calls_when_the_log_moves(false);
    assert_eq!(made, recorded);
}

#[test]
fn a_replanned_step_asks_a_server_nothing_it_answered_before() {
    let (made, recorded) = calls_when_the_log_moves(true);
    assert_eq!(made, recorded);
}
