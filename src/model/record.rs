//! The log entries a model call becomes: the one place a [`Completion`] turns into
//! `Event::ModelCalled`, and a failure into `Event::ModelFailed`, for a step's calls and the
//! engine's streamed answers alike.

use super::{Completion, ModelRequest};
use crate::event::{Event, FailureKind};

impl ModelRequest {
    /// The record of `model` answering this request with `c`.
    #[must_use]
    pub fn called(&self, model: String, c: &Completion) -> Event {
        Event::ModelCalled {
            purpose: self.purpose,
            model,
            prompt: self.prompt.clone(),
            reply: c.reply.clone(),
            tokens_in: c.tokens_in,
            tokens_out: c.tokens_out,
            latency_ms: c.latency_ms,
            mode: c.mode,
        }
    }

    /// The record of this request failing for good: `reply` is the last one, if any came.
    #[must_use]
    pub fn failed(&self, model: String, reply: String, error: String, failure: FailureKind) -> Event {
        Event::ModelFailed {
            purpose: self.purpose,
            model,
            prompt: self.prompt.clone(),
            reply,
            error,
            failure,
        }
    }
}
