//! The projection: L0 episodes plus the L1 graph, and the one pure function that evolves it.
//!
//! `Memory::apply` is a fold step: no clock, no I/O, no randomness. Everything an operator
//! decides is decided elsewhere (by the operators) from a `&Memory` and arrives here
//! as an event.
//!
//! **Score rule (ours; the paper leaves it open).** Each recorded mention adds 1 to the score of
//! the relation's *owner*, the nearest abstract concept at or above the relation's source, and
//! puts the mention's label in that concept's buffer. An RK1 firing adds its new summary to the
//! owner's buffer without adding score, so RK2 sees aggregated theories next to raw evidence
//! (the paper's "P prefers aggregated representations") while its timing stays tied to evidence.

mod apply;
mod correct;
mod dated;
pub mod delta;
mod episode;
mod graph;
mod names;
pub mod never;
pub mod shared;
mod slots;
mod validate;
mod view;

pub use crate::event::Level;
pub use correct::Correction;
pub use dated::Dated;
pub use episode::{Episode, Turn};
pub use graph::{BASE_CONCEPTS, BASE_KEYS, Concept, Evidence, Relation};
pub use shared::{Items, Nodes};
pub use validate::InvalidEvent;

use crate::event::{Abstraction, Event, Operator, Trigger};
use crate::ids::{ConceptId, CorrectionId, EpisodeId, ProposalId, RelationId, TurnId};
use apply::concept_key;
use rpds::HashTrieMapSync;
use serde::{Deserialize, Serialize};
pub use slots::{SlotEntry, fullest_what, values_of};
use std::collections::{BTreeMap, BTreeSet};

/// θ_inf and θ_sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Thresholds {
    /// Mentions that make RK1 fire on a relation.
    pub theta_inf: u32,
    /// Score that makes RK2 fire on a concept.
    pub theta_sum: u32,
}

impl Default for Thresholds {
    fn default() -> Self {
        Self::new(Self::DEFAULT_THETA_INF, None)
    }
}

impl Thresholds {
    /// θ_inf when none is asked for.
    pub const DEFAULT_THETA_INF: u32 = 3;

    /// θ_sum defaults to 2·θ_inf, as in the paper's sweep, saturating at `u32::MAX` so a huge
    /// θ_inf never wraps θ_sum below it.
    #[must_use]
    pub fn new(theta_inf: u32, theta_sum: Option<u32>) -> Self {
        Self {
            theta_inf,
            theta_sum: theta_sum.unwrap_or(theta_inf.saturating_mul(2)),
        }
    }
}

/// Where a proposal stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProposalStatus {
    /// Waiting for a person.
    Pending,
    /// Applied.
    Approved,
    /// Discarded.
    Rejected,
}

/// An RK2/RK3 result recorded in approval mode.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proposal {
    /// Its id.
    pub id: ProposalId,
    /// RK2 or RK3.
    pub operator: Operator,
    /// The concept it would rewrite.
    pub concept: ConceptId,
    /// Σ/Δ when proposed.
    pub before: Abstraction,
    /// Σ/Δ if approved.
    pub after: Abstraction,
    /// Counter at proposal time.
    pub trigger: Trigger,
    /// Buffered evidence items it consumes.
    pub consumed: u32,
    /// Status.
    pub status: ProposalStatus,
}

/// Model usage, summed over the fold.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    /// Successful calls.
    pub calls: u32,
    /// Failed calls.
    pub failures: u32,
    /// Prompt tokens.
    pub tokens_in: u64,
    /// Reply tokens.
    pub tokens_out: u64,
}

/// The whole memory at one point of the log.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Memory {
    /// θ in force.
    pub thresholds: Thresholds,
    /// Every ingested turn.
    pub turns: Items<Turn>,
    /// Turns not yet cut into a segment.
    pub open_segment: Vec<TurnId>,
    /// L0 units.
    pub episodes: Items<Episode>,
    /// L1 nodes.
    pub concepts: Nodes<Concept>,
    /// L1 relations (edges).
    pub relations: Nodes<Relation>,
    /// Approval-mode proposals.
    pub proposals: BTreeMap<ProposalId, Proposal>,
    /// Model usage.
    pub usage: Usage,
    /// Firings per operator (RK1, RK2, RK3).
    pub firings: [u32; 3],
    /// Speaker label → person root.
    pub speakers: Vec<(String, ConceptId)>,
    /// Every slot statement, in order.
    #[serde(default)]
    pub slots: Items<SlotEntry>,
    /// Corrections, undone ones included (see [`Memory::active_corrections`]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub corrections: BTreeMap<CorrectionId, Correction>,
    #[serde(skip)]
    index: Index,
}

/// Lookups rebuilt from the data; never serialised. The maps are persistent, so a clone of the
/// memory shares them.
#[derive(Debug, Clone, PartialEq)]
struct Index {
    persons: HashTrieMapSync<String, ConceptId>,
    concepts: HashTrieMapSync<(ConceptId, bool, String), ConceptId>,
    relations: HashTrieMapSync<(ConceptId, ConceptId), RelationId>,
    due_relations: BTreeSet<RelationId>,
    due_concepts: BTreeSet<ConceptId>,
    dirty: BTreeSet<ConceptId>,
}

impl Default for Index {
    fn default() -> Self {
        Self {
            persons: HashTrieMapSync::new_sync(),
            concepts: HashTrieMapSync::new_sync(),
            relations: HashTrieMapSync::new_sync(),
            due_relations: BTreeSet::new(),
            due_concepts: BTreeSet::new(),
            dirty: BTreeSet::new(),
        }
    }
}

impl Memory {
    /// An empty memory with default thresholds.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Rebuilds the lookup indexes after deserialising a checkpoint.
    pub fn rebuild_index(&mut self) {
        let mut index = Index::default();
        // A checkpoint of codec version 1 stored no keys: they are made from the names as the
        // version-1 fold made them (the event upgrade does the same for its events).
        let unkeyed: Vec<usize> = (0..self.concepts.len())
            .filter(|i| self.concepts.get(*i).is_some_and(|c| c.key.is_empty()))
            .collect();
        for i in unkeyed {
            if let Some(c) = self.concepts.get_mut(i) {
                c.key = crate::text::entity_key(&c.name);
            }
        }
        for c in &self.concepts {
            index.concepts.insert_mut(concept_key(c.person, c.level, &c.key), c.id);
            if c.dirty {
                index.dirty.insert(c.id);
            }
        }
        for r in &self.relations {
            index.relations.insert_mut((r.source, r.target), r.id);
        }
        for (speaker, root) in &self.speakers {
            index.persons.insert_mut(speaker.clone(), *root);
        }
        self.index = index;
        self.recompute_due();
    }

    /// The person root for a speaker label, if tracked.
    #[must_use]
    pub fn person_for(&self, speaker: &str) -> Option<ConceptId> {
        self.index.persons.get(speaker).copied()
    }

    /// A node by person, tier and (normalised) name.
    #[must_use]
    pub fn find_concept(&self, person: ConceptId, level: Level, name: &str) -> Option<ConceptId> {
        let key = crate::text::entity_key(name);
        self.index.concepts.get(&concept_key(person, level, &key)).copied()
    }

    /// The relation between two nodes.
    #[must_use]
    pub fn find_relation(&self, source: ConceptId, target: ConceptId) -> Option<RelationId> {
        self.index.relations.get(&(source, target)).copied()
    }

    /// Relations whose mentions reached θ_inf.
    #[must_use]
    pub fn due_relations(&self) -> Vec<RelationId> {
        self.index.due_relations.iter().copied().collect()
    }

    /// Concepts whose score reached θ_sum and have no pending proposal.
    #[must_use]
    pub fn due_concepts(&self) -> Vec<ConceptId> {
        self.index.due_concepts.iter().copied().collect()
    }

    /// Dirty concepts without a pending proposal, deepest first, so children flow before parents.
    #[must_use]
    pub fn dirty_concepts(&self) -> Vec<ConceptId> {
        let mut v: Vec<ConceptId> = self
            .index
            .dirty
            .iter()
            .copied()
            .filter(|c| self.concept(*c).pending.is_none())
            .collect();
        v.sort_by_key(|c| (std::cmp::Reverse(self.concept(*c).depth), *c));
        v
    }

    /// A node. Ids come from this memory's own events, so they are always in range.
    #[must_use]
    pub fn concept(&self, id: ConceptId) -> &Concept {
        &self.concepts[id.index()]
    }

    /// A relation.
    #[must_use]
    pub fn relation(&self, id: RelationId) -> &Relation {
        &self.relations[id.index()]
    }

    /// An episode.
    #[must_use]
    pub fn episode(&self, id: EpisodeId) -> &Episode {
        &self.episodes[id.index()]
    }

    /// "Fitness → Strength Training".
    #[must_use]
    pub fn relation_name(&self, id: RelationId) -> String {
        let r = self.relation(id);
        format!("{} → {}", self.concept(r.source).name, self.concept(r.target).name)
    }

    /// The person roots.
    pub fn roots(&self) -> impl Iterator<Item = &Concept> {
        self.concepts.iter().filter(|c| c.level == Level::Root)
    }

    /// The node names from the root down to `id`.
    #[must_use]
    pub fn path_of(&self, id: ConceptId) -> Vec<&str> {
        let mut path = Vec::new();
        let mut cur = Some(id);
        while let Some(c) = cur {
            let node = self.concept(c);
            path.push(node.name.as_str());
            cur = node.parent;
        }
        path.reverse();
        path
    }
}

/// A memory built by folding events from scratch.
pub fn fold<'a>(events: impl IntoIterator<Item = &'a Event>) -> Memory {
    let mut m = Memory::new();
    for e in events {
        m.apply(e);
    }
    m
}

#[cfg(test)]
pub(crate) mod tests;
