//! Model calls outside the memory update (a chat reply, an answer to a question): streamed to
//! the caller and logged as their own step, so their cost shows in `log --cost` and the memory's
//! usage, while the memory itself does not change.

use super::Engine;
use crate::error::Result;
use crate::event::{Event, EventRecord};
use crate::model::{Completion, ModelRequest, Task};
use crate::retrieval::embed::Embedder;
use crate::retrieval::{Budgets, Context, Plan, Retriever};

impl Engine {
    /// L2 retrieval at head for a question: the offline model plans by rules and embeds with the
    /// built-in embedder; a real model plans with the planner prompt (a logged call, whose records
    /// are returned) and embeds through its endpoint.
    pub fn retrieve(&mut self, question: &str, budgets: &Budgets) -> Result<(Context, Vec<EventRecord>)> {
        let offline = self.model.name() == "offline";
        let (plan, records) = if offline {
            (Plan::rules(question), Vec::new())
        } else {
            let task = Task::Plan {
                question: question.to_string(),
            };
            let (outcome, records) = self.ask_streaming(task, &mut |_| {})?;
            let reply = outcome.ok().map(|c| c.reply);
            (Plan::from_reply(reply.as_deref(), question, self.model.name()), records)
        };
        let retriever = Retriever::new(&self.log, &self.memory, self.log.head())?;
        let mut embedder = if offline {
            Embedder::Builtin
        } else {
            Embedder::Model(self.model.as_mut())
        };
        Ok((retriever.retrieve(question, plan, budgets, &mut embedder)?, records))
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
        let records = self.run(|step| step.emit(event))?;
        Ok((outcome, records))
    }
}
