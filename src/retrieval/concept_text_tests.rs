//! Tests of the concept item's text and the data it keeps: which Σ/Δ bullets and mentions a
//! question keeps, and each mention's day.

use super::*;

const SIGMA: &str = "# General Core Facts\n\
    - Camping: Camping has come up regularly since 25 May 2023. Mentions: Melanie went camping in the mountains (27 June 2023); Melanie went camping in the forest (15 July 2023).\n\
    - Beach Trips: Beach trips has come up regularly since 15 July 2023. Mentions: Melanie went to the beach with the kids (20 July 2023); Melanie took the kids camping at the beach (3 August 2023).\n\
    - Also mentioned: Pottery and Chess each came up once.";
const DELTA: &str = "# Specific Domain Facts\nRegarding Hiking:\n- [change] Melanie hikes less since the fall. (17 August 2023; active)";

fn keys(k: &[&str]) -> Vec<String> {
    k.iter().map(|s| (*s).to_string()).collect()
}

#[test]
fn a_branch_the_question_names_keeps_its_mentions_and_the_rest_goes() {
    let text = concept_text("Melanie / Outdoor", SIGMA, DELTA, &keys(&["camped"]));
    assert!(text.contains("Camping, regularly since 25 May 2023: Melanie went camping in the mountains (27 June 2023); Melanie went camping in the forest (15 July 2023)."), "{text}");
    // Beach Trips holds "camping" in one mention only: that mention alone stays.
    assert!(
        text.contains("Beach Trips: Melanie took the kids camping at the beach (3 August 2023)."),
        "{text}"
    );
    assert!(!text.contains("with the kids (20 July"), "{text}");
    assert!(!text.contains('Δ'), "{text}");
}

#[test]
fn a_mention_an_item_before_carries_is_left_out() {
    // A parent's Σ gathers its child's bullet: the second item keeps only what is new.
    let mut seen = Seen::default();
    let sigma = Sigma::parse(SIGMA);
    let (child, kept) = concept_text_unseen(
        "Melanie / Outdoor",
        &sigma,
        &Delta::default(),
        &keys(&["beach"]),
        &mut seen,
    );
    assert!(child.contains("with the kids (20 July 2023)"), "{child}");
    // The same, as data: the bullet's branch and each mention with its day.
    assert_eq!(kept.path, ["Melanie", "Outdoor"]);
    let beach = kept.bullets.iter().find(|b| b.branch == "Beach Trips");
    let told = beach.and_then(|b| {
        b.told
            .iter()
            .find(|t| t.text == "Melanie went to the beach with the kids")
    });
    assert_eq!(
        told.and_then(|t| t.day),
        crate::time::Timestamp::from_civil(2023, 7, 20, 0, 0, 0),
        "{kept:?}"
    );
    let (parent, _) = concept_text_unseen("Melanie", &sigma, &Delta::default(), &keys(&["beach"]), &mut seen);
    assert_eq!(parent, "Melanie:", "everything is carried already");
    let found = gathered_unseen(&[Gathered::Sigma(&sigma)], &keys(&["beach"]), 5, &seen);
    assert!(found.is_empty(), "{found:?}");
}

#[test]
fn a_core_sentence_that_only_says_a_branch_recurs_shrinks_to_its_date() {
    assert_eq!(
        compact_core("Camping", "Camping has come up regularly since 25 May 2023."),
        (", regularly since 25 May 2023".to_string(), String::new())
    );
    assert_eq!(
        compact_core(
            "",
            "Outdoor is shaped by Camping and Hiking. Camping and Hiking show active tension."
        ),
        (String::new(), "Outdoor is shaped by Camping and Hiking.".to_string())
    );
}

#[test]
fn a_question_no_bullet_answers_gets_the_branch_list() {
    let text = concept_text("Melanie / Outdoor", SIGMA, DELTA, &keys(&["activities"]));
    assert_eq!(text, "Melanie / Outdoor: Σ Camping, Beach Trips, Pottery, Chess.");
}

#[test]
fn mentions_gather_across_concepts_and_summaries_without_repeats() {
    let summary = "Fact Summary: Beach trips came up twice. Mentions: Melanie went to the beach with the kids (20 July 2023); Melanie swam at the beach (1 August 2023).\nActionable Inferences:";
    let found = gathered_mentions(&[SIGMA, summary, SIGMA], &keys(&["beach"]), 5);
    assert_eq!(
        found,
        vec![
            "Melanie went to the beach with the kids (20 July 2023)",
            "Melanie took the kids camping at the beach (3 August 2023)",
            "Melanie swam at the beach (1 August 2023)",
        ],
        "the branch named and the mention naming it count twice, so they lead"
    );
    assert!(gathered_mentions(&[SIGMA], &keys(&["violin"]), 5).is_empty());
}

#[test]
fn delta_items_keep_their_heading() {
    let text = concept_text("Melanie / Outdoor", SIGMA, DELTA, &keys(&["hiking"]));
    assert!(
        text.ends_with("Δ Regarding Hiking: - [change] Melanie hikes less since the fall. (17 August 2023; active)"),
        "{text}"
    );
}
