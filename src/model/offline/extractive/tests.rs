//! Tests of the offline short-answer extractor, by question type.

use super::*;

const CONTEXT: &str = "# Events\n- [D1:3 8 May 2023] Caroline: I went to a LGBTQ support group yesterday. It was powerful.\n- [D1:4 8 May 2023] Melanie: I painted a lake sunrise last year!\n- [D2:1 20 May 2023] Melanie: I ran a charity race for mental health last Saturday.\n";

fn answer(q: &str, person: &str) -> String {
    short_answer(q, CONTEXT, person).map_or_else(|| NOT_MENTIONED.to_string(), |(a, _)| a)
}

#[test]
fn when_questions_get_the_resolved_date() {
    assert_eq!(
        answer("When did Caroline go to the LGBTQ support group?", "Caroline"),
        "7 May 2023"
    );
    assert_eq!(answer("When did Melanie paint a sunrise?", "Melanie"), "2022");
    assert_eq!(
        answer("When did Melanie run a charity race?", "Melanie"),
        "the saturday before 20 May 2023"
    );
    let (_, support) = short_answer("When did Melanie paint a sunrise?", CONTEXT, "Melanie").unwrap();
    assert!(support.starts_with("[D1:4"), "{support}");
}

#[test]
fn another_persons_evidence_is_not_an_answer() {
    assert_eq!(
        answer("What did Caroline realize after her charity race?", "Caroline"),
        NOT_MENTIONED
    );
    assert_eq!(
        answer("What is Caroline's favourite cheese brand?", "Caroline"),
        NOT_MENTIONED
    );
}

#[test]
fn what_questions_get_a_short_phrase() {
    let a = answer("What did Melanie paint?", "Melanie");
    assert!(a.contains("lake sunrise") && a.split_whitespace().count() <= 6, "{a}");
}

#[test]
fn counts_and_frequencies() {
    let ctx = "# Concept profiles (L1, Σ/Δ)\n- Alex / Health and Wellness / Fitness: Σ Alex swims three times a week. Δ Alex hurt his back.\n";
    let (a, _) = short_answer("How often does Alex swim?", ctx, "Alex").unwrap();
    assert_eq!(a, "three times a week");
    assert_eq!(count("I have 2 kids."), Some("2 kids".into()));
    assert_eq!(count("no numbers here"), None);
}

#[test]
fn would_questions_say_likely_yes_or_no() {
    let ctx = "# Events\n- [D1:1 8 May 2023] Alex: I would never go back to deadlifting.\n";
    let (a, _) = short_answer("Would Alex go back to deadlifting?", ctx, "Alex").unwrap();
    assert!(a.starts_with("Likely no"), "{a}");
}

#[test]
fn turns_under_a_group_header_carry_its_date_and_their_speaker() {
    let grouped = "# Events\n## 8 May 2023\n- Caroline: … I went to a LGBTQ support group yesterday. …\n- Melanie: I painted a lake sunrise last year!\n## 20 May 2023\n- Melanie: I ran a charity race for mental health last Saturday.\n";
    let got = |q: &str, p: &str| short_answer(q, grouped, p).map_or_else(|| NOT_MENTIONED.to_string(), |(a, _)| a);
    assert_eq!(
        got("When did Caroline go to the LGBTQ support group?", "Caroline"),
        "7 May 2023"
    );
    assert_eq!(
        got("When did Melanie run a charity race?", "Melanie"),
        "the saturday before 20 May 2023"
    );
    let (_, support) = short_answer("When did Melanie paint a sunrise?", grouped, "Melanie").unwrap();
    assert!(support.starts_with("[8 May 2023] Melanie:"), "{support}");
}
