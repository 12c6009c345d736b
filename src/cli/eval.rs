//! `rgmem eval locomo FILE …` and `rgmem eval beam DIR …`: the benchmark reports, rgmem against
//! its ablations and the BM25 baselines in the same run.

use super::Shared;
use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rgmem::eval::{beam, beam_report, benchmark, report};
use rgmem::retrieval::{Budgets, Layers};
use std::io::IsTerminal;
use std::path::PathBuf;

/// Options of `eval`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    bench: Bench,
}

#[derive(Debug, clap::Subcommand)]
enum Bench {
    /// The LoCoMo benchmark: evidence recall, answer-token recall and context tokens per category.
    Locomo(LocomoArgs),
    /// The BEAM benchmark (dev split folder, e.g. data/beam/500K): source recall per ability,
    /// answer-token recall, abstention and context tokens.
    Beam(BeamArgs),
}

#[derive(Debug, clap::Args)]
struct BeamArgs {
    /// The folder of chats: `<n>/chat.json` and `<n>/probing_questions.json` (or
    /// `<n>/probing_questions/probing_questions.json`).
    dir: PathBuf,
    /// Only these chats (comma-separated folder names, e.g. 9,13).
    #[arg(long, value_delimiter = ',', value_name = "N,...")]
    chats: Vec<String>,
    /// Cap rgmem's context at this many tokens (the baselines always get rgmem's count).
    #[arg(long, value_name = "TOKENS")]
    budget: Option<u32>,
    /// Also run rgmem without these layers (facts, conclusions, relations, concepts, turns).
    #[arg(long, value_name = "LAYER[,LAYER]", value_parser = parse_layers)]
    ablate: Vec<Layers>,
    /// Print the report as JSON (`systems`, `timings`, `questions`).
    #[arg(long)]
    json: bool,
    /// With --json, also print each system's rendered context per question.
    #[arg(long, requires = "json")]
    contexts: bool,
    /// Keep the per-chat memory files here instead of a temporary directory.
    #[arg(long, value_name = "DIR")]
    work_dir: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
struct LocomoArgs {
    /// LoCoMo JSON file (the release's own format).
    file: PathBuf,
    /// Only these conversations (comma-separated sample ids, e.g. conv-26,conv-44).
    #[arg(long, value_delimiter = ',', value_name = "ID,...")]
    conversations: Vec<String>,
    /// Cap rgmem's context at this many tokens (flat_bm25 always gets rgmem's count).
    #[arg(long, value_name = "TOKENS")]
    budget: Option<u32>,
    /// Print the report as JSON (top-level `systems` and `questions`).
    #[arg(long)]
    json: bool,
    /// Keep the per-conversation memory files here instead of a temporary directory.
    #[arg(long, value_name = "DIR")]
    work_dir: Option<PathBuf>,
    /// Write, per memory item, how many questions retrieved it (read by `show --coverage`).
    #[arg(long, value_name = "FILE")]
    coverage: Option<PathBuf>,
    /// Also run rgmem without these layers (facts, conclusions, relations, concepts, turns), in
    /// the same run, and report the difference. Repeat for several ablations.
    #[arg(long, value_name = "LAYER[,LAYER]", value_parser = parse_layers)]
    ablate: Vec<Layers>,
    /// With --json, also print each system's rendered context per question (to see what a
    /// system missed).
    #[arg(long, requires = "json")]
    contexts: bool,
}

fn parse_layers(list: &str) -> std::result::Result<Layers, String> {
    Layers::parse(list)
}

/// Runs `eval`.
pub fn run(shared: &Shared, args: &Args) -> Result<()> {
    match &args.bench {
        Bench::Locomo(args) => locomo(shared, args),
        Bench::Beam(args) => beam(shared, args),
    }
}

/// The progress bar both benchmarks show (hidden under `--json` when stderr is not a terminal).
fn progress_bar(json: bool) -> ProgressBar {
    let bar = ProgressBar::new(0);
    if json && !std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    } else {
        bar.set_draw_target(ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{spinner} {msg:10} [{bar:40}] {pos}/{len} turns+questions ({elapsed})")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
    }
    bar
}

/// The work directory: the one given, or a fresh temporary one (removed after the run).
fn work_dir(given: Option<&PathBuf>, name: &str) -> (PathBuf, bool) {
    given.map_or_else(
        || {
            (
                std::env::temp_dir().join(format!("rgmem-{name}-{}", std::process::id())),
                true,
            )
        },
        |d| (d.clone(), false),
    )
}

fn beam(shared: &Shared, args: &BeamArgs) -> Result<()> {
    let data = beam::load_dir(&args.dir, &args.chats).context("reading the BEAM chats")?;
    let (work_dir, temp) = work_dir(args.work_dir.as_ref(), "beam");
    let opts = beam::Options {
        budgets: Budgets {
            tokens: args.budget,
            ..Budgets::default()
        },
        thresholds: shared.thresholds().unwrap_or_default(),
        work_dir: work_dir.clone(),
        ablations: args.ablate.clone(),
    };
    let bar = progress_bar(args.json);
    let started = std::time::Instant::now();
    let result = beam::run(
        &data,
        &opts,
        &mut || shared.model().map_err(|e| rgmem::Error::ModelSetup(format!("{e:#}"))),
        &mut |p| {
            bar.set_length(p.total);
            bar.set_position(p.done);
            bar.set_message(p.conversation.to_string());
        },
    );
    bar.finish_and_clear();
    if temp {
        let _ = std::fs::remove_dir_all(&work_dir);
    }
    let mut run = result.context("running the BEAM evaluation")?;
    if !args.contexts {
        for r in run.probes.iter_mut().flat_map(|q| q.systems.values_mut()) {
            r.context = None;
        }
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&beam_report::to_json(&run))?);
    } else {
        print!("{}", beam_report::table(&run));
        println!(
            "{} questions over {} chats in {:.1} s",
            run.probes.len(),
            data.len(),
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

fn locomo(shared: &Shared, args: &LocomoArgs) -> Result<()> {
    let convs = rgmem::formats::locomo::load(&args.file).with_context(|| format!("reading {}", args.file.display()))?;
    let convs = benchmark::select(convs, &args.conversations)?;
    let (work_dir, temp) = work_dir(args.work_dir.as_ref(), "eval");
    let opts = benchmark::Options {
        conversations: args.conversations.clone(),
        budgets: Budgets {
            tokens: args.budget,
            ..Budgets::default()
        },
        thresholds: shared.thresholds().unwrap_or_default(),
        work_dir: work_dir.clone(),
        ablations: args.ablate.clone(),
    };
    let bar = progress_bar(args.json);
    let started = std::time::Instant::now();
    let result = benchmark::run(
        &convs,
        &opts,
        &mut || shared.model().map_err(|e| rgmem::Error::ModelSetup(format!("{e:#}"))),
        &mut |p| {
            bar.set_length(p.total);
            bar.set_position(p.done);
            bar.set_message(p.conversation.to_string());
        },
    );
    bar.finish_and_clear();
    let result = match (result, &args.coverage) {
        (Ok(questions), Some(path)) => super::coverage::write(path, &convs, &work_dir, &questions).map(|()| questions),
        (result, _) => result.context("running the LoCoMo evaluation"),
    };
    if temp {
        let _ = std::fs::remove_dir_all(&work_dir);
    }
    let mut questions = result?;
    if !args.contexts {
        for r in questions.iter_mut().flat_map(|q| q.systems.values_mut()) {
            r.context = None;
        }
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report::to_json(&questions))?);
    } else {
        print!("{}", report::table(&questions));
        println!(
            "{} questions over {} conversations in {:.1} s (overall = categories 1-4; 5 reported apart)",
            questions.len(),
            convs.len(),
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
