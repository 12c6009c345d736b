//! What the open segment will add when it closes, previewed without writing anything: the same
//! f_synth and extraction the engine runs at a cut, on a copy of the memory, so the inspector can
//! show each message's mentions as pending before its segment closes.

use crate::event::Event;
use crate::ids::{RelationId, TurnId};
use crate::memory::Memory;
use crate::model::Model;
use crate::step::Step;

/// Mentions one relation will gain when the open segment closes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingMention {
    /// The relation, once it exists in the previewed memory (a new relation's id is the one it
    /// would get, not yet in the memory previewed from).
    pub relation: RelationId,
    /// "Fitness → Swimming".
    pub name: String,
    /// Mentions it will gain.
    pub count: u32,
    /// The relation is not in the memory yet: the segment's close will add it.
    pub new: bool,
}

/// The open segment and what closing it would add.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Preview {
    /// Turns in the open segment.
    pub turns: usize,
    /// Mentions per relation, in the order the close would record them.
    pub mentions: Vec<PendingMention>,
    /// A model call of the preview failed, so the mentions are not known.
    pub failed: bool,
}

impl Preview {
    /// Mentions pending for a relation already in the memory.
    #[must_use]
    pub fn for_relation(&self, relation: RelationId) -> u32 {
        self.mentions
            .iter()
            .filter(|m| m.relation == relation && !m.new)
            .map(|m| m.count)
            .sum()
    }

    /// All mentions pending.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.mentions.iter().map(|m| m.count).fold(0, u32::saturating_add)
    }
}

/// Previews closing the open segment of `memory` now, with `model` doing the extraction.
/// Pure with respect to the log: it works on a copy, and the copy and its events are dropped.
#[must_use]
pub fn preview(memory: &Memory, model: &mut dyn Model) -> Preview {
    preview_turns(memory, &memory.open_segment, model)
}

/// Previews what a segment of just these open turns would add: for one turn, what that turn
/// alone brings (a segment makes one episode per person, so a second message about the same
/// thing adds no mention to the whole segment's preview, but still has its own).
#[must_use]
pub fn preview_turns(memory: &Memory, turns: &[TurnId], model: &mut dyn Model) -> Preview {
    if turns.is_empty() || turns.iter().any(|t| !memory.open_segment.contains(t)) {
        return Preview::default();
    }
    let mut copy = memory.clone();
    copy.open_segment = turns.to_vec();
    let turns = turns.len();
    let (closed, events) = {
        let mut step = Step::new(&mut copy, model, false);
        let closed = super::close_open_segment(&mut step);
        (closed, step.events)
    };
    let mut mentions: Vec<PendingMention> = Vec::new();
    for event in &events {
        if let Event::MentionRecorded { relation, .. } = event {
            match mentions.iter_mut().find(|m| m.relation == *relation) {
                Some(m) => m.count = m.count.saturating_add(1),
                None => mentions.push(PendingMention {
                    relation: *relation,
                    name: copy.relation_name(*relation),
                    count: 1,
                    new: relation.index() >= memory.relations.len(),
                }),
            }
        }
    }
    Preview {
        turns,
        mentions,
        failed: !closed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Event;
    use crate::rules::OfflineModel;

    fn said(memory: &mut Memory, text: &str) {
        let mut model = OfflineModel;
        let mut step = Step::new(memory, &mut model, false);
        if step.memory.person_for("user").is_none() {
            step.emit(Event::person_tracked("Alex", "user"));
        }
        let turn = crate::ids::saturating_u32(step.memory.turns.len());
        step.emit(Event::TurnIngested {
            turn,
            speaker: "user".into(),
            text: text.into(),
            time: None,
            session: 1,
            source_ref: None,
            attachments: Vec::new(),
            dates: Vec::new(),
        });
    }

    #[test]
    fn an_open_turn_previews_its_mentions_without_changing_the_memory() {
        let mut memory = Memory::new();
        said(&mut memory, "I swim three times a week at the pool.");
        let before = memory.clone();
        let p = preview(&memory, &mut OfflineModel);
        assert_eq!(memory, before, "the preview leaves the memory as it was");
        assert_eq!(p.turns, 1);
        assert!(!p.failed);
        assert!(p.total() > 0, "{p:?}");
        assert!(p.mentions.iter().all(|m| m.new), "nothing existed before: {p:?}");
        assert!(
            p.mentions.iter().any(|m| m.name.contains("Swimming")),
            "the swimming relation is pending: {p:?}"
        );
    }

    #[test]
    fn one_turn_previews_what_it_alone_brings() {
        let mut memory = Memory::new();
        said(&mut memory, "I swim three times a week at the pool.");
        said(&mut memory, "Work was busy with the client launch.");
        let last = *memory.open_segment.last().unwrap();
        let alone = preview_turns(&memory, &[last], &mut OfflineModel);
        assert_eq!(alone.turns, 1);
        assert!(alone.mentions.iter().all(|m| !m.name.contains("Swimming")), "{alone:?}");
        let first = memory.open_segment[0];
        let swim = preview_turns(&memory, &[first], &mut OfflineModel);
        assert!(swim.mentions.iter().any(|m| m.name.contains("Swimming")), "{swim:?}");
        assert_eq!(
            preview_turns(&memory, &[crate::ids::TurnId(99)], &mut OfflineModel),
            Preview::default()
        );
    }

    #[test]
    fn an_empty_open_segment_previews_nothing() {
        assert_eq!(preview(&Memory::new(), &mut OfflineModel), Preview::default());
    }

    #[test]
    fn the_preview_matches_what_the_close_records() {
        let mut memory = Memory::new();
        said(&mut memory, "I swim three times a week at the pool.");
        said(&mut memory, "Swimming helps my back after the gym.");
        let p = preview(&memory, &mut OfflineModel);
        let mut closed = memory.clone();
        let mut model = OfflineModel;
        let mut step = Step::new(&mut closed, &mut model, false);
        assert!(super::super::close_open_segment(&mut step));
        let recorded = step
            .events
            .iter()
            .filter(|e| matches!(e, Event::MentionRecorded { .. }))
            .count();
        assert_eq!(p.total() as usize, recorded);
    }
}
