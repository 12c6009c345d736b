//! `rgmem show [--at POINT] [--json] [--brief]`: the memory at head or at any point in history,
//! each relation's current summary under its counter (`--brief`: the counters only).

use super::Shared;
use super::points::{History, describe, open_log};
use anyhow::{Context, Result};
use rgmem::history::{HistoryError, Point};
use rgmem::ids::Seq;
use rgmem::log::EventStore;
use std::io::Write;

/// Options of `show`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Show the memory as it was at this point: a seq (412), a date or time (2024-05-01: the last
    /// event at or before it), `head`, or a branch tip (`branch:N`, see `rgmem log --branches`).
    #[arg(long, value_name = "POINT", value_parser = parse_point)]
    at: Option<Point>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Counters only: leave out each relation's summary.
    #[arg(long, conflicts_with = "json")]
    brief: bool,
    /// List every item `rgmem correct` can name, one per line: its id, then its text.
    #[arg(long, conflicts_with_all = ["json", "coverage"])]
    ids: bool,
    /// List the memory items no question reached, from `rgmem eval locomo --coverage FILE`.
    #[arg(long, value_name = "FILE", conflicts_with = "json")]
    coverage: Option<std::path::PathBuf>,
}

/// Reads a point, refusing malformed ones as usage errors.
pub fn parse_point(s: &str) -> Result<Point, String> {
    s.parse().map_err(|e: rgmem::history::HistoryError| e.to_string())
}

/// Runs `show`.
pub fn run(shared: &Shared, args: &Args) -> Result<()> {
    let point = args.at.clone().unwrap_or(Point::Head);
    let (log, seq) = resolve(shared, &point)?;
    let memory = log
        .memory_at(seq)
        .with_context(|| format!("folding the memory at {seq}"))?;
    let mut out = super::escape::stdout();
    if let Some(file) = &args.coverage {
        return super::coverage::print_unreached(file, &shared.db_path(), &memory, &mut out);
    }
    if args.ids {
        for (item, text) in rgmem::engine::items(&memory) {
            let kind = item.noun();
            writeln!(out, "{item:<10} {kind:<10} {}", text.replace('\n', " "))?;
        }
        return Ok(());
    }
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&memory.to_view())?)?;
    } else {
        let t = memory.thresholds;
        let at = if seq == log.head() {
            format!("{seq} (head)")
        } else {
            format!("{} (head {})", describe(&point, seq), log.head())
        };
        writeln!(out, "memory at {at}, θ_inf={} θ_sum={}", t.theta_inf, t.theta_sum)?;
        write!(out, "{}", memory.to_tree_text_with(!args.brief))?;
    }
    Ok(())
}

/// The log and the seq a point names. The head and a plain seq need only the log's head, so a
/// year of history is not read just to show where it ends; dates and branches need the tree.
pub(super) fn resolve(shared: &Shared, point: &Point) -> Result<(super::store::Store, Seq)> {
    match point {
        Point::Head | Point::Seq(_) => {
            let log = open_log(shared)?;
            let head = log.head();
            let seq = match point {
                Point::Seq(seq) if *seq > head => {
                    return Err(HistoryError::UnknownSeq { seq: *seq, head }.into());
                }
                Point::Seq(seq) => *seq,
                _ => head,
            };
            Ok((log, seq))
        }
        _ => {
            let history = History::open(shared)?;
            let seq = history.tree.resolve(point)?;
            Ok((history.log, seq))
        }
    }
}
