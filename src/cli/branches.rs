//! `rgmem log --branches`: the branches of the history tree, each with the tip `branch:N` names,
//! where it forked, and what it holds.

use super::points::History;
use anyhow::Result;
use rgmem::event::Event;
use rgmem::history::Branch;
use serde_json::json;
use std::io::Write;

/// What one branch's own events add up to.
#[derive(Default)]
struct Tally {
    events: usize,
    turns: usize,
    firings: usize,
}

fn tally(history: &History, b: &Branch) -> Tally {
    let mut t = Tally::default();
    let (start, tip) = (b.start.index().saturating_sub(1), b.tip.index());
    for r in history.records.get(start..tip).unwrap_or_default() {
        t.events += 1;
        match r.event {
            Event::TurnIngested { .. } => t.turns += 1,
            Event::OperatorFired { .. } | Event::AbstractionProposed { .. } => t.firings += 1,
            _ => {}
        }
    }
    t
}

/// Prints every branch, oldest first.
pub fn print(history: &History, as_json: bool, out: &mut dyn Write) -> Result<()> {
    for b in history.tree.branches() {
        let t = tally(history, &b);
        let date = history.tree.time_of(b.tip).map(|t| t.date());
        if as_json {
            let v = json!({
                "branch": b.number,
                "point": b.point().to_string(),
                "start": b.start.0,
                "tip": b.tip.0,
                "forked_from": b.forked_from.0,
                "head": b.is_head,
                "events": t.events,
                "turns": t.turns,
                "firings": t.firings,
                "last_time": date,
            });
            writeln!(out, "{v}")?;
        } else {
            let fork = if b.number == 1 {
                "the original history".to_string()
            } else {
                format!("rolled back to {}", b.forked_from)
            };
            writeln!(
                out,
                "{:<10} tip {:<6} {}..{}  {fork}; {} events, {} turns, {} firings{}{}",
                b.point().to_string(),
                b.tip.to_string(),
                b.start,
                b.tip,
                t.events,
                t.turns,
                t.firings,
                date.map(|d| format!(", up to {d}")).unwrap_or_default(),
                if b.is_head { "  (head)" } else { "" }
            )?;
        }
    }
    Ok(())
}
