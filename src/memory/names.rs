//! A memory names the ids its events carry (see [`crate::event::Names`]).

use super::Memory;
use crate::event::Names;
use crate::ids::{ConceptId, ProposalId, RelationId};

impl Names for Memory {
    fn concept_name(&self, id: ConceptId) -> Option<String> {
        self.concepts.get(id.index()).map(|c| c.name.clone())
    }

    fn relation_label(&self, id: RelationId) -> Option<String> {
        let r = self.relations.get(id.index())?;
        Some(format!(
            "{} → {}",
            self.concept_name(r.source)?,
            self.concept_name(r.target)?
        ))
    }

    fn proposal_label(&self, id: ProposalId) -> Option<String> {
        let p = self.proposals.get(&id)?;
        Some(format!("{} {}", p.operator.label(), self.concept_name(p.concept)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Event;
    use crate::event::Level;
    use crate::ids::{EpisodeId, Seq};

    fn memory() -> Memory {
        crate::memory::fold(
            [
                Event::person_tracked("Alex", "user"),
                Event::concept_added("Swimming", Level::Activity, ConceptId(1)),
            ]
            .iter(),
        )
    }

    #[test]
    fn ids_read_as_names_from_the_memory() {
        let m = memory();
        let last = |m: &Memory| ConceptId(u32::try_from(m.concepts.len() - 1).unwrap_or(0));
        let swim = last(&m);
        let added = Event::RelationAdded {
            source: ConceptId(0),
            target: swim,
        };
        assert_eq!(added.detail_named(&m), "Alex → Swimming");
        let reverted = Event::AbstractionReverted {
            firing: Seq(81),
            operator: crate::event::Operator::Rk2,
            concept: swim,
            restored: crate::event::Abstraction::empty_profile(),
        };
        assert_eq!(reverted.detail_named(&m), "Swimming back to before #81");
    }

    #[test]
    fn an_unknown_id_keeps_its_raw_form() {
        let m = Memory::new();
        let e = Event::MentionRecorded {
            relation: RelationId(50),
            episode: EpisodeId(0),
            label: "swims".into(),
        };
        assert_eq!(e.detail_named(&m), e.detail());
    }
}
