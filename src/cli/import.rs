//! `rgmem import FILE [--format F] [--conversation ID|all] [--person NAME] [--dry-run]`: any
//! conversation file people have (their ChatGPT or Claude export, an OpenAI message list, a
//! Claude Code log, a benchmark chat, a transcript) into the memory, through the same ingest
//! as `replay`; `--dry-run` says what would be stored and stores nothing.

use super::Shared;
use super::input::{Input, Pick};
use anyhow::Result;
use rgmem::formats::import::Conversation;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

/// Options of `import`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The file: rgmem session JSONL, LoCoMo JSON, BEAM chat.json, OpenAI messages (JSON or
    /// JSONL), ChatGPT or Claude.ai `conversations.json`, a Claude Code session log, or a
    /// `Name: text` transcript.
    file: PathBuf,
    #[command(flatten)]
    pick: Pick,
    /// Print what would be stored (conversations, turns by role, skipped parts, time range) and
    /// store nothing.
    #[arg(long)]
    dry_run: bool,
    /// Print every appended event as one JSON line.
    #[arg(long)]
    json: bool,
    /// Ingest turns this memory already holds again.
    #[arg(long)]
    again: bool,
}

/// Runs `import`.
pub fn run(shared: &Shared, args: &Args) -> Result<()> {
    let input = super::input::load(&args.file, &args.pick)?;
    if args.dry_run {
        print!("{}", dry_run(shared, &input)?);
        return Ok(());
    }
    let header_theta = super::replay::header_theta(&input);
    let replay = super::replay::Input {
        source: input.source_id()?,
        turns: input.turns,
        user: input.user,
        name: input.name,
    };
    let options = super::replay::Options {
        json: args.json,
        header_theta,
        again: args.again,
        commit_every: rgmem::log::group::MAX_GROUP_STEPS,
    };
    super::replay::ingest(shared, &replay, &options)
}

/// What an import of `input` would store into the memory `shared` names (which it only reads,
/// and only if it exists).
fn dry_run(shared: &Shared, input: &Input) -> Result<String> {
    let mut out = String::new();
    let all = &input.imported.conversations;
    writeln!(
        out,
        "{}: {} ({} conversation{}, {} picked)",
        input.name,
        input.imported.format,
        all.len(),
        if all.len() == 1 { "" } else { "s" },
        input.picked.len()
    )?;
    let picked: Vec<&Conversation> = input.picked.iter().filter_map(|&i| all.get(i)).collect();
    for c in picked.iter().take(20) {
        let title = c.title.as_deref().map(|t| format!(" \"{t}\"")).unwrap_or_default();
        writeln!(out, "  {}{title}: {} turns", c.id, c.turns.len())?;
    }
    if picked.len() > 20 {
        writeln!(out, "  … and {} more", picked.len().saturating_sub(20))?;
    }
    let mut roles: BTreeMap<String, usize> = BTreeMap::new();
    for t in &input.turns {
        *roles.entry(t.speaker.label().to_string()).or_insert(0) += 1;
    }
    let by_role: Vec<String> = roles.iter().map(|(r, n)| format!("{n} {r}")).collect();
    writeln!(out, "turns: {} ({})", input.turns.len(), by_role.join(", "))?;
    let mut skipped: BTreeMap<&str, u32> = BTreeMap::new();
    for c in &picked {
        for (kind, n) in &c.skipped {
            let e = skipped.entry(kind).or_insert(0);
            *e = e.saturating_add(*n);
        }
    }
    if skipped.is_empty() {
        writeln!(out, "skipped: nothing")?;
    } else {
        let parts: Vec<String> = skipped.iter().map(|(k, n)| format!("{n} {k}")).collect();
        writeln!(out, "skipped: {}", parts.join(", "))?;
    }
    let times: Vec<_> = input.turns.iter().filter_map(|t| t.time).collect();
    let fallback: u32 = picked.iter().map(|c| c.fallback_times).sum();
    match (times.iter().min(), times.iter().max()) {
        (Some(first), Some(last)) => {
            let untimed = input.turns.len().saturating_sub(times.len());
            write!(out, "time: {first} .. {last}")?;
            if fallback > 0 {
                write!(
                    out,
                    "; {fallback} turns without a time of their own took the one before"
                )?;
            }
            if untimed > 0 {
                write!(out, "; {untimed} turns before the first time carry none")?;
            }
            writeln!(out)?;
        }
        _ => writeln!(
            out,
            "time: none in the file; the turns carry no time, and dates they name stay unresolved"
        )?,
    }
    writeln!(out, "person: {} (from {})", input.user, input.user_from)?;
    let path = shared.db_path();
    if shared.on_postgres() || path.exists() {
        let log = shared.open_existing_log()?;
        let place = log.location();
        let memory = log.memory_at(log.head())?;
        let turns = rgmem::ingest::import::map_user_onto(&memory, input.turns.clone(), &input.user);
        if let Some(why) = rgmem::ingest::import::refusal(&memory, &turns, &input.user) {
            writeln!(out, "refused: {why}")?;
        } else {
            let held = rgmem::ingest::import::stored(&memory, &turns)
                .iter()
                .filter(|h| **h)
                .count();
            writeln!(
                out,
                "{place}: {} new turns would be stored ({held} already there)",
                turns.len().saturating_sub(held)
            )?;
        }
    } else {
        writeln!(
            out,
            "{}: a new memory file; all {} turns would be stored",
            path.display(),
            input.turns.len()
        )?;
    }
    Ok(out)
}
