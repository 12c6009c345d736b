//! The projection: L0 episodes plus the L1 graph, and the one pure function that evolves it.
//!
//! `Memory::apply` is a fold step: no clock, no I/O, no randomness. Everything an operator
//! decides is decided elsewhere (see [`crate::operators`]) from a `&Memory` and arrives here
//! as an event.
//!
//! **Score rule (ours; the paper leaves it open).** Each recorded mention adds 1 to the score of
//! the relation's *owner*, the nearest abstract concept at or above the relation's source, and
//! puts the mention's label in that concept's buffer. An RK1 firing adds its new summary to the
//! owner's buffer without adding score, so RK2 sees aggregated theories next to raw evidence
//! (the paper's "P prefers aggregated representations") while its timing stays tied to evidence.

mod episode;
mod graph;
mod view;

pub use episode::{Episode, Turn};
pub use graph::{BASE_CONCEPTS, Concept, Evidence, Level, Relation};

use crate::event::{Abstraction, Event, Operator, Subject, Trigger};
use crate::ids::{ConceptId, EpisodeId, ProposalId, RelationId, TurnId};
use crate::text::entity_key;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, HashMap};

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
        Self {
            theta_inf: 3,
            theta_sum: 6,
        }
    }
}

impl Thresholds {
    /// θ_sum defaults to 2·θ_inf, as in the paper's sweep.
    #[must_use]
    pub fn new(theta_inf: u32, theta_sum: Option<u32>) -> Self {
        Self {
            theta_inf,
            theta_sum: theta_sum.unwrap_or(theta_inf * 2),
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
    pub turns: Vec<Turn>,
    /// Turns not yet cut into a segment.
    pub open_segment: Vec<TurnId>,
    /// L0 units.
    pub episodes: Vec<Episode>,
    /// L1 nodes.
    pub concepts: Vec<Concept>,
    /// L1 event edges.
    pub relations: Vec<Relation>,
    /// Approval-mode proposals.
    pub proposals: BTreeMap<ProposalId, Proposal>,
    /// Model usage.
    pub usage: Usage,
    /// Firings per operator (RK1, RK2, RK3).
    pub firings: [u32; 3],
    /// Speaker label → person root.
    pub speakers: Vec<(String, ConceptId)>,
    #[serde(skip)]
    index: Index,
}

/// Lookups rebuilt from the data; never serialised.
#[derive(Debug, Clone, Default, PartialEq)]
struct Index {
    persons: HashMap<String, ConceptId>,
    concepts: HashMap<(ConceptId, bool, String), ConceptId>,
    relations: HashMap<(ConceptId, ConceptId), RelationId>,
    due_relations: BTreeSet<RelationId>,
    due_concepts: BTreeSet<ConceptId>,
    dirty: BTreeSet<ConceptId>,
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
        for c in &self.concepts {
            index.concepts.insert(concept_key(c.person, c.level, &c.name), c.id);
            if c.dirty {
                index.dirty.insert(c.id);
            }
        }
        for r in &self.relations {
            index.relations.insert((r.source, r.target), r.id);
        }
        for (speaker, root) in &self.speakers {
            index.persons.insert(speaker.clone(), *root);
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
        self.index.concepts.get(&concept_key(person, level, name)).copied()
    }

    /// The event edge between two nodes.
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

    /// Applies one event. Pure: the same memory and event always give the same result.
    pub fn apply(&mut self, event: &Event) {
        match event {
            Event::ThresholdsChanged { theta_inf, theta_sum } => {
                self.thresholds = Thresholds {
                    theta_inf: *theta_inf,
                    theta_sum: *theta_sum,
                };
                self.recompute_due();
            }
            Event::PersonTracked { name, speaker } => self.track_person(name, speaker),
            Event::TurnIngested {
                turn,
                speaker,
                text,
                time,
                session,
                source_ref,
            } => {
                let id = TurnId(u32::try_from(self.turns.len()).unwrap_or(u32::MAX));
                self.turns.push(Turn {
                    id,
                    index: *turn,
                    speaker: speaker.clone(),
                    text: text.clone(),
                    time: *time,
                    session: *session,
                    source_ref: source_ref.clone(),
                });
                self.open_segment.push(id);
            }
            Event::SegmentClosed { turns, .. } => self.open_segment.retain(|t| !turns.contains(t)),
            Event::EpisodeRecorded {
                person,
                turns,
                fact,
                base_conclusions,
                salient_conclusions,
                time,
                session,
            } => {
                let id = EpisodeId(len_u32(self.episodes.len()));
                self.episodes.push(Episode {
                    id,
                    person: *person,
                    turns: turns.clone(),
                    fact: fact.clone(),
                    base_conclusions: base_conclusions.clone(),
                    salient_conclusions: salient_conclusions.clone(),
                    time: *time,
                    session: *session,
                });
                self.concepts[person.index()].episodes.push(id);
            }
            Event::ConceptAdded { name, level, parent } => {
                self.add_concept(name, *level, Some(*parent));
            }
            Event::RelationAdded { source, target } => self.add_relation(*source, *target),
            Event::MentionRecorded {
                relation,
                episode,
                label,
            } => self.record_mention(*relation, *episode, label),
            Event::OperatorFired {
                operator,
                subject,
                after,
                ..
            } => {
                self.firings[*operator as usize] += 1;
                match (subject, after) {
                    (Subject::Relation(r), Abstraction::Summary { summary }) => self.relation_inferred(*r, summary),
                    (Subject::Concept(c), after) => {
                        let consumed = len_u32(self.concept(*c).buffer.len());
                        let score = self.concept(*c).score;
                        self.abstraction_applied(*operator, *c, after, consumed, score);
                    }
                    (Subject::Relation(_), Abstraction::Profile { .. }) => {}
                }
            }
            Event::AbstractionProposed {
                proposal,
                operator,
                concept,
                trigger,
                before,
                after,
                consumed,
                ..
            } => {
                self.proposals.insert(
                    *proposal,
                    Proposal {
                        id: *proposal,
                        operator: *operator,
                        concept: *concept,
                        before: before.clone(),
                        after: after.clone(),
                        trigger: trigger.clone(),
                        consumed: *consumed,
                        status: ProposalStatus::Pending,
                    },
                );
                self.concepts[concept.index()].pending = Some(*proposal);
                self.index.due_concepts.remove(concept);
            }
            Event::AbstractionApproved { proposal } => self.decide(*proposal, true),
            Event::AbstractionRejected { proposal } => self.decide(*proposal, false),
            Event::AbstractionReverted {
                concept,
                restored,
                operator,
                ..
            } => {
                if *operator == Operator::Rk2 {
                    self.set_own_profile(*concept, restored);
                }
                let changed = self.set_profile(*concept, restored);
                if changed {
                    self.mark_parent_dirty(*concept);
                }
            }
            Event::ModelCalled {
                tokens_in, tokens_out, ..
            } => {
                self.usage.calls += 1;
                self.usage.tokens_in += u64::from(*tokens_in);
                self.usage.tokens_out += u64::from(*tokens_out);
            }
            Event::ModelFailed { .. } => self.usage.failures += 1,
            // The memory a rollback applies to is already the memory at `to` (its parent).
            Event::RolledBack { .. } => {}
        }
    }

    /// The next proposal id.
    #[must_use]
    pub fn next_proposal_id(&self) -> ProposalId {
        ProposalId(self.proposals.keys().next_back().map_or(0, |p| p.0 + 1))
    }

    fn track_person(&mut self, name: &str, speaker: &str) {
        let root = self.add_concept(name, Level::Root, None);
        for base in BASE_CONCEPTS {
            self.add_concept(base, Level::Base, Some(root));
        }
        self.speakers.push((speaker.to_string(), root));
        self.index.persons.insert(speaker.to_string(), root);
    }

    fn add_concept(&mut self, name: &str, level: Level, parent: Option<ConceptId>) -> ConceptId {
        let id = ConceptId(len_u32(self.concepts.len()));
        let (person, depth) = match parent {
            Some(p) => (self.concept(p).person, self.concept(p).depth + 1),
            None => (id, 0),
        };
        self.concepts.push(Concept {
            id,
            name: name.to_string(),
            level,
            parent,
            person,
            depth,
            children: Vec::new(),
            relations: Vec::new(),
            score: 0,
            buffer: Vec::new(),
            sigma: String::new(),
            delta: String::new(),
            own_sigma: String::new(),
            own_delta: String::new(),
            dirty: false,
            pending: None,
            episodes: Vec::new(),
        });
        if let Some(p) = parent {
            self.concepts[p.index()].children.push(id);
        }
        self.index.concepts.insert(concept_key(person, level, name), id);
        id
    }

    fn add_relation(&mut self, source: ConceptId, target: ConceptId) {
        let id = RelationId(len_u32(self.relations.len()));
        let owner = self.owner_of(source);
        self.relations.push(Relation {
            id,
            source,
            target,
            label: String::new(),
            mentions: 0,
            owner,
            total_mentions: 0,
            buffer: Vec::new(),
            summary: String::new(),
            rk1_firings: 0,
            episodes: Vec::new(),
        });
        self.concepts[source.index()].relations.push(id);
        self.concepts[target.index()].relations.push(id);
        self.index.relations.insert((source, target), id);
    }

    /// The nearest abstract node at or above `c`.
    fn owner_of(&self, mut c: ConceptId) -> ConceptId {
        while !self.concept(c).level.is_abstract() {
            match self.concept(c).parent {
                Some(p) => c = p,
                None => break,
            }
        }
        c
    }

    fn record_mention(&mut self, relation: RelationId, episode: EpisodeId, label: &str) {
        let Thresholds { theta_inf, theta_sum } = self.thresholds;
        let r = &mut self.relations[relation.index()];
        r.mentions += 1;
        r.total_mentions += 1;
        r.label = label.to_string();
        // Instances are evidence for their general event: they share its branch.
        let target = &self.concepts[r.target.index()];
        let branch = if target.level == Level::Instance {
            &self.concepts[r.source.index()]
        } else {
            target
        };
        let evidence = Evidence {
            episode,
            branch: branch.name.clone(),
            text: label.to_string(),
            inference: false,
        };
        r.buffer.push(evidence.clone());
        push_unique(&mut r.episodes, episode);
        let (source, target, owner, mentions) = (r.source, r.target, r.owner, r.mentions);
        if mentions >= theta_inf {
            self.index.due_relations.insert(relation);
        }
        for c in [source, target] {
            push_unique(&mut self.concepts[c.index()].episodes, episode);
        }
        let o = &mut self.concepts[owner.index()];
        o.score += 1;
        o.buffer.push(evidence);
        push_unique(&mut o.episodes, episode);
        if o.score >= theta_sum && o.pending.is_none() {
            self.index.due_concepts.insert(owner);
        }
    }

    fn relation_inferred(&mut self, relation: RelationId, summary: &str) {
        let r = &mut self.relations[relation.index()];
        r.summary = summary.to_string();
        r.mentions = 0;
        r.rk1_firings += 1;
        let episode = r.buffer.last().map(|e| e.episode);
        r.buffer.clear();
        let (owner, source, target) = (r.owner, r.source, r.target);
        self.index.due_relations.remove(&relation);
        if let Some(episode) = episode {
            let target = self.concept(target);
            let branch = if target.level == Level::Instance {
                self.concept(source).name.clone()
            } else {
                target.name.clone()
            };
            self.concepts[owner.index()].buffer.push(Evidence {
                episode,
                branch,
                text: summary.to_string(),
                inference: true,
            });
        }
    }

    /// Σ/Δ from RK2 or RK3 take effect, consuming the evidence they were built from.
    fn abstraction_applied(
        &mut self,
        operator: Operator,
        c: ConceptId,
        after: &Abstraction,
        consumed: u32,
        score: u32,
    ) {
        let changed = self.set_profile(c, after);
        if operator == Operator::Rk2 {
            self.set_own_profile(c, after);
            // A concept with children merges its own new Σ/Δ with theirs through RK3.
            if self
                .concept(c)
                .children
                .iter()
                .any(|ch| !self.concept(*ch).sigma.is_empty())
            {
                self.concepts[c.index()].dirty = true;
                self.index.dirty.insert(c);
            }
        }
        let node = &mut self.concepts[c.index()];
        match operator {
            Operator::Rk2 => {
                let n = (consumed as usize).min(node.buffer.len());
                node.buffer.drain(..n);
                node.score = node.score.saturating_sub(score);
                if node.score < self.thresholds.theta_sum {
                    self.index.due_concepts.remove(&c);
                }
            }
            Operator::Rk3 => {
                node.dirty = false;
                self.index.dirty.remove(&c);
            }
            Operator::Rk1 => {}
        }
        if changed {
            self.mark_parent_dirty(c);
        }
    }

    fn decide(&mut self, id: ProposalId, approve: bool) {
        let Some(p) = self.proposals.get_mut(&id) else { return };
        if p.status != ProposalStatus::Pending {
            return;
        }
        p.status = if approve {
            ProposalStatus::Approved
        } else {
            ProposalStatus::Rejected
        };
        let p = p.clone();
        self.concepts[p.concept.index()].pending = None;
        let after = if approve { p.after } else { self.profile(p.concept) };
        self.abstraction_applied(p.operator, p.concept, &after, p.consumed, p.trigger.value);
        if p.operator == Operator::Rk2 {
            self.firings[1] += u32::from(approve);
        } else {
            self.firings[2] += u32::from(approve);
        }
        let node = self.concept(p.concept);
        if node.score >= self.thresholds.theta_sum && node.level.is_abstract() {
            self.index.due_concepts.insert(p.concept);
        }
    }

    /// A concept's current Σ/Δ.
    #[must_use]
    pub fn profile(&self, c: ConceptId) -> Abstraction {
        let node = self.concept(c);
        Abstraction::Profile {
            sigma: node.sigma.clone(),
            delta: node.delta.clone(),
        }
    }

    fn set_profile(&mut self, c: ConceptId, profile: &Abstraction) -> bool {
        let Abstraction::Profile { sigma, delta } = profile else {
            return false;
        };
        let node = &mut self.concepts[c.index()];
        let changed = node.sigma != *sigma || node.delta != *delta;
        node.sigma = sigma.clone();
        node.delta = delta.clone();
        changed
    }

    fn set_own_profile(&mut self, c: ConceptId, profile: &Abstraction) {
        if let Abstraction::Profile { sigma, delta } = profile {
            let node = &mut self.concepts[c.index()];
            node.own_sigma.clone_from(sigma);
            node.own_delta.clone_from(delta);
        }
    }

    fn mark_parent_dirty(&mut self, c: ConceptId) {
        if let Some(p) = self.concept(c).parent {
            self.concepts[p.index()].dirty = true;
            self.index.dirty.insert(p);
        }
    }

    fn recompute_due(&mut self) {
        let Thresholds { theta_inf, theta_sum } = self.thresholds;
        self.index.due_relations = self
            .relations
            .iter()
            .filter(|r| r.mentions >= theta_inf && r.mentions > 0)
            .map(|r| r.id)
            .collect();
        self.index.due_concepts = self
            .concepts
            .iter()
            .filter(|c| c.score >= theta_sum && c.score > 0 && c.pending.is_none())
            .map(|c| c.id)
            .collect();
    }
}

fn concept_key(person: ConceptId, level: Level, name: &str) -> (ConceptId, bool, String) {
    (person, !level.is_abstract(), entity_key(name))
}

fn push_unique(v: &mut Vec<EpisodeId>, e: EpisodeId) {
    if v.last() != Some(&e) {
        v.push(e);
    }
}

fn len_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
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
mod tests;
