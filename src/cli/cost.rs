//! `rgmem log --cost`: model calls, failures, tokens and time summed per operator and per
//! purpose, over every branch of the log (what was spent, including abandoned branches); and
//! `rgmem cost FILES`: the same, measured by ingesting session files at several θ_inf, as the
//! table the README shows (`--markdown` prints the README's copy).

use super::Shared;
use anyhow::{Context, Result, bail};
use rgmem::Engine;
use rgmem::formats::session::SessionFile;
use rgmem::log::Log;
use rgmem::log::cost::CostReport;
use rgmem::memory::Thresholds;
use std::io::Write;
use std::path::PathBuf;

/// Prints the cost report, as text or as one JSON object.
pub fn print(log: &dyn rgmem::log::EventStore, json: bool, out: &mut impl Write) -> Result<()> {
    let records = log.all()?;
    let report = CostReport::from_events(records.iter().map(|r| &r.event));
    if json {
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
    } else {
        write!(out, "{}", report.to_text())?;
    }
    Ok(())
}

/// Options of `cost`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Session files to ingest (each into a scratch memory, removed afterwards).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// The θ_inf values to measure, comma-separated (θ_sum = 2·θ_inf).
    #[arg(long, value_name = "N,N,...", value_delimiter = ',', default_values_t = [1u32, 3, 6])]
    thetas: Vec<u32>,
    /// Print a Markdown table (the README's cost table is this output).
    #[arg(long)]
    markdown: bool,
}

/// One file's name, turns, and report per θ_inf.
struct Measured {
    name: String,
    turns: usize,
    reports: Vec<CostReport>,
}

/// Runs `cost`.
pub fn run(shared: &Shared, args: &Args) -> Result<()> {
    if let Some(zero) = args.thetas.iter().find(|t| **t == 0) {
        bail!("--thetas: θ_inf must be at least 1 (got {zero})");
    }
    let mut measured = Vec::new();
    for path in &args.files {
        let file = SessionFile::read(path)?;
        let user = file.user_name();
        let mut reports = Vec::new();
        for theta in &args.thetas {
            let dir = super::replay::ScratchDir::new()?;
            let log = Log::open(&dir.db()).context("opening a scratch memory")?;
            let mut engine = Engine::open(log, shared.model()?).context("opening a scratch memory")?;
            engine
                .set_thresholds(Thresholds::new(*theta, None))
                .context("recording the thresholds")?;
            for turn in &file.turns {
                engine
                    .ingest(turn, &user)
                    .with_context(|| format!("{}: ingesting turn {}", path.display(), turn.index))?;
            }
            engine.finish().context("closing the last segment")?;
            let records = engine.log().all()?;
            reports.push(CostReport::from_events(records.iter().map(|r| &r.event)));
        }
        let name = path
            .file_stem()
            .map_or_else(|| path.display().to_string(), |s| s.to_string_lossy().into_owned());
        measured.push(Measured {
            name,
            turns: file.turns.len(),
            reports,
        });
    }
    let mut out = super::escape::stdout();
    let text = if args.markdown {
        markdown(&args.thetas, &measured)
    } else {
        plain(&args.thetas, &measured)
    };
    write!(out, "{text}")?;
    Ok(())
}

fn cell(report: &CostReport) -> String {
    format!("{:.2} / {:.0}", report.calls_per_turn(), report.tokens_per_turn())
}

fn markdown(thetas: &[u32], measured: &[Measured]) -> String {
    let mut out = String::from("| session (turns) |");
    for (i, theta) in thetas.iter().enumerate() {
        if i == 0 {
            out.push_str(&format!(" θ_inf = {theta}: calls / tokens per turn |"));
        } else {
            out.push_str(&format!(" θ_inf = {theta} |"));
        }
    }
    out.push_str("\n|---|");
    out.push_str(&"---|".repeat(thetas.len()));
    out.push('\n');
    for m in measured {
        out.push_str(&format!("| {} ({}) |", m.name, m.turns));
        for report in &m.reports {
            out.push_str(&format!(" {} |", cell(report)));
        }
        out.push('\n');
    }
    out
}

fn plain(thetas: &[u32], measured: &[Measured]) -> String {
    let mut out = format!("{:<32}", "session (turns)");
    for theta in thetas {
        out.push_str(&format!(" {:>16}", format!("θ_inf={theta}")));
    }
    out.push('\n');
    for m in measured {
        out.push_str(&format!("{:<32}", format!("{} ({})", m.name, m.turns)));
        for report in &m.reports {
            out.push_str(&format!(" {:>16}", cell(report)));
        }
        out.push('\n');
    }
    out.push_str("each cell: model calls / tokens (in + out) per turn\n");
    out
}
