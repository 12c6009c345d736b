//! The BEAM report: per-question results, their means per system per ability and overall, as
//! JSON and as a table that stays within 100 columns (abilities down, systems across).

use serde::Serialize;
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};

/// The ability whose questions have no answer in the chat.
pub const ABSTENTION: &str = "abstention";

/// One system's result on one probing question.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Score {
    /// Share of the question's source messages the context shows (see
    /// [`super::beam::recalled`]); `None` when it cites none.
    pub source_recall: Option<f64>,
    /// The same, counting only messages shown whole.
    pub source_recall_whole: Option<f64>,
    /// Share of the reference answer's tokens in the context (see [`super::beam::scores_answer`]).
    pub answer_token_recall: Option<f64>,
    /// Estimated tokens of the context.
    pub context_tokens: u32,
    /// The source message ids the context shows (whole or shortened).
    pub recalled: Vec<u64>,
    /// The offline answer over the context.
    pub answer: String,
    /// Whether that answer says "not mentioned".
    pub not_mentioned: bool,
    /// The rendered context (`--json --contexts`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub context: Option<String>,
}

/// One probing question's results.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProbeResult {
    /// "9/knowledge_update/2".
    pub id: String,
    /// The ability it probes.
    pub ability: String,
    /// The question.
    pub question: String,
    /// The reference answer, if any.
    pub reference: Option<String>,
    /// Cited message ids that exist in the chat.
    pub sources: Vec<u64>,
    /// Per system.
    pub systems: BTreeMap<String, Score>,
}

/// Where the time of a run went, in seconds: the question of whether BEAM's long messages are
/// slow to ingest or to retrieve over is answered here, not guessed.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Timings {
    /// Ingesting every chat (engine steps, operators, commits).
    pub ingest: f64,
    /// Messages ingested.
    pub messages: usize,
    /// Per system: retrieval and answering over all questions.
    pub systems: BTreeMap<String, f64>,
}

/// A whole run.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Run {
    /// Per question.
    pub probes: Vec<ProbeResult>,
    /// Where the time went.
    pub timings: Timings,
}

/// The systems of a run, in report order: rgmem, its ablations, then the baselines.
#[must_use]
pub fn systems(probes: &[ProbeResult]) -> Vec<String> {
    let names: BTreeSet<&String> = probes.iter().flat_map(|p| p.systems.keys()).collect();
    let mut out: Vec<String> = Vec::new();
    let rank = |s: &str| match s {
        "rgmem" => 0,
        s if s.starts_with("rgmem-") => 1,
        "segment_bm25" => 2,
        "flat_bm25" => 3,
        _ => 4,
    };
    out.extend(names.into_iter().cloned());
    out.sort_by_key(|s| rank(s));
    out
}

/// The abilities of a run, sorted.
#[must_use]
pub fn abilities(probes: &[ProbeResult]) -> Vec<String> {
    let set: BTreeSet<&String> = probes.iter().map(|p| &p.ability).collect();
    set.into_iter().cloned().collect()
}

/// Means of one system over a set of questions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Aggregate {
    /// Questions.
    pub n: usize,
    /// Mean source recall over questions that cite sources.
    pub source_recall: Option<f64>,
    /// The same, whole messages only.
    pub source_recall_whole: Option<f64>,
    /// Mean answer-token recall over questions that have it.
    pub answer_token_recall: Option<f64>,
    /// Mean context tokens.
    pub context_tokens: f64,
    /// Share of answers that say "not mentioned".
    pub not_mentioned: Option<f64>,
}

fn mean(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, n) = values.fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    (n > 0).then(|| sum / n as f64)
}

/// Aggregates one system over the questions `keep` selects.
#[must_use]
pub fn aggregate(probes: &[ProbeResult], system: &str, keep: impl Fn(&ProbeResult) -> bool) -> Aggregate {
    let rs: Vec<&Score> = probes
        .iter()
        .filter(|p| keep(p))
        .filter_map(|p| p.systems.get(system))
        .collect();
    Aggregate {
        n: rs.len(),
        source_recall: mean(rs.iter().filter_map(|r| r.source_recall)),
        source_recall_whole: mean(rs.iter().filter_map(|r| r.source_recall_whole)),
        answer_token_recall: mean(rs.iter().filter_map(|r| r.answer_token_recall)),
        context_tokens: mean(rs.iter().map(|r| f64::from(r.context_tokens))).unwrap_or(0.0),
        not_mentioned: mean(rs.iter().map(|r| if r.not_mentioned { 1.0 } else { 0.0 })),
    }
}

fn is_abstention(p: &ProbeResult) -> bool {
    p.ability == ABSTENTION
}

/// The whole report: per system, `overall` (every question) and `by_ability`; "not mentioned"
/// on abstention and on answerable questions; the timings; every question.
#[must_use]
pub fn to_json(run: &Run) -> Value {
    let probes = &run.probes;
    let mut out = serde_json::Map::new();
    for s in systems(probes) {
        let by: serde_json::Map<String, Value> = abilities(probes)
            .into_iter()
            .map(|a| {
                let agg = aggregate(probes, &s, |p| p.ability == a);
                (a, json!(agg))
            })
            .collect();
        out.insert(
            s.clone(),
            json!({
                "overall": aggregate(probes, &s, |_| true),
                "by_ability": by,
                "not_mentioned": {
                    "abstention": aggregate(probes, &s, is_abstention).not_mentioned,
                    "answerable": aggregate(probes, &s, |p| !is_abstention(p)).not_mentioned,
                },
            }),
        );
    }
    json!({"systems": out, "timings": run.timings, "questions": probes})
}

/// The table: source recall per ability and overall, then answer-token recall, context tokens
/// and "not mentioned" rates, one line each, systems across.
#[must_use]
pub fn table(run: &Run) -> String {
    let probes = &run.probes;
    let names = systems(probes);
    let pct = |v: Option<f64>| v.map_or_else(|| "-".to_string(), |v| format!("{:.1}", v * 100.0));
    let width = |s: &str| s.chars().count().max(7);
    let row = |label: &str, n: usize, cells: &mut dyn FnMut(&str) -> String| {
        let mut line = format!("{label:<28}{n:>4}");
        for s in &names {
            line.push_str(&format!("  {:>w$}", cells(s), w = width(s)));
        }
        line.push('\n');
        line
    };
    let mut out = String::from("source recall (%): cited messages the context shows, whole or quoted\n");
    let mut head = format!("{:<28}{:>4}", "ability", "n");
    for s in &names {
        head.push_str(&format!("  {s:>w$}", w = width(s)));
    }
    out.push_str(&head);
    out.push('\n');
    let cited = |p: &ProbeResult| !p.sources.is_empty();
    for a in abilities(probes) {
        let n = probes.iter().filter(|p| p.ability == a && cited(p)).count();
        if n == 0 {
            continue;
        }
        out.push_str(&row(&a, n, &mut |s| {
            pct(aggregate(probes, s, |p| p.ability == a).source_recall)
        }));
    }
    let n = probes.iter().filter(|p| cited(p)).count();
    out.push_str(&row("overall", n, &mut |s| {
        pct(aggregate(probes, s, |_| true).source_recall)
    }));
    out.push_str(&row("overall, whole messages", n, &mut |s| {
        pct(aggregate(probes, s, |_| true).source_recall_whole)
    }));
    let with_atr = probes
        .iter()
        .filter(|p| p.systems.values().any(|r| r.answer_token_recall.is_some()))
        .count();
    out.push_str(&row("answer-token recall (%)", with_atr, &mut |s| {
        pct(aggregate(probes, s, |_| true).answer_token_recall)
    }));
    out.push_str(&row("context tokens (mean)", probes.len(), &mut |s| {
        format!("{:.0}", aggregate(probes, s, |_| true).context_tokens)
    }));
    let abstaining = probes.iter().filter(|p| is_abstention(p)).count();
    out.push_str(&row("\"not mentioned\": abstain.", abstaining, &mut |s| {
        pct(aggregate(probes, s, is_abstention).not_mentioned)
    }));
    out.push_str(&row(
        "\"not mentioned\": answerable",
        probes.len().saturating_sub(abstaining),
        &mut |s| pct(aggregate(probes, s, |p| !is_abstention(p)).not_mentioned),
    ));
    let t = &run.timings;
    out.push_str(&format!(
        "\ntime: ingest {:.1} s ({} messages, {:.2} ms each)",
        t.ingest,
        t.messages,
        t.ingest * 1000.0 / t.messages.max(1) as f64
    ));
    for (s, secs) in &t.systems {
        out.push_str(&format!("; {s} {secs:.1} s"));
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn probe(ability: &str, recall: Option<f64>, nm: bool) -> ProbeResult {
        let mut systems = BTreeMap::new();
        for s in ["flat_bm25", "rgmem"] {
            systems.insert(
                s.to_string(),
                Score {
                    source_recall: recall,
                    context_tokens: 100,
                    not_mentioned: nm,
                    ..Score::default()
                },
            );
        }
        ProbeResult {
            id: format!("9/{ability}/1"),
            ability: ability.into(),
            question: String::new(),
            reference: None,
            sources: recall.map(|_| vec![1]).unwrap_or_default(),
            systems,
        }
    }

    #[test]
    fn overall_recall_skips_uncited_questions_and_abstention_is_apart() {
        let run = Run {
            probes: vec![
                probe("abstention", None, true),
                probe("knowledge_update", Some(1.0), false),
                probe("temporal_reasoning", Some(0.5), true),
            ],
            ..Run::default()
        };
        let v = to_json(&run);
        assert_eq!(v["systems"]["rgmem"]["overall"]["source_recall"], 0.75);
        assert_eq!(v["systems"]["rgmem"]["not_mentioned"]["abstention"], 1.0);
        assert_eq!(v["systems"]["rgmem"]["not_mentioned"]["answerable"], 0.5);
        assert_eq!(systems(&run.probes), vec!["rgmem", "flat_bm25"]);
        let t = table(&run);
        assert!(t.lines().all(|l| l.chars().count() <= 100), "{t}");
        assert!(t.contains("overall"), "{t}");
        assert!(
            !t.contains("\nabstention"),
            "no source-recall row for an uncited ability: {t}"
        );
    }
}
