//! `rgmem ask "QUESTION" [--context] [--json] [--budget TOKENS] [--at SEQ]`: the answer first,
//! with the context item it rests on and the turns behind that item, then a count of the rest;
//! `--context` prints every item with layer, scores and provenance (why it was retrieved).

mod brief;
mod full;

use super::Shared;
use anyhow::{Context as _, Result};
use rgmem::engine::AskOptions;
use rgmem::ids::Seq;
use rgmem::retrieval::Budgets;
use serde_json::json;
use std::io::Write;

/// Options of `ask`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The question.
    question: String,
    /// Print the whole context, item by item with why each is there, before the answer.
    #[arg(long, short = 'v')]
    context: bool,
    /// Print the context and the answer as JSON.
    #[arg(long)]
    json: bool,
    /// Cap the context at this many tokens, keeping the highest-value items.
    #[arg(long, value_name = "TOKENS")]
    budget: Option<u32>,
    /// Ask the memory as it was at this seq instead of at head.
    #[arg(long, value_name = "SEQ")]
    at: Option<u64>,
}

/// Runs `ask`.
pub fn run(shared: &Shared, args: &Args) -> Result<()> {
    // Read-only: no thresholds recorded, no calls logged.
    let mut engine = rgmem::Engine::open(shared.open_existing_log()?, shared.model()?)
        .context("loading the memory at the head of the log")?;
    let at = args.at.map_or_else(|| engine.log().head(), Seq);
    if !engine.log().contains(at) {
        anyhow::bail!("no event {at} in the log");
    }
    let opts = AskOptions {
        budgets: Budgets {
            tokens: args.budget,
            ..Budgets::default()
        },
        at: Some(at),
        log: false,
    };
    let answer = engine
        .ask(&args.question, &opts, &mut |_| {})
        .with_context(|| format!("answering from the memory at {at}"))?;
    let model = engine.model_mut().name().to_string();
    // Written through the escaping writer: a closed pipe (`ask … | head`) ends quietly.
    let mut out = super::escape::stdout();
    if args.json {
        let mut v = answer.context.to_json();
        v["answer"] = json!(answer.text);
        v["support"] = json!(answer.support);
        v["model"] = json!(model);
        v["at"] = json!(at.0);
        writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
    } else if args.context {
        write!(out, "{}", full::describe(&answer.context))?;
        let note = answer.note.map(|n| format!(" ({n})")).unwrap_or_default();
        writeln!(out, "\nanswer ({model}): {}{note}", answer.text)?;
        if let Some(s) = &answer.support {
            writeln!(out, "  from: {s}")?;
        }
    } else {
        // The turns behind the support are read from the memory the question was put to.
        let past;
        let memory = if at == engine.log().head() {
            engine.memory()
        } else {
            past = engine
                .log()
                .memory_at(at)
                .with_context(|| format!("folding the memory at {at}"))?;
            &past
        };
        write!(out, "{}", brief::describe(&answer, &model, memory))?;
    }
    Ok(())
}
