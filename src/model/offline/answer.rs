//! Offline L2 tasks: the rule-based query plan, the extractive answer, and a token-overlap judge.

use super::lexicon::Lexicon;
use crate::text::content_words;
use serde_json::json;
use std::collections::BTreeSet;

/// The planner reply: the rule-based plan of [`crate::retrieval::planner`], as the JSON list the
/// planner prompt asks for.
pub fn plan(lex: &Lexicon, question: &str) -> String {
    serde_json::to_string(&crate::retrieval::planner::plan(lex, question)).unwrap_or_else(|_| "[]".into())
}

/// The extractive answer of [`crate::retrieval::answer::extractive`]; the person's name does
/// not count as support.
pub fn answer(person: &str, question: &str, context: &str) -> String {
    let names: Vec<String> = person.split(" and ").map(str::to_string).collect();
    crate::retrieval::answer::extractive(question, context, &names)
}

/// The judge: CORRECT when most gold content words appear in the answer.
pub fn judge(gold: &str, answer: &str) -> String {
    let g: BTreeSet<String> = content_words(gold).into_iter().collect();
    let a: BTreeSet<String> = content_words(answer).into_iter().collect();
    let hit = g.intersection(&a).count();
    let label = if !g.is_empty() && hit * 2 >= g.len() {
        "CORRECT"
    } else {
        "WRONG"
    };
    json!({"label": label}).to_string()
}
