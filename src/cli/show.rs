//! `rgmem show [--at POINT] [--json]`: the memory at head or at any point in history.

use super::Shared;
use super::points::{History, describe};
use anyhow::Result;
use rgmem::history::Point;
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
    let history = History::open(shared)?;
    let point = args.at.clone().unwrap_or(Point::Head);
    let seq = history.tree.resolve(&point)?;
    let memory = history.memory_at(seq)?;
    let mut out = super::escape::stdout();
    if let Some(file) = &args.coverage {
        return super::coverage::print_unreached(file, &shared.db_path(), &memory, &mut out);
    }
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&memory.to_view())?)?;
    } else {
        let t = memory.thresholds;
        writeln!(
            out,
            "memory at {} (head {}), θ_inf={} θ_sum={}",
            describe(&point, seq),
            history.log.head(),
            t.theta_inf,
            t.theta_sum
        )?;
        write!(out, "{}", memory.to_tree_text())?;
    }
    Ok(())
}
