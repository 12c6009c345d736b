//! `rgmem diff FROM TO [--concept NAME] [--json]`: what changed in the memory between two points,
//! by bullet, in the inspector's diff style.

use super::Shared;
use super::points::{History, describe};
use super::show::parse_point;
use anyhow::Result;
use rgmem::diff::{BulletChange, Change, bullet_diff};
use rgmem::event::Subject;
use rgmem::history::{CounterChange, MemoryDiff, Point, memory_diff};
use rgmem::history::{Presence, find_subject};
use serde_json::{Value, json};
use std::io::Write;

/// Options of `diff`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The earlier point: a seq, a date (2024-05-01), `head` or `branch:N`.
    #[arg(value_parser = parse_point)]
    from: Point,
    /// The later point.
    #[arg(value_parser = parse_point)]
    to: Point,
    /// Only this concept (a name, a path, or a relation `A → B`) and its relations.
    #[arg(long, value_name = "NAME")]
    concept: Option<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `diff`.
pub fn run(shared: &Shared, args: &Args) -> Result<()> {
    let history = History::open(shared)?;
    let (from, to) = (history.tree.resolve(&args.from)?, history.tree.resolve(&args.to)?);
    let (before, after) = (history.memory_at(from)?, history.memory_at(to)?);
    let mut diff = memory_diff(from, &before, to, &after);
    if let Some(name) = &args.concept {
        // A concept the later point lacks may still be named at the earlier one (it was removed).
        let (memory, subject) = match find_subject(&after, name, to) {
            Ok(s) => (&after, s),
            Err(e) => match find_subject(&before, name, from) {
                Ok(s) => (&before, s),
                Err(_) => return Err(e.into()),
            },
        };
        diff = match subject {
            Subject::Concept(c) => diff.only_concept(&memory.path_of(c).join(" / ")),
            Subject::Relation(r) => {
                let rel = memory.relation(r);
                let (s, t) = (
                    memory.path_of(rel.source).join(" / "),
                    memory.path_of(rel.target).join(" / "),
                );
                let mut d = diff.only_concept(&s);
                d.relations.retain(|x| x.source == s && x.target == t);
                d.concepts.clear();
                d
            }
        };
    }
    let mut out = super::escape::stdout();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&to_json(&diff))?)?;
        return Ok(());
    }
    writeln!(out, "diff {} → {}", describe(&args.from, from), describe(&args.to, to))?;
    if diff.is_empty() {
        writeln!(out, "no change")?;
    }
    for line in render(&diff) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// One bullet of a Σ, Δ or summary diff.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bullet {
    /// "added", "removed", "changed", "moved" or "kept".
    pub change: &'static str,
    /// The bullet before (empty when added).
    pub before: String,
    /// The bullet after (empty when removed).
    pub after: String,
    /// The inspector's inline form: `kept [-removed-] {+added+}`.
    pub inline: String,
}

/// The bullets of a text diff, from the library's bullet diff (headings left out).
pub fn bullets(before: &str, after: &str) -> Vec<Bullet> {
    bullet_diff(before, after)
        .into_iter()
        .filter(|line| !line.heading)
        .map(|line| {
            let side = |skip| {
                line.segments
                    .iter()
                    .filter(|s| s.change != skip)
                    .map(|s| s.text.as_str())
                    .collect::<String>()
                    .trim()
                    .to_string()
            };
            let change = match line.change {
                BulletChange::Kept => "kept",
                BulletChange::Moved => "moved",
                BulletChange::Added => "added",
                BulletChange::Removed => "removed",
                BulletChange::Changed => "changed",
            };
            let (before, after) = match line.change {
                BulletChange::Added => (String::new(), side(Change::Removed)),
                BulletChange::Removed => (side(Change::Added), String::new()),
                _ => (side(Change::Added), side(Change::Removed)),
            };
            let plain = line.plain();
            let inline = plain.chars().skip(2).collect::<String>();
            Bullet {
                change,
                before,
                after,
                inline,
            }
        })
        .collect()
}

fn presence_mark(p: Presence) -> char {
    match p {
        Presence::Added => '+',
        Presence::Removed => '-',
        Presence::Kept => '~',
    }
}

fn counters(c: &[CounterChange]) -> String {
    c.iter()
        .map(|c| format!("{} {} → {}", c.name, c.before, c.after))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The changed bullets of one text, indented under their title; kept bullets are counted.
pub fn text_lines(title: &str, before: &str, after: &str, indent: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut kept = 0;
    // A heading ("Regarding Walking:") is shown once, before the first changed bullet under it.
    let mut heading: Option<String> = None;
    for line in bullet_diff(before, after) {
        let mark = match line.change {
            BulletChange::Kept => ' ',
            BulletChange::Moved => '↕',
            BulletChange::Added => '+',
            BulletChange::Removed => '-',
            BulletChange::Changed => '~',
        };
        let text = match line.change {
            BulletChange::Changed => line.plain().chars().skip(2).collect::<String>(),
            _ => line.segments.iter().map(|s| s.text.as_str()).collect::<String>(),
        };
        let row = format!("{indent}{title} {mark} {}", text.trim());
        if line.heading {
            heading = Some(row.clone());
            if line.change != BulletChange::Kept {
                out.push(row);
                heading = None;
            }
            continue;
        }
        if line.change == BulletChange::Kept {
            kept += 1;
            continue;
        }
        out.extend(heading.take());
        out.push(row);
    }
    if !out.is_empty() && kept > 0 {
        out.push(format!("{indent}{title}   ({kept} kept)"));
    }
    out
}

/// The diff as lines for people.
#[must_use]
pub fn render(diff: &MemoryDiff) -> Vec<String> {
    let mut out = Vec::new();
    if !diff.concepts.is_empty() {
        out.push("concepts".to_string());
    }
    for c in &diff.concepts {
        let moved = if c.counters.is_empty() {
            String::new()
        } else {
            format!("  ({})", counters(&c.counters))
        };
        out.push(format!(
            "  {} {} [{:?}]{moved}",
            presence_mark(c.presence),
            c.path,
            c.level
        ));
        out.extend(text_lines("Σ", &c.sigma.0, &c.sigma.1, "      "));
        out.extend(text_lines("Δ", &c.delta.0, &c.delta.1, "      "));
        for st in &c.delta_status {
            let when = st.date.as_deref().map(|d| format!(" ({d})")).unwrap_or_default();
            out.push(format!(
                "      Δ {} → {}{when}: {}: {}",
                st.before.word(),
                st.after.word(),
                st.group,
                st.item
            ));
        }
    }
    if !diff.relations.is_empty() {
        out.push("relations".to_string());
    }
    for r in &diff.relations {
        let moved = if r.counters.is_empty() {
            String::new()
        } else {
            format!("  ({})", counters(&r.counters))
        };
        out.push(format!("  {} {}{moved}", presence_mark(r.presence), r.name));
        out.extend(text_lines("summary", &r.summary.0, &r.summary.1, "      "));
    }
    if !diff.counters.is_empty() {
        out.push(format!("counters  {}", counters(&diff.counters)));
    }
    out
}

fn bullets_json(before: &str, after: &str) -> Value {
    bullets(before, after)
        .into_iter()
        .filter(|b| b.change != "kept")
        .map(|b| json!({"change": b.change, "before": b.before, "after": b.after}))
        .collect()
}

/// The scripting form: the diff with each text's changed bullets.
#[must_use]
pub fn to_json(diff: &MemoryDiff) -> Value {
    let concepts: Vec<Value> = diff
        .concepts
        .iter()
        .map(|c| {
            json!({
                "path": c.path,
                "level": c.level,
                "presence": c.presence,
                "sigma": bullets_json(&c.sigma.0, &c.sigma.1),
                "delta": bullets_json(&c.delta.0, &c.delta.1),
                "delta_status": c.delta_status,
                "counters": c.counters,
            })
        })
        .collect();
    let relations: Vec<Value> = diff
        .relations
        .iter()
        .map(|r| {
            json!({
                "name": r.name,
                "source": r.source,
                "target": r.target,
                "presence": r.presence,
                "summary": bullets_json(&r.summary.0, &r.summary.1),
                "counters": r.counters,
            })
        })
        .collect();
    json!({
        "from": diff.from.0,
        "to": diff.to.0,
        "concepts": concepts,
        "relations": relations,
        "counters": diff.counters,
    })
}
