//! Model calls outside the memory update (a chat reply, an answer to a question): streamed to
//! the caller and logged as their own step, so their cost shows in `log --cost` and the memory's
//! usage, while the memory itself does not change.

use super::Engine;
use crate::error::Result;
use crate::event::{Event, EventRecord};
use crate::model::{Completion, ModelRequest, Task};
use crate::retrieval::{Budgets, Context, Plan, Retriever};

impl Engine {
    /// L2 retrieval at head for a question: the model plans it (`Task::Plan`, a logged call whose
    /// records are returned) and embeds through its endpoint, or the built-in embedder when it has none.
    pub fn retrieve(&mut self, question: &str, budgets: &Budgets) -> Result<(Context, Vec<EventRecord>)> {
        let task = Task::Plan {
            question: question.to_string(),
        };
        let (outcome, records) = self.ask_streaming(task, &mut |_| {})?;
        let reply = outcome.ok().map(|c| c.reply);
        let plan = Plan::from_reply(reply.as_deref(), question, self.model.name());
        let retriever = Retriever::new(&self.log, &self.memory, self.log.head())?;
        Ok((
            retriever.retrieve(question, plan, budgets, self.model.as_mut())?,
            records,
        ))
    }

    /// The person a question is about (named in it), else every tracked person.
    #[must_use]
    pub fn person_for_question(&self, context: &Context) -> String {
        context.person.clone().unwrap_or_else(|| {
            self.memory
                .roots()
                .map(|r| r.name.clone())
                .collect::<Vec<_>>()
                .join(" and ")
        })
    }

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
                mode: c.mode,
            },
            Err(e) => Event::ModelFailed {
                purpose: request.purpose,
                model,
                prompt: request.prompt.clone(),
                reply: String::new(),
                error: e.to_string(),
            },
        };
        let records = self.run(|step| step.emit(event.clone()))?;
        Ok((outcome, records))
    }
}
