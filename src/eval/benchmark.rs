//! The LoCoMo run: each conversation is ingested into its own memory file (both speakers as
//! persons, session dates as time), then every question is put to rgmem (through
//! `Engine::ask`, the path `rgmem ask` takes), to rgmem without the ablated layers, and to the
//! baselines: `segment_bm25` (rgmem's retriever over the turns alone: the same keywords,
//! speaker weighting, segment fill and packing) and `flat_bm25`, both held to the token count
//! of rgmem's context for that question, and `full_context`. The same answerer answers over
//! every context, so the official F1 compares contexts, not answerers.

use super::baselines::{FlatBm25, context, raw_turns, render};
use super::metrics::{answer_token_recall, evidence_recall, official_score, says_not_mentioned};
use super::report::{QuestionResult, SystemResult};
use crate::engine::{AskOptions, Engine};
use crate::error::{Error, Result};
use crate::formats::locomo::{Conversation, Question};
use crate::log::Log;
use crate::memory::Thresholds;
use crate::model::{Model, ModelRequest, Task, parse};
use crate::retrieval::{Budgets, Context, Layer, Layers};
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
    /// Layer sets to leave out, each its own system (`rgmem-relations,concepts`) in the same run.
    pub ablations: Vec<Layers>,
}

/// The layers `segment_bm25` leaves out: everything the memory adds to the turns.
const MEMORY_LAYERS: [Layer; 4] = [Layer::Fact, Layer::Conclusion, Layer::Concept, Layer::Relation];

/// The system name of rgmem without `without`.
#[must_use]
pub fn ablated_name(without: Layers) -> String {
    format!("rgmem-{without}")
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
    let mut engine = fresh_engine(path, model, thresholds)?;
    for turn in conv.turns() {
        engine.ingest(&turn, &conv.speakers[0])?;
        on_turn(engine.memory());
    }
    engine.finish()?;
    on_turn(engine.memory());
    Ok(engine)
}

/// Runs the benchmark. `make_model` builds the model that ingests each conversation and answers
/// its questions; a model that writes its answers (no [`Model::answer_note`]) also judges them.
pub fn run(
    convs: &[Conversation],
    opts: &Options,
    make_model: &mut dyn FnMut() -> crate::Result<Box<dyn Model>>,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Result<Vec<QuestionResult>> {
    std::fs::create_dir_all(&opts.work_dir).map_err(|source| Error::Io {
        path: opts.work_dir.display().to_string(),
        source,
    })?;
    let total: u64 = convs.iter().map(|c| (c.turn_count() + c.questions.len()) as u64).sum();
    let models = convs.iter().map(|_| make_model()).collect::<Result<Vec<_>>>()?;
    let per_conversation = super::parallel::map(
        convs,
        models,
        |conv| conv.id.as_str(),
        total,
        |conv, model, tick| {
            let path = opts.work_dir.join(memory_file(&conv.id));
            let mut engine = ingest(conv, &path, model, opts.thresholds, &mut |_| tick())?;
            evaluate(conv, &mut engine, opts, &mut || tick())
        },
        progress,
    )?;
    let results: Vec<QuestionResult> = per_conversation.into_iter().flatten().collect();
    Ok(results)
}

/// Puts every question of a conversation to rgmem (over the engine's memory at head), to its
/// ablations and to the baselines; `tick` is called once per question.
pub fn evaluate(
    conv: &Conversation,
    engine: &mut Engine,
    opts: &Options,
    tick: &mut dyn FnMut(),
) -> Result<Vec<QuestionResult>> {
    let mut results = Vec::new();
    let turns = raw_turns(conv);
    // As the contexts show them, photo captions rendered: evidence is looked for in those.
    let text_of: HashMap<&str, String> = conv
        .sessions
        .iter()
        .flat_map(|s| s.turns.iter().map(|t| (t.dia.as_str(), t.said())))
        .collect();
    let flat = FlatBm25::new(turns)?;
    let full = render(&flat.all());
    let judge = engine.model_mut().answer_note().is_none();
    let ask = |budgets: Budgets| AskOptions {
        budgets,
        at: None,
        log: false,
    };
    for q in &conv.questions {
        let evidence: Vec<&str> = q
            .evidence
            .iter()
            .filter_map(|d| text_of.get(d.as_str()).map(String::as_str))
            .collect();
        let mut systems = BTreeMap::new();
        let rg = engine.ask(&q.question, &ask(opts.budgets), &mut |_| {})?;
        let rg_tokens = rg.context.tokens();
        let person = rg.person.clone();
        let mut rg_result = scored(
            q,
            &evidence,
            &rg.context.render(),
            rg_tokens,
            rgmem_turns(&rg.context),
            Some(&rg.text),
        );
        rg_result.retrieved_items = crate::eval::coverage::retrieved(engine.memory(), &rg.context);
        systems.insert("rgmem".to_string(), rg_result);
        for without in &opts.ablations {
            let budgets = Budgets {
                without: *without,
                ..opts.budgets
            };
            let a = engine.ask(&q.question, &ask(budgets), &mut |_| {})?;
            let r = scored(
                q,
                &evidence,
                &a.context.render(),
                a.context.tokens(),
                rgmem_turns(&a.context),
                Some(&a.text),
            );
            systems.insert(ablated_name(*without), r);
        }
        let segment = Budgets {
            without: MEMORY_LAYERS.into_iter().fold(Layers::NONE, Layers::with),
            tokens: Some(rg_tokens),
            ..opts.budgets
        };
        let seg = engine.ask(&q.question, &ask(segment), &mut |_| {})?;
        systems.insert(
            "segment_bm25".to_string(),
            scored(
                q,
                &evidence,
                &seg.context.render(),
                seg.context.tokens(),
                rgmem_turns(&seg.context),
                Some(&seg.text),
            ),
        );
        let picked = flat.retrieve(&q.question, rg_tokens)?;
        let flat_text = render(&picked);
        let flat_answer = engine.answer_from(
            &q.question,
            &person,
            context(&picked),
            false,
            &mut |_| {},
            &mut Vec::new(),
        )?;
        systems.insert(
            "flat_bm25".to_string(),
            scored(
                q,
                &evidence,
                &flat_text,
                crate::text::estimate_tokens(&flat_text),
                picked.iter().map(|t| t.dia.clone()).collect(),
                Some(&flat_answer.0),
            ),
        );
        // The whole conversation is the same for every question: not kept per question.
        let whole = SystemResult {
            context: None,
            ..scored(
                q,
                &evidence,
                &full,
                crate::text::estimate_tokens(&full),
                flat.all().iter().map(|t| t.dia.clone()).collect(),
                None,
            )
        };
        systems.insert("full_context".to_string(), whole);
        if judge {
            for r in systems.values_mut() {
                judged(engine.model_mut(), q, r);
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

fn scored(
    q: &Question,
    evidence: &[&str],
    context: &str,
    tokens: u32,
    turns: Vec<String>,
    answer: Option<&str>,
) -> SystemResult {
    SystemResult {
        retrieved_turns: turns,
        evidence_recall: evidence_recall(evidence, context),
        answer_token_recall: if q.category == 5 {
            None
        } else {
            answer_token_recall(&q.answer, context)
        },
        context_tokens: tokens,
        context: Some(context.to_string()),
        f1: answer.map(|a| official_score(a, &q.answer, q.category)),
        not_mentioned: answer.map(says_not_mentioned),
        answer: answer.map(str::to_string),
        ..SystemResult::default()
    }
}

/// The turns a context shows verbatim (its turn items).
fn rgmem_turns(context: &Context) -> Vec<String> {
    context
        .items
        .iter()
        .filter(|i| i.layer == Layer::Turn)
        .flat_map(|i| i.provenance.source_refs.iter().cloned())
        .collect()
}

/// The model's verdict on an answer (`Task::Judge`), for models that write their answers.
fn judged(model: &mut dyn Model, q: &Question, r: &mut SystemResult) {
    let Some(answer) = r.answer.clone() else { return };
    let judge = ModelRequest::new(Task::Judge {
        question: q.question.clone(),
        gold: q.answer.clone(),
        answer,
    });
    r.judge_correct = model
        .complete(&judge)
        .ok()
        .and_then(|c| parse::parse_judge(&c.reply).ok());
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

/// An engine over a new memory file at `path` (an old one and its WAL removed first), with
/// `thresholds` recorded and steps sharing transactions, as every benchmark ingest wants.
pub(super) fn fresh_engine(path: &Path, model: Box<dyn Model>, thresholds: Thresholds) -> Result<Engine> {
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
    engine.group_commits(crate::log::group::MAX_GROUP_STEPS, crate::log::group::MAX_GROUP_AGE)?;
    Ok(engine)
}
