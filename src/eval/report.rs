//! Per-question results and their aggregation per system and per category, as JSON and as a table.

use serde::Serialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// The systems every run compares, in report order.
pub const SYSTEMS: [&str; 3] = ["rgmem", "flat_bm25", "full_context"];

/// One system's result on one question.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SystemResult {
    /// Turn ids (LoCoMo `dia_id`) whose text the context shows.
    pub retrieved_turns: Vec<String>,
    /// The memory items (facts, conclusions, concepts, relations) rgmem's context holds; what
    /// `--coverage` counts.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub retrieved_items: Vec<crate::coverage::ItemKey>,
    /// Share of gold evidence turns whose text is in the context.
    pub evidence_recall: Option<f64>,
    /// Share of gold answer tokens in the context (not for category 5).
    pub answer_token_recall: Option<f64>,
    /// Estimated tokens of the context.
    pub context_tokens: u32,
    /// The model's answer, when a real model answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
    /// Official token F1 of that answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub f1: Option<f64>,
    /// The LLM judge's verdict.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub judge_correct: Option<bool>,
}

/// One question's results.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QuestionResult {
    /// "conv-26/q12".
    pub id: String,
    /// 1–5.
    pub category: u8,
    /// The question.
    pub question: String,
    /// The gold answer.
    pub gold: String,
    /// Gold evidence turn ids.
    pub evidence: Vec<String>,
    /// Per system.
    pub systems: BTreeMap<String, SystemResult>,
}

/// Means over a set of questions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Aggregate {
    /// Mean evidence recall over questions with evidence.
    pub evidence_recall: Option<f64>,
    /// Mean answer-token recall.
    pub answer_token_recall: Option<f64>,
    /// Mean context tokens.
    pub context_tokens: f64,
    /// Questions.
    pub n: usize,
    /// Mean token F1, when answers were generated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub f1: Option<f64>,
    /// Judge accuracy, when answers were judged.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub judge_accuracy: Option<f64>,
}

fn mean(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, n) = values.fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    (n > 0).then(|| sum / n as f64)
}

/// Aggregates one system over the questions `keep` selects.
#[must_use]
pub fn aggregate(questions: &[QuestionResult], system: &str, keep: impl Fn(&QuestionResult) -> bool) -> Aggregate {
    let rs: Vec<&SystemResult> = questions
        .iter()
        .filter(|q| keep(q))
        .filter_map(|q| q.systems.get(system))
        .collect();
    Aggregate {
        evidence_recall: mean(rs.iter().filter_map(|r| r.evidence_recall)),
        answer_token_recall: mean(rs.iter().filter_map(|r| r.answer_token_recall)),
        context_tokens: mean(rs.iter().map(|r| f64::from(r.context_tokens))).unwrap_or(0.0),
        n: rs.len(),
        f1: mean(rs.iter().filter_map(|r| r.f1)),
        judge_accuracy: mean(
            rs.iter()
                .filter_map(|r| r.judge_correct.map(|c| if c { 1.0 } else { 0.0 })),
        ),
    }
}

/// The whole report: `overall` is categories 1–4; category 5 is reported apart under `"5"`.
#[must_use]
pub fn to_json(questions: &[QuestionResult]) -> Value {
    let mut systems = serde_json::Map::new();
    for s in SYSTEMS {
        let mut by_cat = serde_json::Map::new();
        for c in 1..=5u8 {
            by_cat.insert(c.to_string(), json!(aggregate(questions, s, |q| q.category == c)));
        }
        systems.insert(
            s.to_string(),
            json!({"overall": aggregate(questions, s, |q| (1..=4).contains(&q.category)), "by_category": by_cat}),
        );
    }
    json!({"systems": systems, "questions": questions})
}

/// A table for people: evidence recall, answer-token recall and tokens per system and category.
#[must_use]
pub fn table(questions: &[QuestionResult]) -> String {
    let pct = |v: Option<f64>| v.map_or_else(|| "   -".to_string(), |v| format!("{:5.1}", v * 100.0));
    let mut out = format!(
        "{:<13} {:<9} {:>5} {:>9} {:>9} {:>8}\n",
        "system", "category", "n", "evid.rec", "ans.rec", "tokens"
    );
    for s in SYSTEMS {
        let rows: Vec<(String, Aggregate)> = (1..=4u8)
            .map(|c| (c.to_string(), aggregate(questions, s, |q| q.category == c)))
            .chain([(
                "1-4".to_string(),
                aggregate(questions, s, |q| (1..=4).contains(&q.category)),
            )])
            .chain([("5 (apart)".to_string(), aggregate(questions, s, |q| q.category == 5))])
            .collect();
        for (cat, a) in rows {
            out.push_str(&format!(
                "{:<13} {:<9} {:>5} {:>9} {:>9} {:>8.0}",
                s,
                cat,
                a.n,
                pct(a.evidence_recall),
                pct(a.answer_token_recall),
                a.context_tokens
            ));
            if let Some(f1) = a.f1 {
                out.push_str(&format!("  F1 {:.3}", f1));
            }
            if let Some(j) = a.judge_accuracy {
                out.push_str(&format!("  judge {:.1}%", j * 100.0));
            }
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(category: u8, recall: f64, tokens: u32) -> QuestionResult {
        let mut systems = BTreeMap::new();
        systems.insert(
            "rgmem".to_string(),
            SystemResult {
                evidence_recall: Some(recall),
                answer_token_recall: Some(1.0),
                context_tokens: tokens,
                ..SystemResult::default()
            },
        );
        QuestionResult {
            id: "c/q".into(),
            category,
            question: String::new(),
            gold: String::new(),
            evidence: Vec::new(),
            systems,
        }
    }

    #[test]
    fn overall_is_categories_one_to_four_and_five_stays_apart() {
        let qs = vec![q(1, 1.0, 100), q(2, 0.5, 200), q(5, 0.0, 300)];
        let v = to_json(&qs);
        let overall = &v["systems"]["rgmem"]["overall"];
        assert_eq!(overall["n"], 2);
        assert_eq!(overall["evidence_recall"], 0.75);
        assert_eq!(overall["context_tokens"], 150.0);
        assert_eq!(v["systems"]["rgmem"]["by_category"]["5"]["n"], 1);
        assert_eq!(v["systems"]["rgmem"]["by_category"]["3"]["n"], 0);
        assert!(v["questions"].is_array());
        assert_eq!(
            v.as_object().unwrap().len(),
            2,
            "top level is systems and questions only"
        );
    }
}
