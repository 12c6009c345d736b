//! `rgmem copy --from A --to B`: a memory moved between stores (SQLite files and PostgreSQL
//! people), event for event: the same seqs, parents and events, so both seek alike.

use anyhow::{Context, Result};
use std::io::Write;
use std::path::PathBuf;

/// Options of `copy`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The memory to copy: a file, or postgres://user@host/db?person=NAME.
    #[arg(long, value_name = "PATH|URL")]
    from: PathBuf,
    /// Where to copy it (must be empty): a file, or postgres://user@host/db?person=NAME.
    #[arg(long, value_name = "PATH|URL")]
    to: PathBuf,
}

/// Runs `copy`.
pub fn run(args: &Args) -> Result<()> {
    let from = super::store::open(&args.from, false)?;
    let mut to = super::store::open(&args.to, true)?;
    let copied = rgmem::log::copy(from.as_ref(), to.as_mut())
        .with_context(|| format!("copying {} to {}", from.location(), to.location()))?;
    let mut out = super::escape::stdout();
    writeln!(
        out,
        "copied {copied} events from {} to {}",
        from.location(),
        to.location()
    )?;
    Ok(())
}
