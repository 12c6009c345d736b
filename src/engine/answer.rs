//! Answering from memory, the one path `rgmem ask`, `rgmem chat`, the inspector's chat and the
//! LoCoMo eval share: the model plans the question (`Task::Plan`), L2 retrieval assembles the
//! context, the model answers (`Task::Answer`) and the item the answer rests on is split off.
//! The calls are logged as their own step when the caller asks, so their cost shows in
//! `log --cost` and the memory's usage, while the memory itself does not change.

use super::Engine;
use crate::error::Result;
use crate::event::{EventRecord, FailureKind, Speaker};
use crate::formats::session::TurnInput;
use crate::ids::Seq;
use crate::log::EventStore;
use crate::model::{AnswerContext, Completion, ModelError, ModelRequest, Task};
use crate::retrieval::{Budgets, Context, Plan, Retriever};
use crate::time::Timestamp;

/// How a question is put to the memory.
#[derive(Debug, Clone, Default)]
pub struct AskOptions {
    /// Retrieval budgets, including the token cap.
    pub budgets: Budgets,
    /// Read the memory as it was at this seq instead of at head.
    pub at: Option<Seq>,
    /// Append the planner and answer calls to the log (chat does; `ask` and eval only read).
    pub log: bool,
}

/// An answer from memory.
#[derive(Debug, Clone)]
pub struct Answer {
    /// What retrieval gave the model.
    pub context: Context,
    /// Whom the question was taken to be about.
    pub person: String,
    /// The answer itself: what is shown, scored and (in a chat) remembered.
    pub text: String,
    /// The context item the answer rests on, when the model names it.
    pub support: Option<String>,
    /// What a reader should know about the answer; shown beside it, never stored.
    pub note: Option<&'static str>,
    /// Records appended for the calls (and, in a chat, for the ingested message).
    pub records: Vec<EventRecord>,
}

/// The line of a reply that names its support: `from: …`.
const SUPPORT: &str = "from: ";

/// Splits a reply into the answer and the item it names as its support (a last line
/// `from: …`); a reply without one is all answer.
#[must_use]
pub fn split_support(reply: &str) -> (String, Option<String>) {
    let reply = reply.trim();
    match reply
        .rsplit_once('\n')
        .and_then(|(answer, last)| last.trim_start().strip_prefix(SUPPORT).map(|s| (answer, s)))
    {
        Some((answer, support)) => (answer.trim().to_string(), Some(support.trim().to_string())),
        None => (reply.to_string(), None),
    }
}

impl<L: EventStore> Engine<L> {
    /// Answers a question from memory: plan, retrieve, answer. `on_token` sees the answer
    /// reply as it streams.
    pub fn ask(&mut self, question: &str, opts: &AskOptions, on_token: &mut dyn FnMut(&str)) -> Result<Answer> {
        let mut records = Vec::new();
        let task = Task::Plan {
            question: question.to_string(),
        };
        let reply = self.call(task, opts.log, &mut |_| {}, &mut records)?.ok();
        let plan = Plan::from_reply(reply.as_deref(), question, self.model.name());
        let at = opts.at.unwrap_or_else(|| self.log.head());
        let past = if at == self.log.head() {
            None
        } else {
            Some(self.log.memory_at(at)?)
        };
        let memory = past.as_ref().unwrap_or(&self.memory);
        let context =
            Retriever::new(&self.log, memory, at)?.retrieve(question, plan, &opts.budgets, self.model.as_mut())?;
        let person = context
            .person
            .clone()
            .unwrap_or_else(|| memory.roots().map(|r| r.name.clone()).collect::<Vec<_>>().join(" and "));
        let given = super::open_turns::with_open_turns(context.answer_context(), memory, question);
        let (text, support) = self.answer_from(question, &person, given, opts.log, on_token, &mut records)?;
        Ok(Answer {
            context,
            person,
            text,
            support,
            note: self.model.answer_note(),
            records,
        })
    }

    /// The model's answer to `question` over a given context (eval puts the baselines'
    /// contexts through the same answerer), split into answer and support.
    pub fn answer_from(
        &mut self,
        question: &str,
        person: &str,
        context: AnswerContext,
        log: bool,
        on_token: &mut dyn FnMut(&str),
        records: &mut Vec<EventRecord>,
    ) -> Result<(String, Option<String>)> {
        let task = Task::Answer {
            person: person.to_string(),
            context,
            question: question.to_string(),
        };
        let reply = self
            .call(task, log, on_token, records)?
            .map_err(crate::error::Error::NoAnswer)?;
        Ok(split_support(&reply))
    }

    /// A chat message: ingested as the user's turn (stamped `now`), then answered from memory
    /// with the calls logged. The caller ingests the reply with [`Engine::ingest_reply`] once
    /// it accepts it, so a cancelled reply never reaches the memory.
    pub fn chat(
        &mut self,
        message: &str,
        user: &str,
        now: Timestamp,
        budgets: &Budgets,
        on_token: &mut dyn FnMut(&str),
    ) -> Result<Answer> {
        let turn = self.chat_turn(Speaker::User, message, now);
        let mut records = self.ingest(&turn, user)?;
        let opts = AskOptions {
            budgets: *budgets,
            at: None,
            log: true,
        };
        let mut answer = self.ask(message, &opts, on_token)?;
        records.append(&mut answer.records);
        answer.records = records;
        Ok(answer)
    }

    /// Ingests the assistant's accepted chat reply as its turn (see [`Engine::chat_turn`]): the
    /// CLI chat and the inspector both come here, so a reply is one kind of turn wherever it
    /// was typed.
    pub fn ingest_reply(&mut self, text: &str, user: &str, now: Timestamp) -> Result<Vec<EventRecord>> {
        let turn = self.chat_turn(Speaker::Assistant, text, now);
        self.ingest(&turn, user)
    }

    /// A live chat turn, the one builder of it: stamped `now` but never before the last turn,
    /// in the last turn's session unless a pause longer than a segment's time gap starts a new
    /// one.
    #[must_use]
    fn chat_turn(&self, speaker: Speaker, text: &str, now: Timestamp) -> TurnInput {
        let m = &self.memory;
        let last_time = m.turns.iter().rev().find_map(|t| t.time);
        let gap = last_time.map_or(0, |l| now.unix_seconds().saturating_sub(l.unix_seconds()));
        let session = match m.turns.last() {
            None => 1,
            Some(t) if gap > crate::ingest::segment::MAX_GAP_SECS => t.session.saturating_add(1),
            Some(t) => t.session,
        };
        TurnInput {
            speaker,
            text: text.to_string(),
            time: Some(last_time.map_or(now, |l| l.max(now))),
            session,
            index: crate::ids::saturating_u32(m.turns.len()),
            source_ref: None,
            attachments: Vec::new(),
        }
    }

    /// One model call, logged as its own step when `log` (its records go to `records`).
    fn call(
        &mut self,
        task: Task,
        log: bool,
        on_token: &mut dyn FnMut(&str),
        records: &mut Vec<EventRecord>,
    ) -> Result<std::result::Result<String, ModelError>> {
        if log {
            let (outcome, appended) = self.ask_streaming(task, on_token)?;
            records.extend(appended);
            return Ok(outcome.map(|c| c.reply));
        }
        let request = ModelRequest::for_model(task, self.model.as_mut());
        Ok(self.model.complete_streaming(&request, on_token).map(|c| c.reply))
    }

    /// Asks the model for `task`, handing the reply out as it streams, and logs the call.
    /// A failed call is logged as `model_failed` and returned as the error.
    pub fn ask_streaming(
        &mut self,
        task: Task,
        on_token: &mut dyn FnMut(&str),
    ) -> Result<(std::result::Result<Completion, ModelError>, Vec<EventRecord>)> {
        // The planner's reply follows its schema when the model supports structured output.
        let request = ModelRequest::for_model(task, self.model.as_mut());
        let outcome = self.model.complete_streaming(&request, on_token);
        let model = self.model.name();
        let event = match &outcome {
            Ok(c) => request.called(model, c),
            Err(e) => request.failed(model, String::new(), e.to_string(), FailureKind::Call),
        };
        let records = self.run(|step| step.emit(event.clone()))?;
        Ok((outcome, records))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_support_line_is_split_off() {
        assert_eq!(
            split_support("7 May 2023\nfrom: [D1:3] Caroline: I went yesterday."),
            (
                "7 May 2023".to_string(),
                Some("[D1:3] Caroline: I went yesterday.".to_string())
            )
        );
        assert_eq!(split_support(" Paris. "), ("Paris.".to_string(), None));
    }
}
