//! The persisted vocabulary: every change to a memory is one of these past-tense facts.
//!
//! Events carry everything their application needs (texts, ids, timestamps from the
//! conversation), so the memory's `apply` never consults a clock, a model or a file.

mod attachment;
mod codec;
mod item;
mod level;
mod line;
mod names;
mod profile;
pub mod profile_text;
mod slot;
mod speaker;
mod upgrade;

pub use attachment::{Attachment, said, split_v1};
pub use codec::{CURRENT_VERSION, CodecError, decode, encode};
pub use item::ItemRef;
pub use level::Level;
pub use names::{Names, article};
pub use profile::{Delta, DeltaItem, DeltaLayout, DeltaStatus, Mention, RelationSummary, Sigma, SigmaBullet};
pub use slot::{Holder, Slot, sentence as slot_sentence};
pub(crate) use slot::{PERIOD_ADVERBS, without_repeated_period};
pub use speaker::Speaker;

use crate::ids::{ConceptId, CorrectionId, EpisodeId, ProposalId, RelationId, Seq, TurnId};
use crate::time::Timestamp;
use serde::{Deserialize, Serialize};

/// One entry of the log: the event and where it sits in the history tree.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventRecord {
    /// Position in the log.
    pub seq: Seq,
    /// The seq this event applies on top of; a rollback makes it jump back.
    pub parent: Seq,
    /// The event itself.
    pub event: Event,
}

/// The three renormalisation operators of the paper.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Operator {
    /// Relation inference: rewrites a relation's summary after θ_inf new mentions.
    #[serde(rename = "RK1")]
    Rk1,
    /// Node-level abstraction: rewrites a concept's Σ and Δ after its score reaches θ_sum.
    #[serde(rename = "RK2")]
    Rk2,
    /// Hierarchical flow: recomputes a dirty parent's Σ and Δ from its children.
    #[serde(rename = "RK3")]
    Rk3,
}

impl std::fmt::Display for Trigger {
    /// "mentions 3/3".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}/{}", self.counter, self.value, self.threshold)
    }
}

impl Operator {
    /// "RK1", "RK2" or "RK3".
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Rk1 => "RK1",
            Self::Rk2 => "RK2",
            Self::Rk3 => "RK3",
        }
    }
}

/// Why a segment of turns was cut into an episode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CutReason {
    /// The next turn belongs to another session.
    SessionBoundary,
    /// Too much time passed before the next turn.
    TimeGap,
    /// The next turn talks about something else.
    TopicShift,
    /// The segment reached its maximum length.
    MaxLength,
    /// The input ended.
    EndOfInput,
}

/// What an operator fired on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Subject {
    /// A relation (RK1).
    Relation(RelationId),
    /// A concept (RK2, RK3).
    Concept(ConceptId),
}

/// Which counter an operator watches; stored as its snake_case name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Counter {
    /// A relation's new mentions against θ_inf (RK1).
    Mentions,
    /// A concept's score against θ_sum (RK2).
    Score,
    /// A concept's children whose Σ/Δ changed (RK3).
    DirtyChildren,
}

impl Counter {
    /// The stored name: "mentions", "score" or "dirty_children".
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Mentions => "mentions",
            Self::Score => "score",
            Self::DirtyChildren => "dirty_children",
        }
    }

    /// The threshold it is held against, as the panes write it.
    #[must_use]
    pub fn theta(self) -> &'static str {
        match self {
            Self::Mentions => "θ_inf",
            Self::Score => "θ_sum",
            Self::DirtyChildren => "threshold",
        }
    }
}

impl std::fmt::Display for Counter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The counter that crossed its threshold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trigger {
    /// What was counted.
    pub counter: Counter,
    /// Its value when the operator fired.
    pub value: u32,
    /// The threshold in force (θ_inf, θ_sum, or 1 for RK3).
    pub threshold: u32,
}

/// What an operator rewrites: a relation summary, or a concept's Σ and Δ.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Abstraction {
    /// RK2/RK3: Σ, the stable core, and Δ, the exceptions and tensions.
    Profile {
        /// Σ.
        sigma: Sigma,
        /// Δ.
        delta: Delta,
    },
    /// RK1: the relation's Fact Summary and inferred traits.
    Summary {
        /// The relation-level theory T_e.
        summary: RelationSummary,
    },
}

impl Abstraction {
    /// An empty profile.
    #[must_use]
    pub fn empty_profile() -> Self {
        Self::Profile {
            sigma: Sigma::default(),
            delta: Delta::default(),
        }
    }

    /// The whole text, for diffs and search: the summary, or Σ then Δ.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            Self::Summary { summary } => summary.render(),
            Self::Profile { sigma, delta } => format!("Σ\n{sigma}\nΔ\n{delta}"),
        }
    }
}

/// What a model call was for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Purpose {
    /// f_synth: segment → fact and conclusions.
    Synth,
    /// EXTRACT ENTITIES: unit → paths.
    Entities,
    /// EXTRACT RELATIONS: unit and paths → labelled edges.
    Relations,
    /// RK1.
    Rk1,
    /// RK2.
    Rk2,
    /// RK3.
    Rk3,
    /// The L2 query planner.
    Planner,
    /// A chat or question answer.
    Answer,
    /// The LoCoMo judge.
    Judge,
    /// A second request quoting a parse error.
    Repair,
    /// An embedding request.
    Embed,
}

impl Purpose {
    /// snake_case name, as stored.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Synth => "synth",
            Self::Entities => "entities",
            Self::Relations => "relations",
            Self::Rk1 => "rk1",
            Self::Rk2 => "rk2",
            Self::Rk3 => "rk3",
            Self::Planner => "planner",
            Self::Answer => "answer",
            Self::Judge => "judge",
            Self::Repair => "repair",
            Self::Embed => "embed",
        }
    }
}

/// How a reply is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OutputMode {
    /// The paper's text formats, read by the lenient parsers.
    #[default]
    Text,
    /// A JSON object under the task's schema (`response_format: json_schema`).
    JsonSchema,
}

impl OutputMode {
    /// snake_case name, as stored and printed.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Text => "text",
            Self::JsonSchema => "json_schema",
        }
    }

    /// Whether this is the default (text), so logs of text-mode calls stay as they were.
    #[must_use]
    pub fn is_text(&self) -> bool {
        *self == Self::Text
    }
}

/// Why a model call failed for good.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FailureKind {
    /// No usable reply came (the server failed, timed out or cut the reply off): a recorded
    /// outcome, which a replay serves again.
    #[default]
    Call,
    /// Replies came and did not parse, the first and its repair; replay derives it again.
    Parse,
    /// Replies came and named what their input never did; replay derives it again.
    Grounding,
}

impl FailureKind {
    /// Whether this is the default (a failed call), so logs written before kinds existed and
    /// failed calls keep the bytes they had.
    #[must_use]
    pub fn is_call(&self) -> bool {
        *self == Self::Call
    }
}

/// Everything that can happen to a memory.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// The thresholds in force changed (always the first event of a memory).
    ThresholdsChanged {
        /// θ_inf.
        theta_inf: u32,
        /// θ_sum.
        theta_sum: u32,
    },
    /// A person became tracked: a root with the 11 base concepts under it.
    PersonTracked {
        /// The root's display name.
        name: String,
        /// The speaker label their turns carry.
        speaker: Speaker,
        /// The name's lookup key (`text::entity_key`), decided when the event is made so the
        /// fold never reads a word rule.
        #[serde(default)]
        key: String,
    },
    /// A turn of dialogue arrived.
    TurnIngested {
        /// 0-based index of the turn in its session file.
        turn: u32,
        /// The user, the assistant or a person by name.
        speaker: Speaker,
        /// What was said.
        text: String,
        /// When it was said, if known.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        time: Option<Timestamp>,
        /// The session it belongs to.
        session: u32,
        /// The source's own id for the turn (LoCoMo `dia_id`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        source_ref: Option<String>,
        /// What the speaker shared with it (a photo and its caption); not part of `text`.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        attachments: Vec<Attachment>,
        /// The dates the turn names, resolved at ingest against its time, so the fold never
        /// reads the words and a change to the date rules cannot change an old log's memory.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        dates: Vec<crate::relative_date::DateSpan>,
    },
    /// f_seg closed the open segment.
    SegmentClosed {
        /// The turns of the segment.
        turns: Vec<TurnId>,
        /// Why it was cut.
        reason: CutReason,
    },
    /// f_synth produced an L0 episodic unit.
    EpisodeRecorded {
        /// The person root the unit is about.
        person: ConceptId,
        /// Provenance: the turns it came from.
        turns: Vec<TurnId>,
        /// λ_fact.
        fact: String,
        /// Λ_base.
        base_conclusions: Vec<String>,
        /// Λ_rel, the salient conclusions.
        salient_conclusions: Vec<String>,
        /// Time of the segment's first turn.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        time: Option<Timestamp>,
        /// Session of the segment.
        session: u32,
    },
    /// A node joined the graph.
    ConceptAdded {
        /// Display name.
        name: String,
        /// Its level.
        level: Level,
        /// The node it was first reached from.
        parent: ConceptId,
        /// The name's lookup key (`text::entity_key`), decided when the event is made.
        #[serde(default)]
        key: String,
    },
    /// A relation joined the graph.
    RelationAdded {
        /// Source node.
        source: ConceptId,
        /// Target node.
        target: ConceptId,
    },
    /// A person stated a slot of their own or of someone they name, in one of the episode's
    /// turns ("I'm 34", "my brother Scott, who's 12").
    SlotStated {
        /// The person root whose memory it is.
        person: ConceptId,
        /// The episode of the segment it was said in.
        episode: EpisodeId,
        /// The turn that says it.
        turn: TurnId,
        /// Whose slot.
        holder: Holder,
        /// Which slot.
        slot: Slot,
        /// The value as said ("34", "Lisbon", "paramedic", "brother").
        value: String,
        /// What a setting or version is of ("rate limit", "Flask"); absent for the other slots
        /// and in logs written before settings were read.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        what: Option<String>,
    },
    /// An episode re-observed a relation: one more mention, more evidence.
    MentionRecorded {
        /// The relation.
        relation: RelationId,
        /// The L0 unit behind the mention.
        episode: EpisodeId,
        /// The event-snapshot label of this mention.
        label: String,
    },
    /// An operator rewrote a relation summary or a concept's Σ/Δ.
    OperatorFired {
        /// RK1, RK2 or RK3.
        operator: Operator,
        /// Relation or concept name, for people and scripts.
        target: String,
        /// Relation or concept id.
        subject: Subject,
        /// The counter that crossed its threshold.
        trigger: Trigger,
        /// The text before.
        before: Abstraction,
        /// The text after.
        after: Abstraction,
        /// Provenance: the episodes whose evidence was consumed.
        evidence: Vec<EpisodeId>,
    },
    /// In approval mode, an RK2/RK3 result waiting for a decision. Changes no Σ/Δ.
    AbstractionProposed {
        /// The proposal's id.
        proposal: ProposalId,
        /// RK2 or RK3.
        operator: Operator,
        /// Concept name.
        target: String,
        /// The concept.
        concept: ConceptId,
        /// The counter that crossed its threshold.
        trigger: Trigger,
        /// Σ/Δ now.
        before: Abstraction,
        /// Σ/Δ if approved.
        after: Abstraction,
        /// Provenance.
        evidence: Vec<EpisodeId>,
        /// How many buffered evidence items the proposal consumed.
        consumed: u32,
    },
    /// A person approved a proposal: Σ/Δ change now.
    AbstractionApproved {
        /// The proposal.
        proposal: ProposalId,
    },
    /// A person rejected a proposal: Σ/Δ stay, its evidence is consumed.
    AbstractionRejected {
        /// The proposal.
        proposal: ProposalId,
    },
    /// A person reverted an applied abstraction: Σ/Δ go back to what they were before it.
    AbstractionReverted {
        /// The firing (or approval) being reverted.
        firing: Seq,
        /// The operator whose result is reverted (RK2 also restores the concept's own profile).
        operator: Operator,
        /// The concept.
        concept: ConceptId,
        /// Σ/Δ restored.
        restored: Abstraction,
    },
    /// A model answered. Logged before the events derived from it, so replay needs no network.
    ModelCalled {
        /// What for.
        purpose: Purpose,
        /// Which model.
        model: String,
        /// The rendered prompt.
        prompt: String,
        /// The raw reply.
        reply: String,
        /// Prompt tokens (server usage, or counted).
        tokens_in: u32,
        /// Reply tokens.
        tokens_out: u32,
        /// Wall time of the call.
        latency_ms: u64,
        /// The reply format the server was held to; absent (text) in logs written before
        /// structured output existed.
        #[serde(default, skip_serializing_if = "OutputMode::is_text")]
        mode: OutputMode,
    },
    /// A model call failed for good; the step went on without it.
    ModelFailed {
        /// What for.
        purpose: Purpose,
        /// Which model.
        model: String,
        /// The rendered prompt.
        prompt: String,
        /// The last reply, if any.
        reply: String,
        /// Why it failed.
        error: String,
        /// What failed: the call, or the engine's reading of its replies.
        #[serde(default, skip_serializing_if = "FailureKind::is_call")]
        failure: FailureKind,
    },
    /// A person corrected one item: retired it (`text` absent) or replaced its text. A retired
    /// item leaves recall, and what it was built from never re-enters a summary; everything the
    /// fold needs is here (the turns that said it were found when the event was made).
    ItemCorrected {
        /// The correction's id (what [`Event::CorrectionUndone`] names).
        correction: CorrectionId,
        /// What was corrected.
        item: ItemRef,
        /// Its text when corrected.
        was: String,
        /// The replacement; absent when the item is retired.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        text: Option<String>,
        /// Why, in the person's words.
        reason: String,
        /// The person's turns that said what the item says, hidden from recall with it.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        quoted: Vec<TurnId>,
        /// The clauses the item says, as summaries quote them: a Σ mention, Δ item, relation
        /// mention, summary sentence or inference holding one goes with the item.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        clauses: Vec<String>,
    },
    /// A correction was undone: the item, and what the correction removed with it, read as before
    /// wherever nothing rewrote them since.
    CorrectionUndone {
        /// The correction.
        correction: CorrectionId,
    },
    /// The history jumped back: this event's parent is `to`, and so is the memory.
    RolledBack {
        /// The seq returned to.
        to: Seq,
    },
}

impl Event {
    /// A person tracked (or renamed) under `name`, with the key the fold files them under.
    #[must_use]
    pub fn person_tracked(name: impl Into<String>, speaker: impl Into<Speaker>) -> Self {
        let name = name.into();
        Self::PersonTracked {
            key: crate::text::entity_key(&name),
            name,
            speaker: speaker.into(),
        }
    }

    /// A node added under `parent`, with the key the fold files it under.
    #[must_use]
    pub fn concept_added(name: impl Into<String>, level: Level, parent: ConceptId) -> Self {
        let name = name.into();
        Self::ConceptAdded {
            key: crate::text::entity_key(&name),
            name,
            level,
            parent,
        }
    }

    /// The snake_case kind, as stored and printed.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            Self::ThresholdsChanged { .. } => "thresholds_changed",
            Self::PersonTracked { .. } => "person_tracked",
            Self::TurnIngested { .. } => "turn_ingested",
            Self::SegmentClosed { .. } => "segment_closed",
            Self::EpisodeRecorded { .. } => "episode_recorded",
            Self::ConceptAdded { .. } => "concept_added",
            Self::RelationAdded { .. } => "relation_added",
            Self::MentionRecorded { .. } => "mention_recorded",
            Self::SlotStated { .. } => "slot_stated",
            Self::OperatorFired { .. } => "operator_fired",
            Self::AbstractionProposed { .. } => "abstraction_proposed",
            Self::AbstractionApproved { .. } => "abstraction_approved",
            Self::AbstractionRejected { .. } => "abstraction_rejected",
            Self::AbstractionReverted { .. } => "abstraction_reverted",
            Self::ModelCalled { .. } => "model_called",
            Self::ModelFailed { .. } => "model_failed",
            Self::ItemCorrected { .. } => "item_corrected",
            Self::CorrectionUndone { .. } => "correction_undone",
            Self::RolledBack { .. } => "rolled_back",
        }
    }

    /// The operator behind an operator firing or proposal.
    #[must_use]
    pub fn operator(&self) -> Option<Operator> {
        match self {
            Self::OperatorFired { operator, .. } | Self::AbstractionProposed { operator, .. } => Some(*operator),
            _ => None,
        }
    }
}
