//! `rgmem rollback --to POINT`, `approve SEQ`, `reject SEQ` and `revert SEQ`: corrections, each an
//! appended event.

use super::Shared;
use anyhow::{Context, Result};
use rgmem::event::EventRecord;
use rgmem::ids::Seq;
use std::io::Write;

/// Options of `rollback`.
#[derive(Debug, clap::Args)]
pub struct RollbackArgs {
    /// The point to return to: a seq, a date (2024-05-01: the last event on or before it),
    /// `head` or a branch tip `branch:N`.
    #[arg(long, value_name = "POINT", value_parser = super::show::parse_point)]
    to: rgmem::history::Point,
}

/// A seq argument.
#[derive(Debug, clap::Args)]
pub struct SeqArg {
    /// The seq of the event to act on (see `rgmem log`).
    seq: u64,
}

fn print(records: &[EventRecord]) -> Result<()> {
    let mut out = super::escape::stdout();
    for r in records {
        writeln!(out, "{}", r.summary())?;
    }
    Ok(())
}

/// Runs `rollback`.
pub fn rollback(shared: &Shared, args: &RollbackArgs) -> Result<()> {
    let mut engine = rgmem::Engine::open(shared.open_existing_log()?, shared.model()?)?;
    let to = rgmem::history::Tree::from_records(&engine.log().all()?).resolve(&args.to)?;
    print(&engine.rollback(to).with_context(|| format!("rolling back to {to}"))?)
}

/// Runs `approve`.
pub fn approve(shared: &Shared, args: &SeqArg) -> Result<()> {
    let mut engine = open(shared)?;
    print(
        &engine
            .approve(Seq(args.seq))
            .with_context(|| format!("approving #{}", args.seq))?,
    )
}

/// Runs `reject`.
pub fn reject(shared: &Shared, args: &SeqArg) -> Result<()> {
    let mut engine = open(shared)?;
    print(
        &engine
            .reject(Seq(args.seq))
            .with_context(|| format!("rejecting #{}", args.seq))?,
    )
}

/// Runs `revert`.
pub fn revert(shared: &Shared, args: &SeqArg) -> Result<()> {
    let mut engine = open(shared)?;
    print(
        &engine
            .revert(Seq(args.seq))
            .with_context(|| format!("reverting #{}", args.seq))?,
    )
}

/// Approval decisions keep approval mode on for what they cause to flow up.
fn open(shared: &Shared) -> Result<rgmem::Engine<super::store::Store>> {
    let mut engine = rgmem::Engine::open(shared.open_existing_log()?, shared.model()?)?;
    let pending = engine
        .memory()
        .proposals
        .values()
        .any(|p| p.status == rgmem::memory::ProposalStatus::Pending);
    engine.set_approve(shared.approve || pending);
    Ok(engine)
}
