//! The offline model: deterministic, no network, every task done by rules. Its replies use the
//! same text formats the prompts ask of an LLM, so they go through the same parsers.
//!
//! It is not a canned-reply stub: synthesis keeps the person's own words and classifies
//! first-person cues; extraction maps words through the lexicon; RK1/RK2/RK3 aggregate the
//! buffered evidence into summaries, Σ (what recurs) and Δ (restrictions and changes).

mod abstraction;
mod answer;
mod disclosed;
mod extract;
mod extractive;
mod names;
pub mod person;
mod plan;
mod subject;
mod synth;
mod vocab;

// The offline files name it `super::lexicon`; it lives below the model, shared with retrieval.
use crate::lexicon;

use crate::lexicon::Lexicon;

use super::{Completion, Model, ModelError, ModelRequest, Task};
use crate::text::estimate_tokens;

pub use extractive::NOT_MENTIONED;
pub use plan::{dates, intent_layers};

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
            Task::Entities { source_text, .. } => extract::entities(lex, source_text),
            Task::Relations {
                paths,
                source_text,
                time,
                ..
            } => extract::relations(lex, paths, source_text, *time),
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
