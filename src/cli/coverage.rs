//! Recall coverage on the command line: `eval locomo --coverage FILE` writes it from the run's
//! memory files, `show --coverage FILE` lists what no question reached.

use anyhow::{Context, Result};
use rgmem::eval::benchmark;
use rgmem::eval::coverage::{CoverageFile, ItemKey, MemoryCoverage};
use rgmem::eval::report::QuestionResult;
use rgmem::formats::locomo::Conversation;
use rgmem::log::Log;
use rgmem::memory::Memory;
use std::io::Write;
use std::path::Path;

/// Counts, per conversation, the items of its memory file that each question's rgmem context held.
pub fn write(path: &Path, convs: &[Conversation], work_dir: &Path, questions: &[QuestionResult]) -> Result<()> {
    let mut memories = Vec::new();
    for conv in convs {
        let file = benchmark::memory_file(&conv.id);
        let db = work_dir.join(&file);
        let log = Log::open(&db).with_context(|| format!("opening {}", db.display()))?;
        let memory = log.memory_at(log.head())?;
        let prefix = format!("{}/", conv.id);
        let per_question: Vec<Vec<ItemKey>> = questions
            .iter()
            .filter(|q| q.id.starts_with(&prefix))
            .map(|q| {
                q.systems
                    .get("rgmem")
                    .map(|r| r.retrieved_items.clone())
                    .unwrap_or_default()
            })
            .collect();
        memories.push(MemoryCoverage::count(
            &conv.id,
            &file,
            log.head(),
            &memory,
            &per_question,
        ));
    }
    CoverageFile::new(memories)
        .write(path)
        .with_context(|| format!("writing the coverage file {}", path.display()))
}

/// Lists the items of the memory at `db` that no question reached, by layer.
pub fn print_unreached(file: &Path, db: &Path, memory: &Memory, out: &mut dyn Write) -> Result<()> {
    let coverage = CoverageFile::read(file)?;
    let cov = coverage.for_memory(db, file)?;
    let unreached: Vec<_> = cov.unreached().collect();
    writeln!(
        out,
        "{} of {} memory items reached by no question of {} ({} questions, memory at {})",
        unreached.len(),
        cov.items.len(),
        cov.conversation,
        cov.questions,
        cov.head
    )?;
    // The memory's own texts, so a stale coverage file cannot mislabel an item.
    let texts: std::collections::HashMap<ItemKey, String> = rgmem::eval::coverage::items(memory).into_iter().collect();
    for layer in ["fact", "conclusion", "concept", "relation"] {
        let of_layer: Vec<_> = unreached
            .iter()
            .filter(|c| c.item.to_string().starts_with(&format!("{layer}:")))
            .collect();
        if of_layer.is_empty() {
            continue;
        }
        writeln!(out, "{layer}s ({})", of_layer.len())?;
        for c in of_layer {
            let now = texts
                .get(&c.item)
                .cloned()
                .unwrap_or_else(|| format!("{} (not in this memory)", c.text));
            writeln!(out, "  {:<16} {}", c.item.to_string(), rgmem::text::clip(&now, 110))?;
        }
    }
    Ok(())
}
