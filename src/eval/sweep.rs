//! The θ sweep: the phase-transition demo. For each θ_inf (θ_sum = 2·θ_inf) the same input is
//! ingested into a fresh memory, and the run reports operator firings, model calls and tokens,
//! Σ churn (how much the top-level Σ moved per step), and, on a session file whose header
//! carries ground truth, stability, plasticity and their balance (see [`super::truth`]); on a
//! LoCoMo file, the eval metrics.

use super::benchmark::{self, Options};
use super::report::{QuestionResult, aggregate};
use super::truth::{Arrivals, GroundTruth, Scores};
use crate::engine::Engine;
use crate::error::{Error, Result};
use crate::formats::locomo::Conversation;
use crate::formats::session::TurnInput;
use crate::log::Log;
use crate::memory::{Memory, Thresholds};
use crate::model::Model;
use crate::retrieval::embed::{builtin, cosine};
use serde::Serialize;
use std::path::Path;

/// What a sweep runs over.
pub enum Input<'a> {
    /// A session file's turns, user name and ground truth.
    Session(&'a [TurnInput], &'a str, Option<&'a GroundTruth>),
    /// LoCoMo conversations, evaluated after ingestion.
    Locomo(&'a [Conversation]),
}

/// Eval metrics at one θ (categories 1–4).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct EvalPoint {
    /// rgmem's evidence recall.
    pub rgmem_evidence_recall: f64,
    /// flat_bm25's evidence recall at the same budget.
    pub flat_bm25_evidence_recall: f64,
    /// rgmem's answer-token recall.
    pub rgmem_answer_token_recall: f64,
    /// rgmem's mean context tokens.
    pub rgmem_context_tokens: f64,
    /// rgmem's mean official token F1, over the questions a model answered.
    pub rgmem_f1: Option<f64>,
}

/// One θ's row.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Point {
    /// θ_inf.
    pub theta_inf: u32,
    /// θ_sum = 2·θ_inf.
    pub theta_sum: u32,
    /// RK1 firings.
    pub rk1: u32,
    /// RK2 firings.
    pub rk2: u32,
    /// RK3 firings.
    pub rk3: u32,
    /// Model calls.
    pub model_calls: u32,
    /// Tokens in plus out.
    pub tokens: u64,
    /// Steps (ingested turns plus the closing step).
    pub steps: u64,
    /// Mean over steps of the top-level Σ's change (1 − cosine between consecutive Σ, summed over persons).
    pub sigma_churn: f64,
    /// Steps in which some top-level Σ changed.
    pub sigma_changes: u64,
    /// Eval metrics, on a LoCoMo input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eval: Option<EvalPoint>,
    /// Stability and plasticity, on a session with ground truth.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub truth: Option<Scores>,
}

/// Follows the person roots' Σ from step to step.
#[derive(Default)]
struct Churn {
    last: Vec<String>,
    total: f64,
    changes: u64,
    steps: u64,
}

impl Churn {
    fn observe(&mut self, m: &Memory) {
        let now: Vec<String> = m.roots().map(|r| r.sigma.render()).collect();
        let mut step = 0.0;
        for (i, s) in now.iter().enumerate() {
            let before = self.last.get(i).map_or("", String::as_str);
            if before != s {
                // The hashed embedder on purpose: churn measures how much Σ was reworded, which
                // shared words and spellings capture, and its figures stay comparable with sweeps
                // recorded before the static model (a paraphrase with the same meaning is churn too).
                step += 1.0 - f64::from(cosine(&builtin(before), &builtin(s)));
            }
        }
        if step > 0.0 {
            self.changes += 1;
        }
        self.total += step;
        self.steps += 1;
        self.last = now;
    }
}

/// Runs the sweep over `thetas`, one fresh memory file per θ in `work_dir`.
pub fn run(
    input: &Input<'_>,
    thetas: &[u32],
    work_dir: &Path,
    make_model: &mut dyn FnMut() -> crate::Result<Box<dyn Model>>,
    on_point: &mut dyn FnMut(&Point),
) -> Result<Vec<Point>> {
    std::fs::create_dir_all(work_dir).map_err(|source| Error::Io {
        path: work_dir.display().to_string(),
        source,
    })?;
    let mut points = Vec::new();
    for &theta in thetas {
        let thresholds = Thresholds::new(theta, None);
        let mut churn = Churn::default();
        let mut usage = (0u32, 0u64, [0u32; 3]);
        let mut add = |m: &Memory| {
            usage.0 += m.usage.calls;
            usage.1 += m.usage.tokens_in + m.usage.tokens_out;
            for i in 0..3 {
                usage.2[i] += m.firings[i];
            }
        };
        let mut scores = None;
        let eval = match input {
            Input::Session(turns, user, truth) => {
                let path = work_dir.join(format!("theta-{theta}.db"));
                remove_db(&path)?;
                let mut engine = Engine::open(Log::open(&path)?, make_model()?)?;
                engine.set_thresholds(thresholds)?;
                engine.group_commits(crate::log::group::MAX_GROUP_STEPS, crate::log::group::MAX_GROUP_AGE)?;
                let mut arrivals = Arrivals::default();
                for t in *turns {
                    engine.ingest(t, user)?;
                    churn.observe(engine.memory());
                    if let Some(truth) = truth {
                        arrivals.observe(engine.memory(), truth, t.index);
                    }
                }
                engine.finish()?;
                churn.observe(engine.memory());
                if let Some(truth) = truth {
                    let last = turns.last().map_or(0, |t| t.index);
                    arrivals.observe(engine.memory(), truth, last);
                    scores = Some(super::truth::score(engine.memory(), truth, &arrivals));
                }
                add(engine.memory());
                None
            }
            Input::Locomo(convs) => {
                let opts = Options {
                    conversations: Vec::new(),
                    budgets: crate::retrieval::Budgets::default(),
                    thresholds,
                    work_dir: work_dir.to_path_buf(),
                    ablations: Vec::new(),
                };
                let mut questions: Vec<QuestionResult> = Vec::new();
                for conv in *convs {
                    let path = work_dir.join(format!("theta-{theta}-{}.db", conv.id));
                    let mut per = Churn::default();
                    let mut engine =
                        benchmark::ingest(conv, &path, make_model()?, thresholds, &mut |m| per.observe(m))?;
                    churn.total += per.total;
                    churn.changes += per.changes;
                    churn.steps += per.steps;
                    add(engine.memory());
                    questions.extend(benchmark::evaluate(conv, &mut engine, &opts, &mut || {})?);
                }
                let core = |q: &QuestionResult| (1..=4).contains(&q.category);
                let rg = aggregate(&questions, "rgmem", core);
                let flat = aggregate(&questions, "flat_bm25", core);
                let f1s: Vec<f64> = questions
                    .iter()
                    .filter(|q| core(q))
                    .filter_map(|q| q.systems.get("rgmem").and_then(|s| s.f1))
                    .collect();
                Some(EvalPoint {
                    rgmem_evidence_recall: rg.evidence_recall.unwrap_or(0.0),
                    flat_bm25_evidence_recall: flat.evidence_recall.unwrap_or(0.0),
                    rgmem_answer_token_recall: rg.answer_token_recall.unwrap_or(0.0),
                    rgmem_context_tokens: rg.context_tokens,
                    rgmem_f1: (!f1s.is_empty()).then(|| f1s.iter().sum::<f64>() / f1s.len() as f64),
                })
            }
        };
        let point = Point {
            theta_inf: thresholds.theta_inf,
            theta_sum: thresholds.theta_sum,
            rk1: usage.2[0],
            rk2: usage.2[1],
            rk3: usage.2[2],
            model_calls: usage.0,
            tokens: usage.1,
            steps: churn.steps,
            sigma_churn: if churn.steps == 0 {
                0.0
            } else {
                churn.total / churn.steps as f64
            },
            sigma_changes: churn.changes,
            eval,
            truth: scores,
        };
        on_point(&point);
        points.push(point);
    }
    Ok(points)
}

fn remove_db(path: &Path) -> Result<()> {
    for suffix in ["", "-wal", "-shm"] {
        let p = std::path::PathBuf::from(format!("{}{suffix}", path.display()));
        if p.exists() {
            std::fs::remove_file(&p).map_err(|source| Error::Io {
                path: p.display().to_string(),
                source,
            })?;
        }
    }
    Ok(())
}

/// The sweep as a table; the θ where the balance peaks is marked.
#[must_use]
pub fn table(points: &[Point]) -> String {
    let mut out = format!(
        "{:>5} {:>5} {:>5} {:>5} {:>5} {:>6} {:>8} {:>8} {:>6}",
        "θ_inf", "θ_sum", "RK1", "RK2", "RK3", "calls", "tokens", "Σchurn", "Σsteps"
    );
    let with_truth = points.iter().any(|p| p.truth.is_some());
    let with_eval = points.iter().any(|p| p.eval.is_some());
    if with_truth {
        out.push_str(&format!(
            " {:>6} {:>5} {:>5} {:>6} {:>6} {:>6} {:>7}",
            "stab.", "Σ", "noise", "plast.", "lag", "timely", "balance"
        ));
    }
    if with_eval {
        out.push_str(&format!(
            " {:>8} {:>9} {:>7} {:>6} {:>7}",
            "rg.evid", "flat.evid", "rg.ans", "rg.F1", "rg.tok"
        ));
    }
    out.push('\n');
    let best = peak(points);
    for p in points {
        let mark = if Some(p.theta_inf) == best { "*" } else { " " };
        out.push_str(&format!(
            "{:>4}{mark} {:>5} {:>5} {:>5} {:>5} {:>6} {:>8} {:>8.4} {:>6}",
            p.theta_inf, p.theta_sum, p.rk1, p.rk2, p.rk3, p.model_calls, p.tokens, p.sigma_churn, p.sigma_changes
        ));
        if let Some(t) = p.truth {
            let lag = t.mean_lag.map_or_else(|| "-".to_string(), |l| format!("{l:.1}"));
            out.push_str(&format!(
                " {:>5.0}% {:>5} {:>5} {:>5.0}% {:>6} {:>5.0}% {:>6.0}%",
                t.stability * 100.0,
                t.sigma_bullets,
                t.noise_in_sigma,
                t.plasticity * 100.0,
                lag,
                t.timely_plasticity * 100.0,
                (t.balance * 100.0).abs()
            ));
        } else if with_truth {
            out.push_str(&format!(" {:>48}", "-"));
        }
        if let Some(e) = p.eval {
            let f1 = e
                .rgmem_f1
                .map_or_else(|| "-".to_string(), |f| format!("{:.1}", f * 100.0));
            out.push_str(&format!(
                " {:>7.1}% {:>8.1}% {:>6.1}% {:>6} {:>7.0}",
                e.rgmem_evidence_recall * 100.0,
                e.flat_bm25_evidence_recall * 100.0,
                e.rgmem_answer_token_recall * 100.0,
                f1,
                e.rgmem_context_tokens
            ));
        }
        out.push('\n');
    }
    match (best, with_truth) {
        (Some(b), true) => out.push_str(&format!(
            "* θ_inf = {b}: the balance of stability and lag-weighted plasticity peaks here\n"
        )),
        (Some(b), false) => out.push_str(&format!("* θ_inf = {b}: the best answer-token recall\n")),
        _ => {}
    }
    out
}

/// The θ_inf where the balance peaks (ground truth), else where rgmem's answer-token recall does;
/// the lowest θ wins a tie.
#[must_use]
pub fn peak(points: &[Point]) -> Option<u32> {
    let value = |p: &Point| {
        p.truth
            .map(|t| t.balance)
            .or_else(|| p.eval.map(|e| e.rgmem_answer_token_recall))
    };
    let mut best: Option<(u32, f64)> = None;
    for p in points {
        if let Some(v) = value(p)
            && best.is_none_or(|(_, b)| v > b + 1e-9)
        {
            best = Some((p.theta_inf, v));
        }
    }
    best.map(|(t, _)| t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(theta_inf: u32, stability: f64, lag: Option<f64>) -> Point {
        let timely = lag.map_or(0.0, |l| {
            super::super::truth::LAG_HORIZON / (super::super::truth::LAG_HORIZON + l)
        });
        Point {
            theta_inf,
            theta_sum: theta_inf * 2,
            rk1: 1,
            rk2: 1,
            rk3: 1,
            model_calls: 3,
            tokens: 100,
            steps: 10,
            sigma_churn: 0.01,
            sigma_changes: 1,
            eval: None,
            truth: Some(Scores {
                stability,
                sigma_bullets: 4,
                noise_in_sigma: 0,
                plasticity: if lag.is_some() { 1.0 } else { 0.0 },
                mean_lag: lag,
                timely_plasticity: timely,
                balance: 2.0 * stability * timely / (stability + timely).max(1e-9),
            }),
        }
    }

    #[test]
    fn the_table_shows_timely_plasticity_and_marks_the_balance_peak() {
        // Too low a θ lets noise in; too high a θ lets the change arrive late, then not at all.
        let points = [
            point(1, 0.25, Some(0.0)),
            point(3, 1.0, Some(2.0)),
            point(6, 1.0, Some(40.0)),
            point(8, 1.0, None),
        ];
        let table = table(&points);
        let lines: Vec<&str> = table.lines().collect();
        assert!(lines[0].ends_with("plast.    lag timely balance"), "{table}");
        assert!(lines[2].starts_with("   3*"), "{table}");
        assert!(lines[2].ends_with("100%    2.0    91%     95%"), "{table}");
        assert!(lines[3].ends_with("100%   40.0    33%     50%"), "{table}");
        assert!(lines[4].ends_with("0%      -     0%      0%"), "{table}");
        assert_eq!(
            lines.last().copied(),
            Some("* θ_inf = 3: the balance of stability and lag-weighted plasticity peaks here")
        );
        let widths: Vec<usize> = lines.iter().take(5).map(|l| l.chars().count()).collect();
        assert!(
            widths.iter().all(|w| *w == widths[0]),
            "columns line up: {widths:?}\n{table}"
        );
    }
}
