//! Corrections as engine steps: `correct` retires an item or replaces its text, `undo_correction`
//! takes a correction back. The engine decides here what the fold must not: the item's text when
//! corrected, and which of the person's turns said it (by their words), so recall can leave those
//! turns out too.

use super::Engine;
use crate::error::{Error, Result};
use crate::event::{Event, EventRecord, ItemRef};
use crate::ids::{ConceptId, CorrectionId, TurnId};
use crate::log::EventStore;
use crate::memory::Memory;
use crate::text::{content_words, sentences, stem::stem, words};
use std::collections::BTreeSet;

/// The longest replacement or reason a correction takes, in bytes.
pub const MAX_CORRECTION_TEXT: usize = 4000;
/// The share of an item's words a turn must say to count as saying it.
const QUOTED_SHARE: f64 = 0.6;

impl<L: EventStore> Engine<L> {
    /// Retires `item` (no `text`) or replaces its text, recording why. A missing item, an empty
    /// reason or replacement, or an oversized one is refused before anything is written.
    pub fn correct(&mut self, item: ItemRef, text: Option<&str>, reason: &str) -> Result<Vec<EventRecord>> {
        let reason = reason.trim();
        if reason.is_empty() {
            return Err(Error::CorrectionIncomplete("a reason"));
        }
        let text = text.map(str::trim);
        if text.is_some_and(str::is_empty) {
            return Err(Error::CorrectionIncomplete(
                "a non-empty replacement (or none, to retire the item)",
            ));
        }
        if reason.len() > MAX_CORRECTION_TEXT || text.is_some_and(|t| t.len() > MAX_CORRECTION_TEXT) {
            return Err(Error::CorrectionIncomplete(
                "a reason and replacement under 4000 bytes each",
            ));
        }
        self.refresh_memory()?;
        let Some(was) = item_text(&self.memory, item) else {
            return Err(Error::NoSuchItem {
                item: item.to_string(),
                noun: item.noun(),
                hint: "`rgmem show --ids` and the `profile` and `recall` tools list item ids",
            });
        };
        if let Some(k) = self.memory.active_corrections().find(|c| {
            c.retires() && c.item == item && matches!(item, ItemRef::Fact { .. } | ItemRef::Conclusion { .. })
        }) {
            return Err(Error::AlreadyRetired {
                item: item.to_string(),
                by: k.id,
            });
        }
        let mut clauses = clauses(&self.memory, item);
        let (quoted, said) = quoted(&self.memory, item, &clauses);
        clauses.extend(said.into_iter().filter(|s| !clauses.contains(s)).collect::<Vec<_>>());
        let correction = self.memory.next_correction_id();
        let event = Event::ItemCorrected {
            correction,
            item,
            was,
            text: text.map(str::to_string),
            reason: reason.to_string(),
            quoted,
            clauses,
        };
        self.run(|step| step.emit(event.clone()))
    }

    /// Undoes a correction.
    pub fn undo_correction(&mut self, correction: CorrectionId) -> Result<Vec<EventRecord>> {
        self.refresh_memory()?;
        if !self.memory.active_corrections().any(|c| c.id == correction) {
            return Err(Error::NoSuchCorrection(correction));
        }
        self.run(|step| step.emit(Event::CorrectionUndone { correction }))
    }

    /// Reads what other processes appended since, so what is read next is the latest memory.
    pub fn refresh_memory(&mut self) -> Result<()> {
        if self.log.refresh()? {
            self.memory = self.log.memory_at(self.log.head())?;
        }
        Ok(())
    }
}

/// An item's text in `memory`, if it holds the item.
#[must_use]
pub fn item_text(memory: &Memory, item: ItemRef) -> Option<String> {
    let at = |i: u32| usize::try_from(i).ok();
    match item {
        ItemRef::Fact { episode } => memory.episodes.get(episode.index()).map(|e| e.fact.clone()),
        ItemRef::Conclusion { episode, index } => memory
            .episodes
            .get(episode.index())
            .and_then(|e| e.conclusions().nth(at(index)?).map(|(c, _)| c.to_string())),
        ItemRef::Sigma { concept, index } => memory
            .concepts
            .get(concept.index())
            .and_then(|c| c.sigma.bullets.get(at(index)?))
            .map(|b| {
                if b.branch.is_empty() {
                    b.text.clone()
                } else {
                    format!("{}: {}", b.branch, b.text)
                }
            }),
        ItemRef::Delta { concept, index } => memory
            .concepts
            .get(concept.index())
            .and_then(|c| c.delta.items.get(at(index)?))
            .map(|i| format!("{}: {}", i.group, i.render())),
    }
}

/// Every item a correction can name, with its id and text: facts and conclusions of every
/// episode (retired ones left out), then every concept's Σ bullets and Δ items.
#[must_use]
pub fn items(memory: &Memory) -> Vec<(ItemRef, String)> {
    let mut out = Vec::new();
    for e in &memory.episodes {
        if !memory.fact_retired(e.id) {
            out.push((ItemRef::Fact { episode: e.id }, e.fact.clone()));
        }
        for (i, (c, _)) in e.conclusions().enumerate() {
            if !memory.conclusion_retired(e.id, i) {
                let index = crate::ids::saturating_u32(i);
                out.push((ItemRef::Conclusion { episode: e.id, index }, c.to_string()));
            }
        }
    }
    for c in &memory.concepts {
        for (kind, n) in [(0, c.sigma.bullets.len()), (1, c.delta.items.len())] {
            for i in 0..n {
                let index = crate::ids::saturating_u32(i);
                let item = if kind == 0 {
                    ItemRef::Sigma { concept: c.id, index }
                } else {
                    ItemRef::Delta { concept: c.id, index }
                };
                if let Some(text) = item_text(memory, item) {
                    out.push((item, text));
                }
            }
        }
    }
    out
}

/// The clauses an item says, as Σ mentions, Δ items and relation summaries quote them: each
/// sentence without its date prefix ("On 8 May 2024: "), tag ("[injury] ") or final stop, at
/// least three words long.
fn clauses(memory: &Memory, item: ItemRef) -> Vec<String> {
    let at = |i: u32| usize::try_from(i).ok();
    let texts: Vec<String> = match item {
        ItemRef::Fact { episode } => memory.episodes.get(episode.index()).map(|e| vec![e.fact.clone()]),
        ItemRef::Conclusion { episode, index } => memory
            .episodes
            .get(episode.index())
            .and_then(|e| e.conclusions().nth(at(index)?).map(|(c, _)| vec![c.to_string()])),
        ItemRef::Sigma { concept, index } => memory
            .concepts
            .get(concept.index())
            .and_then(|c| c.sigma.bullets.get(at(index)?))
            .map(|b| {
                std::iter::once(b.text.clone())
                    .chain(b.mentions.iter().map(|m| m.text.clone()))
                    .collect()
            }),
        ItemRef::Delta { concept, index } => memory
            .concepts
            .get(concept.index())
            .and_then(|c| c.delta.items.get(at(index)?))
            .map(|i| vec![i.text.clone()]),
    }
    .unwrap_or_default();
    let mut out: Vec<String> = Vec::new();
    for sentence in texts.iter().flat_map(|t| sentences(t)) {
        let mut s = sentence.trim();
        if s.starts_with("On ")
            && let Some((_, rest)) = s.split_once(": ")
        {
            s = rest;
        }
        if s.starts_with('[')
            && let Some((_, rest)) = s.split_once("] ")
        {
            s = rest;
        }
        let s = s.trim().trim_end_matches(['.', '!', '?']).trim();
        if s.split_whitespace().count() >= 3 && !out.iter().any(|o| o == s) {
            out.push(s.to_string());
        }
    }
    out
}

/// The person's turns behind `item` that say what it says, and the sentences of theirs that say
/// it: a sentence says an item's sentence when it holds most of its content words (stemmed, the
/// person's own name left out).
fn quoted(memory: &Memory, item: ItemRef, clauses: &[String]) -> (Vec<TurnId>, Vec<String>) {
    let (person, turns): (ConceptId, Vec<TurnId>) = match item {
        ItemRef::Fact { episode } | ItemRef::Conclusion { episode, .. } => {
            let Some(e) = memory.episodes.get(episode.index()) else {
                return (Vec::new(), Vec::new());
            };
            (e.person, e.turns.clone())
        }
        ItemRef::Sigma { concept, index } => {
            let Some(c) = memory.concepts.get(concept.index()) else {
                return (Vec::new(), Vec::new());
            };
            let turns = c
                .sigma
                .bullets
                .get(index as usize)
                .map(|b| b.turns.clone())
                .unwrap_or_default();
            (c.person, turns)
        }
        ItemRef::Delta { concept, index } => {
            let Some(c) = memory.concepts.get(concept.index()) else {
                return (Vec::new(), Vec::new());
            };
            let turns = c
                .delta
                .items
                .get(index as usize)
                .map(|i| i.turns.clone())
                .unwrap_or_default();
            (c.person, turns)
        }
    };
    let name: BTreeSet<String> = memory
        .concepts
        .get(person.index())
        .map(|p| words(&p.name).map(|w| stem(&w)).collect())
        .unwrap_or_default();
    let stems = |t: &str| -> BTreeSet<String> { content_words(t).iter().map(|w| stem(w)).collect() };
    // Each sentence of the item on its own: a fact joins what several turns said.
    let wanted: Vec<BTreeSet<String>> = clauses
        .iter()
        .map(|s| {
            stems(s)
                .into_iter()
                .filter(|w| !name.contains(w))
                .collect::<BTreeSet<_>>()
        })
        .filter(|w| w.len() >= 2)
        .collect();
    let mut out = (Vec::new(), Vec::new());
    for t in turns {
        let Some(turn) = memory.turns.get(t.index()) else {
            continue;
        };
        if memory.person_for(&turn.speaker) != Some(person) {
            continue;
        }
        for sentence in sentences(&turn.said()) {
            let said = stems(&sentence);
            let says = wanted
                .iter()
                .any(|w| w.intersection(&said).count() as f64 / w.len() as f64 >= QUOTED_SHARE);
            if !says {
                continue;
            }
            if !out.0.contains(&t) {
                out.0.push(t);
            }
            let core = sentence.trim().trim_end_matches(['.', '!', '?']).trim().to_string();
            if core.split_whitespace().count() >= 3 && !out.1.contains(&core) {
                out.1.push(core);
            }
        }
    }
    out
}
