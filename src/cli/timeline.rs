//! `rgmem timeline [CONCEPT] [--person NAME] [--at POINT] [--json]`: what each person said
//! happened on a date, in date order, each entry with the sentence and the turn that say it; a
//! concept narrows it to the turns behind that concept (one project, one hobby).

use super::Shared;
use super::show::{parse_point, resolve};
use anyhow::{Context, Result, bail};
use rgmem::event::Subject;
use rgmem::history::{Point, find_subject};
use rgmem::ids::ConceptId;
use rgmem::memory::{Dated, Memory};
use serde_json::json;
use std::io::Write;

/// Options of `timeline`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Only the events behind this concept and its sub-concepts: a name (Fitness) or a path
    /// (Alex / Health and Wellness / Fitness).
    concept: Option<String>,
    /// Whose timeline, where the memory holds several people (default: all of them).
    #[arg(long, value_name = "NAME")]
    person: Option<String>,
    /// The memory as it was at this point: a seq, a date, `branch:N` (default head).
    #[arg(long, value_name = "POINT", value_parser = parse_point)]
    at: Option<Point>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `timeline`.
pub fn run(shared: &Shared, args: &Args) -> Result<()> {
    let point = args.at.clone().unwrap_or(Point::Head);
    let (log, seq) = resolve(shared, &point)?;
    let memory = log
        .memory_at(seq)
        .with_context(|| format!("folding the memory at {seq}"))?;
    let concept = match &args.concept {
        None => None,
        Some(name) => match find_subject(&memory, name, seq)? {
            Subject::Concept(c) => Some(c),
            Subject::Relation(_) => bail!("{name:?} is a relation; the timeline takes a concept"),
        },
    };
    let people = people(&memory, args.person.as_deref(), concept)?;
    let mut out = super::escape::stdout();
    if args.json {
        let v: Vec<_> = people
            .iter()
            .map(|p| json!({"person": memory.concept(*p).name, "events": memory.timeline(*p, concept)}))
            .collect();
        writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
        return Ok(());
    }
    for p in people {
        let events = memory.timeline(p, concept);
        let whose = match concept {
            Some(c) => memory.path_of(c).join(" / "),
            None => memory.concept(p).name.clone(),
        };
        let n = events.len();
        writeln!(
            out,
            "timeline of {whose}: {n} dated event{}",
            if n == 1 { "" } else { "s" }
        )?;
        for e in &events {
            writeln!(out, "{}", line(&memory, e))?;
        }
    }
    Ok(())
}

/// The people whose timelines to print: the one `--person` names, the concept's person, or all.
fn people(memory: &Memory, person: Option<&str>, concept: Option<ConceptId>) -> Result<Vec<ConceptId>> {
    let roots: Vec<&rgmem::memory::Concept> = memory.roots().collect();
    if let Some(c) = concept {
        return Ok(vec![memory.concept(c).person]);
    }
    match person {
        None => Ok(roots.iter().map(|r| r.id).collect()),
        Some(name) => {
            let key = name.trim().to_lowercase();
            match roots.iter().find(|r| r.name.to_lowercase() == key) {
                Some(r) => Ok(vec![r.id]),
                None => {
                    let known: Vec<&str> = roots.iter().map(|r| r.name.as_str()).collect();
                    bail!("no person {name:?} in this memory (it holds: {})", known.join(", "))
                }
            }
        }
    }
}

/// "2023-05-20  Melanie: I ran a charity race for mental health last Saturday  [D2:1, said
/// 2023-05-25]".
fn line(memory: &Memory, e: &Dated) -> String {
    let when = if e.end == e.start {
        e.start.clone()
    } else {
        format!("{}..{}", e.start, e.end)
    };
    let speaker = memory
        .turns
        .get(e.turn.index())
        .map(|t| t.speaker.to_string())
        .unwrap_or_default();
    let from = e.source_ref.clone().unwrap_or_else(|| e.turn.to_string());
    let said = e.said.map(|t| format!(", said {}", t.date())).unwrap_or_default();
    format!("{when:<22}  {speaker}: {}  [{from}{said}]", e.sentence)
}
