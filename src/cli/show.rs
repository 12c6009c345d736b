//! `rgmem show [--at SEQ] [--json]`: the memory at head or at a seq.

use super::Shared;
use anyhow::Result;
use rgmem::ids::Seq;
use std::io::Write;

/// Options of `show`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Show the memory as it was at this seq.
    #[arg(long, value_name = "SEQ")]
    at: Option<u64>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `show`.
pub fn run(shared: &Shared, args: &Args) -> Result<()> {
    let log = shared.open_existing_log()?;
    let seq = args.at.map_or_else(|| log.head(), Seq);
    let memory = log.memory_at(seq)?;
    let mut out = super::escape::stdout();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&memory.to_view())?)?;
    } else {
        let t = memory.thresholds;
        writeln!(
            out,
            "memory at {seq} (head {}), θ_inf={} θ_sum={}",
            log.head(),
            t.theta_inf,
            t.theta_sum
        )?;
        write!(out, "{}", memory.to_tree_text())?;
    }
    Ok(())
}
