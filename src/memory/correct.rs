//! Corrections in the fold: a person retires a fact, a conclusion, a Σ bullet or a Δ item, or
//! replaces its text. The fold changes the item, takes out of every Σ, Δ and relation summary of
//! the same person what was built from it (by its turns or its gathered mentions, never by
//! reading words), and keeps what it changed so an undo can put it back. Readers ask
//! [`Memory::fact_retired`], [`Memory::conclusion_retired`] and [`Memory::turn_hidden`]; the
//! operators ask [`Memory::active_corrections`] what they may no longer gather.

use super::Memory;
use crate::event::{Delta, ItemRef, RelationSummary, Sigma};
use crate::ids::{ConceptId, CorrectionId, EpisodeId, RelationId, TurnId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// One correction as the memory holds it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Correction {
    /// Its id.
    pub id: CorrectionId,
    /// What was corrected.
    pub item: ItemRef,
    /// The item's text when corrected.
    pub was: String,
    /// The replacement; `None` when retired.
    pub text: Option<String>,
    /// Why.
    pub reason: String,
    /// The person's turns that said it, hidden from recall.
    pub quoted: Vec<TurnId>,
    /// Whether it was undone.
    pub undone: bool,
    /// The branch of a corrected Σ bullet or Δ item.
    pub branch: Option<String>,
    /// The turns behind the item: the episode's, or the bullet's.
    pub turns: Vec<TurnId>,
    /// The clauses it says (see [`crate::event::Event::ItemCorrected`]).
    #[serde(default)]
    pub clauses: Vec<String>,
    /// What the fold changed, for an undo.
    saved: Saved,
}

/// What a correction changed: each piece before and right after it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct Saved {
    episode: Option<(EpisodeId, [EpisodeTexts; 2])>,
    profiles: Vec<(ConceptId, [Profile; 2])>,
    summaries: Vec<(RelationId, [RelationSummary; 2])>,
}

type EpisodeTexts = (String, Vec<String>, Vec<String>);
type Profile = (Sigma, Delta, Sigma, Delta);

impl Correction {
    /// Whether it retired its item (rather than replacing its text).
    #[must_use]
    pub fn retires(&self) -> bool {
        self.text.is_none()
    }
}

impl Memory {
    /// The next correction id.
    #[must_use]
    pub fn next_correction_id(&self) -> CorrectionId {
        CorrectionId(self.corrections.keys().next_back().map_or(0, |k| k.0.saturating_add(1)))
    }

    /// Corrections not undone, oldest first.
    pub fn active_corrections(&self) -> impl Iterator<Item = &Correction> {
        self.corrections.values().filter(|c| !c.undone)
    }

    /// Whether an episode's fact is retired.
    #[must_use]
    pub fn fact_retired(&self, episode: EpisodeId) -> bool {
        self.active_corrections()
            .any(|c| c.retires() && c.item == ItemRef::Fact { episode })
    }

    /// Whether a conclusion (its position in [`super::Episode::conclusions`]) is retired: by its
    /// own correction, or by one of its episode's fact, which it was drawn from.
    #[must_use]
    pub fn conclusion_retired(&self, episode: EpisodeId, index: usize) -> bool {
        let index = crate::ids::saturating_u32(index);
        self.active_corrections().any(|c| {
            c.item == ItemRef::Fact { episode } || (c.retires() && c.item == ItemRef::Conclusion { episode, index })
        })
    }

    /// Whether a text repeats a clause of a correction in force (what operators must not gather).
    #[must_use]
    pub fn says_corrected(&self, text: &str) -> bool {
        self.active_corrections()
            .any(|c| c.clauses.iter().any(|k| !k.is_empty() && text.contains(k.as_str())))
    }

    /// Whether a turn said something corrected: recall leaves it out.
    #[must_use]
    pub fn turn_hidden(&self, turn: TurnId) -> bool {
        self.active_corrections().any(|c| c.quoted.contains(&turn))
    }

    /// Applies `item_corrected`: edits the item, then sweeps the person's Σ, Δ and relation
    /// summaries for what repeats it (the same bullet or item elsewhere in the tree, a mention or
    /// sentence holding one of its clauses, and for a fact what its episode's turns alone gave).
    pub(super) fn correct(
        &mut self,
        id: CorrectionId,
        item: ItemRef,
        text: Option<&str>,
        clauses: &[String],
        mut c: Correction,
    ) {
        c.clauses = clauses.to_vec();
        let person = match item {
            ItemRef::Fact { episode } | ItemRef::Conclusion { episode, .. } => {
                let Some(ep) = self.episodes.get(episode.index()) else {
                    return;
                };
                let person = ep.person;
                c.turns = ep.turns.clone();
                self.edit_episode(&mut c, episode, item, text);
                person
            }
            ItemRef::Sigma { concept, index } => {
                let Some(b) = self
                    .concepts
                    .get(concept.index())
                    .and_then(|n| n.sigma.bullets.get(index as usize))
                else {
                    return;
                };
                c.branch = Some(b.branch.clone());
                c.turns = b.turns.clone();
                self.concept(concept).person
            }
            ItemRef::Delta { concept, index } => {
                let Some(d) = self
                    .concepts
                    .get(concept.index())
                    .and_then(|n| n.delta.items.get(index as usize))
                else {
                    return;
                };
                c.branch = Some(d.group.clone());
                c.turns = d.turns.clone();
                self.concept(concept).person
            }
        };
        let bullet = match item {
            ItemRef::Sigma { concept, index } => self.concept(concept).sigma.bullets.get(index as usize).cloned(),
            _ => None,
        };
        let entry = match item {
            ItemRef::Delta { concept, index } => self.concept(concept).delta.items.get(index as usize).cloned(),
            _ => None,
        };
        let fact = matches!(item, ItemRef::Fact { .. });
        let turns: BTreeSet<TurnId> = c.turns.iter().copied().collect();
        let within = |ts: &[TurnId]| !ts.is_empty() && ts.iter().all(|t| turns.contains(t));
        let branch = c.branch.clone().unwrap_or_default();
        let says = |t: &str| clauses.iter().any(|k| !k.is_empty() && t.contains(k.as_str()));
        let concepts = self.concepts_of(person);
        self.edit_profiles(&mut c, &concepts, |sigma, delta| {
            if let Some(b0) = &bullet {
                let same = |b: &crate::event::SigmaBullet| b.branch == b0.branch && b.text == b0.text;
                match text {
                    Some(t) => sigma.bullets.iter_mut().filter(|b| same(b)).for_each(|b| {
                        t.clone_into(&mut b.text);
                        b.mentions.clear();
                    }),
                    None => sigma.bullets.retain(|b| !same(b)),
                }
            }
            if let Some(d0) = &entry {
                let same = |i: &crate::event::DeltaItem| i.group == d0.group && i.text == d0.text;
                match text {
                    Some(t) => delta
                        .items
                        .iter_mut()
                        .filter(|i| same(i))
                        .for_each(|i| t.clone_into(&mut i.text)),
                    None => delta.items.retain(|i| !same(i)),
                }
            }
            let kept = |t: &str| text.is_some_and(|new| new == t);
            for b in &mut sigma.bullets {
                let on_branch = branch.is_empty() || b.branch == branch;
                b.mentions
                    .retain(|m| !(says(&m.text) || (within(&m.turns) && (fact || on_branch))));
            }
            if fact {
                sigma.bullets.retain(|b| !(b.mentions.is_empty() && within(&b.turns)));
            }
            delta
                .items
                .retain(|i| kept(&i.text) || !(says(&i.text) || (fact && within(&i.turns))));
        });
        self.edit_summaries(&mut c, person, |s| {
            s.mentions.retain(|m| !(says(&m.text) || (fact && within(&m.turns))));
            s.inferences.retain(|i| !says(i));
            if says(&s.fact) {
                s.fact = s
                    .fact
                    .split_inclusive(". ")
                    .filter(|sentence| !says(sentence))
                    .collect::<String>()
                    .trim()
                    .to_string();
            }
        });
        self.corrections.insert(id, c);
    }

    /// A fact's or conclusion's new text, kept with the old for an undo.
    fn edit_episode(&mut self, c: &mut Correction, episode: EpisodeId, item: ItemRef, text: Option<&str>) {
        let Some(ep) = self.episodes.get(episode.index()) else {
            return;
        };
        let before: EpisodeTexts = (
            ep.fact.clone(),
            ep.base_conclusions.clone(),
            ep.salient_conclusions.clone(),
        );
        let mut after = before.clone();
        match (item, text) {
            (ItemRef::Fact { .. }, Some(t)) => after.0 = t.to_string(),
            (ItemRef::Conclusion { index, .. }, Some(t)) => {
                let i = index as usize;
                let base = after.1.len();
                if let Some(s) = after.1.get_mut(i) {
                    *s = t.to_string();
                } else if let Some(s) = after.2.get_mut(i.saturating_sub(base)) {
                    *s = t.to_string();
                }
            }
            _ => {}
        }
        if let Some(ep) = self.episodes.get_mut(episode.index()) {
            ep.fact.clone_from(&after.0);
            ep.base_conclusions.clone_from(&after.1);
            ep.salient_conclusions.clone_from(&after.2);
        }
        c.saved.episode = Some((episode, [before, after]));
    }

    /// Applies `correction_undone`: every piece the correction changed goes back to what it was,
    /// unless something rewrote it since (then it stays as rewritten).
    pub(super) fn undo_correction(&mut self, id: CorrectionId) {
        let Some(c) = self.corrections.get_mut(&id) else { return };
        if c.undone {
            return;
        }
        c.undone = true;
        let saved = c.saved.clone();
        if let Some((e, [before, after])) = saved.episode
            && let Some(ep) = self.episodes.get_mut(e.index())
            && (&ep.fact, &ep.base_conclusions, &ep.salient_conclusions) == (&after.0, &after.1, &after.2)
        {
            (ep.fact, ep.base_conclusions, ep.salient_conclusions) = before;
        }
        for (id, [before, after]) in saved.profiles {
            if let Some(n) = self.concepts.get(id.index())
                && (&n.sigma, &n.delta, &n.own_sigma, &n.own_delta) == (&after.0, &after.1, &after.2, &after.3)
            {
                let n = &mut self.concepts[id.index()];
                (n.sigma, n.delta, n.own_sigma, n.own_delta) = before;
            }
        }
        for (id, [before, after]) in saved.summaries {
            if self.relations.get(id.index()).is_some_and(|r| r.summary == after) {
                self.relations[id.index()].summary = before;
            }
        }
    }

    fn concepts_of(&self, person: ConceptId) -> Vec<ConceptId> {
        self.concepts
            .iter()
            .filter(|n| n.person == person)
            .map(|n| n.id)
            .collect()
    }

    /// Runs `f` over the Σ and Δ (shown and own) of each concept, keeping those it changed.
    fn edit_profiles(&mut self, c: &mut Correction, concepts: &[ConceptId], f: impl Fn(&mut Sigma, &mut Delta)) {
        for id in concepts {
            let Some(n) = self.concepts.get(id.index()) else {
                continue;
            };
            let before: Profile = (
                n.sigma.clone(),
                n.delta.clone(),
                n.own_sigma.clone(),
                n.own_delta.clone(),
            );
            let mut after = before.clone();
            f(&mut after.0, &mut after.1);
            f(&mut after.2, &mut after.3);
            if after != before {
                let n = &mut self.concepts[id.index()];
                (n.sigma, n.delta, n.own_sigma, n.own_delta) = after.clone();
                c.saved.profiles.push((*id, [before, after]));
            }
        }
    }

    /// Runs `f` over the summary of each relation `person` owns, keeping those it changed.
    fn edit_summaries(&mut self, c: &mut Correction, person: ConceptId, f: impl Fn(&mut RelationSummary)) {
        let owned: Vec<RelationId> = self
            .relations
            .iter()
            .filter(|r| self.concepts.get(r.owner.index()).is_some_and(|o| o.person == person))
            .map(|r| r.id)
            .collect();
        for id in owned {
            let before = self.relations[id.index()].summary.clone();
            let mut after = before.clone();
            f(&mut after);
            if after != before {
                self.relations[id.index()].summary = after.clone();
                c.saved.summaries.push((id, [before, after]));
            }
        }
    }
}

/// A correction as the fold first records it, before it changes anything.
#[must_use]
pub(super) fn recorded(
    id: CorrectionId,
    item: ItemRef,
    was: &str,
    text: Option<&str>,
    reason: &str,
    quoted: &[TurnId],
) -> Correction {
    Correction {
        id,
        item,
        was: was.to_string(),
        text: text.map(str::to_string),
        reason: reason.to_string(),
        quoted: quoted.to_vec(),
        undone: false,
        branch: None,
        turns: Vec::new(),
        clauses: Vec::new(),
        saved: Saved::default(),
    }
}
