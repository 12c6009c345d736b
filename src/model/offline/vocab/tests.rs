//! The open vocabulary on sentences written for the purpose: senses, placement, phrases.

use super::phrases::phrases;
use super::place::place;
use super::sense::in_sense;
use crate::lexicon::Lexicon;
use crate::text::words;

/// The general events the lexicon finds in a sentence in their filed sense.
fn senses(sentence: &str) -> Vec<String> {
    let toks: Vec<String> = words(sentence).collect();
    Lexicon::builtin()
        .located(sentence)
        .iter()
        .filter(|f| in_sense(&toks, f))
        .map(|f| f.entry.general.clone())
        .collect()
}

#[test]
fn ordinary_senses_of_activity_words_are_not_activities() {
    for s in [
        "Thanks for walking me through the steps.",
        "Can you walk me through the setup?",
        "I've been working on a problem about geometric series.",
        "I'm having trouble writing the formula.",
        "I've completed 3 induction proof exercises.",
        "I run the tests again every time.",
        "I ran into a problem with the cache.",
        "I'm trying to implement automated test runs on every push.",
        "My app is currently running on port 8000.",
        "It doesn't work when I walk the list.",
    ] {
        let found = senses(s);
        assert!(
            !found
                .iter()
                .any(|g| ["Walking", "Employment", "Creative Writing", "Workouts", "Running"].contains(&g.as_str())),
            "{s}: {found:?}"
        );
    }
}

#[test]
fn activity_senses_still_count() {
    for (s, want) in [
        ("I went walking this morning with the dog.", "Walking"),
        ("I love running.", "Running"),
        ("I went for a long run in the park this morning.", "Running"),
        ("I'm writing a short story about my grandmother.", "Creative Writing"),
        ("My leg exercises are getting easier.", "Workouts"),
        ("I love my job at the hospital.", "Employment"),
    ] {
        let found = senses(s);
        assert!(found.iter().any(|g| g == want), "{s}: {found:?}");
    }
}

#[test]
fn phrases_are_what_the_person_keeps_saying() {
    let text = "I've been studying the geometric series and I want to know when a geometric series converges.\n\
                My resume analyzer project uses Flask-Limiter and PostgreSQL. The resume analyzer is slow.\n\
                ```python\nimport spaCyThing\n```";
    let names: Vec<String> = phrases(text).into_iter().map(|p| p.name).collect();
    assert!(names.contains(&"Geometric Series".to_string()), "{names:?}");
    assert!(names.contains(&"Resume Analyzer".to_string()), "{names:?}");
    assert!(
        names.iter().any(|n| n == "Flask-Limiter" || n == "PostgreSQL"),
        "{names:?}"
    );
    assert!(!names.iter().any(|n| n.contains("spaCyThing")), "{names:?}");
}

#[test]
fn a_phrase_said_once_is_not_a_topic() {
    assert!(phrases("I had a lovely afternoon at the old harbour.").is_empty());
}

#[test]
fn phrases_are_placed_by_meaning() {
    assert_eq!(
        place("mortgage", "We refinanced the mortgage last month.", "", false).map(|p| p.0),
        Some("Consumption and Finance")
    );
    assert_eq!(
        place("Python", "My script uses Python 3.10.", "", false).map(|p| p.0),
        Some("Work and Study")
    );
    assert_eq!(
        place("pottery", "I took up pottery on weekends.", "", false).map(|p| p.0),
        Some("Interests and Entertainment")
    );
}

#[test]
fn hostile_text_finds_no_phrase_and_does_not_panic() {
    for s in [
        "",
        "```",
        "ß-Ü 3.10 ⁂ 🎉🎉 ",
        "漢字 漢字 the 漢字 漢字",
        "a a a a a the the",
    ] {
        let _ = phrases(s);
        let _ = senses(s);
        let _ = place(s, s, s, true);
        let _ = place(s, s, s, false);
    }
}
