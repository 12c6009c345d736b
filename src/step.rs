//! One step: the in-progress transaction of events and model calls. It sits below `engine/`,
//! `ingest/` and `operators/`, which all work through it. Events are applied to the memory as
//! they are produced, so later decisions in the same step see earlier results, and the engine
//! commits the whole step at once.

use crate::event::Event;
use crate::memory::Memory;
use crate::model::parse::ParseError;
use crate::model::recorded::{GROUNDING_FAILURE_PREFIX, PARSE_FAILURE_PREFIX};
use crate::model::{Model, ModelRequest, Task, grounding};

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
    /// [`grounding`]), gets one repair request quoting the error; if that fails too, a
    /// `model_failed` event is recorded and the caller skips its work, to be retried at a later
    /// step.
    pub fn call<T>(&mut self, task: Task, parse: impl Fn(&str) -> Result<T, ParseError>) -> Option<T> {
        let request = ModelRequest::for_model(task, self.model);
        // (value, or the error and whether it is a grounding failure rather than a parse one)
        let checked = |reply: &str| match parse(reply) {
            Ok(value) => match grounding::check(&request.task, request.mode, reply) {
                Ok(()) => Ok(value),
                Err(reason) => Err((ParseError(reason), true)),
            },
            Err(e) => Err((e, false)),
        };
        let reply = self.complete(&request)?;
        let (first_error, ungrounded) = match checked(&reply) {
            Ok(v) => return Some(v),
            Err(e) => e,
        };
        let first = if ungrounded {
            format!("{GROUNDING_FAILURE_PREFIX} ({first_error})")
        } else {
            format!("{PARSE_FAILURE_PREFIX} ({first_error})")
        };
        let repair = ModelRequest::with_mode(
            Task::Repair {
                original: Box::new(request.task.clone()),
                reply: reply.clone(),
                error: first_error.0.clone(),
            },
            request.mode,
        );
        let repaired = self.complete(&repair);
        let (last_reply, error) = match repaired {
            Some(r) => match checked(&r) {
                Ok(v) => return Some(v),
                Err((e, ungrounded)) => {
                    let why = if ungrounded {
                        "was not grounded either"
                    } else {
                        "did not parse either"
                    };
                    (r, format!("{first}; repair {why} ({e})"))
                }
            },
            None => (reply, format!("{first}; the repair request failed")),
        };
        self.emit(Event::ModelFailed {
            purpose: request.purpose,
            model: self.model.name(),
            prompt: request.prompt,
            reply: last_reply,
            error,
        });
        None
    }

    /// One raw call, logged either way.
    fn complete(&mut self, request: &ModelRequest) -> Option<String> {
        match self.model.complete(request) {
            Ok(c) => {
                self.emit(Event::ModelCalled {
                    purpose: request.purpose,
                    model: self.model.name(),
                    prompt: request.prompt.clone(),
                    reply: c.reply.clone(),
                    tokens_in: c.tokens_in,
                    tokens_out: c.tokens_out,
                    latency_ms: c.latency_ms,
                    mode: c.mode,
                });
                Some(c.reply)
            }
            Err(e) => {
                self.emit(Event::ModelFailed {
                    purpose: request.purpose,
                    model: self.model.name(),
                    prompt: request.prompt.clone(),
                    reply: String::new(),
                    error: e.to_string(),
                });
                None
            }
        }
    }
}
