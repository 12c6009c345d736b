//! `rgmem correct ITEM --reason WHY [--text NEW]` retires a fact, a conclusion, a Σ bullet or a Δ
//! item, or replaces its text; `rgmem correct --undo K` takes a correction back. Each is one
//! appended event (`item_corrected`, `correction_undone`).

use super::Shared;
use anyhow::{Context, Result, anyhow};
use rgmem::event::ItemRef;
use rgmem::ids::CorrectionId;
use std::io::Write;

/// Options of `correct`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["item", "undo"])))]
pub struct Args {
    /// The item: a fact `e3`, a conclusion `e3/c1`, a Σ bullet `c12/s0` or a Δ item `c12/d1`
    /// (`rgmem show --ids` lists them).
    #[arg(value_parser = parse_item)]
    item: Option<ItemRef>,
    /// Why it is wrong (required with an item).
    #[arg(long, requires = "item")]
    reason: Option<String>,
    /// The corrected text; without it the item is retired.
    #[arg(long, requires = "item")]
    text: Option<String>,
    /// Undo the correction with this id (`k0`, or `0`), as `rgmem log` shows it.
    #[arg(long, value_name = "K", value_parser = parse_correction, conflicts_with_all = ["reason", "text"])]
    undo: Option<CorrectionId>,
}

/// Reads an item id.
pub fn parse_item(s: &str) -> Result<ItemRef, String> {
    ItemRef::parse(s).ok_or_else(|| {
        format!("{s:?} names no item: a fact is e3, a conclusion e3/c1, a Σ bullet c12/s0, a Δ item c12/d1")
    })
}

fn parse_correction(s: &str) -> Result<CorrectionId, String> {
    let t = s.trim();
    t.strip_prefix('k')
        .unwrap_or(t)
        .parse::<u32>()
        .map(CorrectionId)
        .map_err(|_| format!("{s:?} is not a correction id (k0, k1, …)"))
}

/// Runs `correct`.
pub fn run(shared: &Shared, args: &Args) -> Result<()> {
    let mut engine = rgmem::Engine::open(shared.open_existing_log()?, shared.model()?)?;
    let records = match (args.item, args.undo) {
        (_, Some(k)) => engine.undo_correction(k).with_context(|| format!("undoing {k}"))?,
        (Some(item), None) => {
            let reason = args
                .reason
                .as_deref()
                .ok_or_else(|| anyhow!("say why with --reason \"…\""))?;
            engine
                .correct(item, args.text.as_deref(), reason)
                .with_context(|| format!("correcting {item}"))?
        }
        (None, None) => return Err(anyhow!("name an item to correct, or --undo K")),
    };
    let mut out = super::escape::stdout();
    for r in &records {
        writeln!(out, "{}", r.summary())?;
    }
    Ok(())
}
