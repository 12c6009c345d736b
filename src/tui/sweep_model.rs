//! The phase view's models. With `--model openai`, [`RecordedFirst`]: replies the memory file
//! already recorded are reused (a sweep asks many of the prompts the live run asked), and only a
//! prompt with none goes to the live model; `:phase` asks before it starts such a sweep
//! (`Confirm::Sweep`). Every sweep's model is [`Stoppable`]: once Esc cancels the sweep, no
//! further call reaches the model, so a cancelled sweep stops spending at once rather than after
//! the θ in progress.

use rgmem::event::Purpose;
use rgmem::log::recorded::RecordedModel;
use rgmem::model::{Cancel, Completion, Model, ModelError, ModelRequest, OutputMode};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Recorded replies first, then the live model.
pub struct RecordedFirst {
    recorded: RecordedModel,
    live: Box<dyn Model>,
}

impl RecordedFirst {
    /// Answers from `recorded` where it can, else from `live`.
    #[must_use]
    pub fn new(recorded: RecordedModel, live: Box<dyn Model>) -> Self {
        Self { recorded, live }
    }
}

impl Model for RecordedFirst {
    fn name(&self) -> String {
        self.live.name()
    }

    fn complete(&mut self, request: &ModelRequest) -> Result<Completion, ModelError> {
        match self.recorded.complete(request) {
            Err(ModelError::NotRecorded(_)) => self.live.complete(request),
            answered => answered,
        }
    }

    /// The format the live run recorded its calls in, so the same prompts come back and find
    /// their replies; a purpose never recorded asks the live model.
    fn output_mode(&mut self, purpose: Purpose) -> OutputMode {
        if self.recorded.is_empty() {
            self.live.output_mode(purpose)
        } else {
            self.recorded.output_mode(purpose)
        }
    }

    fn embed(&mut self, texts: &[String]) -> Option<Result<Vec<Vec<f32>>, ModelError>> {
        self.live.embed(texts)
    }

    fn generative(&self) -> bool {
        self.live.generative()
    }

    fn canceller(&self) -> Option<rgmem::model::Cancel> {
        self.live.canceller()
    }

    fn endpoint(&self) -> Option<String> {
        self.live.endpoint()
    }
}

/// A sweep's model that refuses every call once its sweep is cancelled.
pub struct Stoppable {
    inner: Box<dyn Model>,
    cancelled: Arc<AtomicBool>,
}

impl Stoppable {
    /// Wraps `inner`; calls fail from the moment `cancelled` is set.
    #[must_use]
    pub fn new(inner: Box<dyn Model>, cancelled: Arc<AtomicBool>) -> Self {
        Self { inner, cancelled }
    }

    fn check(&self) -> Result<(), ModelError> {
        if self.cancelled.load(Ordering::Relaxed) {
            Err(ModelError::Other("the sweep was cancelled".into()))
        } else {
            Ok(())
        }
    }
}

impl Model for Stoppable {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn complete(&mut self, request: &ModelRequest) -> Result<Completion, ModelError> {
        self.check()?;
        self.inner.complete(request)
    }

    fn output_mode(&mut self, purpose: Purpose) -> OutputMode {
        self.inner.output_mode(purpose)
    }

    fn embed(&mut self, texts: &[String]) -> Option<Result<Vec<Vec<f32>>, ModelError>> {
        if let Err(e) = self.check() {
            return Some(Err(e));
        }
        self.inner.embed(texts)
    }

    fn generative(&self) -> bool {
        self.inner.generative()
    }

    fn canceller(&self) -> Option<Cancel> {
        self.inner.canceller()
    }

    fn endpoint(&self) -> Option<String> {
        self.inner.endpoint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rgmem::event::Event;
    use rgmem::model::Task;

    /// Counts the calls that reach it.
    struct Live(u32);

    impl Model for Live {
        fn name(&self) -> String {
            "openai:test".into()
        }
        fn complete(&mut self, _: &ModelRequest) -> Result<Completion, ModelError> {
            self.0 += 1;
            Ok(Completion {
                mode: OutputMode::Text,
                reply: "live".into(),
                tokens_in: 1,
                tokens_out: 1,
                latency_ms: 0,
            })
        }
    }

    #[test]
    fn a_recorded_prompt_is_answered_from_the_log_and_only_the_rest_reach_the_model() {
        let asked = ModelRequest::new(Task::Plan { question: "q".into() });
        let recorded = RecordedModel::from_events(&[Event::ModelCalled {
            purpose: asked.purpose,
            model: "openai:test".into(),
            prompt: asked.prompt.clone(),
            reply: "recorded".into(),
            tokens_in: 3,
            tokens_out: 4,
            latency_ms: 9,
            mode: OutputMode::Text,
        }]);
        let mut model = RecordedFirst::new(recorded, Box::new(Live(0)));
        assert_eq!(model.complete(&asked).unwrap().reply, "recorded");
        let other = ModelRequest::new(Task::Plan {
            question: "another".into(),
        });
        assert_eq!(model.complete(&other).unwrap().reply, "live");
        assert_eq!(model.name(), "openai:test");
    }

    #[test]
    fn a_cancelled_sweep_calls_the_model_no_more() {
        let cancelled = Arc::new(AtomicBool::new(false));
        let mut model = Stoppable::new(Box::new(Live(0)), cancelled.clone());
        let request = ModelRequest::new(Task::Plan { question: "q".into() });
        assert_eq!(model.complete(&request).unwrap().reply, "live");
        cancelled.store(true, Ordering::Relaxed);
        let err = model.complete(&request).unwrap_err();
        assert_eq!(err.to_string(), "the sweep was cancelled");
    }
}
