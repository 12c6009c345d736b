//! Behaviour of the offline RK1, RK2 and RK3.

use super::*;
use crate::event::{Delta, RelationSummary, Sigma};
use crate::model::parse::{parse_rk2, parse_rk3};

/// Σ and Δ as text, for assertions on what a reader sees.
fn texts((sigma, delta): (Sigma, Delta)) -> (String, String) {
    (sigma.render(), delta.render())
}

/// RK2 over a previous Σ/Δ given as text, its reply read and printed back.
fn rk2_text(
    lex: &Lexicon,
    person: &str,
    concept: &str,
    sigma: &str,
    delta: &str,
    evidence: &[EvidenceItem],
) -> (String, String) {
    let reply = rk2(
        lex,
        person,
        concept,
        &Sigma::parse(sigma),
        &Delta::parse(delta),
        evidence,
    );
    texts(parse_rk2(&reply).unwrap_or_else(|e| panic!("{e}: {reply}")))
}
use crate::time::Timestamp;

fn day(d: u32) -> Option<Timestamp> {
    Timestamp::from_civil(2024, 3, d, 9, 0, 0)
}

fn raw(branch: &str, d: u32) -> EvidenceItem {
    EvidenceItem {
        kind: EvidenceKind::Mention,
        facet: branch.into(),
        text: format!("user mentions {}", branch.to_lowercase()),
        salient: false,
        time: day(d),
    }
}

fn conclusion(branch: &str, text: &str, d: u32) -> EvidenceItem {
    EvidenceItem {
        kind: EvidenceKind::Conclusion,
        facet: branch.into(),
        text: text.into(),
        salient: true,
        time: day(d),
    }
}

#[test]
fn a_recurring_habit_lands_in_sigma_and_a_one_off_does_not() {
    let lex = Lexicon::builtin();
    let evidence = vec![
        raw("Strength Training", 1),
        raw("Strength Training", 8),
        raw("Pottery", 9),
    ];
    let (sigma, delta) = rk2_text(lex, "", "Fitness", "", "", &evidence);
    assert!(
        sigma.contains("Strength Training: Strength training has come up regularly since 1 March 2024."),
        "{sigma}"
    );
    assert!(sigma.contains("Also mentioned: Pottery came up once."), "{sigma}");
    assert!(delta.is_empty(), "{delta}");
}

#[test]
fn an_injury_goes_to_delta_and_interrupts_the_habit_once_it_persists() {
    let lex = Lexicon::builtin();
    let first = rk2(
        lex,
        "",
        "Fitness",
        &Sigma::default(),
        &Delta::default(),
        &[raw("Strength Training", 1), raw("Strength Training", 8)],
    );
    let (s1, d1) = texts(parse_rk2(&first).unwrap());
    assert!(d1.is_empty());
    let injury = vec![
        raw("Strength Training", 15),
        conclusion("Strength Training", "[injury] Alex hurt his back deadlifting.", 15),
        conclusion(
            "Strength Training",
            "[constraint] The doctor says no lifting for three months.",
            15,
        ),
    ];
    let (s2, d2) = rk2_text(lex, "", "Fitness", &s1, &d1, &injury);
    assert!(
        s2.contains("Strength Training: Strength training has come up regularly since 1 March 2024."),
        "the habit stays in Σ: {s2}"
    );
    assert!(
        d2.contains("Regarding Strength Training:") && d2.contains("no lifting for three months"),
        "{d2}"
    );
    assert!(
        !s2.contains("interrupted"),
        "one abstraction of tension is not yet a reorganisation: {s2}"
    );
    let rehab = vec![
        raw("Strength Training", 22),
        conclusion(
            "Strength Training",
            "[constraint] Still no barbell lifting until August.",
            22,
        ),
    ];
    let (s3, d3) = rk2_text(lex, "", "Fitness", &s2, &d2, &rehab);
    assert!(
        s3.contains("It has been interrupted since 15 March 2024."),
        "dated from the injury: {s3}"
    );
    assert!(
        d3.contains("hurt his back"),
        "the injury is kept as the weightiest tension: {d3}"
    );
}

#[test]
fn tension_about_another_concepts_activity_is_left_to_it() {
    let lex = Lexicon::builtin();
    let evidence = vec![
        raw("Employment", 1),
        conclusion("Employment", "[constraint] No more lifting for a while.", 1),
    ];
    let (_, delta) = rk2_text(lex, "", "Career", "", "", &evidence);
    assert!(delta.is_empty(), "{delta}");
}

#[test]
fn rk3_merges_children_sigma_and_keeps_their_tension() {
    let children = vec![
        ChildSummary {
            name: "Fitness".into(),
            sigma: Sigma::parse("- Strength Training: Strength training recurs."),
            delta: Delta::parse(
                "Regarding Strength Training:\n- [injury] Alex hurt their back. (1 March 2024; active)",
            ),
        },
        ChildSummary {
            name: "Diet".into(),
            sigma: Sigma::parse("- Meal Prep: Meal prep recurs."),
            delta: Delta::default(),
        },
    ];
    let (sigma, delta) = texts(parse_rk3(&rk3("Health and Wellness", &children, false)).unwrap());
    assert!(
        sigma.starts_with("Health and Wellness is shaped by Fitness and Diet."),
        "{sigma}"
    );
    assert!(
        sigma.contains("- Strength Training: Strength training recurs.")
            && sigma.contains("- Meal Prep: Meal prep recurs.")
    );
    assert!(sigma.contains("Fitness shows active tension."), "{sigma}");
    assert_eq!(
        delta,
        "- Strength Training: [injury] Alex hurt their back. (1 March 2024; active)"
    );
}

#[test]
fn rk1_infers_traits_from_conclusion_cues() {
    let lex = Lexicon::builtin();
    let evidence = vec![
        raw("Running", 1),
        conclusion("Running", "[preference] Alex loves running.", 1),
        raw("Running", 2),
    ];
    let text = rk1(lex, "", "Sports", "Running", &evidence, &RelationSummary::default());
    let summary = crate::model::parse::parse_rk1(&text).unwrap().render();
    assert!(
        summary.contains("Running came up twice within Sports between 1 March 2024 and 2 March 2024."),
        "{summary}"
    );
    assert!(
        summary.contains("- Inferred Trait/Interest: Alex enjoys running."),
        "{summary}"
    );
}

#[test]
fn repeated_changes_mark_a_habit_changed_even_when_it_is_not_mentioned_again() {
    let lex = Lexicon::builtin();
    let habit = vec![raw("Meat Dishes", 1), raw("Meat Dishes", 2)];
    let (s1, d1) = rk2_text(lex, "", "Food Preferences", "", "", &habit);
    let first_change = vec![
        raw("Vegetables", 3),
        conclusion("Vegetables", "[change] Sam stopped eating steak.", 3),
    ];
    let (s2, d2) = rk2_text(lex, "", "Food Preferences", &s1, &d1, &first_change);
    assert!(d2.contains("Regarding Meat Dishes:"), "the change names meat: {d2}");
    assert!(!s2.contains("changed since"), "{s2}");
    let second_change = vec![
        raw("Vegetables", 9),
        conclusion("Vegetables", "[change] Sam no longer eats steak at all.", 9),
    ];
    let (s3, _) = rk2_text(lex, "", "Food Preferences", &s2, &d2, &second_change);
    assert!(
        s3.contains(
            "Meat Dishes: Meat dishes have come up regularly since 1 March 2024. It has changed since 3 March 2024."
        ),
        "{s3}"
    );
}

#[test]
fn restrictions_end_by_themselves_and_injuries_heal() {
    let lex = Lexicon::builtin();
    let habit = vec![raw("Strength Training", 1), raw("Strength Training", 2)];
    let (s1, d1) = rk2_text(lex, "", "Fitness", "", "", &habit);
    let injury = vec![
        raw("Strength Training", 3),
        conclusion("Strength Training", "[injury] Alex hurt their back deadlifting.", 3),
        conclusion("Strength Training", "[constraint] No lifting for two weeks.", 3),
    ];
    let (s2, d2) = rk2_text(lex, "", "Fitness", &s1, &d1, &injury);
    assert!(d2.contains("(3 March 2024; active until 17 March 2024)"), "{d2}");
    let more = vec![
        raw("Strength Training", 10),
        conclusion(
            "Strength Training",
            "[constraint] Still no barbell lifting, Alex says.",
            10,
        ),
    ];
    let (s3, d3) = rk2_text(lex, "", "Fitness", &s2, &d2, &more);
    assert!(s3.contains("It has been interrupted since 3 March 2024."), "{s3}");
    // Past the end date, with Alex saying they can start again.
    let later = vec![
        raw("Strength Training", 20),
        conclusion("Strength Training", "[habit] Alex can start lifting again.", 20),
    ];
    let (s4, d4) = rk2_text(lex, "", "Fitness", &s3, &d3, &later);
    assert!(
        d4.contains("No lifting for two weeks. (3 March 2024; resolved 17 March 2024)"),
        "{d4}"
    );
    assert!(
        d4.contains("hurt their back deadlifting. (3 March 2024; resolved"),
        "{d4}"
    );
    assert!(
        !s4.contains("interrupted since"),
        "the mark goes once nothing is active: {s4}"
    );
    assert!(s4.contains("It resumed on"), "{s4}");
}

#[test]
fn a_later_change_supersedes_an_earlier_one() {
    let lex = Lexicon::builtin();
    let evidence = vec![
        raw("Walking", 1),
        conclusion("Walking", "[change] Alex started walking to work.", 1),
        conclusion("Walking", "[change] Alex now cycles to work instead of walking.", 5),
    ];
    let (_, delta) = rk2_text(lex, "", "Fitness", "", "", &evidence);
    assert!(
        delta.contains("walking to work. (1 March 2024; superseded 5 March 2024)"),
        "{delta}"
    );
    assert!(delta.contains("instead of walking. (5 March 2024; active)"), "{delta}");
}

fn said(branch: &str, quote: &str, d: u32) -> EvidenceItem {
    EvidenceItem {
        text: format!("user mentions {} (\"{quote}\")", branch.to_lowercase()),
        ..raw(branch, d)
    }
}

#[test]
fn rk1_credits_no_trait_for_the_listeners_activity() {
    let lex = Lexicon::builtin();
    // Melanie replying to Caroline's adoption news: her words, Caroline's activity.
    let evidence = vec![
        said("Adoption", "Anything you're excited for in the adoption process?", 1),
        said("Adoption", "Wishing you the best on your adoption journey!", 5),
        conclusion("Adoption", "[preference] Adoption sounds awesome.", 9),
        said("Adoption", "Adoption sounds awesome.", 9),
        conclusion("Adoption", "[feeling] Melanie is so happy for you.", 9),
    ];
    let text = rk1(
        lex,
        "Melanie",
        "Parenting",
        "Adoption",
        &evidence,
        &RelationSummary::default(),
    );
    let summary = crate::model::parse::parse_rk1(&text).unwrap().render();
    assert!(!summary.contains("Melanie enjoys adoption"), "{summary}");
    assert!(!summary.contains("for you"), "{summary}");
    assert!(!summary.contains("Most recently"), "{summary}");
    assert!(
        summary.contains("Adoption came up as another person's, not as Melanie's own."),
        "{summary}"
    );
    // Her own pottery class is hers.
    let own = vec![
        said("Pottery", "I just signed up for a pottery class yesterday.", 1),
        conclusion("Pottery", "[preference] Melanie is a big fan of pottery.", 1),
        said("Pottery", "BTW, recently I had a setback with pottery.", 4),
        conclusion(
            "Pottery",
            "[change] BTW, recently Melanie had a setback with pottery.",
            4,
        ),
    ];
    let summary = crate::model::parse::parse_rk1(&rk1(
        lex,
        "Melanie",
        "Arts",
        "Pottery",
        &own,
        &RelationSummary::default(),
    ))
    .unwrap()
    .render();
    assert!(summary.contains("Melanie enjoys pottery."), "{summary}");
    assert!(
        summary.contains("Most recently, Melanie had a setback with pottery."),
        "{summary}"
    );
}

#[test]
fn delta_keeps_no_reply_to_the_listener_and_no_lead_in() {
    let lex = Lexicon::builtin();
    let evidence = vec![
        raw("Pottery", 1),
        raw("Pottery", 2),
        conclusion("Pottery", "[constraint] You can't rush the kiln, you know.", 2),
        conclusion("Pottery", "[change] BTW, Melanie stopped pottery for a month.", 2),
    ];
    let (_, delta) = rk2_text(lex, "Melanie", "Arts", "", "", &evidence);
    assert!(!delta.contains("kiln"), "{delta}");
    assert!(
        delta.contains("[change] Melanie stopped pottery for a month."),
        "{delta}"
    );
}

#[test]
fn a_whole_clause_keeps_the_object_that_completes_it() {
    let lex = Lexicon::builtin();
    let mention = |quote: &str| EvidenceItem {
        kind: EvidenceKind::Mention,
        facet: "Painting".into(),
        text: format!("user mentions painting (\"{quote}\") on 4 March 2024"),
        salient: false,
        time: day(4),
    };
    let whole = mention("My kids and I just finished another painting like our last one.");
    let cut = mention("I finished a painting of the lake, it was for my mom and");
    let clauses = gather::merge(lex, "Painting", "Melanie", Vec::new(), &[&whole, &cut]);
    assert!(
        clauses
            .iter()
            .any(|c| c.contains("another painting like their last one")),
        "{clauses:?}"
    );
    assert!(
        clauses.iter().all(|c| !c.contains(" and (") && !c.ends_with(" and")),
        "a cut clause still drops its dangling function word: {clauses:?}"
    );
}

#[test]
fn a_clause_that_ends_where_the_speaker_did_keeps_its_particle() {
    let lex = Lexicon::builtin();
    let item = EvidenceItem {
        kind: EvidenceKind::Mention,
        facet: "Painting".into(),
        text: "user mentions painting (\"My mom always said to keep painting and never give up, and I did.\") on 4 March 2024"
            .into(),
        salient: false,
        time: day(4),
    };
    let clauses = gather::merge(lex, "Painting", "Jo", Vec::new(), &[&item]);
    assert!(clauses.iter().any(|c| c.contains("never give up")), "{clauses:?}");
}

#[test]
fn a_condition_is_never_enjoyed_kept_up_or_planned() {
    let lex = Lexicon::builtin();
    let evidence = vec![
        raw("Stress", 1),
        raw("Stress", 2),
        raw("Stress", 3),
        conclusion("Stress", "[habit] Jo is stressed every day at work.", 3),
        conclusion("Stress", "[like] Jo loves how stressed Jo gets before exams.", 3),
    ];
    let summary = rk1(
        lex,
        "Jo",
        "Mental Health",
        "Stress",
        &evidence,
        &RelationSummary::default(),
    );
    assert!(!summary.contains("routine"), "{summary}");
    assert!(!summary.contains("enjoys"), "{summary}");
    assert!(lex.names_condition("Stress") && lex.names_condition("Knee Injury"));
    assert!(!lex.names_condition("Self-Care") && !lex.names_condition("Swimming"));
}

#[test]
fn a_concept_name_inside_a_sentence_keeps_only_acronyms_and_proper_names() {
    assert_eq!(inline_case("LGBTQ Identity"), "LGBTQ identity");
    assert_eq!(inline_case("Self-Care"), "self-care");
    assert_eq!(inline_case("Italian Cuisine"), "Italian cuisine");
    assert_eq!(inline_case("Strength Training"), "strength training");
    assert_eq!(inline_case("JavaScript"), "JavaScript");
}

#[test]
fn a_one_off_name_that_holds_and_stays_one_name() {
    let known = |n: &str| n == "Grains and Staples" || n == "Arts and Crafts";
    assert_eq!(
        super::also_names(
            "Almond Flour, Grains and Staples and Arts and Crafts each came up once.",
            &known
        ),
        ["Almond Flour", "Grains and Staples", "Arts and Crafts"]
    );
    assert_eq!(
        super::also_names("Pottery, Baking and Chess each came up once.", &known),
        ["Pottery", "Baking", "Chess"]
    );
    assert_eq!(
        super::also_names("Chess, Chess and Go each came up once.", &known),
        ["Chess", "Go"]
    );
    let names = ["Arts and Crafts", "Teaching"];
    let text = super::also_text(&names.map(String::from));
    assert_eq!(text, "Arts and Crafts, and Teaching each came up once.");
    assert_eq!(super::also_names(&text, &known), names);
}

/// A branch mentioned once, then twice in a later batch: its bullet has come up since the first
/// mention, which moves into it from "Also mentioned" with its own date.
#[test]
fn a_branch_that_recurs_later_has_come_up_since_its_first_mention() {
    let lex = Lexicon::builtin();
    let said = |text: &str, date: &str| EvidenceItem {
        kind: EvidenceKind::Mention,
        facet: "Yoga".into(),
        text: format!("user mentions yoga (\"{text}\") on {date}"),
        salient: false,
        time: Timestamp::parse(&format!("{date}T10:00:00Z")).ok(),
    };
    let first = vec![said("I tried a yoga class at the community centre.", "2024-05-20")];
    let (s1, d1) = rk2_text(lex, "Sam", "Fitness", "", "", &first);
    assert!(s1.contains("Also mentioned: Yoga came up once."), "{s1}");
    let later = vec![
        said("I went to yoga twice this week.", "2024-08-25"),
        said("I do yoga on Sunday mornings now.", "2024-09-01"),
    ];
    let (s2, _) = rk2_text(lex, "Sam", "Fitness", &s1, &d1, &later);
    assert!(s2.contains("Yoga has come up regularly since 20 May 2024."), "{s2}");
    assert!(
        s2.contains("(20 May 2024)"),
        "the first mention moved into the bullet: {s2}"
    );
}
