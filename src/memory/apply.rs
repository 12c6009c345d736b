//! The fold step: how each event changes the memory. Pure; see the score rule in the module
//! documentation of [`crate::memory`].

use super::{
    BASE_CONCEPTS, BASE_KEYS, Concept, Episode, Evidence, Items, Level, Memory, Proposal, ProposalStatus, Relation,
    Thresholds, Turn,
};
use crate::event::{Abstraction, Delta, Event, Operator, RelationSummary, Sigma, Subject};
use crate::ids::{ConceptId, EpisodeId, ProposalId, RelationId, TurnId, saturating_u32};
use crate::relative_date::DateSpan;

impl Memory {
    /// Applies one event. Pure: the same memory and event always give the same result.
    /// An event naming an id that does not exist (a damaged log) changes nothing; readers
    /// that must say so use [`Memory::try_apply`].
    pub fn apply(&mut self, event: &Event) {
        if self.check(event).is_err() {
            return;
        }
        match event {
            Event::ThresholdsChanged { theta_inf, theta_sum } => {
                self.thresholds = Thresholds {
                    theta_inf: *theta_inf,
                    theta_sum: *theta_sum,
                };
                self.recompute_due();
            }
            Event::PersonTracked { name, speaker, key } => self.track_person(name, speaker, key),
            Event::TurnIngested {
                turn,
                speaker,
                text,
                time,
                session,
                source_ref,
                attachments,
                dates,
            } => {
                let id = TurnId(saturating_u32(self.turns.len()));
                self.turns.push(Turn {
                    id,
                    index: *turn,
                    speaker: speaker.clone(),
                    text: text.clone(),
                    time: *time,
                    session: *session,
                    source_ref: source_ref.clone(),
                    attachments: attachments.clone(),
                    dates: dates.clone(),
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
                let id = EpisodeId(saturating_u32(self.episodes.len()));
                self.episodes.push(Episode {
                    id,
                    person: *person,
                    turns: turns.clone(),
                    fact: fact.clone(),
                    base_conclusions: base_conclusions.clone(),
                    salient_conclusions: salient_conclusions.clone(),
                    time: *time,
                    session: *session,
                    dates: self.dates_said(*person, turns),
                });
                self.concepts[person.index()].episodes.push(id);
            }
            Event::ConceptAdded {
                name,
                level,
                parent,
                key,
            } => {
                self.add_concept(name, key, *level, Some(*parent));
            }
            Event::RelationAdded { source, target } => self.add_relation(*source, *target),
            Event::SlotStated {
                person,
                episode,
                turn,
                holder,
                slot,
                value,
                what,
            } => {
                let time = self.turns.get(turn.index()).and_then(|t| t.time);
                self.slot_stated(super::SlotEntry {
                    person: *person,
                    episode: *episode,
                    turn: *turn,
                    holder: holder.clone(),
                    slot: *slot,
                    value: value.clone(),
                    what: what.clone(),
                    time,
                });
            }
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
                        let consumed = saturating_u32(self.concept(*c).buffer.len());
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
            Event::ItemCorrected {
                correction,
                item,
                was,
                text,
                reason,
                quoted,
                clauses,
            } => {
                let record = super::correct::recorded(*correction, *item, was, text.as_deref(), reason, quoted);
                self.correct(*correction, *item, text.as_deref(), clauses, record);
            }
            Event::CorrectionUndone { correction } => self.undo_correction(*correction),
            // The memory a rollback applies to is already the memory at `to` (its parent).
            Event::RolledBack { .. } => {}
        }
    }

    /// The next proposal id.
    #[must_use]
    pub fn next_proposal_id(&self) -> ProposalId {
        ProposalId(self.proposals.keys().next_back().map_or(0, |p| p.0 + 1))
    }

    fn track_person(&mut self, name: &str, speaker: &str, key: &str) {
        if let Some(root) = self.person_for(speaker) {
            self.rename_person(root, name, key);
            return;
        }
        let root = self.add_concept(name, key, Level::Root, None);
        for (base, key) in BASE_CONCEPTS.iter().zip(BASE_KEYS) {
            self.add_concept(base, key, Level::Base, Some(root));
        }
        self.speakers.push((speaker.to_string(), root));
        self.index.persons.insert_mut(speaker.to_string(), root);
    }

    /// The dates a person's turns name, as ingest resolved them into each turn.
    fn dates_said(&self, person: ConceptId, turns: &[TurnId]) -> Vec<DateSpan> {
        let mut out: Vec<DateSpan> = Vec::new();
        for t in turns.iter().filter_map(|t| self.turns.get(t.index())) {
            if self.person_for(&t.speaker) != Some(person) {
                continue;
            }
            for span in &t.dates {
                if !out.contains(span) {
                    out.push(span.clone());
                }
            }
        }
        out
    }

    /// A person who said their name: the root takes it, and what was written about them under
    /// the old name says the new one.
    fn rename_person(&mut self, root: ConceptId, name: &str, key: &str) {
        let old = self.concept(root).name.clone();
        if old == name || name.trim().is_empty() {
            return;
        }
        let level = self.concept(root).level;
        let old_key = self.concept(root).key.clone();
        self.index.concepts.remove_mut(&concept_key(root, level, &old_key));
        self.index.concepts.insert_mut(concept_key(root, level, key), root);
        self.concepts[root.index()].name = name.to_string();
        self.concepts[root.index()].key = key.to_string();
        let episodes: Vec<usize> = (0..self.episodes.len())
            .filter(|i| self.episodes.get(*i).is_some_and(|e| e.person == root))
            .collect();
        for i in episodes {
            if let Some(e) = self.episodes.get_mut(i) {
                e.fact = replace_word(&e.fact, &old, name);
                for c in e.base_conclusions.iter_mut().chain(e.salient_conclusions.iter_mut()) {
                    *c = replace_word(c, &old, name);
                }
            }
        }
        let concepts: Vec<usize> = (0..self.concepts.len())
            .filter(|i| {
                self.concepts
                    .get(*i)
                    .is_some_and(|c| c.person == root && !c.sigma.is_empty())
            })
            .collect();
        for i in concepts {
            if let Some(c) = self.concepts.get_mut(i) {
                let rename = |t: &str| replace_word(t, &old, name);
                for sigma in [&mut c.sigma, &mut c.own_sigma] {
                    sigma.map_text(&rename);
                }
                for delta in [&mut c.delta, &mut c.own_delta] {
                    delta.map_text(&rename);
                }
            }
        }
    }

    fn add_concept(&mut self, name: &str, key: &str, level: Level, parent: Option<ConceptId>) -> ConceptId {
        let id = ConceptId(saturating_u32(self.concepts.len()));
        let (person, depth) = match parent {
            Some(p) => (self.concept(p).person, self.concept(p).depth + 1),
            None => (id, 0),
        };
        self.concepts.push(Concept {
            id,
            name: name.to_string(),
            key: key.to_string(),
            level,
            parent,
            person,
            depth,
            children: Vec::new(),
            relations: Vec::new(),
            score: 0,
            buffer: Vec::new(),
            sigma: Sigma::default(),
            delta: Delta::default(),
            own_sigma: Sigma::default(),
            own_delta: Delta::default(),
            dirty: false,
            pending: None,
            episodes: Items::new(),
        });
        if let Some(p) = parent {
            self.concepts[p.index()].children.push(id);
        }
        self.index.concepts.insert_mut(concept_key(person, level, key), id);
        id
    }

    fn add_relation(&mut self, source: ConceptId, target: ConceptId) {
        let id = RelationId(saturating_u32(self.relations.len()));
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
            summary: RelationSummary::default(),
            rk1_firings: 0,
            episodes: Items::new(),
        });
        self.concepts[source.index()].relations.push(id);
        self.concepts[target.index()].relations.push(id);
        self.index.relations.insert_mut((source, target), id);
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
        // Occurrences are evidence for their activity: they share its facet.
        let target = &self.concepts[r.target.index()];
        let facet = if target.level == Level::Occurrence {
            &self.concepts[r.source.index()]
        } else {
            target
        };
        let evidence = Evidence {
            episode,
            facet: facet.name.clone(),
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

    fn relation_inferred(&mut self, relation: RelationId, summary: &RelationSummary) {
        let r = &mut self.relations[relation.index()];
        r.summary = summary.clone();
        r.mentions = 0;
        r.rk1_firings += 1;
        let episode = r.buffer.last().map(|e| e.episode);
        r.buffer.clear();
        let (owner, source, target) = (r.owner, r.source, r.target);
        self.index.due_relations.remove(&relation);
        if let Some(episode) = episode {
            let target = self.concept(target);
            let facet = if target.level == Level::Occurrence {
                self.concept(source).name.clone()
            } else {
                target.name.clone()
            };
            self.concepts[owner.index()].buffer.push(Evidence {
                episode,
                facet,
                text: summary.render(),
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
        let changed = !(node.sigma.says_same(sigma) && node.delta.says_same(delta));
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

    pub(super) fn recompute_due(&mut self) {
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

/// Where a node is filed: its person, whether it is concrete, and its name's key (decided
/// where the event was made; see [`Event::ConceptAdded`]).
pub(super) fn concept_key(person: ConceptId, level: Level, key: &str) -> (ConceptId, bool, String) {
    (person, !level.is_abstract(), key.to_string())
}

/// `text` with every whole-word `old` replaced by `new` ("User's" too, "Users" not).
fn replace_word(text: &str, old: &str, new: &str) -> String {
    if old.is_empty() || !text.contains(old) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some((head, tail)) = rest.split_once(old) {
        let before = head.chars().next_back();
        let after = tail.chars().next();
        out.push_str(head);
        if before.is_some_and(char::is_alphanumeric) || after.is_some_and(char::is_alphanumeric) {
            out.push_str(old);
        } else {
            out.push_str(new);
        }
        rest = tail;
    }
    out.push_str(rest);
    out
}

fn push_unique(v: &mut Items<EpisodeId>, e: EpisodeId) {
    if v.last() != Some(&e) {
        v.push(e);
    }
}
