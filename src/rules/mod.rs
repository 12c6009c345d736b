//! The rule engine: the offline model, deterministic, no network, every task done by rules.
//! Its replies use the same text formats the prompts ask of an LLM, so they go through the
//! same parsers ([`crate::model::parse`]).
//!
//! It is not a canned-reply stub: synthesis keeps the person's own words and classifies
//! first-person cues; extraction maps words through the lexicon; RK1/RK2/RK3 aggregate the
//! buffered evidence into summaries, Σ (what recurs) and Δ (restrictions and changes).
//!
//! # Map
//! The wing imports [`crate::model`] (the trait and the task types), [`crate::text`],
//! [`crate::lexicon`], [`crate::embed`], [`crate::event`], [`crate::memory`], [`crate::time`]
//! and [`crate::relative_date`]; `model` never imports it back.
//!
//! Rules of English (`english/`), each reading what a person says:
//! - `english::synth`: f_synth, an episode from a segment's turns (who did what, first-person
//!   cues, pronouns resolved); `english::person`: mentions of people, pronouns and agreement;
//!   `english::names`: proper names; `english::subject`: a clause's subject put back;
//!   `english::disclosed`: a statement read out of a question.
//! - `english::vocab`: senses (doer, frame, place, phrases) that turn words into concept paths;
//!   `english::extract`: f_extract, the entities and relations of an episode.
//! - `english::abstraction`: RK1/RK2/RK3, relation summaries and Σ/Δ (what recurs, what is a
//!   restriction or a change, whose it is).
//! - `english::plan`: the query plan of a question; `english::extractive`: the short answer cut
//!   from a context's sentences (dates, counts, who, where, choices, updates);
//!   `english::answer`: the answer, plan and judge replies.
//!
//! Rules of a data format (`format/`), each reading a layout rather than language:
//! - `format::context`: the reader of an answer context, its items as given and, for a context
//!   that arrived as text, its `- [D1:3 8 May 2023] Name: …` turn lines, `[8 May 2023] …` day
//!   prefixes, `Alex / Fitness: …` concept paths and `#` section headers. It mixes in two rules
//!   of English it shares with the answerer (a question that tells something, a "you" that
//!   addresses the listener), left in place: splitting them out would cut the reader in half.
//!
//! The word layer (`words/`), the word lists of English the rules read, one file per topic:
//! `words::function` (determiners, pronouns, auxiliaries, particles), `words::verbs`,
//! `words::nouns`, `words::people`, `words::relations` (relations, trades, jobs),
//! `words::clauses` (connectives, fillers, openers, qualifiers), `words::hedges` (stance,
//! hypotheticals, vague words), `words::negation`, `words::questions` and `words::numbers`.
//! [`crate::ingest`] and [`crate::retrieval`] read their English word lists from here too.
//! Lists that stay where they are, because reading them from here would close a module
//! cycle: `memory/never.rs` (`rules` imports `memory`) and `model/prune.rs`,
//! `model/grounding.rs` (`rules` imports `model`).
//!
//! Dates written in English ("last Friday", "8 May 2023") are read by [`crate::relative_date`]
//! and [`crate::time`], outside this wing.

mod english;
mod format;
pub mod words;

use english::{abstraction, answer, extract, plan, synth};

pub use english::disclosed::{statement_in_question, told_sentences};
pub use english::extractive::NOT_MENTIONED;
pub use english::extractive::money::{asks_money, says_money};
pub use english::person;
pub use english::plan::{dates, intent_layers};

use crate::lexicon::Lexicon;

use crate::model::{Completion, Model, ModelError, ModelRequest, Task};
use crate::text::estimate_tokens;

/// The rule-based model.
#[derive(Debug, Default, Clone, Copy)]
pub struct OfflineModel;

impl OfflineModel {
    /// The rule-based query plan, for callers whose own model gave no usable plan.
    #[must_use]
    pub fn plan(question: &str) -> Vec<crate::model::parse::PlanItem> {
        plan::plan(Lexicon::builtin(), question)
    }

    /// The reply text for a task.
    #[must_use]
    pub fn reply(task: &Task) -> String {
        let lex = Lexicon::builtin();
        match task {
            Task::Synth {
                person, time, lines, ..
            } => synth::synthesize(lex, person, *time, lines),
            Task::Entities {
                source_text, replies, ..
            } => extract::entities_in(lex, source_text, replies),
            Task::Relations {
                paths,
                source_text,
                replies,
                time,
                ..
            } => extract::relations_in(lex, paths, source_text, replies, *time),
            Task::Rk1 {
                person,
                source,
                target,
                evidence,
                previous,
            } => abstraction::rk1(lex, person, source, target, evidence, previous),
            Task::Rk2 {
                person,
                concept,
                sigma,
                delta,
                evidence,
            } => abstraction::rk2(lex, person, concept, sigma, delta, evidence),
            Task::Rk3 {
                person,
                concept,
                children,
                ..
            } => abstraction::rk3(concept, children, person == concept),
            Task::Plan { question } => answer::plan(lex, question),
            Task::Answer {
                person,
                question,
                context,
            } => answer::answer(person, question, context),
            Task::Judge { gold, answer, .. } => answer::judge(gold, answer),
            Task::Repair { original, .. } => Self::reply(original),
        }
    }
}

impl Model for OfflineModel {
    fn name(&self) -> String {
        "offline".into()
    }

    fn answer_note(&self) -> Option<&'static str> {
        Some("offline model, answered from memory")
    }

    fn generative(&self) -> bool {
        false
    }

    fn fork(&self) -> Option<Box<dyn Model>> {
        Some(Box::new(Self))
    }

    fn complete(&mut self, request: &ModelRequest) -> Result<Completion, ModelError> {
        let reply = Self::reply(&request.task);
        Ok(Completion {
            mode: request.mode,
            tokens_in: estimate_tokens(&request.prompt),
            tokens_out: estimate_tokens(&reply),
            reply,
            // Rules take microseconds; reporting 0 keeps offline logs byte-for-byte reproducible.
            latency_ms: 0,
        })
    }
}
