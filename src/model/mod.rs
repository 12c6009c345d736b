//! The `Model` trait and the tasks the engine asks of a model.
//!
//! A [`ModelRequest`] carries both the rendered prompt (what an LLM sees and what the log
//! records) and the structured [`Task`] it was rendered from, so the offline model
//! ([`crate::rules`], which imports this module and is never imported by it) can do the work by
//! rules instead of re-reading its own prompt. Replies always come back as text in the
//! paper's formats and go through the same parsers in [`parse`], whichever model wrote them.

mod cancel;
pub mod clean;
pub mod context;
pub mod grounding;
pub mod openai;
pub mod parse;
pub mod prompts;
pub mod prune;
mod record;
pub mod schema;
mod shows;
pub mod structured;
mod task;

pub use cancel::Cancel;
pub use context::{AnswerContext, ContextItem, Note, Said, Shows, SlotLine};
pub use schema::OutputMode;
pub use shows::day_of;
pub use shows::{Profile, ProfileBullet, Told};
pub use task::{ChildSummary, EvidenceItem, EvidenceKind, Task};

use crate::event::Purpose;
use thiserror::Error;

/// One call: what it is for, the prompt, and the task behind the prompt.
#[derive(Debug, Clone)]
pub struct ModelRequest {
    /// What the call is for.
    pub purpose: Purpose,
    /// The rendered prompt.
    pub prompt: String,
    /// The structured task the prompt was rendered from.
    pub task: Task,
    /// The reply format asked for (a repair asks in its original's mode).
    pub mode: OutputMode,
    /// A sampling temperature for this call instead of the configured one: a retry of a
    /// rejected reply samples, so a deterministic model does not write the same reply again.
    pub temperature: Option<f32>,
}

impl ModelRequest {
    /// Renders the task's prompt for the paper's text formats.
    #[must_use]
    pub fn new(task: Task) -> Self {
        Self::with_mode(task, OutputMode::Text)
    }

    /// Renders the task's prompt for a reply format.
    #[must_use]
    pub fn with_mode(task: Task, mode: OutputMode) -> Self {
        // Free-text tasks have no structured form.
        // The schema's text, not its parse: every built-in schema parses (its tests say so).
        let mode = if schema::schema_text(structured_purpose(&task)).is_some() {
            mode
        } else {
            OutputMode::Text
        };
        Self {
            purpose: task.purpose(),
            prompt: task.render_for(mode),
            task,
            mode,
            temperature: None,
        }
    }

    /// The same request, sampled at `temperature`.
    #[must_use]
    pub fn sampled(mut self, temperature: f32) -> Self {
        self.temperature = Some(temperature);
        self
    }

    /// Renders the task's prompt in the format the model asks for.
    #[must_use]
    pub fn for_model(task: Task, model: &mut dyn Model) -> Self {
        let mode = model.output_mode(structured_purpose(&task));
        Self::with_mode(task, mode)
    }

    /// The schema the reply must follow in structured mode (a repair follows its original's).
    #[must_use]
    pub fn response_format(&self) -> Option<String> {
        (self.mode == OutputMode::JsonSchema)
            .then(|| schema::response_format(structured_purpose(&self.task)))
            .flatten()
    }
}

/// The purpose whose schema a task's reply follows: a repair's original's.
fn structured_purpose(task: &Task) -> Purpose {
    match task {
        Task::Repair { original, .. } => structured_purpose(original),
        other => other.purpose(),
    }
}

/// A model's answer plus what it cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Completion {
    /// The reply format the server was held to (a server that refused a schema answers in text).
    pub mode: OutputMode,
    /// The raw reply text.
    pub reply: String,
    /// Prompt tokens, from the server's usage or counted.
    pub tokens_in: u32,
    /// Reply tokens.
    pub tokens_out: u32,
    /// Wall time.
    pub latency_ms: u64,
}

/// Why a call produced no reply.
#[derive(Debug, Clone, Error)]
pub enum ModelError {
    /// The server could not be reached or kept failing.
    #[error("model unreachable: {0}")]
    Unreachable(String),
    /// The server refused the request (bad key, unknown model, …).
    #[error("model refused the request: {0}")]
    Refused(String),
    /// The call timed out.
    #[error("model call timed out after {0} ms")]
    Timeout(u64),
    /// The call was cancelled.
    #[error("model call cancelled")]
    Cancelled,
    /// A recorded model has no reply for this prompt.
    #[error("no recorded reply for this {0} prompt")]
    NotRecorded(String),
    /// The reply stopped at its token cap, also after a retry with a larger cap: asking
    /// again would stop there again.
    #[error("{0}")]
    CutOff(String),
    /// Anything else.
    #[error("{0}")]
    Other(String),
}

/// Something that answers prompts.
pub trait Model: Send {
    /// Name recorded in the log ("offline", "openai:gpt-4o-mini", …).
    fn name(&self) -> String;

    /// Answers one request.
    fn complete(&mut self, request: &ModelRequest) -> Result<Completion, ModelError>;

    /// Answers one request, handing out the reply as it arrives. Models that cannot stream
    /// hand it out whole.
    fn complete_streaming(
        &mut self,
        request: &ModelRequest,
        on_token: &mut dyn FnMut(&str),
    ) -> Result<Completion, ModelError> {
        let completion = self.complete(request)?;
        on_token(&completion.reply);
        Ok(completion)
    }

    /// The reply format this model wants for a purpose: structured where its server decodes
    /// under a JSON schema, else the paper's text formats.
    fn output_mode(&mut self, _purpose: Purpose) -> OutputMode {
        OutputMode::Text
    }

    /// Embeds texts, when the model has an embedding endpoint. `None` means: use the built-in embedder.
    fn embed(&mut self, _texts: &[String]) -> Option<Result<Vec<Vec<f32>>, ModelError>> {
        None
    }

    /// What a reader should know about this model's answers, shown beside them (never stored
    /// with them): the offline model picks spans from memory instead of writing an answer.
    fn answer_note(&self) -> Option<&'static str> {
        None
    }

    /// A handle another thread can use to cancel this model's calls in flight. `None` for
    /// models whose calls cannot block (offline, recorded).
    fn canceller(&self) -> Option<Cancel> {
        None
    }

    /// An independent copy for another thread, where every reply is a function of the request
    /// alone (the offline rules): work that needs several independent calls, such as the units
    /// of one segment, can then be made on several cores with the same result. `None` for a
    /// model with state or a server, which is always asked in order.
    fn fork(&self) -> Option<Box<dyn Model>> {
        None
    }

    /// Whether the model writes free text that may name things its input never said (a
    /// language model), so its entity paths are checked against the unit. The offline model
    /// maps the person's words to its lexicon's names by rule and is not.
    fn generative(&self) -> bool {
        true
    }

    /// The server this model calls (its base URL), so a caller can check it is reachable
    /// before the first call. `None` for models that call no server.
    fn endpoint(&self) -> Option<String> {
        None
    }
}

impl<M: Model + ?Sized> Model for Box<M> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn complete(&mut self, request: &ModelRequest) -> Result<Completion, ModelError> {
        (**self).complete(request)
    }
    fn complete_streaming(
        &mut self,
        request: &ModelRequest,
        on_token: &mut dyn FnMut(&str),
    ) -> Result<Completion, ModelError> {
        (**self).complete_streaming(request, on_token)
    }
    fn output_mode(&mut self, purpose: Purpose) -> OutputMode {
        (**self).output_mode(purpose)
    }
    fn embed(&mut self, texts: &[String]) -> Option<Result<Vec<Vec<f32>>, ModelError>> {
        (**self).embed(texts)
    }
    fn answer_note(&self) -> Option<&'static str> {
        (**self).answer_note()
    }
    fn canceller(&self) -> Option<Cancel> {
        (**self).canceller()
    }
    fn fork(&self) -> Option<Box<dyn Model>> {
        (**self).fork()
    }
    fn generative(&self) -> bool {
        (**self).generative()
    }
    fn endpoint(&self) -> Option<String> {
        (**self).endpoint()
    }
}
