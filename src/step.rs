//! One step: the in-progress transaction of events and model calls. It sits below `engine/`,
//! `ingest/` and `operators/`, which all work through it. Events are applied to the memory as
//! they are produced, so later decisions in the same step see earlier results, and the engine
//! commits the whole step at once.

use crate::event::Event;
use crate::memory::Memory;
use crate::model::parse::ParseError;
use crate::model::{Model, ModelRequest, Task};

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

    /// Applies and records an event.
    pub fn emit(&mut self, event: Event) {
        self.memory.apply(&event);
        self.events.push(event);
    }

    /// Calls the model and parses its reply. A reply that does not parse gets one repair
    /// request quoting the error; if that fails too, a `model_failed` event is recorded and the
    /// caller skips its work, to be retried at a later step.
    pub fn call<T>(&mut self, task: Task, parse: impl Fn(&str) -> Result<T, ParseError>) -> Option<T> {
        let request = ModelRequest::new(task);
        let reply = self.complete(&request)?;
        let first_error = match parse(&reply) {
            Ok(v) => return Some(v),
            Err(e) => e,
        };
        let repair = ModelRequest::new(Task::Repair {
            original: Box::new(request.task.clone()),
            reply: reply.clone(),
            error: first_error.0.clone(),
        });
        let repaired = self.complete(&repair);
        let (last_reply, error) = match repaired {
            Some(r) => match parse(&r) {
                Ok(v) => return Some(v),
                Err(e) => (
                    r,
                    format!("reply did not parse ({first_error}); repair did not parse either ({e})"),
                ),
            },
            None => (
                reply,
                format!("reply did not parse ({first_error}); the repair request failed"),
            ),
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
