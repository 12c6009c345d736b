//! `--model recorded`: answers every call from replies already recorded, in a log (its
//! `model_called` / `model_failed` events) or in a session file (its `{"model_call": ...}`
//! lines), with no network.
//!
//! Replies are keyed by purpose and prompt and served in recorded order, so an ingest of the
//! same session with the same θ asks the same prompts in the same order and gets the same
//! replies, tokens, latencies, model names and failures: the new log is the old one byte for
//! byte apart from `logged_at`. A key asked more often than recorded gets its last reply again.

use super::Log;
use crate::error::{Error, Result};
use crate::event::{Event, Purpose};
use crate::formats::session::{RecordedCall, SessionFile};
use crate::model::{Completion, Model, ModelError, ModelRequest, OutputMode};
use std::collections::{HashMap, VecDeque};
use std::path::Path;

/// The name reported before any recorded reply was served, or after a miss.
pub const NAME: &str = "recorded";

/// One recorded outcome of a call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recording {
    /// The model that answered.
    pub model: String,
    /// The completion, or the error text of a call that failed.
    pub outcome: std::result::Result<Completion, String>,
}

impl RecordedCall {
    /// The line for a recorded call event; `None` for other events and for derived failures.
    #[must_use]
    pub fn from_event(event: &Event) -> Option<Self> {
        match event {
            Event::ModelCalled {
                purpose,
                model,
                prompt,
                reply,
                tokens_in,
                tokens_out,
                latency_ms,
                mode,
            } => Some(Self {
                purpose: *purpose,
                model: Some(model.clone()),
                prompt: prompt.clone(),
                reply: reply.clone(),
                tokens_in: *tokens_in,
                tokens_out: *tokens_out,
                latency_ms: *latency_ms,
                error: None,
                mode: *mode,
            }),
            Event::ModelFailed {
                purpose,
                model,
                prompt,
                error,
                failure,
                ..
            // Parse and grounding failures the engine derives again on replay: not outcomes.
            } if failure.is_call() => {
                Some(Self {
                    purpose: *purpose,
                    model: Some(model.clone()),
                    prompt: prompt.clone(),
                    reply: String::new(),
                    tokens_in: 0,
                    tokens_out: 0,
                    latency_ms: 0,
                    error: Some(error.clone()),
                    mode: OutputMode::Text,
                })
            }
            _ => None,
        }
    }

    fn recording(self) -> Recording {
        let model = self.model.unwrap_or_else(|| NAME.into());
        let outcome = match self.error {
            Some(error) => Err(error),
            None => Ok(Completion {
                mode: self.mode,
                reply: self.reply,
                tokens_in: self.tokens_in,
                tokens_out: self.tokens_out,
                latency_ms: self.latency_ms,
            }),
        };
        Recording { model, outcome }
    }
}

#[derive(Debug, Clone, Default)]
struct Queue {
    waiting: VecDeque<Recording>,
    last: Option<Recording>,
}

/// The recorded model.
#[derive(Debug, Clone, Default)]
pub struct RecordedModel {
    queues: HashMap<(Purpose, String), Queue>,
    recorded: usize,
    last_model: Option<String>,
    /// The reply format each purpose's calls were recorded in, so replay renders the same prompts.
    modes: HashMap<Purpose, OutputMode>,
}

impl RecordedModel {
    /// An empty recording.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds an outcome for a purpose and prompt, after those already recorded for them.
    pub fn push(&mut self, purpose: Purpose, prompt: String, recording: Recording) {
        self.queues
            .entry((purpose, prompt))
            .or_default()
            .waiting
            .push_back(recording);
        self.recorded = self.recorded.saturating_add(1);
    }

    /// How many outcomes were recorded.
    #[must_use]
    pub fn len(&self) -> usize {
        self.recorded
    }

    /// Whether nothing was recorded.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.recorded == 0
    }

    /// The outcomes recorded in a sequence of events.
    pub fn from_events<'a>(events: impl IntoIterator<Item = &'a Event>) -> Self {
        let mut out = Self::new();
        for event in events {
            if let Some(line) = RecordedCall::from_event(event) {
                out.push_line(line);
            }
        }
        out
    }

    /// The outcomes on a log's current branch (the ancestor chain of its head).
    pub fn from_log(log: &dyn super::EventStore) -> Result<Self> {
        let chain: std::collections::BTreeSet<_> = log.chain(log.head()).into_iter().collect();
        let records = log.all()?;
        Ok(Self::from_events(
            records.iter().filter(|r| chain.contains(&r.seq)).map(|r| &r.event),
        ))
    }

    /// The `model_call` lines of session text; the text must be a valid session file.
    pub fn from_session_text(text: &str, origin: &str) -> Result<Self> {
        let mut out = Self::new();
        for call in SessionFile::parse(text, origin)?.model_calls {
            out.push_line(call);
        }
        Ok(out)
    }

    /// Reads a recording from a log file (SQLite) or a session file (JSON lines).
    pub fn from_path(path: &Path) -> Result<Self> {
        let io = |source| Error::Io {
            path: path.display().to_string(),
            source,
        };
        let bytes = std::fs::read(path).map_err(io)?;
        if bytes.starts_with(b"SQLite format 3\0") {
            return Self::from_log(&Log::open(path)?);
        }
        let text = String::from_utf8(bytes).map_err(|_| Error::BadInput {
            path: path.display().to_string(),
            line: 0,
            message: "neither a memory file nor a UTF-8 session file".into(),
        })?;
        Self::from_session_text(&text, &path.display().to_string())
    }

    fn push_line(&mut self, line: RecordedCall) {
        if line.error.is_none() && line.purpose != Purpose::Repair {
            self.modes.insert(line.purpose, line.mode);
        }
        let prompt = line.prompt.clone();
        self.push(line.purpose, prompt, line.recording());
    }

    fn take(&mut self, purpose: Purpose, prompt: &str) -> Option<Recording> {
        let queue = self.queues.get_mut(&(purpose, prompt.to_string()))?;
        match queue.waiting.pop_front() {
            Some(r) => {
                queue.last = Some(r.clone());
                Some(r)
            }
            None => queue.last.clone(),
        }
    }
}

impl Model for RecordedModel {
    /// The model that answered the last call, so replayed events name the original model.
    fn name(&self) -> String {
        self.last_model.clone().unwrap_or_else(|| NAME.into())
    }

    fn output_mode(&mut self, purpose: Purpose) -> OutputMode {
        self.modes.get(&purpose).copied().unwrap_or_default()
    }

    /// Replies recorded from the offline model replay as the offline model's.
    fn generative(&self) -> bool {
        self.last_model.as_deref() != Some("offline")
    }

    fn complete(&mut self, request: &ModelRequest) -> std::result::Result<Completion, ModelError> {
        let Some(recording) = self.take(request.purpose, &request.prompt) else {
            self.last_model = None;
            return Err(ModelError::NotRecorded(request.purpose.name().into()));
        };
        self.last_model = Some(recording.model);
        recording.outcome.map_err(ModelError::Other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Task;

    fn called(prompt: &str, reply: &str, model: &str) -> Event {
        Event::ModelCalled {
            purpose: Purpose::Planner,
            model: model.into(),
            prompt: prompt.into(),
            reply: reply.into(),
            tokens_in: 3,
            tokens_out: 4,
            latency_ms: 250,
            mode: crate::model::OutputMode::Text,
        }
    }

    #[test]
    fn replies_come_back_in_order_then_repeat() {
        let task = Task::Plan { question: "q".into() };
        let prompt = ModelRequest::new(task.clone()).prompt;
        let events = [
            called(&prompt, "one", "openai:a"),
            called(&prompt, "two", "openai:a"),
            Event::ModelFailed {
                purpose: Purpose::Planner,
                model: "openai:b".into(),
                prompt: prompt.clone(),
                reply: "x".into(),
                error: "reply did not parse (bad)".into(),
                failure: crate::event::FailureKind::Parse,
            },
        ];
        let mut m = RecordedModel::from_events(&events);
        assert_eq!(m.len(), 2);
        let req = ModelRequest::new(task);
        assert_eq!(m.name(), NAME);
        let c = m.complete(&req).unwrap();
        assert_eq!((c.reply.as_str(), c.latency_ms, c.tokens_out), ("one", 250, 4));
        assert_eq!(m.name(), "openai:a");
        assert_eq!(m.complete(&req).unwrap().reply, "two");
        assert_eq!(m.complete(&req).unwrap().reply, "two");
        let other = ModelRequest::new(Task::Plan {
            question: "else".into(),
        });
        assert!(matches!(m.complete(&other), Err(ModelError::NotRecorded(_))));
        assert_eq!(m.name(), NAME);
    }

    #[test]
    fn failures_replay_with_their_error_text() {
        let req = ModelRequest::new(Task::Plan { question: "q".into() });
        let events = [Event::ModelFailed {
            purpose: Purpose::Planner,
            model: "openai:m".into(),
            prompt: req.prompt.clone(),
            reply: String::new(),
            error: "model call timed out after 5 ms".into(),
            failure: crate::event::FailureKind::Call,
        }];
        let mut m = RecordedModel::from_events(&events);
        let err = m.complete(&req).unwrap_err();
        assert_eq!(err.to_string(), "model call timed out after 5 ms");
    }

    #[test]
    fn session_lines_are_read_and_checked() {
        let line = RecordedCall::from_event(&called("p", "r", "openai:a")).unwrap();
        let text = format!(
            "{{\"speaker\":\"user\",\"text\":\"hi\"}}\n{}\n",
            serde_json::json!({ "model_call": line })
        );
        let m = RecordedModel::from_session_text(&text, "s.jsonl").unwrap();
        assert_eq!(m.len(), 1);
        let bad = "{\"model_call\":{\"purpose\":\"nonsense\",\"prompt\":\"p\",\"reply\":\"r\"}}";
        let err = RecordedModel::from_session_text(bad, "s.jsonl")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("s.jsonl:1:"), "{err}");
    }
}
