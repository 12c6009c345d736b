//! Which turns stand behind each bullet, mention and Δ item an operator records. A model writes
//! text without turn ids; the operator knows the evidence it sent, so after the reply is read it
//! gives each part the turns of the evidence on its branch and date, and keeps the turns of parts
//! that carried over unchanged from the previous Σ/Δ (or, for RK3, from a child's).

use crate::event::{Delta, Mention, RelationSummary, Sigma};
use crate::ids::TurnId;
use crate::memory::{Evidence, Memory};
use crate::text::entity_key;
use std::collections::BTreeSet;

/// The turns of one buffered episode, on one branch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// The branch's key (see [`entity_key`]).
    key: String,
    /// The episode's day, `YYYY-MM-DD`.
    date: Option<String>,
    /// Its turns.
    turns: Vec<TurnId>,
}

/// The sources behind a buffer, one per episode and branch.
#[must_use]
pub fn sources(memory: &Memory, buffer: &[Evidence]) -> Vec<Source> {
    let mut out: Vec<Source> = Vec::new();
    for e in buffer {
        let Some(ep) = memory.episodes.get(e.episode.index()) else {
            continue;
        };
        let source = Source {
            key: entity_key(&e.facet),
            date: ep.time.map(|t| t.date()),
            turns: ep.turns.clone(),
        };
        if !out.contains(&source) {
            out.push(source);
        }
    }
    out
}

fn union(into: &mut Vec<TurnId>, more: &[TurnId]) {
    let mut set: BTreeSet<TurnId> = into.iter().copied().collect();
    set.extend(more.iter().copied());
    *into = set.into_iter().collect();
}

/// Turns of the sources on `key` (any branch when `key` is empty), on `date` when given.
fn matching(sources: &[Source], key: &str, date: Option<&str>) -> Vec<TurnId> {
    let mut out = Vec::new();
    for s in sources
        .iter()
        .filter(|s| key.is_empty() || s.key == key)
        .filter(|s| date.is_none() || s.date.as_deref() == date)
    {
        union(&mut out, &s.turns);
    }
    out
}

fn mention_turns(m: &mut Mention, known: &[&Mention], sources: &[Source], key: &str) {
    if let Some(k) = known.iter().find(|k| k.text == m.text && k.date == m.date) {
        m.turns.clone_from(&k.turns);
    } else if m.date.is_some() {
        m.turns = matching(sources, key, m.date.as_deref());
    }
}

/// Fills the turns of a Σ from what it carried over and the sources.
pub fn sigma(sigma: &mut Sigma, known: &[&Sigma], sources: &[Source]) {
    let bullets: Vec<_> = known.iter().flat_map(|s| &s.bullets).collect();
    let mentions: Vec<&Mention> = bullets.iter().flat_map(|b| &b.mentions).collect();
    // A bullet's own turns are this firing's evidence on its branch and its mentions' turns, so
    // what a bullet stores stays bounded however long its branch has recurred.
    for b in &mut sigma.bullets {
        let key = entity_key(&b.branch);
        if let Some(k) = bullets.iter().find(|k| k.branch == b.branch && k.text == b.text)
            && sources.is_empty()
        {
            union(&mut b.turns, &k.turns);
        }
        if !key.is_empty() {
            union(&mut b.turns, &matching(sources, &key, None));
        }
        for m in &mut b.mentions {
            mention_turns(m, &mentions, sources, &key);
            union(&mut b.turns, &m.turns);
        }
    }
}

/// Fills the turns of a Δ's items.
pub fn delta(delta: &mut Delta, known: &[&Delta], sources: &[Source]) {
    let items: Vec<_> = known.iter().flat_map(|d| &d.items).collect();
    for item in &mut delta.items {
        if let Some(k) = items.iter().find(|k| k.text == item.text && k.date == item.date) {
            item.turns.clone_from(&k.turns);
        } else if item.date.is_some() {
            item.turns = matching(sources, &entity_key(&item.group), item.date.as_deref());
        }
    }
}

/// Fills the turns of a relation summary's mentions.
pub fn summary(summary: &mut RelationSummary, known: &RelationSummary, sources: &[Source]) {
    let known: Vec<&Mention> = known.mentions.iter().collect();
    for m in &mut summary.mentions {
        mention_turns(m, &known, sources, "");
    }
}
