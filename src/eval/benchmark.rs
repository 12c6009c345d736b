//! The LoCoMo run: each conversation is ingested into its own memory file (both speakers as
//! persons, session dates as time), then every question is put to rgmem and to the baselines,
//! with `flat_bm25` filled to the token count of rgmem's context for that question.

use super::baselines::{FlatBm25, raw_turns, render};
use super::metrics::{answer_token_recall, evidence_recall, token_f1};
use super::report::{QuestionResult, SystemResult};
use crate::engine::Engine;
use crate::error::{Error, Result};
use crate::locomo::{Conversation, Question};
use crate::log::Log;
use crate::memory::Thresholds;
use crate::model::offline::OfflineModel;
use crate::model::{Model, ModelRequest, Task, parse};
use crate::retrieval::{Budgets, Context, Layer, Plan, Retriever};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// How a run is set up.
#[derive(Debug, Clone)]
pub struct Options {
    /// Only these conversations (all when empty).
    pub conversations: Vec<String>,
    /// Retrieval budgets, including the optional token cap.
    pub budgets: Budgets,
    /// θ_inf and θ_sum for ingestion.
    pub thresholds: Thresholds,
    /// Where the per-conversation memory files go.
    pub work_dir: PathBuf,
}

/// Where a run is, for a progress bar.
#[derive(Debug, Clone, Copy)]
pub struct Progress<'a> {
    /// Units done (turns ingested plus questions answered).
    pub done: u64,
    /// Units in the whole run.
    pub total: u64,
    /// The conversation being worked on.
    pub conversation: &'a str,
}

/// Picks the conversations a run covers, refusing ids the file does not hold.
pub fn select(convs: Vec<Conversation>, ids: &[String]) -> Result<Vec<Conversation>> {
    if let Some(missing) = ids.iter().find(|id| !convs.iter().any(|c| &c.id == *id)) {
        return Err(Error::UnknownConversation(missing.clone()));
    }
    Ok(convs
        .into_iter()
        .filter(|c| ids.is_empty() || ids.contains(&c.id))
        .collect())
}

/// Ingests a conversation into a fresh memory file at `path` and returns the engine over it.
pub fn ingest(
    conv: &Conversation,
    path: &Path,
    model: Box<dyn Model>,
    thresholds: Thresholds,
    on_turn: &mut dyn FnMut(&crate::memory::Memory),
) -> Result<Engine> {
    for suffix in ["", "-wal", "-shm"] {
        let p = PathBuf::from(format!("{}{suffix}", path.display()));
        if p.exists() {
            std::fs::remove_file(&p).map_err(|source| Error::Io {
                path: p.display().to_string(),
                source,
            })?;
        }
    }
    let mut engine = Engine::open(Log::open(path)?, model)?;
    engine.set_thresholds(thresholds)?;
    for turn in conv.turns() {
        engine.ingest(&turn, &conv.speakers[0])?;
        on_turn(engine.memory());
    }
    engine.finish()?;
    on_turn(engine.memory());
    Ok(engine)
}

/// Runs the benchmark. `make_model` builds the model that ingests each conversation; `answerer`,
/// when given (a real model), answers every question from each system's context and judges it.
pub fn run(
    convs: &[Conversation],
    opts: &Options,
    make_model: &mut dyn FnMut() -> crate::Result<Box<dyn Model>>,
    mut answerer: Option<&mut dyn Model>,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Result<Vec<QuestionResult>> {
    std::fs::create_dir_all(&opts.work_dir).map_err(|source| Error::Io {
        path: opts.work_dir.display().to_string(),
        source,
    })?;
    let total: u64 = convs.iter().map(|c| (c.turn_count() + c.questions.len()) as u64).sum();
    let mut done = 0u64;
    let mut results = Vec::new();
    for conv in convs {
        let path = opts.work_dir.join(memory_file(&conv.id));
        let mut tick = || {
            done += 1;
            if done.is_multiple_of(16) {
                progress(Progress {
                    done,
                    total,
                    conversation: &conv.id,
                });
            }
        };
        let engine = ingest(conv, &path, make_model()?, opts.thresholds, &mut |_| tick())?;
        let answer_with: Option<&mut dyn Model> = match answerer {
            Some(ref mut m) => Some(&mut **m),
            None => None,
        };
        results.extend(evaluate(conv, &engine, opts, answer_with, &mut tick)?);
        progress(Progress {
            done,
            total,
            conversation: &conv.id,
        });
    }
    Ok(results)
}

/// Puts every question of a conversation to rgmem (over the engine's memory at head) and to the
/// baselines; `tick` is called once per question.
pub fn evaluate(
    conv: &Conversation,
    engine: &Engine,
    opts: &Options,
    mut answerer: Option<&mut dyn Model>,
    tick: &mut dyn FnMut(),
) -> Result<Vec<QuestionResult>> {
    let mut results = Vec::new();
    let retriever = Retriever::new(engine.log(), engine.memory(), engine.log().head())?;
    let turns = raw_turns(conv);
    let text_of: HashMap<&str, &str> = conv
        .sessions
        .iter()
        .flat_map(|s| s.turns.iter().map(|(d, _, t)| (d.as_str(), t.as_str())))
        .collect();
    let flat = FlatBm25::new(turns)?;
    let full = render(&flat.all());
    for q in &conv.questions {
        // Retrieval is planned and embedded offline whatever model answers, so every answerer
        // is scored on the same contexts.
        let plan = Plan::by_model(&mut OfflineModel, &q.question);
        let context = retriever.retrieve(&q.question, plan, &opts.budgets, &mut OfflineModel)?;
        let evidence: Vec<&str> = q
            .evidence
            .iter()
            .filter_map(|d| text_of.get(d.as_str()).copied())
            .collect();
        let mut systems = BTreeMap::new();
        let rg_text = context.render();
        let rg_tokens = context.tokens();
        let mut rg = score(q, &evidence, &rg_text, rg_tokens, rgmem_turns(&context));
        rg.retrieved_items = crate::coverage::retrieved(engine.memory(), &context);
        systems.insert("rgmem".to_string(), rg);
        let picked = flat.retrieve(&q.question, rg_tokens)?;
        let flat_text = render(&picked);
        systems.insert(
            "flat_bm25".to_string(),
            score(
                q,
                &evidence,
                &flat_text,
                crate::text::estimate_tokens(&flat_text),
                picked.iter().map(|t| t.dia.clone()).collect(),
            ),
        );
        systems.insert(
            "full_context".to_string(),
            score(
                q,
                &evidence,
                &full,
                crate::text::estimate_tokens(&full),
                flat.all().iter().map(|t| t.dia.clone()).collect(),
            ),
        );
        if let Some(model) = answerer.as_deref_mut() {
            let person = context.person.clone().unwrap_or_else(|| conv.speakers.join(" and "));
            for (name, text) in [("rgmem", &rg_text), ("flat_bm25", &flat_text), ("full_context", &full)] {
                if let Some(r) = systems.get_mut(name) {
                    answer_and_judge(model, q, &person, text, r);
                }
            }
        }
        results.push(QuestionResult {
            id: q.id.clone(),
            category: q.category,
            question: q.question.clone(),
            gold: q.answer.clone(),
            evidence: q.evidence.clone(),
            systems,
        });
        tick();
    }
    Ok(results)
}

fn score(q: &Question, evidence: &[&str], context: &str, tokens: u32, turns: Vec<String>) -> SystemResult {
    SystemResult {
        retrieved_turns: turns,
        evidence_recall: evidence_recall(evidence, context),
        answer_token_recall: if q.category == 5 {
            None
        } else {
            answer_token_recall(&q.answer, context)
        },
        context_tokens: tokens,
        ..SystemResult::default()
    }
}

/// The turns rgmem's context shows verbatim (its turn items).
fn rgmem_turns(context: &Context) -> Vec<String> {
    context
        .items
        .iter()
        .filter(|i| i.layer == Layer::Turn)
        .flat_map(|i| i.provenance.source_refs.iter().cloned())
        .collect()
}

fn answer_and_judge(model: &mut dyn Model, q: &Question, person: &str, context: &str, r: &mut SystemResult) {
    let request = ModelRequest::new(Task::Answer {
        person: person.to_string(),
        context: context.to_string(),
        question: q.question.clone(),
    });
    let Ok(reply) = model.complete(&request) else { return };
    let answer = reply.reply.trim().to_string();
    r.f1 = Some(token_f1(&answer, &q.answer));
    let judge = ModelRequest::new(Task::Judge {
        question: q.question.clone(),
        gold: q.answer.clone(),
        answer: answer.clone(),
    });
    r.judge_correct = model
        .complete(&judge)
        .ok()
        .and_then(|c| parse::parse_judge(&c.reply).ok());
    r.answer = Some(answer);
}

/// The name of a conversation's memory file in the work directory.
#[must_use]
pub fn memory_file(id: &str) -> String {
    format!("{}.db", sanitize(id))
}

fn sanitize(id: &str) -> String {
    id.chars()
        .map(|c| if c.is_alphanumeric() || c == '-' { c } else { '_' })
        .collect()
}
