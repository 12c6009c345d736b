//! Per-question results and their aggregation per system and per category, as JSON and as a table.

use serde::Serialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// The systems every run compares, in report order; ablations (`rgmem-…`) come after rgmem.
pub const SYSTEMS: [&str; 4] = ["rgmem", "segment_bm25", "flat_bm25", "full_context"];

/// The systems of a run, in report order: rgmem, its ablations, then the baselines.
#[must_use]
pub fn systems(questions: &[QuestionResult]) -> Vec<String> {
    let mut ablations: Vec<String> = questions
        .iter()
        .flat_map(|q| q.systems.keys())
        .filter(|s| s.starts_with("rgmem-"))
        .cloned()
        .collect();
    ablations.sort();
    ablations.dedup();
    let present = |s: &str| questions.iter().any(|q| q.systems.contains_key(s));
    let mut out: Vec<String> = Vec::new();
    if present("rgmem") {
        out.push("rgmem".into());
    }
    out.extend(ablations);
    out.extend(SYSTEMS[1..].iter().filter(|s| present(s)).map(|s| (*s).to_string()));
    out
}

/// One system's result on one question.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SystemResult {
    /// Turn ids (LoCoMo `dia_id`) whose text the context shows.
    pub retrieved_turns: Vec<String>,
    /// The memory items (facts, conclusions, concepts, relations) rgmem's context holds; what
    /// `--coverage` counts.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub retrieved_items: Vec<crate::eval::coverage::ItemKey>,
    /// Share of gold evidence turns whose text is in the context.
    pub evidence_recall: Option<f64>,
    /// Share of gold answer tokens in the context (not for category 5).
    pub answer_token_recall: Option<f64>,
    /// Estimated tokens of the context.
    pub context_tokens: u32,
    /// The context as rendered for the answerer (`eval --contexts` prints it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub context: Option<String>,
    /// The model's answer, when a real model answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
    /// LoCoMo's official score of that answer (token F1; for category 5, 1 when it says
    /// "not mentioned").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub f1: Option<f64>,
    /// Whether the answer says "not mentioned".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_mentioned: Option<bool>,
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
    /// Share of answers that say "not mentioned", when answers were generated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_mentioned: Option<f64>,
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
        not_mentioned: mean(
            rs.iter()
                .filter_map(|r| r.not_mentioned.map(|c| if c { 1.0 } else { 0.0 })),
        ),
    }
}

/// "not mentioned" as a detector of category-5 questions: (precision, recall, share of
/// answerable questions wrongly declined), when answers were generated.
#[must_use]
pub fn not_mentioned(questions: &[QuestionResult], system: &str) -> Option<(f64, f64, f64)> {
    let (mut tp, mut fp, mut pos, mut neg) = (0usize, 0usize, 0usize, 0usize);
    for q in questions {
        let Some(nm) = q.systems.get(system).and_then(|r| r.not_mentioned) else {
            continue;
        };
        if q.category == 5 {
            pos += 1;
            tp += usize::from(nm);
        } else {
            neg += 1;
            fp += usize::from(nm);
        }
    }
    if pos + neg == 0 {
        return None;
    }
    let ratio = |a: usize, b: usize| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    Some((ratio(tp, tp + fp), ratio(tp, pos), ratio(fp, neg)))
}

/// The whole report: `overall` is categories 1–4; category 5 is reported apart under `"5"`.
#[must_use]
pub fn to_json(questions: &[QuestionResult]) -> Value {
    let mut out = serde_json::Map::new();
    for s in systems(questions) {
        let s = s.as_str();
        let mut by_cat = serde_json::Map::new();
        for c in 1..=5u8 {
            by_cat.insert(c.to_string(), json!(aggregate(questions, s, |q| q.category == c)));
        }
        let mut v =
            json!({"overall": aggregate(questions, s, |q| (1..=4).contains(&q.category)), "by_category": by_cat});
        if let Some((precision, recall, answerable)) = not_mentioned(questions, s) {
            v["not_mentioned"] = json!({"precision": precision, "recall": recall, "answerable_rate": answerable});
        }
        out.insert(s.to_string(), v);
    }
    json!({"systems": out, "questions": questions})
}

/// A table for people: evidence recall, answer-token recall, tokens and official F1 per system
/// and category; then "not mentioned" as a category-5 detector, and each ablation's cost.
#[must_use]
pub fn table(questions: &[QuestionResult]) -> String {
    let pct = |v: Option<f64>| v.map_or_else(|| "    -".to_string(), |v| format!("{:5.1}", v * 100.0));
    let mut out = format!(
        "{:<26} {:<9} {:>5} {:>9} {:>9} {:>8} {:>7}\n",
        "system", "category", "n", "evid.rec", "ans.rec", "tokens", "F1"
    );
    let names = systems(questions);
    for s in &names {
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
                "{:<26} {:<9} {:>5} {:>9} {:>9} {:>8.0} {:>7}",
                s,
                cat,
                a.n,
                pct(a.evidence_recall),
                pct(a.answer_token_recall),
                a.context_tokens,
                pct(a.f1)
            ));
            if let Some(j) = a.judge_accuracy {
                out.push_str(&format!("  judge {:.1}%", j * 100.0));
            }
            out.push('\n');
        }
    }
    out.push_str(
        "\n\"not mentioned\" as the category-5 answer: precision, recall, share of answerable questions declined\n",
    );
    for s in &names {
        if let Some((p, r, a)) = not_mentioned(questions, s) {
            out.push_str(&format!(
                "{:<26} precision {:5.1}  recall {:5.1}  answerable {:5.1}\n",
                s,
                p * 100.0,
                r * 100.0,
                a * 100.0
            ));
        }
    }
    let ablations: Vec<&String> = names.iter().filter(|s| s.starts_with("rgmem-")).collect();
    if !ablations.is_empty() {
        out.push_str("\nablations: change against rgmem in answer-token recall (points), per category\n");
        for s in ablations {
            out.push_str(&format!("{s:<26}"));
            for c in 1..=4u8 {
                let base = aggregate(questions, "rgmem", |q| q.category == c).answer_token_recall;
                let ab = aggregate(questions, s, |q| q.category == c).answer_token_recall;
                let d = match (base, ab) {
                    (Some(b), Some(a)) => format!("{:+6.1}", (a - b) * 100.0),
                    _ => "     -".into(),
                };
                out.push_str(&format!("  cat {c} {d}"));
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
