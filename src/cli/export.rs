//! `rgmem export --out FILE.jsonl`: the current branch as a session file with its recorded model
//! replies; `rgmem --model recorded replay FILE.jsonl` elsewhere rebuilds the same memory.

use super::Shared;
use anyhow::{Context, Result};
use std::path::PathBuf;

/// Options of `export`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The session file to write.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

/// Runs `export`.
pub fn run(shared: &Shared, args: &Args) -> Result<()> {
    let log = shared.open_existing_log()?;
    let counts = rgmem::log::export::write_file(&log, &args.out)
        .with_context(|| format!("exporting to {}", args.out.display()))?;
    eprintln!(
        "wrote {} turns and {} model calls to {}",
        counts.turns,
        counts.model_calls,
        args.out.display()
    );
    Ok(())
}
