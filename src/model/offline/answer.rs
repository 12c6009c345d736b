//! Offline L2 tasks: a rule-based query plan, an extractive answer, and a token-overlap judge.

use super::lexicon::Lexicon;
use crate::text::content_words;
use serde_json::json;
use std::collections::BTreeSet;

/// Intent words → layers, after the planner prompt's stage 2.
const INTENTS: &[(&str, &str)] = &[
    ("summary", "summary"),
    ("overall", "summary"),
    ("describe", "summary"),
    ("kind", "summary"),
    ("personality", "summary"),
    ("why", "inference"),
    ("relationship", "inference"),
    ("reason", "inference"),
    ("feel", "inference"),
    ("what", "conclusions"),
    ("which", "conclusions"),
    ("confirm", "conclusions"),
    ("when", "history"),
    ("recall", "history"),
    ("happened", "history"),
    ("last", "history"),
    ("did", "history"),
];

/// The planner reply: keywords, synonyms from the lexicon, and likely concepts, with layers.
pub fn plan(lex: &Lexicon, question: &str) -> String {
    let lower = question.to_lowercase();
    let mut layers: BTreeSet<&str> = INTENTS
        .iter()
        .filter(|(w, _)| lower.split(|c: char| !c.is_alphanumeric()).any(|t| t == *w))
        .map(|(_, l)| *l)
        .collect();
    if layers.is_empty() {
        layers.insert("conclusions");
    }
    let layers: Vec<&str> = layers.into_iter().collect();
    let mut items = Vec::new();
    let mut seen = BTreeSet::new();
    for w in content_words(question) {
        if seen.insert(w.clone()) {
            items.push(json!({"name": w, "retrieve": []}));
        }
    }
    for e in lex.matches(question) {
        for name in [&e.general, &e.sub] {
            if seen.insert(name.to_lowercase()) {
                items.push(json!({"name": name, "retrieve": layers}));
            }
        }
        for syn in lex.synonyms(&e.general).take(4) {
            if seen.insert(syn.to_string()) {
                items.push(json!({"name": syn, "retrieve": []}));
            }
        }
    }
    serde_json::to_string(&items).unwrap_or_else(|_| "[]".into())
}

/// The extractive answer: the context line that shares the most content words with the question.
pub fn answer(question: &str, context: &str) -> String {
    let q: BTreeSet<String> = content_words(question).into_iter().collect();
    let best = context
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with('['))
        .map(|l| {
            let words: BTreeSet<String> = content_words(l).into_iter().collect();
            (q.intersection(&words).count(), l)
        })
        .filter(|(score, _)| *score > 0)
        .max_by_key(|(score, l)| (*score, std::cmp::Reverse(l.len())));
    match best {
        Some((_, line)) => format!(
            "{} (answered by the offline model from memory)",
            line.trim_start_matches("- ")
        ),
        None => "not mentioned (the offline model found nothing in memory that supports an answer)".into(),
    }
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
