//! Model calls outside the memory update (a chat reply, an answer to a question): streamed to
//! the caller and logged as their own step, so their cost shows in `log --cost` and the memory's
//! usage, while the memory itself does not change.

use super::Engine;
use crate::error::Result;
use crate::event::{Event, EventRecord};
use crate::model::{Completion, ModelRequest, Task};

impl Engine {
    /// Asks the model for `task`, handing the reply out as it streams, and logs the call.
    /// A failed call is logged as `model_failed` and returned as the error.
    pub fn ask_streaming(
        &mut self,
        task: Task,
        on_token: &mut dyn FnMut(&str),
    ) -> Result<(
        std::result::Result<Completion, crate::model::ModelError>,
        Vec<EventRecord>,
    )> {
        let request = ModelRequest::new(task);
        let outcome = self.model.complete_streaming(&request, on_token);
        let model = self.model.name();
        let event = match &outcome {
            Ok(c) => Event::ModelCalled {
                purpose: request.purpose,
                model,
                prompt: request.prompt.clone(),
                reply: c.reply.clone(),
                tokens_in: c.tokens_in,
                tokens_out: c.tokens_out,
                latency_ms: c.latency_ms,
            },
            Err(e) => Event::ModelFailed {
                purpose: request.purpose,
                model,
                prompt: request.prompt.clone(),
                reply: String::new(),
                error: e.to_string(),
            },
        };
        let records = self.run(|step| step.emit(event))?;
        Ok((outcome, records))
    }
}
