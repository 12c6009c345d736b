//! The memory behind `rgmem serve`: one engine over the `--db` file, shared by every MCP session
//! of the process and used one call at a time. Each call reads what other processes (another
//! server, the CLI, the inspector) appended first; writes go through the engine's steps, which
//! re-plan when the file moved and wait out another writer, so nothing is lost or doubled.
//! Every argument is checked before anything is written, so a refused call stores nothing.

use super::args::{CorrectArgs, HistoryArgs, ProfileArgs, RecallArgs, RememberArgs, UndoArgs};
use super::shape;
use anyhow::{Context, Result, anyhow, bail};
use rgmem::Engine;
use rgmem::engine::AskOptions;
use rgmem::event::{EventRecord, ItemRef, Subject};
use rgmem::formats::session::TurnInput;
use rgmem::ids::{ConceptId, CorrectionId};
use rgmem::memory::Memory;
use rgmem::retrieval::Budgets;
use serde_json::{Value, json};
use std::sync::{Mutex, MutexGuard};

/// Turns one `remember` call takes.
pub const MAX_TURNS: usize = 500;
/// Bytes one turn's text may hold.
pub const MAX_TURN_BYTES: usize = 64 * 1024;
/// Bytes a question, name or concept may hold.
pub const MAX_SHORT_BYTES: usize = 4 * 1024;
/// How long one `remember` call's steps may share a transaction before it commits.
const GROUP_AGE: std::time::Duration = std::time::Duration::from_secs(2);
/// The token budget `recall` uses when none is given.
pub const DEFAULT_BUDGET: u32 = 1500;

/// A refused call: the caller's mistake (an MCP "invalid params" error) or ours.
#[derive(Debug)]
pub enum Refusal {
    /// The arguments cannot be acted on; the message says why.
    Invalid(String),
    /// Something failed on our side (the file, the model).
    Failed(anyhow::Error),
}

impl From<anyhow::Error> for Refusal {
    fn from(e: anyhow::Error) -> Self {
        // What the engine refuses for the caller's sake (a missing item, an empty reason) is theirs to fix.
        match e.downcast_ref::<rgmem::Error>() {
            Some(
                rgmem::Error::NoSuchItem { .. }
                | rgmem::Error::CorrectionIncomplete(_)
                | rgmem::Error::NoSuchCorrection(_)
                | rgmem::Error::AlreadyRetired { .. },
            ) => Self::Invalid(format!("{e:#}")),
            _ => Self::Failed(e),
        }
    }
}

fn invalid<T>(message: impl Into<String>) -> std::result::Result<T, Refusal> {
    Err(Refusal::Invalid(message.into()))
}

fn short(what: &str, text: &str) -> std::result::Result<(), Refusal> {
    if text.len() > MAX_SHORT_BYTES {
        return invalid(format!("{what} is longer than {MAX_SHORT_BYTES} bytes"));
    }
    Ok(())
}

/// The engine and whose memory the file is by default.
pub struct Store {
    engine: Mutex<Engine<crate::cli::Store>>,
    person: Option<String>,
}

type Answer = std::result::Result<Value, Refusal>;

impl Store {
    /// A store over an opened engine; `person` is `--person`.
    pub fn new(engine: Engine<crate::cli::Store>, person: Option<String>) -> Self {
        Self {
            engine: Mutex::new(engine),
            person,
        }
    }

    /// The engine, at the file's latest head.
    fn engine(&self) -> Result<MutexGuard<'_, Engine<crate::cli::Store>>> {
        // A call that panicked cannot have left a half-written step: steps commit whole.
        let mut engine = self.engine.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        engine.refresh_memory().context("reading the memory file")?;
        Ok(engine)
    }

    /// `remember`: checks every turn, then ingests them as one session and closes it, so its
    /// facts are recallable at once. Returns the operator firings.
    pub fn remember(&self, args: RememberArgs) -> Answer {
        if args.turns.is_empty() {
            return invalid("turns is empty: give at least one {speaker, text}");
        }
        if args.turns.len() > MAX_TURNS {
            return invalid(format!("{} turns in one call; at most {MAX_TURNS}", args.turns.len()));
        }
        let user = args.person.clone().or_else(|| self.person.clone());
        if let Some(u) = &user {
            short("person", u)?;
        }
        let mut engine = self.engine()?;
        let session = match args.session {
            Some(s) => s,
            None => next_session(engine.memory()),
        };
        let mut inputs = Vec::with_capacity(args.turns.len());
        for (i, t) in args.turns.iter().enumerate() {
            if t.text.trim().is_empty() {
                return invalid(format!("turns[{i}].text is empty"));
            }
            if t.text.len() > MAX_TURN_BYTES {
                return invalid(format!("turns[{i}].text is longer than {MAX_TURN_BYTES} bytes"));
            }
            short(&format!("turns[{i}].speaker"), &t.speaker)?;
            let mut value = json!({"speaker": t.speaker.trim(), "text": t.text, "session": session});
            if let Some(time) = t.time.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
                value["time"] = json!(lenient_time(time));
            }
            let mut input: TurnInput = serde_json::from_value(value).map_err(|e| {
                Refusal::Invalid(format!("turns[{i}]: {e} (time is ISO 8601, e.g. 2024-05-08T18:30:00Z)"))
            })?;
            input.index = rgmem::ids::saturating_u32(i);
            inputs.push(input);
        }
        let user = user.unwrap_or_else(|| rgmem::ingest::DEFAULT_USER.to_string());
        // One transaction for the call, so a server killed half-way stores none of it; a call
        // that takes longer commits every GROUP_AGE, so other writers never wait long for it.
        engine
            .group_commits(u32::MAX, GROUP_AGE)
            .context("starting the session")?;
        let mut records: Vec<EventRecord> = Vec::new();
        let stored = (|| -> Result<()> {
            for input in &inputs {
                records.extend(engine.ingest(input, &user).context("storing a turn")?);
            }
            records.extend(engine.finish().context("closing the session")?);
            Ok(())
        })();
        engine.group_commits(1, GROUP_AGE).context("committing the session")?;
        stored?;
        Ok(shape::remembered(engine.memory(), &records, session, inputs.len()))
    }

    /// `recall`: the context items with provenance and item ids, and the offline answer.
    pub fn recall(&self, args: RecallArgs) -> Answer {
        short("question", &args.question)?;
        if args.question.trim().is_empty() {
            return invalid("question is empty");
        }
        let mut engine = self.engine()?;
        let mut question = args.question.trim().to_string();
        if let Some(name) = args.person.as_ref().or(self.person.as_ref()) {
            let root = person_root(engine.memory(), Some(name)).map_err(|e| Refusal::Invalid(e.to_string()))?;
            let root_name = engine.memory().concept(root).name.clone();
            if rgmem::retrieval::person_in(engine.memory(), &question).is_none() {
                question = format!("{question} ({root_name})");
            }
        }
        let opts = AskOptions {
            budgets: Budgets {
                tokens: Some(args.budget.unwrap_or(DEFAULT_BUDGET).clamp(50, 100_000)),
                ..Budgets::default()
            },
            at: None,
            log: false,
        };
        let answer = engine
            .ask(&question, &opts, &mut |_| {})
            .context("answering from memory")?;
        Ok(shape::recalled(engine.memory(), &answer))
    }

    /// `profile`: the person's Σ/Δ, or one concept's, typed, with item ids.
    pub fn profile(&self, args: ProfileArgs) -> Answer {
        let engine = self.engine()?;
        let m = engine.memory();
        let root = person_root(m, args.person.as_deref().or(self.person.as_deref()))
            .map_err(|e| Refusal::Invalid(e.to_string()))?;
        let concept = match &args.concept {
            None => root,
            Some(name) => {
                short("concept", name)?;
                concept_of(m, root, name, engine.log().head())?
            }
        };
        Ok(shape::profile(m, concept))
    }

    /// `history`: the firings (and corrections) on one concept or relation.
    pub fn history(&self, args: HistoryArgs) -> Answer {
        short("concept", &args.concept)?;
        let engine = self.engine()?;
        let m = engine.memory();
        let head = engine.log().head();
        let root = person_root(m, args.person.as_deref().or(self.person.as_deref()))
            .map_err(|e| Refusal::Invalid(e.to_string()))?;
        let subject = match rgmem::history::find_subject(m, &args.concept, head) {
            Ok(Subject::Concept(c)) if m.concept(c).person != root => {
                Subject::Concept(concept_of(m, root, &args.concept, head)?)
            }
            Ok(s) => s,
            Err(e) => return invalid(e.to_string()),
        };
        let records = engine.log().all().context("reading the log")?;
        let tree = rgmem::history::Tree::from_records(&records);
        let firings = rgmem::history::concept_history(&records, &tree, head, subject);
        Ok(shape::history(m, subject, &firings))
    }

    /// `correct`: retires an item or replaces its text.
    pub fn correct(&self, args: CorrectArgs) -> Answer {
        let Some(item) = ItemRef::parse(&args.item) else {
            return invalid(format!(
                "{:?} names no item: a fact is e3, a conclusion e3/c1, a Σ bullet c12/s0, a Δ item c12/d1 (recall and profile give ids)",
                args.item
            ));
        };
        let mut engine = self.engine()?;
        let records = engine
            .correct(item, args.text.as_deref(), &args.reason)
            .with_context(|| format!("correcting {item}"))?;
        Ok(shape::corrected(engine.memory(), &records))
    }

    /// `undo_correction`.
    pub fn undo(&self, args: UndoArgs) -> Answer {
        let t = args.correction.trim();
        let Ok(n) = t.strip_prefix('k').unwrap_or(t).parse::<u32>() else {
            return invalid(format!("{:?} is not a correction id (k0, k1, …)", args.correction));
        };
        let mut engine = self.engine()?;
        let records = engine
            .undo_correction(CorrectionId(n))
            .with_context(|| format!("undoing k{n}"))?;
        Ok(shape::corrected(engine.memory(), &records))
    }
}

/// A time as RFC 3339: a date alone is its midnight, a time without an offset is UTC (agents
/// send both); anything else is passed on to be refused with the reason.
fn lenient_time(time: &str) -> String {
    use rgmem::time::Timestamp;
    if Timestamp::parse(time).is_ok() {
        return time.to_string();
    }
    [format!("{time}T00:00:00Z"), format!("{time}Z")]
        .into_iter()
        .find(|t| Timestamp::parse(t).is_ok())
        .unwrap_or_else(|| time.to_string())
}

/// The session after the latest one stored.
fn next_session(m: &Memory) -> u32 {
    m.turns.last().map_or(1, |t| t.session.saturating_add(1))
}

/// The person root `name` names (a root's name or a speaker label, any case); with no name, the
/// only person there is.
pub fn person_root(m: &Memory, name: Option<&str>) -> Result<ConceptId> {
    let roots: Vec<(ConceptId, String)> = m.roots().map(|r| (r.id, r.name.clone())).collect();
    let known = || roots.iter().map(|(_, n)| n.as_str()).collect::<Vec<_>>().join(", ");
    match name.map(str::trim).filter(|n| !n.is_empty()) {
        Some(name) => {
            let lower = name.to_lowercase();
            roots
                .iter()
                .find(|(_, n)| n.to_lowercase() == lower)
                .map(|(id, _)| *id)
                .or_else(|| m.person_for(name))
                .or_else(|| m.person_for(&lower))
                .ok_or_else(|| match roots.len() {
                    0 => anyhow!("no person {name:?}: the memory is empty (remember something first)"),
                    _ => anyhow!("no person {name:?} in this memory (people: {})", known()),
                })
        }
        None => match roots.as_slice() {
            [] => bail!("the memory is empty: remember something first"),
            [(id, _)] => Ok(*id),
            _ => bail!("this memory holds several people ({}); name one with `person`", known()),
        },
    }
}

/// A concept of `root`'s tree by name or path.
fn concept_of(
    m: &Memory,
    root: ConceptId,
    name: &str,
    head: rgmem::ids::Seq,
) -> std::result::Result<ConceptId, Refusal> {
    let wanted = name.trim().to_lowercase();
    if let Some(c) = m.concepts.iter().find(|c| {
        c.person == root && (c.name.to_lowercase() == wanted || m.path_of(c.id).join(" / ").to_lowercase() == wanted)
    }) {
        return Ok(c.id);
    }
    match rgmem::history::find_subject(m, name, head) {
        Ok(Subject::Concept(c)) if m.concept(c).person == root => Ok(c),
        _ => invalid(format!(
            "no concept {name:?} under {} (profile without a concept lists them)",
            m.concept(root).name
        )),
    }
}
