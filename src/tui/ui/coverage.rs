//! Recall coverage in the panes, when `rgmem tui --coverage FILE` loaded one: each concept with a
//! profile shows how many evaluation questions retrieved it (`0q` in the error colour when none
//! did), and relation names in the evidence pane take the same colours.

use crate::tui::theme::Theme;
use ratatui::style::Style;
use ratatui::text::Span;
use rgmem::eval::coverage::{ItemKey, MemoryCoverage};
use rgmem::ids::{ConceptId, RelationId};

fn style(questions: u32, theme: Theme) -> Style {
    if questions == 0 { theme.error } else { theme.assistant }
}

/// ` 3q` after a concept's name, if the coverage counts it.
#[must_use]
pub fn concept_span(coverage: Option<&MemoryCoverage>, id: u32, theme: Theme) -> Option<Span<'static>> {
    let n = coverage?.questions_for(ItemKey::Concept(ConceptId(id)))?;
    Some(Span::styled(format!(" {n}q"), style(n, theme)))
}

/// The colour of a relation's name, if the coverage counts it.
#[must_use]
pub fn relation_style(coverage: Option<&MemoryCoverage>, id: RelationId, theme: Theme) -> Option<Style> {
    let n = coverage?.questions_for(ItemKey::Relation(id))?;
    Some(style(n, theme))
}

/// The legend a pane title gets while coverage is shown.
#[must_use]
pub fn legend(coverage: Option<&MemoryCoverage>) -> String {
    coverage.map_or_else(String::new, |c| format!(" · Nq of {} questions", c.questions))
}

#[cfg(test)]
mod tests {
    use crate::tui::app::fixture::{self, Variant};
    use crate::tui::focus::Focus;
    use rgmem::eval::coverage::{ItemKey, MemoryCoverage};
    use rgmem::ids::Seq;

    #[test]
    fn a_loaded_coverage_marks_each_concept_and_relation_with_its_questions() {
        let mut h = fixture::open(Variant::Plain);
        let m = h.app.timeline.memory().clone();
        let fitness = m.concepts.iter().find(|c| c.name == "Fitness").unwrap().id;
        let relation = m.concepts[fitness.index()].relations[0];
        // Two questions reached Fitness, one also its first relation; nothing else was reached.
        let per_question = vec![
            vec![ItemKey::Concept(fitness), ItemKey::Relation(relation)],
            vec![ItemKey::Concept(fitness)],
        ];
        h.app.coverage = Some(MemoryCoverage::count("zoe", "fixture.db", Seq(1), &m, &per_question));
        h.app.focus = Focus::Tree;
        let text = super::super::tests::fixture_screen(&mut h.app, 80, 24);
        assert!(text.contains("Fitness 0/4 ΣΔ 2q"), "{text}");
        assert!(text.contains("Health and Wellness 0/4 ΣΔ 0q"), "{text}");
        for (w, ht) in super::super::tests::SIZES {
            insta::assert_snapshot!(
                format!("coverage_tree_{w}x{ht}"),
                super::super::tests::fixture_screen(&mut h.app, w, ht)
            );
        }
        // The colours: reached in the assistant colour, unreached in the error colour.
        h.app.theme = crate::tui::theme::Theme::colored();
        let theme = h.app.theme;
        let cov = h.app.coverage.as_ref();
        assert_eq!(
            super::concept_span(cov, fitness.0, theme).unwrap().style,
            theme.assistant
        );
        assert_eq!(super::concept_span(cov, 2, theme).unwrap().style, theme.error);
        assert_eq!(super::relation_style(cov, relation, theme), Some(theme.assistant));
        assert!(super::concept_span(None, fitness.0, theme).is_none());
    }
}
