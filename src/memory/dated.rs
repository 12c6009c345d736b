//! The timeline: what each person said happened on a date, in date order. It is a view over the
//! turns and the dates ingest resolved into them ("last Saturday" → 20 May 2023), never a second
//! reading of the words, so it folds the same from any log. A concept narrows it to the turns
//! its evidence came from: the timeline of one project, one hobby, one move.

use super::Memory;
use crate::ids::{ConceptId, TurnId};
use crate::time::Timestamp;
use serde::Serialize;
use std::collections::BTreeSet;

/// One dated event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Dated {
    /// First day it names, `YYYY-MM-DD`.
    pub start: String,
    /// Last day (the same as `start` for one day).
    pub end: String,
    /// The date words as said ("last Saturday").
    pub phrase: String,
    /// The sentence that names the date, as the person said it.
    pub sentence: String,
    /// The turn it is in.
    pub turn: TurnId,
    /// The turn's source id (LoCoMo `dia_id`, a message id), where known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_ref: Option<String>,
    /// When it was said.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub said: Option<Timestamp>,
}

/// Longest sentence an entry quotes, in characters; a longer one is cut around its date words.
const MOST_CHARS: usize = 240;

impl Memory {
    /// `person`'s dated events in date order (then the order said); with `concept`, only those
    /// from turns behind that concept's evidence or its sub-concepts'.
    #[must_use]
    pub fn timeline(&self, person: ConceptId, concept: Option<ConceptId>) -> Vec<Dated> {
        let within = concept.map(|c| self.turns_behind(c));
        let mut out: Vec<Dated> = Vec::new();
        for t in self.turns.iter() {
            if t.dates.is_empty()
                || self.person_for(&t.speaker) != Some(person)
                || within.as_ref().is_some_and(|w| !w.contains(&t.id))
            {
                continue;
            }
            let sentences = crate::text::sentences(&t.text);
            for span in &t.dates {
                let sentence = sentences
                    .iter()
                    .find(|s| s.contains(span.phrase.as_str()))
                    .map_or(t.text.as_str(), String::as_str);
                let entry = Dated {
                    start: span.start.clone(),
                    end: span.end.clone(),
                    phrase: span.phrase.trim_end_matches(['.', ',', ';', ':', '!', '?']).to_string(),
                    sentence: around(sentence.trim(), &span.phrase),
                    turn: t.id,
                    source_ref: t.source_ref.clone(),
                    said: t.time,
                };
                if !out
                    .iter()
                    .any(|d| d.turn == entry.turn && d.start == entry.start && d.end == entry.end)
                {
                    out.push(entry);
                }
            }
        }
        // Stable: one day's events stay in the order they were said.
        out.sort_by(|a, b| a.start.cmp(&b.start).then(a.end.cmp(&b.end)));
        out
    }

    /// The turns behind a concept: its episodes and its sub-concepts', through every relation.
    fn turns_behind(&self, concept: ConceptId) -> BTreeSet<TurnId> {
        let mut turns = BTreeSet::new();
        let mut stack = vec![concept];
        let mut seen = BTreeSet::new();
        while let Some(c) = stack.pop() {
            if !seen.insert(c) {
                continue;
            }
            let node = self.concept(c);
            let relation_episodes = node
                .relations
                .iter()
                .flat_map(|r| self.relation(*r).episodes.iter().copied().collect::<Vec<_>>());
            for e in node.episodes.iter().copied().chain(relation_episodes) {
                turns.extend(self.episode(e).turns.iter().copied());
            }
            stack.extend(node.children.iter().copied());
        }
        turns
    }
}

/// A sentence cut to [`MOST_CHARS`] around its date words, on word boundaries.
fn around(sentence: &str, phrase: &str) -> String {
    if sentence.chars().count() <= MOST_CHARS {
        return sentence.to_string();
    }
    let words: Vec<&str> = sentence.split_whitespace().collect();
    let first = phrase.split_whitespace().next().unwrap_or_default();
    let at = words.iter().position(|w| w.contains(first)).unwrap_or(0);
    // Take words outward from the date words while they fit.
    let (mut lo, mut hi) = (at, at.saturating_add(1).min(words.len()));
    let len = |lo: usize, hi: usize| {
        words
            .get(lo..hi)
            .map_or(0, |w| w.iter().map(|x| x.chars().count() + 1).sum())
    };
    loop {
        let grew_hi = hi < words.len() && len(lo, hi + 1) <= MOST_CHARS;
        if grew_hi {
            hi += 1;
        }
        let grew_lo = lo > 0 && len(lo - 1, hi) <= MOST_CHARS;
        if grew_lo {
            lo -= 1;
        }
        if !grew_hi && !grew_lo {
            break;
        }
    }
    let mut out = words.get(lo..hi).map(|w| w.join(" ")).unwrap_or_default();
    if lo > 0 {
        out = format!("… {out}");
    }
    if hi < words.len() {
        out.push_str(" …");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_sentence_is_cut_around_its_date_on_word_boundaries() {
        let long = format!(
            "{} we moved to Porto last spring {}",
            "word ".repeat(60),
            "tail ".repeat(60)
        );
        let cut = around(long.trim(), "last spring");
        assert!(cut.contains("moved to Porto last spring"), "{cut}");
        assert!(cut.chars().count() <= MOST_CHARS + 4, "{cut}");
        assert!(cut.starts_with("… ") && cut.ends_with(" …"), "{cut}");
        assert_eq!(around("We met on Sunday.", "on Sunday"), "We met on Sunday.");
    }
}
