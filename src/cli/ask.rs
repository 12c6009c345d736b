//! `rgmem ask "QUESTION" [--json] [--budget TOKENS] [--at SEQ]`: L2 retrieval over the memory,
//! printed item by item with layer, scores and provenance (why each item was retrieved), then
//! the answer.

use super::Shared;
use anyhow::{Context as _, Result};
use rgmem::ids::Seq;
use rgmem::model::parse::Retrieve;
use rgmem::model::{ModelRequest, Task};
use rgmem::retrieval::{Budgets, Context, Plan, Retriever};
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
    let log = shared.open_existing_log()?;
    let at = args.at.map_or_else(|| log.head(), Seq);
    let memory = log
        .memory_at(at)
        .with_context(|| format!("loading the memory at {at}"))?;
    let retriever = Retriever::new(&log, &memory, at).context("preparing the keyword index")?;
    let mut model = shared.model()?;
    let plan = Plan::by_model(model.as_mut(), &args.question);
    let budgets = Budgets {
        tokens: args.budget,
        ..Budgets::default()
    };
    let context = retriever.retrieve(&args.question, plan, &budgets, model.as_mut())?;
    let person = context
        .person
        .clone()
        .unwrap_or_else(|| memory.roots().map(|r| r.name.clone()).collect::<Vec<_>>().join(" and "));
    let request = ModelRequest::new(Task::Answer {
        person,
        context: context.render(),
        question: args.question.clone(),
    });
    let answer = model
        .complete(&request)
        .map(|c| c.reply.trim().to_string())
        .context("asking the model for an answer")?;
    if args.json {
        let mut v = context.to_json();
        v["answer"] = json!(answer);
        v["model"] = json!(model.name());
        v["at"] = json!(at.0);
        println!("{}", super::escape::escape(&serde_json::to_string_pretty(&v)?));
    } else {
        print!("{}", super::escape::escape(&describe(&context)));
        println!("\nanswer ({}): {}", model.name(), super::escape::escape(&answer));
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
        let mut prov = format!("turns {}", ids(p.turns.iter().map(ToString::to_string).collect()));
        if !p.source_refs.is_empty() {
            prov.push_str(&format!(" [{}]", ids(p.source_refs.clone())));
        }
        if !p.episodes.is_empty() {
            prov.push_str(&format!(
                " ← episodes {}",
                ids(p.episodes.iter().map(ToString::to_string).collect())
            ));
        }
        if !p.relations.is_empty() {
            prov.push_str(&format!(
                " ← relations {}",
                ids(p.relations.iter().map(ToString::to_string).collect())
            ));
        }
        if !p.concepts.is_empty() {
            prov.push_str(&format!(
                " ← concepts {}",
                ids(p.concepts.iter().map(ToString::to_string).collect())
            ));
        }
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
