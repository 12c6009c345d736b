//! One step: the in-progress transaction of events and model calls. It sits below `engine/`,
//! `ingest/` and `operators/`, which all work through it. Events are applied to the memory as
//! they are produced, so later decisions in the same step see earlier results, and the engine
//! commits the whole step at once.

use crate::event::{Event, FailureKind};
use crate::memory::Memory;
use crate::model::parse::ParseError;
use crate::model::{Model, ModelError, ModelRequest, Task, grounding};

/// How the error of a failure opens when no reply parsed (its kind is `FailureKind::Parse`).
const PARSE_FAILURE_PREFIX: &str = "reply did not parse";

/// How the error of a failure opens when replies named what their input never did.
const GROUNDING_FAILURE_PREFIX: &str = "reply not grounded";

/// The temperature a repair request samples at.
pub const RETRY_TEMPERATURE: f32 = 0.7;

/// Why a call gave no value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallFailure {
    /// No reply came (the server is down, timed out, or the repair request failed): the work
    /// waits for a later step.
    Unavailable,
    /// Replies came and were rejected, the first and its repair: asking again would get the
    /// same, so the caller goes on without this work.
    Rejected,
}

/// The working state of one step.
pub struct Step<'a> {
    /// The memory, already reflecting every event of this step.
    pub memory: &'a mut Memory,
    model: &'a mut dyn Model,
    /// Events produced so far, in order.
    pub events: Vec<Event>,
    /// Approval mode: RK2/RK3 results become proposals.
    pub approve: bool,
}

impl<'a> Step<'a> {
    /// Starts a step over a memory.
    pub fn new(memory: &'a mut Memory, model: &'a mut dyn Model, approve: bool) -> Self {
        Self {
            memory,
            model,
            events: Vec::new(),
            approve,
        }
    }

    /// Whether the step's model is a language model (see [`Model::generative`]).
    #[must_use]
    pub fn generative(&self) -> bool {
        self.model.generative()
    }

    /// Applies and records an event.
    pub fn emit(&mut self, event: Event) {
        self.memory.apply(&event);
        self.events.push(event);
    }

    /// Calls the model and parses its reply, in the format the model asks for. A reply that
    /// does not parse, or names people or things absent from its input (see
    /// [`grounding`]), gets one repair request quoting the error, sampled at
    /// [`RETRY_TEMPERATURE`] so a deterministic model does not write the same reply again; if
    /// that fails too, a `model_failed` event is recorded and the caller skips its work.
    pub fn call<T>(&mut self, task: Task, parse: impl Fn(&str) -> Result<T, ParseError>) -> Option<T> {
        self.try_call(task, parse, "").ok()
    }

    /// [`Step::call`], saying why nothing came back. `on_reject` is appended to the
    /// `model_failed` reason of a rejected reply: what the caller does instead of retrying.
    pub fn try_call<T>(
        &mut self,
        task: Task,
        parse: impl Fn(&str) -> Result<T, ParseError>,
        on_reject: &str,
    ) -> Result<T, CallFailure> {
        let request = ModelRequest::for_model(task, self.model);
        let generative = self.model.generative();
        // (value, or the error and whether it is a grounding failure rather than a parse one)
        let checked = |reply: &str| {
            // A language model's list items that name what the input never did, copy the
            // instructions or were cut by the grammar are left out before the reply is read.
            let pruned = if generative {
                crate::model::prune::reply(&request.task, request.mode, reply)
            } else {
                reply.to_string()
            };
            match parse(&pruned) {
                Ok(value) => match grounding::check(&request.task, request.mode, &pruned) {
                    Ok(()) => Ok(value),
                    Err(reason) => Err((ParseError(reason), true)),
                },
                Err(e) => Err((e, false)),
            }
        };
        let reply = self.complete(&request, on_reject)?;
        let (first_error, ungrounded) = match checked(&reply) {
            Ok(v) => return Ok(v),
            Err(e) => e,
        };
        let (kind, first) = if ungrounded {
            (
                FailureKind::Grounding,
                format!("{GROUNDING_FAILURE_PREFIX} ({first_error})"),
            )
        } else {
            (FailureKind::Parse, format!("{PARSE_FAILURE_PREFIX} ({first_error})"))
        };
        let repair = ModelRequest::with_mode(
            Task::Repair {
                original: Box::new(request.task.clone()),
                reply: reply.clone(),
                error: first_error.0.clone(),
            },
            request.mode,
        )
        .sampled(RETRY_TEMPERATURE);
        let repaired = self.complete(&repair, "");
        let (last_reply, error, failure, kind) = match repaired {
            Ok(r) => match checked(&r) {
                Ok(v) => return Ok(v),
                Err((e, ungrounded)) => {
                    let why = if ungrounded {
                        "was not grounded either"
                    } else {
                        "did not parse either"
                    };
                    (
                        r,
                        format!("{first}; repair {why} ({e}; sampled at temperature {RETRY_TEMPERATURE}){on_reject}"),
                        CallFailure::Rejected,
                        kind,
                    )
                }
            },
            // Still a failure the replies began: a replay derives it again, as before kinds.
            Err(failure) => (
                reply,
                format!("{first}; the repair request failed{on_reject}"),
                failure,
                kind,
            ),
        };
        let name = self.model.name();
        self.emit(request.failed(name, last_reply, error, kind));
        Err(failure)
    }

    /// One raw call, logged either way; a failure says whether asking again could help.
    fn complete(&mut self, request: &ModelRequest, on_reject: &str) -> Result<String, CallFailure> {
        match self.model.complete(request) {
            Ok(c) => {
                let name = self.model.name();
                self.emit(request.called(name, &c));
                Ok(c.reply)
            }
            Err(e) => {
                let (failure, then) = match e {
                    ModelError::CutOff(_) => (CallFailure::Rejected, on_reject),
                    _ => (CallFailure::Unavailable, ""),
                };
                let name = self.model.name();
                self.emit(request.failed(name, String::new(), format!("{e}{then}"), FailureKind::Call));
                Err(failure)
            }
        }
    }
}
