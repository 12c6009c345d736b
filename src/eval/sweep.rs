//! The θ sweep: the phase-transition demo. For each θ_inf (θ_sum = 2·θ_inf) the same input is
//! ingested into a fresh memory, and the run reports operator firings, model calls and tokens,
//! Σ churn (how much the top-level Σ moved per step) and, on a LoCoMo file, the eval metrics.

use super::benchmark::{self, Options};
use super::report::{QuestionResult, aggregate};
use crate::engine::Engine;
use crate::error::{Error, Result};
use crate::locomo::Conversation;
use crate::log::Log;
use crate::memory::{Memory, Thresholds};
use crate::model::Model;
use crate::retrieval::embed::{builtin, cosine};
use crate::session::TurnInput;
use serde::Serialize;
use std::path::Path;

/// What a sweep runs over.
pub enum Input<'a> {
    /// A session file's turns and user name.
    Session(&'a [TurnInput], &'a str),
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
        let now: Vec<String> = m.roots().map(|r| r.sigma.clone()).collect();
        let mut step = 0.0;
        for (i, s) in now.iter().enumerate() {
            let before = self.last.get(i).map_or("", String::as_str);
            if before != s {
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
        let eval = match input {
            Input::Session(turns, user) => {
                let path = work_dir.join(format!("theta-{theta}.db"));
                remove_db(&path)?;
                let mut engine = Engine::open(Log::open(&path)?, make_model()?)?;
                engine.set_thresholds(thresholds)?;
                for t in *turns {
                    engine.ingest(t, user)?;
                    churn.observe(engine.memory());
                }
                engine.finish()?;
                churn.observe(engine.memory());
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
                Some(EvalPoint {
                    rgmem_evidence_recall: rg.evidence_recall.unwrap_or(0.0),
                    flat_bm25_evidence_recall: flat.evidence_recall.unwrap_or(0.0),
                    rgmem_answer_token_recall: rg.answer_token_recall.unwrap_or(0.0),
                    rgmem_context_tokens: rg.context_tokens,
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

/// The sweep as a table.
#[must_use]
pub fn table(points: &[Point]) -> String {
    let mut out = format!(
        "{:>5} {:>5} {:>6} {:>6} {:>6} {:>7} {:>9} {:>8} {:>8}",
        "θ_inf", "θ_sum", "RK1", "RK2", "RK3", "calls", "tokens", "Σchurn", "Σsteps"
    );
    let with_eval = points.iter().any(|p| p.eval.is_some());
    if with_eval {
        out.push_str(&format!(" {:>9} {:>9} {:>8}", "rg.evid", "flat.evid", "rg.tok"));
    }
    out.push('\n');
    for p in points {
        let mark = if p.theta_inf == 3 { "*" } else { " " };
        out.push_str(&format!(
            "{:>4}{mark} {:>5} {:>6} {:>6} {:>6} {:>7} {:>9} {:>8.4} {:>8}",
            p.theta_inf, p.theta_sum, p.rk1, p.rk2, p.rk3, p.model_calls, p.tokens, p.sigma_churn, p.sigma_changes
        ));
        if let Some(e) = p.eval {
            out.push_str(&format!(
                " {:>8.1}% {:>8.1}% {:>8.0}",
                e.rgmem_evidence_recall * 100.0,
                e.flat_bm25_evidence_recall * 100.0,
                e.rgmem_context_tokens
            ));
        }
        out.push('\n');
    }
    out.push_str("* θ_inf = 3, the paper's critical point\n");
    out
}
