//! Answers that are lists ("What activities does X do?"): a memory line that lists names under
//! a heading holding the question's focus noun ("Melanie's own activities, most mentioned first:
//! Photography, Painting, …") gives its names, those the person's supporting sentences speak of
//! first; the supporting sentences' own noun phrases follow. The whole list stays short.

use super::{Sentence, stem};
use crate::text::{is_stopword, words};

/// Most words in a list answer, over all its parts.
const LIST_WORDS: usize = 8;
/// Most parts cut from supporting sentences.
pub(super) const LIST_PARTS: usize = 5;
/// What a sentence's mere mention of a listed name adds to its coverage in the name's score.
pub(super) const MENTIONED: f64 = 0.05;

/// The names a list line gives under a heading that holds `focus` (a stem): "X's own
/// activities, most mentioned first: A, B, C." with `focus` "activ" → [A, B, C].
pub(super) fn listed(text: &str, focus: &str) -> Option<Vec<String>> {
    let (head, body) = text.split_once(": ")?;
    if !words(head).any(|w| stem(w.trim_end_matches("'s")) == focus) {
        return None;
    }
    let names: Vec<String> = body
        .trim_end_matches(['.', ' '])
        .split(", ")
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_string)
        .collect();
    let short = names.iter().all(|n| n.split_whitespace().count() <= 4);
    (names.len() >= 3 && short).then_some(names)
}

/// The listed names ordered by how much support the person's sentences give them: a name's
/// score is the summed coverage of the sentences that speak of it (by any of its content
/// words' stems); names no sentence speaks of keep the list's own order, after the others.
pub(super) fn ranked(names: &[String], support: &[(&Sentence, f64)]) -> Vec<String> {
    let mut scored: Vec<(f64, usize, &String)> = names
        .iter()
        .enumerate()
        .map(|(at, n)| {
            let stems: Vec<String> = words(n).filter(|w| !is_stopword(w)).map(|w| stem(&w)).collect();
            let score: f64 = support
                .iter()
                .filter(|(s, _)| stems.iter().any(|st| s.stems.contains(st)))
                .map(|(_, cov)| *cov)
                .sum();
            (score, at, n)
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().map(|(_, _, n)| n.clone()).collect()
}

/// Parts joined as a list answer, without repeats, cut to [`LIST_WORDS`] words in all (a part
/// that does not fit whole is left out).
pub(super) fn joined(parts: impl IntoIterator<Item = String>) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut used = 0usize;
    for p in parts {
        let n = p.split_whitespace().count();
        let seen = out.iter().any(|o| o.eq_ignore_ascii_case(&p));
        if n == 0 || seen || used.saturating_add(n) > LIST_WORDS {
            continue;
        }
        used += n;
        out.push(p);
    }
    out.join(", ")
}
