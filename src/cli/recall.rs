//! The chat's stand-in for L2 retrieval until the retrieval module lands: word overlap between
//! the message and each profile (Σ/Δ), relation inference and episode, best few of each, with
//! their layer named so the answer can say where it came from.

use rgmem::memory::Memory;
use rgmem::text::content_words;
use std::collections::BTreeSet;

const PROFILES: usize = 3;
const RELATIONS: usize = 3;
const EPISODES: usize = 5;

/// The tracked user's name and the memory context for a message.
pub fn context(memory: &Memory, message: &str) -> (String, String) {
    let person = memory
        .speakers
        .iter()
        .find(|(speaker, _)| speaker == "user")
        .or_else(|| memory.speakers.first())
        .map_or_else(|| "User".to_string(), |(_, root)| memory.concept(*root).name.clone());
    let query: BTreeSet<String> = content_words(message).into_iter().collect();
    let overlap = |text: &str| {
        let words: BTreeSet<String> = content_words(text).into_iter().collect();
        query.intersection(&words).count()
    };
    let mut blocks = Vec::new();

    let mut profiles: Vec<(usize, String)> = memory
        .concepts
        .iter()
        .filter(|c| !(c.sigma.is_empty() && c.delta.is_empty()))
        .map(|c| {
            let score = 2 * overlap(&c.name) + overlap(&c.sigma) + overlap(&c.delta);
            let mut block = format!("[Profile (L1): {}]\n{}", memory.path_of(c.id).join(" / "), c.sigma);
            if !c.delta.is_empty() {
                block.push('\n');
                block.push_str(&c.delta);
            }
            (score, block)
        })
        .collect();
    take_best(&mut profiles, PROFILES, &mut blocks);

    let mut relations: Vec<(usize, String)> = memory
        .relations
        .iter()
        .filter(|r| !r.summary.is_empty())
        .map(|r| {
            let name = memory.relation_name(r.id);
            let score = 2 * overlap(&name) + overlap(&r.summary);
            (score, format!("[Relation inference (L1): {name}]\n{}", r.summary))
        })
        .collect();
    take_best(&mut relations, RELATIONS, &mut blocks);

    let mut episodes: Vec<(usize, String)> = memory
        .episodes
        .iter()
        .map(|e| {
            let mut text = e.fact.clone();
            for (c, _) in e.conclusions() {
                text.push('\n');
                text.push_str(c);
            }
            let date = e.time.map_or_else(String::new, |t| format!(", {}", t.date()));
            let lines: Vec<String> = text.lines().map(|l| format!("- {l}")).collect();
            (
                overlap(&text),
                format!(
                    "[Episode (L0) {}, session {}{date}]\n{}",
                    e.id.0,
                    e.session,
                    lines.join("\n")
                ),
            )
        })
        .collect();
    take_best(&mut episodes, EPISODES, &mut blocks);

    if blocks.is_empty() {
        blocks.push("(nothing in memory matches this message)".to_string());
    }
    (person, blocks.join("\n\n"))
}

/// Moves the `k` best-scoring non-zero blocks into `out`, best first (ties: the later one).
fn take_best(scored: &mut [(usize, String)], k: usize, out: &mut Vec<String>) {
    let mut indexed: Vec<(usize, usize)> = scored
        .iter()
        .enumerate()
        .filter(|(_, (s, _))| *s > 0)
        .map(|(i, (s, _))| (*s, i))
        .collect();
    indexed.sort_by(|a, b| b.cmp(a));
    for (_, i) in indexed.into_iter().take(k) {
        out.push(std::mem::take(&mut scored[i].1));
    }
}
