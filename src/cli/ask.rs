//! `rgmem ask "QUESTION" [--json] [--budget TOKENS] [--at SEQ]`: L2 retrieval over the memory,
//! printed item by item with layer, scores and provenance (why each item was retrieved), then
//! the answer.

use super::Shared;
use anyhow::{Context as _, Result};
use rgmem::engine::AskOptions;
use rgmem::ids::Seq;
use rgmem::model::parse::Retrieve;
use rgmem::retrieval::{Budgets, Context};
use serde_json::json;

/// Options of `ask`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The question.
    question: String,
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
    let model = engine.model_mut().name();
    if args.json {
        let mut v = answer.context.to_json();
        v["answer"] = json!(answer.text);
        v["support"] = json!(answer.support);
        v["model"] = json!(model);
        v["at"] = json!(at.0);
        println!("{}", super::escape::escape(&serde_json::to_string_pretty(&v)?));
    } else {
        print!("{}", super::escape::escape(&describe(&answer.context)));
        let note = answer.note.map(|n| format!(" ({n})")).unwrap_or_default();
        println!("\nanswer ({model}): {}{note}", super::escape::escape(&answer.text));
        if let Some(s) = &answer.support {
            println!("  from: {}", super::escape::escape(s));
        }
    }
    Ok(())
}

/// The context for people: the plan, then each item with why it is there.
fn describe(context: &Context) -> String {
    let mut out = format!("plan ({}):", context.plan.source);
    for i in &context.plan.items {
        if i.retrieve.is_empty() {
            out.push_str(&format!(" {}", i.name));
        } else {
            let layers: Vec<&str> = i.retrieve.iter().map(Retrieve::as_str).collect();
            out.push_str(&format!(" {}[{}]", i.name, layers.join(",")));
        }
    }
    out.push('\n');
    if let Some(p) = &context.person {
        out.push_str(&format!("person: {p}\n"));
    }
    out.push_str(&format!(
        "context: {} items, {} tokens{}\n",
        context.items.len(),
        context.tokens(),
        if context.trimmed > 0 {
            format!(", {} dropped by the budget", context.trimmed)
        } else {
            String::new()
        }
    ));
    for item in &context.items {
        let mut scores = Vec::new();
        if let Some(b) = item.scores.bm25 {
            scores.push(format!("bm25 {b:.3}"));
        }
        if let Some(c) = item.scores.cosine {
            scores.push(format!("cos {c:.2}"));
        }
        scores.push(format!("value {:.2}", item.value));
        let p = &item.provenance;
        let ids = |v: Vec<String>| {
            if v.len() > 8 {
                format!("{} … ({} in all)", v[..8].join(" "), v.len())
            } else {
                v.join(" ")
            }
        };
        let mut parts: Vec<String> = Vec::new();
        if !p.turns.is_empty() || !p.source_refs.is_empty() {
            let mut turns = format!("turns {}", ids(p.turns.iter().map(ToString::to_string).collect()));
            if !p.source_refs.is_empty() {
                turns.push_str(&format!(" [{}]", ids(p.source_refs.clone())));
            }
            parts.push(turns.trim().to_string());
        }
        if !p.episodes.is_empty() {
            parts.push(format!(
                "episodes {}",
                ids(p.episodes.iter().map(ToString::to_string).collect())
            ));
        }
        if !p.relations.is_empty() {
            parts.push(format!(
                "relations {}",
                ids(p.relations.iter().map(ToString::to_string).collect())
            ));
        }
        if !p.concepts.is_empty() {
            parts.push(format!(
                "concepts {}",
                ids(p.concepts.iter().map(ToString::to_string).collect())
            ));
        }
        let prov = parts.join(" ← ");
        out.push_str(&format!(
            "\n[{:?}] {}, {} tokens\n  {}\n  why: {}\n  from: {prov}\n",
            item.layer,
            scores.join(", "),
            item.tokens,
            rgmem::text::clip(&item.text, 300),
            item.reason
        ));
    }
    out
}
