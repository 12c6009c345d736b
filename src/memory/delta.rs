//! Δ items with their status as of the memory's latest turn. A Δ bullet names one restriction,
//! injury or change with its date and status; a restriction that names its end is resolved once
//! the memory's latest turn is past it, whether or not an operator ran since.

pub use crate::event::{DeltaItem, DeltaStatus};

impl super::Memory {
    /// The date of the latest turn, `YYYY-MM-DD`: "now" for a memory.
    #[must_use]
    pub fn latest_date(&self) -> Option<String> {
        self.turns.iter().rev().find_map(|t| t.time).map(|t| t.date())
    }

    /// A concept's Δ items with their status as of the latest turn (a restriction past its end
    /// date reads resolved), for `show`, the tree and the Σ/Δ pane.
    #[must_use]
    pub fn delta_items(&self, concept: crate::ids::ConceptId) -> Vec<DeltaItem> {
        let now = self.latest_date();
        self.concept(concept)
            .delta
            .items
            .iter()
            .cloned()
            .map(|mut item| {
                let (status, date) = item.status_at(now.as_deref());
                item.status = status;
                item.status_date = date;
                item
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::event::DeltaStatus;
    use crate::event::profile_text::parse_item;

    #[test]
    fn an_active_restriction_past_its_end_reads_resolved() {
        let item = parse_item(
            "Strength Training",
            "[constraint] No lifting for three months. (8 May 2024; active until 8 August 2024)",
        );
        assert_eq!(item.status_at(Some("2024-09-01")).0, DeltaStatus::Resolved);
        assert_eq!(item.status_at(Some("2024-06-01")).0, DeltaStatus::Active);
    }
}
