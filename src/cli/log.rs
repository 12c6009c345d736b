//! `rgmem log [--json] [--from SEQ] [--kind KIND]`: the event log, with branches made visible.

use super::Shared;
use anyhow::Result;
use rgmem::ids::Seq;
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
    let log = shared.open_existing_log()?;
    let mut out = super::escape::stdout();
    if args.cost {
        return super::cost::print(&log, args.json, &mut out);
    }
    if args.branches {
        return super::branches::print(&super::points::History::from_log(log)?, args.json, &mut out);
    }
    for r in log.range(Seq(args.from.max(1)), log.head())? {
        if args.kind.as_deref().is_some_and(|k| k != r.event.kind()) {
            continue;
        }
        if args.json {
            writeln!(out, "{}", r.to_json())?;
        } else {
            let branch = if r.parent.0 + 1 == r.seq.0 {
                String::new()
            } else {
                format!("  (parent {})", r.parent)
            };
            writeln!(out, "{}{branch}", r.summary())?;
        }
    }
    Ok(())
}
