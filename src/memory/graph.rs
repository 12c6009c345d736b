//! The L1 graph's nodes and relations (edges), with the evolving state the operators read and write.

use super::Items;
use crate::event::{Delta, Level, RelationSummary, Sigma};
use crate::ids::{ConceptId, EpisodeId, ProposalId, RelationId};
use serde::{Deserialize, Serialize};

/// The 11 base concepts every person root links to (paper §2.2).
pub const BASE_CONCEPTS: [&str; 11] = [
    "Personal Identity and Traits",
    "Health and Wellness",
    "Goals and Plans",
    "Consumption and Finance",
    "Dining",
    "Interests and Entertainment",
    "Travel and Commute",
    "Social Relationships",
    "Work and Study",
    "Values and Beliefs",
    "Assets and Environment",
];

/// The lookup keys of [`BASE_CONCEPTS`], as `text::entity_key` made them when the fold was
/// written: constants, so a change to the word rules cannot re-file an old log's base nodes.
pub const BASE_KEYS: [&str; 11] = [
    "personal identity and trait",
    "health and wellness",
    "goal and plan",
    "consumption and finance",
    "dining",
    "interest and entertainment",
    "travel and commute",
    "social relationship",
    "work and study",
    "value and belief",
    "asset and environment",
];

/// One unit of buffered evidence waiting for an operator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Evidence {
    /// The L0 unit it came from (for an inference: the latest unit behind it).
    pub episode: EpisodeId,
    /// The facet of the concept it is about: the relation's target name (an occurrence's
    /// activity). The paper calls these the concept's branches; stored as `branch`.
    #[serde(rename = "branch")]
    pub facet: String,
    /// The text: an event-snapshot label, or an RK1 summary.
    pub text: String,
    /// Whether this is an RK1 inference rather than a raw mention.
    #[serde(default)]
    pub inference: bool,
}

/// A node of the graph.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Concept {
    /// Its id.
    pub id: ConceptId,
    /// Display name.
    pub name: String,
    /// The name's lookup key, as the event that named it carried it (empty in a checkpoint of
    /// codec version 1 until [`super::Memory::rebuild_index`] fills it).
    #[serde(default)]
    pub key: String,
    /// Tier.
    pub level: Level,
    /// Classification parent (none for a root).
    pub parent: Option<ConceptId>,
    /// The person root it belongs to (itself for a root).
    pub person: ConceptId,
    /// Depth below the root (root 0, base 1).
    pub depth: u32,
    /// Children in first-seen order.
    pub children: Vec<ConceptId>,
    /// Relations touching this node.
    pub relations: Vec<RelationId>,
    /// RK2 score: evidence routed here since the last RK2.
    pub score: u32,
    /// RK2 buffer I_v^new.
    pub buffer: Vec<Evidence>,
    /// Σ: the stable core.
    pub sigma: Sigma,
    /// Δ: exceptions, restrictions and tension.
    pub delta: Delta,
    /// Σ from this concept's own evidence (its last RK2), kept apart from the Σ that RK3 merges
    /// with its children's, so the two formats never mix and RK3 can count it as one microstate.
    #[serde(default)]
    pub own_sigma: Sigma,
    /// Δ from this concept's own evidence.
    #[serde(default)]
    pub own_delta: Delta,
    /// Set when a child's Σ/Δ changed and RK3 has not yet flowed it up.
    pub dirty: bool,
    /// A proposal awaiting approval, if any.
    pub pending: Option<ProposalId>,
    /// Provenance: every L0 unit that reached this node.
    pub episodes: Items<EpisodeId>,
}

/// A relation (an edge of the graph) and its evidence counters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Relation {
    /// Its id.
    pub id: RelationId,
    /// Source node.
    pub source: ConceptId,
    /// Target node.
    pub target: ConceptId,
    /// The most recent event-snapshot label.
    pub label: String,
    /// mentions(e) since the last RK1.
    pub mentions: u32,
    /// The abstract concept whose RK2 score its mentions feed.
    pub owner: ConceptId,
    /// Mentions over its whole life.
    pub total_mentions: u32,
    /// D_e^new: evidence since the last RK1.
    pub buffer: Vec<Evidence>,
    /// T_e: the RK1 summary.
    pub summary: RelationSummary,
    /// How many times RK1 fired on it.
    pub rk1_firings: u32,
    /// Provenance: every L0 unit that mentioned it.
    pub episodes: Items<EpisodeId>,
}
