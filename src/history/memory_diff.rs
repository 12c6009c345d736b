//! What changed in a memory between two points: concepts added or removed, concepts whose Σ, Δ,
//! score or counters moved, relations whose summary or counters moved, and the memory's own
//! counters. Concepts and relations are matched by path, not id, because two branches number
//! their nodes independently. The texts are kept whole; [`crate::diff`] diffs them by bullet
//! when they are shown.

use crate::ids::Seq;
use crate::memory::delta::{DeltaItem, DeltaStatus};
use crate::memory::{Concept, Level, Memory, Relation};
use serde::Serialize;
use std::collections::BTreeMap;

/// Whether a concept or relation exists at both points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Presence {
    /// Only at the later point.
    Added,
    /// Only at the earlier point.
    Removed,
    /// At both.
    Kept,
}

/// A number that moved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CounterChange {
    /// What it counts.
    pub name: &'static str,
    /// At the earlier point.
    pub before: u64,
    /// At the later point.
    pub after: u64,
}

/// One concept that changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ConceptDiff {
    /// `Alex / Health and Wellness / Fitness`.
    pub path: String,
    /// Its tier.
    pub level: Level,
    /// Added, removed or kept.
    pub presence: Presence,
    /// Σ at each point (empty where it does not exist).
    pub sigma: (String, String),
    /// Δ at each point.
    pub delta: (String, String),
    /// Score and evidence counters that moved.
    pub counters: Vec<CounterChange>,
    /// Δ items whose status moved (an injury that healed, a restriction that ended, a change
    /// that a later one replaced), even where the Δ text itself did not change.
    pub delta_status: Vec<StatusChange>,
}

/// One Δ item whose status differs between the two points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StatusChange {
    /// The branch of the concept it is about ("Strength Training").
    pub group: String,
    /// The item's sentence, with its tag ("[injury] Alex hurt their back").
    pub item: String,
    /// Its status at the earlier point.
    pub before: DeltaStatus,
    /// Its status at the later point.
    pub after: DeltaStatus,
    /// When it was resolved or superseded, or until when it holds, `YYYY-MM-DD`.
    pub date: Option<String>,
}

impl ConceptDiff {
    /// Whether its Σ or Δ text changed.
    #[must_use]
    pub fn text_changed(&self) -> bool {
        self.sigma.0 != self.sigma.1 || self.delta.0 != self.delta.1
    }
}

/// The Δ items of `c` as of `m`'s latest turn, keyed by group, tag and sentence.
fn delta_items(m: &Memory, c: Option<&Concept>) -> BTreeMap<(String, Option<String>, String), DeltaItem> {
    c.map(|c| m.delta_items(c.id))
        .unwrap_or_default()
        .into_iter()
        .map(|i| ((i.group.clone(), i.tag.clone(), i.text.clone()), i))
        .collect()
}

/// The items present at both points whose status moved, in the later point's order.
fn status_changes(from: &Memory, a: Option<&Concept>, to: &Memory, b: Option<&Concept>) -> Vec<StatusChange> {
    let before = delta_items(from, a);
    delta_items(to, b)
        .into_iter()
        .filter_map(|(key, now)| {
            let was = before.get(&key)?;
            (was.status != now.status).then(|| StatusChange {
                group: now.group.clone(),
                item: now
                    .tag
                    .as_ref()
                    .map_or_else(|| now.text.clone(), |t| format!("[{t}] {}", now.text)),
                before: was.status,
                after: now.status,
                date: now.status_date.clone(),
            })
        })
        .collect()
}

/// One relation that changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RelationDiff {
    /// `Fitness → Strength Training`.
    pub name: String,
    /// The source concept's path.
    pub source: String,
    /// The target concept's path.
    pub target: String,
    /// Added, removed or kept.
    pub presence: Presence,
    /// The RK1 summary at each point.
    pub summary: (String, String),
    /// Mention counters that moved.
    pub counters: Vec<CounterChange>,
}

/// The difference between the memories at two points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MemoryDiff {
    /// The earlier point's seq.
    pub from: Seq,
    /// The later point's seq.
    pub to: Seq,
    /// Concepts added, removed or changed, in the later memory's order, then removed ones.
    pub concepts: Vec<ConceptDiff>,
    /// Relations added, removed or changed, in the same order.
    pub relations: Vec<RelationDiff>,
    /// The memory's counters that moved (turns, episodes, firings, model usage).
    pub counters: Vec<CounterChange>,
}

impl MemoryDiff {
    /// Whether the two memories hold the same concepts, texts and counters.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.concepts.is_empty() && self.relations.is_empty() && self.counters.is_empty()
    }

    /// Keeps only what concerns the concept at `path`: itself and its relations.
    #[must_use]
    pub fn only_concept(mut self, path: &str) -> Self {
        self.concepts.retain(|c| c.path == path);
        self.relations.retain(|r| r.source == path || r.target == path);
        self.counters.clear();
        self
    }
}

fn moved(pairs: &[(&'static str, u64, u64)]) -> Vec<CounterChange> {
    pairs
        .iter()
        .filter(|(_, a, b)| a != b)
        .map(|(name, before, after)| CounterChange {
            name,
            before: *before,
            after: *after,
        })
        .collect()
}

fn path(m: &Memory, c: &Concept) -> String {
    m.path_of(c.id).join(" / ")
}

fn concept_counters(c: Option<&Concept>) -> [u64; 3] {
    c.map_or([0; 3], |c| {
        [u64::from(c.score), c.buffer.len() as u64, c.episodes.len() as u64]
    })
}

fn relation_counters(r: Option<&Relation>) -> [u64; 3] {
    r.map_or([0; 3], |r| {
        [
            u64::from(r.mentions),
            u64::from(r.total_mentions),
            u64::from(r.rk1_firings),
        ]
    })
}

/// The diff from the memory at `from` (seq `from_seq`) to the memory at `to`.
#[must_use]
pub fn memory_diff(from_seq: Seq, from: &Memory, to_seq: Seq, to: &Memory) -> MemoryDiff {
    let key = |m: &Memory, c: &Concept| (path(m, c), c.level);
    let before: BTreeMap<_, &Concept> = from.concepts.iter().map(|c| (key(from, c), c)).collect();
    let after: BTreeMap<_, &Concept> = to.concepts.iter().map(|c| (key(to, c), c)).collect();
    let mut concepts = Vec::new();
    let ordered = to.concepts.iter().map(|c| (key(to, c), true)).chain(
        from.concepts
            .iter()
            .map(|c| (key(from, c), false))
            .filter(|(k, _)| !after.contains_key(k)),
    );
    for ((path, level), _) in ordered {
        let (a, b) = (
            before.get(&(path.clone(), level)).copied(),
            after.get(&(path.clone(), level)).copied(),
        );
        let presence = match (a, b) {
            (None, _) => Presence::Added,
            (_, None) => Presence::Removed,
            _ => Presence::Kept,
        };
        let text = |c: Option<&Concept>, f: fn(&Concept) -> String| c.map(f).unwrap_or_default();
        let [s0, b0, e0] = concept_counters(a);
        let [s1, b1, e1] = concept_counters(b);
        let diff = ConceptDiff {
            path,
            level,
            presence,
            sigma: (text(a, |c| c.sigma.render()), text(b, |c| c.sigma.render())),
            delta: (text(a, |c| c.delta.render()), text(b, |c| c.delta.render())),
            counters: moved(&[("score", s0, s1), ("buffered", b0, b1), ("episodes", e0, e1)]),
            delta_status: status_changes(from, a, to, b),
        };
        if presence != Presence::Kept
            || diff.text_changed()
            || !diff.counters.is_empty()
            || !diff.delta_status.is_empty()
        {
            concepts.push(diff);
        }
    }
    MemoryDiff {
        from: from_seq,
        to: to_seq,
        concepts,
        relations: relation_diffs(from, to),
        counters: memory_counters(from, to),
    }
}

fn relation_diffs(from: &Memory, to: &Memory) -> Vec<RelationDiff> {
    let ends = |m: &Memory, r: &Relation| -> Option<(String, String)> {
        let s = m.concepts.get(r.source.index())?;
        let t = m.concepts.get(r.target.index())?;
        Some((path(m, s), path(m, t)))
    };
    let index = |m: &'_ Memory| -> BTreeMap<(String, String), usize> {
        m.relations
            .iter()
            .enumerate()
            .filter_map(|(i, r)| Some((ends(m, r)?, i)))
            .collect()
    };
    let (before, after) = (index(from), index(to));
    let ordered = to.relations.iter().filter_map(|r| ends(to, r)).chain(
        from.relations
            .iter()
            .filter_map(|r| ends(from, r))
            .filter(|k| !after.contains_key(k)),
    );
    let mut out = Vec::new();
    for k in ordered {
        let a = before.get(&k).and_then(|i| from.relations.get(*i));
        let b = after.get(&k).and_then(|i| to.relations.get(*i));
        let presence = match (a, b) {
            (None, _) => Presence::Added,
            (_, None) => Presence::Removed,
            _ => Presence::Kept,
        };
        let name = match (a, b) {
            (_, Some(r)) => to.relation_name(r.id),
            (Some(r), None) => from.relation_name(r.id),
            (None, None) => continue,
        };
        let [m0, t0, f0] = relation_counters(a);
        let [m1, t1, f1] = relation_counters(b);
        let summary = |r: Option<&Relation>| r.map(|r| r.summary.render()).unwrap_or_default();
        let diff = RelationDiff {
            name,
            source: k.0,
            target: k.1,
            presence,
            summary: (summary(a), summary(b)),
            counters: moved(&[
                ("mentions", m0, m1),
                ("total_mentions", t0, t1),
                ("rk1_firings", f0, f1),
            ]),
        };
        if presence != Presence::Kept || diff.summary.0 != diff.summary.1 || !diff.counters.is_empty() {
            out.push(diff);
        }
    }
    out
}

fn memory_counters(from: &Memory, to: &Memory) -> Vec<CounterChange> {
    let n = |v: usize| v as u64;
    moved(&[
        (
            "theta_inf",
            u64::from(from.thresholds.theta_inf),
            u64::from(to.thresholds.theta_inf),
        ),
        (
            "theta_sum",
            u64::from(from.thresholds.theta_sum),
            u64::from(to.thresholds.theta_sum),
        ),
        ("turns", n(from.turns.len()), n(to.turns.len())),
        ("episodes", n(from.episodes.len()), n(to.episodes.len())),
        ("concepts", n(from.concepts.len()), n(to.concepts.len())),
        ("relations", n(from.relations.len()), n(to.relations.len())),
        ("RK1 firings", u64::from(from.firings[0]), u64::from(to.firings[0])),
        ("RK2 firings", u64::from(from.firings[1]), u64::from(to.firings[1])),
        ("RK3 firings", u64::from(from.firings[2]), u64::from(to.firings[2])),
        ("proposals", n(from.proposals.len()), n(to.proposals.len())),
        ("model calls", u64::from(from.usage.calls), u64::from(to.usage.calls)),
        (
            "tokens",
            from.usage.tokens_in + from.usage.tokens_out,
            to.usage.tokens_in + to.usage.tokens_out,
        ),
    ])
}
