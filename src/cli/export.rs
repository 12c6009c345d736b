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
    let file = std::fs::File::create(&args.out).with_context(|| format!("creating {}", args.out.display()))?;
    let mut writer = std::io::BufWriter::new(file);
    let counts = rgmem::export::write(&log, &mut writer).with_context(|| format!("writing {}", args.out.display()))?;
    eprintln!(
        "wrote {} turns and {} model calls to {}",
        counts.turns,
        counts.model_calls,
        args.out.display()
    );
    Ok(())
}
