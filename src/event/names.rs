//! Events read with names, not ids: `relation_added Fitness → Swimming` rather than `c38 → c39`.
//! Ids are positions in one branch's memory, so they are named from a memory on the event's own
//! branch (at or after the event); an id that memory does not hold keeps its raw form.

use super::{Counter, Event, Trigger};
use crate::ids::{ConceptId, ProposalId, RelationId};

/// What can name the ids an event carries.
pub trait Names {
    /// A concept's name.
    fn concept_name(&self, id: ConceptId) -> Option<String>;
    /// "Fitness → Swimming".
    fn relation_label(&self, id: RelationId) -> Option<String>;
    /// "RK2 Fitness": what a proposal would rewrite.
    fn proposal_label(&self, id: ProposalId) -> Option<String>;
}

impl Event {
    /// Like [`Event::detail`], with concept, relation and proposal ids replaced by names from
    /// `names` (the id follows in brackets where it tells two things apart).
    #[must_use]
    pub fn detail_named(&self, names: &dyn Names) -> String {
        use crate::text::clip;
        let concept = |id: ConceptId| names.concept_name(id).unwrap_or_else(|| id.to_string());
        let named = match self {
            Event::RelationAdded { source, target } => Some(format!("{} → {}", concept(*source), concept(*target))),
            Event::MentionRecorded { relation, label, .. } => names
                .relation_label(*relation)
                .map(|r| format!("{r}: {}", clip(label, 70))),
            Event::AbstractionReverted { firing, concept: c, .. } => {
                Some(format!("{} back to before {firing}", concept(*c)))
            }
            Event::AbstractionApproved { proposal } | Event::AbstractionRejected { proposal } => names
                .proposal_label(*proposal)
                .map(|what| format!("{what} (proposal {proposal})")),
            _ => None,
        };
        named.unwrap_or_else(|| self.detail())
    }
}

/// "an" before a vowel sound, else "a": "an operator_fired event", "a turn_ingested event".
#[must_use]
pub fn article(word: &str) -> &'static str {
    match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

impl Trigger {
    /// The counter in words: "3 mentions, θ_inf 3", "score 8, θ_sum 6", "2 children changed".
    #[must_use]
    pub fn words(&self) -> String {
        match self.counter {
            Counter::Mentions => format!("{} mentions, θ_inf {}", self.value, self.threshold),
            Counter::Score => format!("score {}, θ_sum {}", self.value, self.threshold),
            Counter::DirtyChildren if self.value == 1 => "1 child changed".to_string(),
            Counter::DirtyChildren => format!("{} children changed", self.value),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn articles_follow_the_sound() {
        assert_eq!(article("operator_fired"), "an");
        assert_eq!(article("turn_ingested"), "a");
        assert_eq!(article("abstraction_proposed"), "an");
    }

    #[test]
    fn triggers_read_as_words() {
        let t = |counter: Counter, value, threshold| Trigger {
            counter,
            value,
            threshold,
        };
        assert_eq!(t(Counter::Mentions, 3, 3).words(), "3 mentions, θ_inf 3");
        assert_eq!(t(Counter::Score, 8, 6).words(), "score 8, θ_sum 6");
        assert_eq!(t(Counter::DirtyChildren, 2, 1).words(), "2 children changed");
        assert_eq!(t(Counter::DirtyChildren, 1, 1).words(), "1 child changed");
    }
}
