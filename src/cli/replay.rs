//! `rgmem replay FILE --headless [--json]` and `rgmem replay --locomo FILE`: ingest without the
//! interface, printing each operator firing (or, with `--json`, every event) as it is appended.

use super::Shared;
use anyhow::{Context, Result, bail};
use rgmem::event::{Event, EventRecord};
use rgmem::formats::session::TurnInput;
use std::io::Write;
use std::path::PathBuf;

/// Options of `replay`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The conversation file: a session (`.jsonl`, see sample_sessions/) or any format `import`
    /// reads.
    #[arg(required_unless_present = "locomo")]
    file: Option<PathBuf>,
    /// Run without the interface (the only mode until you open `rgmem tui --session`).
    #[arg(long)]
    headless: bool,
    /// Print every appended event as one JSON line.
    #[arg(long)]
    json: bool,
    /// A LoCoMo benchmark file (the same as FILE with `--format locomo`): both speakers tracked
    /// as persons.
    #[arg(long, value_name = "FILE", conflicts_with = "file")]
    locomo: Option<PathBuf>,
    #[command(flatten)]
    pick: super::input::Pick,
    /// Ingest the file's turns again even if this memory already holds them (otherwise only
    /// turns it does not hold are ingested: a rerun resumes, a grown file adds its new turns).
    #[arg(long)]
    again: bool,
    /// Turns stored per transaction: a replay commits this many turns at once (or what 100 ms
    /// ingested, if fewer), which is most of its speed; 1 stores each turn before the next
    /// begins. A killed replay loses only turns it had not stored yet, and a rerun resumes after
    /// the last stored one.
    #[arg(long, value_name = "TURNS", default_value_t = rgmem::log::group::MAX_GROUP_STEPS,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(rgmem::log::group::MAX_GROUP_STEPS)))]
    commit_every: u32,
}

/// How a replay runs, beside what it reads.
#[derive(Clone, Copy)]
pub struct Options {
    /// Print every appended event as JSON.
    pub json: bool,
    /// The θ an exported session file's header names, for a fresh log.
    pub header_theta: Option<rgmem::memory::Thresholds>,
    /// Ingest turns the memory already holds.
    pub again: bool,
    /// Turns per transaction.
    pub commit_every: u32,
}

/// What is being replayed: its turns, its user and its identity (a content hash).
pub struct Input {
    /// The turns.
    pub turns: Vec<TurnInput>,
    /// The human side's name.
    pub user: String,
    /// `format:sha256`, recorded with each stored turn.
    pub source: String,
    /// The file's name for messages.
    pub name: String,
}

/// Runs `replay`. With `--model recorded` and no `--recorded`, the replies come from the
/// replayed file itself; a fresh log takes the θ an exported file's header names.
pub fn run(shared: &Shared, args: &Args) -> Result<()> {
    let mut shared = shared.clone();
    let (path, pick) = match (&args.locomo, &args.file) {
        (Some(path), _) => (
            path,
            super::input::Pick {
                format: Some(rgmem::formats::import::Format::Locomo),
                ..args.pick.clone()
            },
        ),
        (None, Some(path)) => (path, args.pick.clone()),
        (None, None) => bail!("give a conversation file (or --locomo FILE)"),
    };
    let loaded = super::input::load(path, &pick)?;
    if shared.model == super::common::ModelKind::Recorded
        && shared.recorded.is_none()
        && loaded.imported.format == rgmem::formats::import::Format::Session
    {
        shared.recorded = Some(path.clone());
    }
    let header_theta = header_theta(&loaded);
    let input = Input {
        source: loaded.source_id()?,
        turns: loaded.turns,
        user: loaded.user,
        name: loaded.name,
    };
    let options = Options {
        json: args.json,
        header_theta,
        again: args.again,
        commit_every: args.commit_every,
    };
    ingest(&shared, &input, &options)
}

/// The θ an exported session file's header names (`rgmem export`), which a fresh log takes.
pub fn header_theta(loaded: &super::input::Input) -> Option<rgmem::memory::Thresholds> {
    (loaded.imported.format == rgmem::formats::import::Format::Session)
        .then(|| std::fs::read_to_string(&loaded.path).ok())
        .flatten()
        .and_then(|text| rgmem::log::export::header_thresholds(&text))
}

/// Without the `tui` feature, no subcommand means: replay the embedded sample session into the default memory.
#[cfg(not(feature = "tui"))]
pub fn demo(shared: &Shared) -> Result<()> {
    let file = rgmem::formats::session::SessionFile::parse(
        include_str!("../../sample_sessions/strength_training_injury.jsonl"),
        "strength_training_injury.jsonl",
    )?;
    eprintln!(
        "replaying the sample session strength_training_injury.jsonl into {}",
        shared.db_path().display()
    );
    let input = Input {
        user: file.user_name(),
        turns: file.turns,
        source: "embedded:strength_training_injury.jsonl".into(),
        name: "strength_training_injury.jsonl".into(),
    };
    let options = Options {
        json: false,
        header_theta: None,
        again: false,
        commit_every: rgmem::log::group::MAX_GROUP_STEPS,
    };
    ingest(shared, &input, &options)
}

/// Ingests what `input` adds to the memory, printing firings (or every event) once stored.
pub fn ingest(shared: &Shared, input: &Input, options: &Options) -> Result<()> {
    let Options {
        json,
        header_theta,
        again,
        commit_every,
    } = *options;
    let mut engine = shared.open_engine()?;
    let mut out = super::escape::stdout();
    let mut emit = |records: &[EventRecord]| -> Result<()> {
        for r in records {
            if json {
                writeln!(out, "{}", r.to_json())?;
            } else if matches!(
                r.event,
                Event::OperatorFired { .. } | Event::AbstractionProposed { .. } | Event::ModelFailed { .. }
            ) {
                writeln!(out, "{}", r.summary())?;
            }
        }
        Ok(())
    };
    if engine.log().head().0 == 0 {
        let thresholds = header_theta
            .filter(|_| shared.thresholds().is_none())
            .unwrap_or(engine.memory().thresholds);
        let records = engine.set_thresholds(thresholds)?;
        emit(&records)?;
    }
    // A replay can be run again (it resumes after the last committed turn), so its steps share
    // transactions instead of each rewriting the same index pages into the WAL.
    engine.group_commits(commit_every, rgmem::log::group::MAX_GROUP_AGE)?;
    let total = input.turns.len();
    let user = input.user.as_str();
    let turns = rgmem::ingest::import::map_user_onto(engine.memory(), input.turns.clone(), user);
    if let Some(why) = rgmem::ingest::import::refusal(engine.memory(), &turns, user) {
        bail!("{}: {why}", input.name);
    }
    let held = if again {
        vec![false; total]
    } else {
        rgmem::ingest::import::stored(engine.memory(), &turns)
    };
    let new = held.iter().filter(|h| !**h).count();
    let first_new = held.iter().position(|h| !*h).unwrap_or(total);
    if new == 0 && total > 0 {
        eprintln!(
            "{}: all {total} turns are already in this memory; nothing to do (--again ingests them again)",
            input.name
        );
    } else if new < total && held.iter().skip(first_new).all(|h| !*h) {
        eprintln!(
            "{}: resuming at turn {} of {total}; the turns before are already in this memory (--again starts over)",
            input.name,
            first_new.saturating_add(1)
        );
    } else if new < total {
        eprintln!(
            "{}: {new} of {total} turns are new to this memory; the others are already in it (--again ingests all)",
            input.name
        );
    }
    // Events are printed once their step is committed, so a reader of the output (or whoever
    // kills the replay) never sees an event the file does not hold.
    let mut unprinted: Vec<EventRecord> = Vec::new();
    for (position, turn) in turns
        .iter()
        .enumerate()
        .filter(|(i, _)| !held.get(*i).copied().unwrap_or(false))
    {
        let mark = u32::try_from(position).ok().map(|position| rgmem::log::SourceMark {
            source: &input.source,
            position,
        });
        let stopped = match engine.ingest_marked(turn, user, mark) {
            Ok(records) => {
                let refused = stop_if_refused(&records);
                unprinted.extend(records);
                refused
            }
            Err(e) => Err(anyhow::Error::new(e).context(format!("ingesting turn {}", turn.index))),
        };
        if stopped.is_err() {
            // The steps before the one that stopped are whole: store them, then say so.
            engine.flush().context("storing the turns before the one that failed")?;
        }
        if !engine.log().has_uncommitted() {
            emit(&unprinted)?;
            unprinted.clear();
        }
        stopped?;
    }
    unprinted.extend(engine.finish().context("closing the last segment")?);
    emit(&unprinted)?;
    if !json {
        let m = engine.memory();
        writeln!(
            std::io::stdout(),
            "{} turns, {} episodes, {} concepts, {} relations; RK1×{} RK2×{} RK3×{}; head {}",
            m.turns.len(),
            m.episodes.len(),
            m.concepts.len(),
            m.relations.len(),
            m.firings[0],
            m.firings[1],
            m.firings[2],
            engine.log().head()
        )?;
    }
    Ok(())
}

/// A server that refuses a request (bad key, unknown model) will refuse every other one, and one
/// that cannot be reached after every retry is down, so the replay stops at the first such
/// failure, which is already logged, instead of failing turn by turn.
fn stop_if_refused(records: &[EventRecord]) -> Result<()> {
    for r in records {
        if let Event::ModelFailed { error, .. } = &r.event
            && (error.starts_with("model refused the request")
                || error.starts_with("model unreachable: cannot connect"))
        {
            bail!("{error}");
        }
    }
    Ok(())
}

/// A directory of its own for a memory nobody asked to keep (`tui --session` without `--db`):
/// removed with everything in it (the database, its WAL and shared-memory files) when dropped,
/// so an error, a panic or a normal exit all leave nothing behind.
#[derive(Debug)]
pub struct ScratchDir {
    path: PathBuf,
}

impl ScratchDir {
    /// Creates a fresh directory under the system's temp directory.
    ///
    /// # Errors
    /// When no directory can be created there.
    pub fn new() -> Result<Self> {
        let base = std::env::temp_dir();
        let pid = std::process::id();
        let mut last = None;
        for attempt in 0u32..100 {
            let path = base.join(format!("rgmem-replay-{pid}-{attempt}"));
            match std::fs::create_dir(&path) {
                Ok(()) => return Ok(Self { path }),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
                Err(e) => {
                    return Err(e).with_context(|| format!("creating a scratch directory in {}", base.display()));
                }
            }
        }
        Err(last.map_or_else(|| anyhow::anyhow!("no free name"), anyhow::Error::from))
            .with_context(|| format!("creating a scratch directory in {}", base.display()))
    }

    /// The memory file inside it.
    #[must_use]
    pub fn db(&self) -> PathBuf {
        self.path.join("memory.db")
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

#[cfg(test)]
mod scratch_tests {
    use super::ScratchDir;

    #[test]
    fn a_scratch_memory_leaves_nothing_behind_even_on_an_error() {
        let dir = ScratchDir::new().unwrap();
        let db = dir.db();
        let parent = db.parent().unwrap().to_path_buf();
        let failed = (|| -> anyhow::Result<()> {
            let log = rgmem::log::Log::open(&db)?;
            drop(log);
            std::fs::write(parent.join("memory.db-wal"), b"x")?;
            anyhow::bail!("the replay failed")
        })();
        assert!(failed.is_err());
        assert!(parent.exists());
        drop(dir);
        assert!(!parent.exists(), "{} was left behind", parent.display());
    }
}
