//! The BEAM run: each chat is ingested into its own memory file (the user as the person, the
//! assistant as itself, anchors as dates), then every probing question is put to rgmem (through
//! `Engine::ask`), to its ablations, to `segment_bm25` and to `flat_bm25` over the messages, the
//! baselines held to rgmem's token count for that question, as in the LoCoMo run. Every context
//! is scored the same way, on its rendered text: source recall (see [`recalled`]), answer-token
//! recall, and whether the offline answer over it says "not mentioned".

use super::baselines::{FlatBm25, RawTurn, context, render};
use super::beam_report::{ProbeResult, Run, Score};
use super::benchmark::{Progress, ablated_name};
use super::metrics::{answer_token_recall, normalised, says_not_mentioned, tokens};
use crate::engine::{AskOptions, Engine};
use crate::error::{Error, Result};
use crate::event::Speaker;
use crate::formats::beam::{self, Chat, Message, Probe, Role};
use crate::memory::Thresholds;
use crate::model::{Model, Said};
use crate::retrieval::{Budgets, Context, Layer, Layers};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// How a run is set up.
#[derive(Debug, Clone)]
pub struct Options {
    /// Retrieval budgets, including the optional token cap.
    pub budgets: Budgets,
    /// θ_inf and θ_sum for ingestion.
    pub thresholds: Thresholds,
    /// Where the per-chat memory files go.
    pub work_dir: PathBuf,
    /// Layer sets to leave out, each its own system (`rgmem-relations,concepts`) in the same run.
    pub ablations: Vec<Layers>,
}

/// One chat of the split with its probing questions.
#[derive(Debug, Clone)]
pub struct Dataset {
    /// Its folder's name ("9").
    pub name: String,
    /// The messages.
    pub chat: Chat,
    /// The probing questions.
    pub probes: Vec<Probe>,
}

/// Loads `DIR/<n>/chat.json` with `DIR/<n>/probing_questions.json` (or, as upstream lays it out,
/// `DIR/<n>/probing_questions/probing_questions.json`) for every chat folder, or only `only`;
/// in numeric order of the folder names.
pub fn load_dir(dir: &Path, only: &[String]) -> Result<Vec<Dataset>> {
    let io = |path: &Path| {
        let path = path.display().to_string();
        move |source| Error::Io { path, source }
    };
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map_err(io(dir))?
        .filter_map(std::result::Result::ok)
        .filter(|e| e.path().join("chat.json").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort_by_key(|n| (n.parse::<u64>().unwrap_or(u64::MAX), n.clone()));
    if let Some(missing) = only.iter().find(|n| !names.contains(n)) {
        let message = format!(
            "no chat folder {missing} with a chat.json (chats: {})",
            names.join(", ")
        );
        return Err(io(dir)(std::io::Error::new(std::io::ErrorKind::NotFound, message)));
    }
    names.retain(|n| only.is_empty() || only.contains(n));
    names
        .into_iter()
        .map(|name| {
            let folder = dir.join(&name);
            let flat = folder.join("probing_questions.json");
            let nested = folder.join("probing_questions").join("probing_questions.json");
            let probes = beam::load_questions(if flat.is_file() { &flat } else { &nested })?;
            Ok(Dataset {
                chat: beam::load(&folder.join("chat.json"))?,
                name,
                probes,
            })
        })
        .collect()
}

/// Ingests a chat into a fresh memory file at `path` and returns the engine over it.
pub fn ingest(
    chat: &Chat,
    path: &Path,
    model: Box<dyn Model>,
    thresholds: Thresholds,
    tick: &mut dyn FnMut(),
) -> Result<Engine> {
    let mut engine = super::benchmark::fresh_engine(path, model, thresholds)?;
    for turn in chat.turns() {
        // The user introduces themselves ("I'm Taylor, …"): the default name lets ingest learn it.
        engine.ingest(&turn, crate::ingest::DEFAULT_USER)?;
        tick();
    }
    engine.finish()?;
    Ok(engine)
}

/// Runs every chat: ingest, then every probing question to every system.
pub fn run(
    data: &[Dataset],
    opts: &Options,
    make_model: &mut dyn FnMut() -> Result<Box<dyn Model>>,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Result<Run> {
    std::fs::create_dir_all(&opts.work_dir).map_err(|source| Error::Io {
        path: opts.work_dir.display().to_string(),
        source,
    })?;
    let total: u64 = data
        .iter()
        .map(|d| (d.chat.messages.len() + d.probes.len()) as u64)
        .sum();
    let models = data.iter().map(|_| make_model()).collect::<Result<Vec<_>>>()?;
    let per_chat = super::parallel::map(
        data,
        models,
        |d| d.name.as_str(),
        total,
        |d, model, tick| {
            let path = opts
                .work_dir
                .join(super::benchmark::memory_file(&format!("beam-{}", d.name)));
            let started = Instant::now();
            let mut engine = ingest(&d.chat, &path, model, opts.thresholds, &mut || tick())?;
            let ingest_secs = started.elapsed().as_secs_f64();
            let mut systems = BTreeMap::new();
            let probes = evaluate(d, &mut engine, opts, &mut systems, &mut || tick())?;
            Ok((ingest_secs, probes, systems))
        },
        progress,
    )?;
    let mut out = Run::default();
    for ((ingest_secs, probes, systems), d) in per_chat.into_iter().zip(data) {
        out.timings.ingest += ingest_secs;
        out.timings.messages += d.chat.messages.len();
        for (name, secs) in systems {
            *out.timings.systems.entry(name).or_insert(0.0) += secs;
        }
        out.probes.extend(probes);
    }
    Ok(out)
}

/// The abilities whose reference describes a response rather than stating what the chat holds
/// (a refusal, "Response should include step-by-step …"): its words need not be in any
/// context, so answer-token recall would measure the rubric's wording, not the memory.
const NOT_AN_ANSWER: [&str; 3] = ["abstention", "instruction_following", "preference_following"];

/// Whether answer-token recall is computed for a question of `ability`.
#[must_use]
pub fn scores_answer(ability: &str) -> bool {
    !NOT_AN_ANSWER.contains(&ability)
}

/// Puts every question of one chat to every system; `tick` is called once per question and
/// each system's time is added to `time`.
pub fn evaluate(
    d: &Dataset,
    engine: &mut Engine,
    opts: &Options,
    time: &mut BTreeMap<String, f64>,
    tick: &mut dyn FnMut(),
) -> Result<Vec<ProbeResult>> {
    let by_id: HashMap<u64, &Message> = d.chat.messages.iter().map(|m| (m.id, m)).collect();
    // The user as the memory knows them ("Taylor", learned from how they introduce themselves),
    // so the answerer reads flat_bm25's lines as theirs, as it reads rgmem's.
    let m = engine.memory();
    let user = m
        .person_for(&Speaker::User)
        .map_or_else(|| Speaker::USER.to_string(), |r| m.concept(r).name.clone());
    let flat = FlatBm25::new(raw_messages(&d.chat, &user))?;
    let ask = |budgets: Budgets| AskOptions {
        budgets,
        at: None,
        log: false,
    };
    // segment_bm25 is rgmem's retriever over the turns alone: every layer the memory adds is
    // left out.
    let turns_only = Layer::ALL
        .into_iter()
        .filter(|l| *l != Layer::Turn)
        .fold(Layers::NONE, Layers::with);
    let mut results = Vec::new();
    for p in &d.probes {
        let sources: Vec<&Message> = p.sources.iter().filter_map(|id| by_id.get(id).copied()).collect();
        let score = |context: &str, tokens: u32, answer: String| scored(p, &sources, context, tokens, answer);
        let mut systems = BTreeMap::new();
        let mut timed = |name: &str, started: Instant| {
            *time.entry(name.to_string()).or_insert(0.0) += started.elapsed().as_secs_f64();
        };
        let started = Instant::now();
        let rg = engine.ask(&p.question, &ask(opts.budgets), &mut |_| {})?;
        let rg_tokens = rg.context.tokens();
        let person = rg.person.clone();
        systems.insert("rgmem".to_string(), score(&rendered(&rg.context), rg_tokens, rg.text));
        timed("rgmem", started);
        for without in &opts.ablations {
            let started = Instant::now();
            let budgets = Budgets {
                without: *without,
                ..opts.budgets
            };
            let a = engine.ask(&p.question, &ask(budgets), &mut |_| {})?;
            let name = ablated_name(*without);
            systems.insert(name.clone(), score(&rendered(&a.context), a.context.tokens(), a.text));
            timed(&name, started);
        }
        let started = Instant::now();
        let segment = Budgets {
            without: turns_only,
            tokens: Some(rg_tokens),
            ..opts.budgets
        };
        let seg = engine.ask(&p.question, &ask(segment), &mut |_| {})?;
        systems.insert(
            "segment_bm25".to_string(),
            score(&rendered(&seg.context), seg.context.tokens(), seg.text),
        );
        timed("segment_bm25", started);
        let started = Instant::now();
        let picked = flat.retrieve(&p.question, rg_tokens)?;
        let flat_text = render(&picked);
        let (flat_answer, _) = engine.answer_from(
            &p.question,
            &person,
            context(&picked),
            false,
            &mut |_| {},
            &mut Vec::new(),
        )?;
        systems.insert(
            "flat_bm25".to_string(),
            score(&flat_text, crate::text::estimate_tokens(&flat_text), flat_answer),
        );
        timed("flat_bm25", started);
        results.push(ProbeResult {
            id: p.id.clone(),
            ability: p.ability.clone(),
            question: p.question.clone(),
            reference: p.answer.clone(),
            sources: sources.iter().map(|m| m.id).collect(),
            systems,
        });
        tick();
    }
    Ok(results)
}

/// A context as the answerer sees it.
fn rendered(context: &Context) -> String {
    context.render()
}

/// The messages as `flat_bm25` shows them, rendered like rgmem's turn lines: id, date, speaker
/// (the user by `user`, the assistant as "assistant"), text.
#[must_use]
pub fn raw_messages(chat: &Chat, user: &str) -> Vec<RawTurn> {
    chat.messages
        .iter()
        .map(|m| {
            let role = match m.role {
                Role::User => user,
                Role::Assistant => Speaker::ASSISTANT,
            };
            RawTurn::new(m.id.to_string(), Said::new(role.to_string(), m.time, m.content.clone()))
        })
        .collect()
}

fn scored(p: &Probe, sources: &[&Message], context: &str, tokens: u32, answer: String) -> Score {
    let ctx = normalised(context);
    let shown: Vec<(u64, Recall)> = sources.iter().map(|m| (m.id, recalled(&m.content, &ctx))).collect();
    let share = |keep: &dyn Fn(Recall) -> bool| {
        (!shown.is_empty()).then(|| shown.iter().filter(|(_, r)| keep(*r)).count() as f64 / shown.len() as f64)
    };
    Score {
        source_recall: share(&|r| r != Recall::Missing),
        source_recall_whole: share(&|r| r == Recall::Whole),
        answer_token_recall: p
            .answer
            .as_deref()
            .filter(|_| scores_answer(&p.ability))
            .and_then(|a| answer_token_recall(a, context)),
        context_tokens: tokens,
        recalled: shown
            .iter()
            .filter(|(_, r)| *r != Recall::Missing)
            .map(|(id, _)| *id)
            .collect(),
        not_mentioned: says_not_mentioned(&answer),
        answer,
        context: Some(context.to_string()),
    }
}

/// How much of a message a context shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recall {
    /// Every token, in order.
    Whole,
    /// A faithful shortened form (see [`recalled`]).
    Shortened,
    /// Neither.
    Missing,
}

/// Sentences shorter than this many tokens do not count towards a shortened form: "Yes,
/// thanks." or "Let me know!" could come from any message.
pub const MIN_SENTENCE: usize = 4;

/// A shortened form must quote this many of a long message's tokens (or half of a short one's):
/// about what a brief of a long turn shows (its two or three sentences that hold the question's
/// keywords), far more than chance overlap of whole sentences allows.
pub const QUOTE: usize = 30;

/// Whether a context (already [`normalised`]) shows a message, judged on the text alone so that
/// every system is measured the same way, whatever its items are:
/// - whole: the message's tokens, in order, are in the context (as LoCoMo's evidence recall);
/// - shortened: the context quotes, word for word, sentences of the message (each of at least
///   [`MIN_SENTENCE`] tokens) that hold together at least half its tokens, or [`QUOTE`] tokens
///   when that is less. A 20,000-token assistant reply cannot fit a 1,000-token budget; a quote
///   of its sentences can, and is what an answer needs of it. A paraphrase (a fact the model
///   wrote) does not count: faithfulness is checked, not guessed.
#[must_use]
pub fn recalled(message: &str, ctx: &str) -> Recall {
    let whole = normalised(message);
    if whole.trim().is_empty() {
        return Recall::Missing;
    }
    if ctx.contains(&whole) {
        return Recall::Whole;
    }
    let total = tokens(message).len();
    let need = total.div_ceil(2).min(QUOTE);
    let mut quoted = 0usize;
    for s in crate::text::sentences(message) {
        let n = tokens(&s).len();
        if n >= MIN_SENTENCE && ctx.contains(&normalised(&s)) {
            quoted = quoted.saturating_add(n);
            if quoted >= need {
                return Recall::Shortened;
            }
        }
    }
    Recall::Missing
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_is_recalled_whole_or_by_a_long_enough_quote() {
        let msg = "I finished six geometric problems today. My accuracy rose to 90 percent. Thanks!";
        let ctx = |s: &str| normalised(s);
        assert_eq!(recalled(msg, &ctx(&format!("- user: {msg}"))), Recall::Whole);
        assert_eq!(
            recalled(
                msg,
                &ctx("- user: I finished six geometric problems today. … My accuracy rose to 90 percent.")
            ),
            Recall::Shortened,
            "13 of 15 tokens quoted in whole sentences"
        );
        assert_eq!(
            recalled(msg, &ctx("- user: My accuracy rose to 90 percent.")),
            Recall::Missing,
            "6 of 15 tokens is under half"
        );
        assert_eq!(
            recalled(msg, &ctx("Thanks! geometric problems accuracy")),
            Recall::Missing
        );
        let long: String = (0..40)
            .map(|i| format!("Sentence number {i} says something about topic {i}. "))
            .collect();
        let quote: String = (3..7)
            .map(|i| format!("Sentence number {i} says something about topic {i}. "))
            .collect();
        assert_eq!(
            recalled(&long, &ctx(&quote)),
            Recall::Shortened,
            "32 tokens of a 320-token reply"
        );
        assert_eq!(recalled("", &ctx("anything")), Recall::Missing);
    }

    #[test]
    fn answer_recall_skips_references_that_describe_a_response() {
        assert!(scores_answer("knowledge_update"));
        assert!(!scores_answer("abstention"));
        assert!(!scores_answer("preference_following"));
    }
}
