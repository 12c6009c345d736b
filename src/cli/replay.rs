//! `rgmem replay FILE --headless [--json]` and `rgmem replay --locomo FILE`: ingest without the
//! interface, printing each operator firing (or, with `--json`, every event) as it is appended.

use super::Shared;
use anyhow::{Context, Result, bail};
use rgmem::event::{Event, EventRecord};
use rgmem::formats::session::{SessionFile, TurnInput};
use std::io::Write;
use std::path::PathBuf;

/// Options of `replay`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Session file (`.jsonl`, see sample_sessions/).
    #[arg(required_unless_present = "locomo")]
    file: Option<PathBuf>,
    /// Run without the interface (the only mode until you open `rgmem tui --session`).
    #[arg(long)]
    headless: bool,
    /// Print every appended event as one JSON line.
    #[arg(long)]
    json: bool,
    /// Import a LoCoMo benchmark file instead, both speakers tracked as persons.
    #[arg(long, value_name = "FILE", conflicts_with = "file")]
    locomo: Option<PathBuf>,
    /// With --locomo: only this conversation (e.g. conv-26).
    #[arg(long, value_name = "ID", requires = "locomo")]
    conversation: Option<String>,
    /// Ingest the file again even if this memory already holds its turns (a second replay of the
    /// same file otherwise resumes after the last turn it committed, or does nothing).
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
struct Options {
    json: bool,
    header_theta: Option<rgmem::memory::Thresholds>,
    again: bool,
    commit_every: u32,
}

/// What is being replayed: its turns, its user and its identity (a content hash), by which a
/// rerun finds where the last run stopped.
struct Input {
    turns: Vec<TurnInput>,
    user: String,
    source: String,
    name: String,
}

/// Runs `replay`. With `--model recorded` and no `--recorded`, the replies come from the
/// replayed file itself; a fresh log takes the θ an exported file's header names.
pub fn run(shared: &Shared, args: &Args) -> Result<()> {
    let mut shared = shared.clone();
    if shared.model == super::common::ModelKind::Recorded && shared.recorded.is_none() {
        shared.recorded.clone_from(&args.file);
    }
    let shared = &shared;
    let mut header_theta = None;
    let (turns, user, source, name) = if let Some(path) = &args.locomo {
        let convs = rgmem::formats::locomo::load(path)?;
        let picked: Vec<_> = convs
            .into_iter()
            .filter(|c| args.conversation.as_ref().is_none_or(|id| &c.id == id))
            .collect();
        if picked.is_empty() {
            bail!(
                "{}: no conversation {}",
                path.display(),
                args.conversation.as_deref().unwrap_or("at all")
            );
        }
        let which = args.conversation.as_deref().unwrap_or("*");
        (
            picked
                .iter()
                .flat_map(rgmem::formats::locomo::Conversation::turns)
                .collect::<Vec<_>>(),
            "User".to_string(),
            source_id(path, &format!("locomo {which}"))?,
            path.display().to_string(),
        )
    } else if let Some(path) = &args.file {
        let file = SessionFile::read(path)?;
        header_theta = std::fs::read_to_string(path)
            .ok()
            .and_then(|text| rgmem::log::export::header_thresholds(&text));
        let user = file.user_name();
        (
            file.turns,
            user,
            source_id(path, "session")?,
            path.display().to_string(),
        )
    } else {
        bail!("give a session file or --locomo FILE");
    };
    let input = Input {
        turns,
        user,
        source,
        name,
    };
    let options = Options {
        json: args.json,
        header_theta,
        again: args.again,
        commit_every: args.commit_every,
    };
    ingest(shared, &input, &options)
}

/// `kind:sha256-of-the-bytes`: the same bytes are the same input wherever the file lives.
fn source_id(path: &std::path::Path, kind: &str) -> Result<String> {
    use sha2::Digest;
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let digest = sha2::Sha256::digest(&bytes);
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    Ok(format!("{kind}:{hex}"))
}

/// Without the `tui` feature, no subcommand means: replay the embedded sample session into the default memory.
#[cfg(not(feature = "tui"))]
pub fn demo(shared: &Shared) -> Result<()> {
    let file = SessionFile::parse(
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

fn ingest(shared: &Shared, input: &Input, options: &Options) -> Result<()> {
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
    let start = match engine.log().replayed(&input.source)? {
        Some(_) if again => 0,
        Some(last) => usize::try_from(last).map_or(total, |l| l.saturating_add(1)),
        None => 0,
    };
    if start >= total && total > 0 {
        eprintln!(
            "{}: all {total} turns are already in this memory; nothing to do (--again ingests them again)",
            input.name
        );
    } else if start > 0 {
        eprintln!(
            "{}: resuming at turn {} of {total}; the turns before are already in this memory (--again starts over)",
            input.name,
            start.saturating_add(1)
        );
    }
    // Events are printed once their step is committed, so a reader of the output (or whoever
    // kills the replay) never sees an event the file does not hold.
    let mut unprinted: Vec<EventRecord> = Vec::new();
    for (position, turn) in input.turns.iter().enumerate().skip(start) {
        let mark = u32::try_from(position).ok().map(|position| rgmem::log::SourceMark {
            source: &input.source,
            position,
        });
        let stopped = match engine.ingest_marked(turn, &input.user, mark) {
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
