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

mod table;
use std::path::Path;
pub use table::{peak, table};

/// What a sweep runs over.
pub enum Input<'a> {
    /// A session file's turns, user name and ground truth.
    Session(&'a [TurnInput], &'a str, Option<&'a GroundTruth>),
    /// LoCoMo conversations, evaluated after ingestion.
    Locomo(&'a [Conversation]),
    /// A live chat's turns and user name, with the positions (into the turns) after which its
    /// segment was closed (on idle or `:close`): each θ closes there too, so the run at the
    /// chat's own θ segments the conversation as the chat did.
    Chat(&'a [TurnInput], &'a str, &'a [usize]),
}

/// A session or chat input's turns, user, ground truth and closing positions.
type Talk<'a> = (&'a [TurnInput], &'a str, Option<&'a GroundTruth>, &'a [usize]);

impl<'a> Input<'a> {
    /// The turns, user, ground truth and closing positions of a session or chat input.
    fn conversation(&self) -> Option<Talk<'a>> {
        match *self {
            Input::Session(turns, user, truth) => Some((turns, user, truth, &[])),
            Input::Chat(turns, user, closes) => Some((turns, user, None, closes)),
            Input::Locomo(_) => None,
        }
    }
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

/// What one θ's run left besides its [`Point`]: the memory it ended with (on a session input)
/// and, with ground truth, the turns each real change took to reach Δ.
#[derive(Debug, Clone, Default)]
pub struct Detail {
    /// The memory after the last turn and the closing step (on a session input).
    pub memory: Option<Memory>,
    /// Per real change in the truth: its name and its lag in turns (`None`: it never arrived).
    pub change_lags: Vec<(String, Option<u32>)>,
}

/// Runs the sweep over `thetas`, one fresh memory file per θ in `work_dir`.
pub fn run(
    input: &Input<'_>,
    thetas: &[u32],
    work_dir: &Path,
    make_model: &mut dyn FnMut() -> crate::Result<Box<dyn Model>>,
    on_point: &mut dyn FnMut(&Point),
) -> Result<Vec<Point>> {
    run_detailed(input, thetas, work_dir, make_model, &mut |p, _| on_point(p))
}

/// [`run`], also handing each θ's [`Detail`] to `on_point` (the inspector's phase view).
pub fn run_detailed(
    input: &Input<'_>,
    thetas: &[u32],
    work_dir: &Path,
    make_model: &mut dyn FnMut() -> crate::Result<Box<dyn Model>>,
    on_point: &mut dyn FnMut(&Point, &Detail),
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
        let mut detail = Detail::default();
        let eval = match (input.conversation(), input) {
            (Some((turns, user, truth, closes)), _) => {
                let path = work_dir.join(format!("theta-{theta}.db"));
                remove_db(&path)?;
                let mut engine = Engine::open(Log::open(&path)?, make_model()?)?;
                engine.set_thresholds(thresholds)?;
                engine.group_commits(crate::log::group::MAX_GROUP_STEPS, crate::log::group::MAX_GROUP_AGE)?;
                let mut arrivals = Arrivals::default();
                for (i, t) in turns.iter().enumerate() {
                    engine.ingest(t, user)?;
                    if closes.contains(&i) {
                        engine.finish()?;
                    }
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
                    detail.change_lags = truth
                        .changes
                        .iter()
                        .zip(&arrivals.arrived_at)
                        .map(|(c, a)| (c.name.clone(), a.map(|t| t.saturating_sub(c.turn.unwrap_or(0)))))
                        .collect();
                }
                add(engine.memory());
                detail.memory = Some(engine.memory().clone());
                None
            }
            (None, Input::Locomo(convs)) => {
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
            // A session or chat always has a conversation (the first arm).
            (None, Input::Session(..) | Input::Chat(..)) => None,
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
        on_point(&point, &detail);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::session::SessionFile;
    use crate::rules::OfflineModel;

    /// The phase view reads [`run_detailed`] one θ at a time; its points must be the ones `rgmem
    /// sweep --json` prints (which serialises [`run`] over the whole range).
    #[test]
    fn one_theta_at_a_time_gives_the_points_of_the_whole_range_with_each_change_lag() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/sample_sessions/diet_change.jsonl");
        let text = std::fs::read_to_string(path).unwrap();
        let file = SessionFile::parse(&text, path).unwrap();
        let truth = GroundTruth::from_session_text(&text, path).unwrap().unwrap();
        let user = file.user_name();
        let input = Input::Session(&file.turns, &user, Some(&truth));
        let dir = tempfile::tempdir().unwrap();
        let thetas = [1, 3, 6];
        let whole = run(
            &input,
            &thetas,
            dir.path(),
            &mut || Ok(Box::new(OfflineModel)),
            &mut |_| {},
        )
        .unwrap();
        let mut single = Vec::new();
        for theta in thetas {
            run_detailed(
                &input,
                &[theta],
                &dir.path().join("one"),
                &mut || Ok(Box::new(OfflineModel)),
                &mut |p, d| single.push((p.clone(), d.clone())),
            )
            .unwrap();
        }
        let json = |points: &[Point]| serde_json::to_string_pretty(points).unwrap();
        let points: Vec<Point> = single.iter().map(|(p, _)| p.clone()).collect();
        assert_eq!(json(&points), json(&whole));
        for (point, detail) in &single {
            let memory = detail.memory.as_ref().expect("a session run keeps its memory");
            let sigma: usize = memory.roots().map(|r| r.sigma.render().lines().count()).sum();
            assert!(sigma > 0 || point.theta_inf > 1, "θ {}: Σ is empty", point.theta_inf);
            assert_eq!(detail.change_lags.len(), truth.changes.len());
            let scores = point.truth.expect("the sample carries ground truth");
            let arrived: Vec<f64> = detail
                .change_lags
                .iter()
                .filter_map(|(_, l)| l.map(f64::from))
                .collect();
            let mean = (!arrived.is_empty()).then(|| arrived.iter().sum::<f64>() / arrived.len() as f64);
            assert_eq!(
                mean, scores.mean_lag,
                "θ {}: each change's lag averages to the mean",
                point.theta_inf
            );
        }
    }

    /// A live chat closes its segment after each answered message, and its sweep closes where
    /// it did: each message's mention is counted at its own close, so three fire RK1 at θ_inf 3
    /// and not at 4.
    #[test]
    fn a_chat_is_segmented_where_it_closed() {
        let said = [
            "I started bouldering at the climbing gym this week.",
            "Bouldering again tonight at the climbing gym, my forearms are gone.",
            "More bouldering at the climbing gym with Sam, I sent my first V3.",
        ];
        let turns: Vec<TurnInput> = said
            .iter()
            .flat_map(|text| {
                [
                    (crate::event::Speaker::User, *text),
                    (crate::event::Speaker::Assistant, "Nice."),
                ]
            })
            .enumerate()
            .map(|(i, (speaker, text))| TurnInput {
                speaker,
                text: text.into(),
                attachments: Vec::new(),
                time: None,
                session: 1,
                index: u32::try_from(i).unwrap(),
                source_ref: None,
            })
            .collect();
        let dir = tempfile::tempdir().unwrap();
        let chat = Input::Chat(&turns, "Alex", &[1, 3, 5]);
        let rk1 = |theta: u32| {
            run(
                &chat,
                &[theta],
                dir.path(),
                &mut || Ok(Box::new(OfflineModel)),
                &mut |_| {},
            )
            .unwrap()[0]
                .rk1
        };
        assert!(rk1(3) >= 1, "three closed mentions reach θ_inf 3");
        assert_eq!(rk1(4), 0, "and not θ_inf 4");
    }
}
