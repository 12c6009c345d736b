//! `rgmem log [--json] [--from SEQ] [--kind KIND]`: the event log, with branches made visible.

use super::Shared;
use anyhow::{Context, Result};
use rgmem::event::EventRecord;
use rgmem::ids::Seq;
use rgmem::log::EventStore;
use rgmem::memory::Memory;
use std::io::Write;

/// Options of `log`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// One JSON object per event.
    #[arg(long)]
    json: bool,
    /// Start at this seq.
    #[arg(long, value_name = "SEQ", default_value_t = 1)]
    from: u64,
    /// Sum model calls, tokens and time per operator and per purpose instead.
    #[arg(long)]
    cost: bool,
    /// List the branches of the history instead, with the tips `branch:N` names.
    #[arg(long, conflicts_with = "cost")]
    branches: bool,
    /// Only events of this kind (e.g. abstraction_proposed, operator_fired, rolled_back).
    #[arg(long, value_name = "KIND", conflicts_with_all = ["cost", "branches"])]
    kind: Option<String>,
}

/// Runs `log`.
pub fn run(shared: &Shared, args: &Args) -> Result<()> {
    let mut out = super::escape::stdout();
    if args.cost || args.branches {
        let log = shared.open_existing_log()?;
        if args.cost {
            return super::cost::print(&log, args.json, &mut out);
        }
        return super::branches::print(&super::points::History::from_log(log)?, args.json, &mut out);
    }
    let log = shared.open_existing_log()?;
    let log = log.as_ref();
    let from = Seq(args.from.max(1));
    let records = log.range(from, log.head())?;
    let wanted = |r: &EventRecord| args.kind.as_deref().is_none_or(|k| k == r.event.kind());
    if args.json {
        for r in records.iter().filter(|r| wanted(r)) {
            writeln!(out, "{}", r.to_json())?;
        }
        return Ok(());
    }
    let start = Seq(from.0 - 1);
    let mut names = Named {
        at: start,
        memory: log
            .memory_at(start)
            .with_context(|| format!("reading the memory at {start} to name the events"))?,
    };
    for r in &records {
        // Every event moves the names on; only the wanted ones are printed.
        let line = names.line(log, r)?;
        if wanted(r) {
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}

/// The memory on each record's own branch, just after it, so ids read as the names they had
/// there (a rollback's next branch may give the same id to another concept).
struct Named {
    at: Seq,
    memory: Memory,
}

impl Named {
    /// "#12 relation_added       Fitness → Swimming", and the parent of a record that does not
    /// follow the one before it.
    fn line(&mut self, log: &dyn EventStore, r: &EventRecord) -> Result<String> {
        if r.parent != self.at {
            self.memory = log
                .memory_at(r.parent)
                .with_context(|| format!("reading the memory at {} to name {}", r.parent, r.seq))?;
        }
        self.memory.apply(&r.event);
        self.at = r.seq;
        let branch = if r.parent.0 + 1 == r.seq.0 {
            String::new()
        } else {
            format!("  (parent {})", r.parent)
        };
        Ok(format!(
            "{} {:<20} {}{branch}",
            r.seq,
            r.event.kind(),
            r.event.detail_named(&self.memory)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rgmem::Engine;
    use rgmem::formats::session::SessionFile;
    use rgmem::log::Log;
    use rgmem::rules::OfflineModel;

    const SAMPLE: &str = include_str!("../../sample_sessions/strength_training_injury.jsonl");

    fn lines(log: &Log) -> Vec<String> {
        let mut named = Named {
            at: Seq(0),
            memory: Memory::new(),
        };
        log.range(Seq(1), log.head())
            .unwrap()
            .iter()
            .map(|r| named.line(log, r).unwrap())
            .collect()
    }

    #[test]
    fn log_lines_name_concepts_and_relations_on_every_branch() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.db");
        let file = SessionFile::parse(SAMPLE, "sample").unwrap();
        let mut engine = Engine::open(Log::open(&path).unwrap(), Box::new(OfflineModel)).unwrap();
        for turn in file.turns.iter().take(40) {
            engine.ingest(turn, &file.user_name()).unwrap();
        }
        // A second branch from the middle, so the same ids may name other things there.
        engine.rollback(Seq(engine.log().head().0 / 2)).unwrap();
        for turn in file.turns.iter().skip(60).take(30) {
            engine.ingest(turn, &file.user_name()).unwrap();
        }
        let log = Log::open(&path).unwrap();
        let out = lines(&log);
        let relations: Vec<&String> = out
            .iter()
            .filter(|l| l.contains("relation_added") || l.contains("mention_recorded"))
            .collect();
        assert!(!relations.is_empty());
        for line in relations {
            assert!(line.contains(" → "), "{line}");
            let raw = line.split_whitespace().any(|w| {
                w.strip_prefix('c')
                    .or_else(|| w.strip_prefix('r'))
                    .is_some_and(|n| n.trim_end_matches(':').parse::<u32>().is_ok())
            });
            assert!(!raw, "an id, not a name: {line}");
        }
        assert!(out.iter().any(|l| l.contains("(parent ")), "the branch is marked");
    }
}
