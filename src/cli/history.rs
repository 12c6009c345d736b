//! `rgmem history CONCEPT [--at POINT] [--json]`: every RK1/RK2/RK3 firing, proposal, approval,
//! rejection and revert that touched a concept or its relations, in order, with trigger and diff.

use super::Shared;
use super::diff::{bullets, text_lines};
use super::points::{History, describe};
use super::show::parse_point;
use anyhow::Result;
use rgmem::event::{Abstraction, Subject};
use rgmem::history::{Firing, Point, concept_history, find_subject};
use serde_json::{Value, json};
use std::io::Write;

/// Options of `history`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The concept: a name (Fitness), a path (Alex / Health and Wellness / Fitness), or a relation
    /// (`Fitness → Strength Training`, or `->`).
    concept: String,
    /// Follow the history that leads to this point (default head): a seq, a date, `branch:N`.
    #[arg(long, value_name = "POINT", value_parser = parse_point)]
    at: Option<Point>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `history`.
pub fn run(shared: &Shared, args: &Args) -> Result<()> {
    let history = History::open(shared)?;
    let point = args.at.clone().unwrap_or(Point::Head);
    let at = history.tree.resolve(&point)?;
    let memory = history.memory_at(at)?;
    let subject = find_subject(&memory, &args.concept, at)?;
    let name = match subject {
        Subject::Concept(c) => format!("{} [{:?}]", memory.path_of(c).join(" / "), memory.concept(c).level),
        Subject::Relation(r) => memory.relation_name(r),
    };
    let firings = concept_history(&history.records, &history.tree, at, subject);
    let mut out = super::escape::stdout();
    if args.json {
        let entries: Vec<Value> = firings
            .iter()
            .map(|f| entry_json(f, history.tree.time_of(f.seq).map(|t| t.to_string())))
            .collect();
        let v = json!({"subject": name, "at": at.0, "entries": entries});
        writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
        return Ok(());
    }
    writeln!(
        out,
        "history of {name} up to {}: {} entries",
        describe(&point, at),
        firings.len()
    )?;
    for f in &firings {
        let when = history
            .tree
            .time_of(f.seq)
            .map(|t| format!("  {}", t.date()))
            .unwrap_or_default();
        let trigger = f.trigger.as_ref().map(|t| format!(" ({t})")).unwrap_or_default();
        let proposal = f.proposal.map(|p| format!(" {p}")).unwrap_or_default();
        writeln!(
            out,
            "{:<6} {} {:<8}{proposal} {}{trigger}{when}",
            f.seq.to_string(),
            f.operator.label(),
            f.kind.label(),
            f.target
        )?;
        for (title, before, after) in texts(f) {
            for line in text_lines(title, &before, &after, "       ") {
                writeln!(out, "{line}")?;
            }
        }
    }
    Ok(())
}

/// The texts an entry rewrites, titled as the inspector titles them.
fn texts(f: &Firing) -> Vec<(&'static str, String, String)> {
    match (&f.before, &f.after) {
        (Abstraction::Profile { sigma: s0, delta: d0 }, Abstraction::Profile { sigma: s1, delta: d1 }) => {
            vec![("Σ", s0.render(), s1.render()), ("Δ", d0.render(), d1.render())]
        }
        (a, b) => vec![("summary", a.text(), b.text())],
    }
}

fn entry_json(f: &Firing, time: Option<String>) -> Value {
    let diff: serde_json::Map<String, Value> = texts(f)
        .into_iter()
        .map(|(title, before, after)| {
            let key = match title {
                "Σ" => "sigma",
                "Δ" => "delta",
                _ => "summary",
            };
            let changed: Vec<Value> = bullets(&before, &after)
                .into_iter()
                .filter(|b| b.change != "kept")
                .map(|b| json!({"change": b.change, "before": b.before, "after": b.after}))
                .collect();
            (key.to_string(), Value::Array(changed))
        })
        .collect();
    json!({
        "seq": f.seq.0,
        "kind": f.kind,
        "operator": f.operator,
        "target": f.target,
        "subject": f.subject,
        "trigger": f.trigger,
        "proposal": f.proposal.map(|p| p.0),
        "time": time,
        "evidence": f.evidence.iter().map(|e| e.0).collect::<Vec<_>>(),
        "before": f.before.text(),
        "after": f.after.text(),
        "diff": diff,
    })
}
