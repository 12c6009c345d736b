//! The open vocabulary on sentences written for the purpose: senses, placement, phrases.

use super::phrases::phrases;
use super::place::{Setting, place};
use super::sense::in_sense;
use crate::lexicon::Lexicon;
use crate::text::words;

/// A tutoring session and a gym diary: the settings the sentences below are said in.
const STUDY: &str = "I'm studying for my calculus exam: sequences, series, induction proofs and the homework \
                     problems from the course. My code for the project has a bug in the tests.";
pub(super) const GYM: &str = "I lift weights four days a week, squats and deadlifts, and I swim and walk on rest days.";

/// The general events the lexicon finds in a sentence in their filed sense, said in `setting`.
pub(super) fn senses_in(sentence: &str, setting: &str) -> Vec<String> {
    let toks: Vec<String> = words(sentence).collect();
    let setting = Setting::of(setting);
    Lexicon::builtin()
        .located(sentence)
        .iter()
        .filter(|f| in_sense(&toks, f, &setting))
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
        "My app is currently running on port 8000.",
        "It helped me see how the formulas work together.",
        "The parser seems fine but it's not working as expected.",
        "It doesn't work when I walk the list.",
        "But this doesn't seem to be working correctly.",
        "I've tried adjusting the CSS, but nothing seems to work.",
        "I'm having trouble getting it to work.",
        "I'm having trouble getting the drag-and-drop functionality to work.",
        "I'm optimizing the performance of my scheduler job queue.",
        "I use a nightly ETL job to process the records.",
        "I've implemented a sync job that handles network failures.",
        "I'm glad I'm getting better at writing sigma notation.",
    ] {
        let found = senses_in(s, STUDY);
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
        ("I love my job at the hospital.", "Employment"),
        ("My leg exercises are getting easier.", "Workouts"),
        ("I love my job at the hospital.", "Employment"),
        ("Ordered pizza tonight because I couldn't be bothered to cook.", "Pizza"),
        ("Anyway, dinner time, we're making tacos tonight.", "Dinner"),
        ("Anyway, dinner time, we're making tacos tonight.", "Mexican Cuisine"),
        ("Yeah I've been sleeping maybe six hours.", "Sleep"),
        ("We are paying off our credit card debt.", "Loans and Debt"),
        ("I need to calculate my mortgage payment before Friday.", "Mortgage"),
        ("I've been an accountant for seven years.", "Accounting"),
        (
            "I'm going to take a couple of swimming lessons to fix my technique.",
            "Swimming",
        ),
    ] {
        let found = senses_in(s, s);
        assert!(found.iter().any(|g| g == want), "{s}: {found:?}");
    }
}

#[test]
fn what_someone_else_did_by_a_passive_is_not_the_speaker_s_pastime() {
    let s = "I joined a webinar on index funds hosted by Vanguard last week.";
    assert!(!senses_in(s, s).iter().any(|g| g == "Parties"), "{s}");
    let s = "I hosted a dinner party for my friends last week.";
    assert!(senses_in(s, s).iter().any(|g| g == "Parties"), "{s}");
}

#[test]
fn a_word_between_a_number_and_a_share_counts_occurrences() {
    for s in [
        "Our nightly export fails about one run in four.",
        "It crashed two runs out of ten.",
    ] {
        assert!(!senses_in(s, s).iter().any(|g| g == "Running"), "{s}");
    }
    assert!(
        senses_in("I did one run in the park.", "I did one run in the park.")
            .iter()
            .any(|g| g == "Running")
    );
}

#[test]
fn at_the_gym_the_words_beside_a_workout_do_not_unmake_it() {
    for (s, want) in [
        ("I also did Romanian deadlifts after.", "Strength Training"),
        ("I really miss squats though.", "Strength Training"),
        (
            "She wants me to start with goblet squats and trap bar deadlifts.",
            "Strength Training",
        ),
        ("I'm swimming three times a week and walking every day.", "Walking"),
        ("I'm going to keep swimming twice a week too.", "Swimming"),
        ("You handled a tough injury really well.", "Sports Injury"),
    ] {
        let found = senses_in(s, GYM);
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
    let names: Vec<String> = phrases("For my app, I've started a React Native v0.71 prototype.")
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert!(names.contains(&"React Native".to_string()), "{names:?}");
    assert!(!names.contains(&"Native".to_string()), "{names:?}");
    let names: Vec<String> = phrases("PyMuPDF says 'NoneType' object has no attribute, then a KeyError.")
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(names, ["PyMuPDF"], "an error's type is no topic");
    let text = "I keep getting the NoneType object error in the resume analyzer. Why is the NoneType object \
                empty when the resume analyzer starts?";
    let names: Vec<String> = phrases(text).into_iter().map(|p| p.name).collect();
    assert_eq!(names, ["Resume Analyzer"], "{names:?}");
}

#[test]
fn maths_and_code_are_not_read_as_words() {
    let text = super::phrases::without_code(
        "I summed \\( \\sum_{k=1}^{10} (5k) \\) and \\[ S_n = 5 \\] by hand, then ran `run()`.\nNext line \\( a",
    );
    assert!(
        !text.contains("5k") && !text.contains("sum_") && !text.contains("run()"),
        "{text}"
    );
    assert!(
        text.contains("I summed") && text.contains("by hand") && text.contains("Next line"),
        "{text}"
    );
    let formula = crate::rules::english::extract::entities(
        crate::lexicon::Lexicon::builtin(),
        "I'm checking the sum using the formula S_n = a_1 * (1 - r^n) by hand.",
    );
    assert!(!formula.contains("Motorsports"), "{formula}");
    let identifiers = super::phrases::without_code("How many examples do I need in the TRAIN_DATA, or in max_len?");
    assert!(
        !identifiers.to_lowercase().contains("train") && identifiers.contains("How many examples"),
        "{identifiers}"
    );
}

#[test]
fn a_measure_of_something_is_not_a_topic() {
    let text =
        "The match score is low. I want the match score higher. My image size limit is 5 MB, the image size matters.";
    assert!(phrases(text).is_empty(), "{:?}", phrases(text));
}

#[test]
fn a_way_of_going_about_something_is_not_a_topic() {
    let text = "I'll teach him a step-by-step approach to chores. The step-by-step approach helps. \
                The completion status is fine, and the completion status updates daily.";
    assert!(phrases(text).is_empty(), "{:?}", phrases(text));
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
    // An inspection of a home is a matter of housing, not a medical examination.
    assert_eq!(
        place(
            "mold inspection",
            "The mold inspection I booked for Monday found no issues.",
            "I'm comparing two rentals and the landlord wants a deposit.",
            false
        ),
        Some(("Assets and Environment", "Housing"))
    );
}

#[test]
fn a_phrase_said_about_code_is_part_of_the_software() {
    // The embedder alone hears a job post in "POST request" and a goal in "memory footprint".
    let project = "My Flask API stores the posts in PostgreSQL, and the code runs in Docker.";
    for (phrase, sentence) in [
        (
            "POST request",
            "The scheduler sends a POST request to the API with my bearer token.",
        ),
        (
            "memory footprint",
            "I want the memory footprint of this function under 50MB.",
        ),
        (
            "foreign key",
            "The posts table has a foreign key to accounts, and the SQL insert fails.",
        ),
    ] {
        assert_eq!(
            place(phrase, sentence, project, false),
            Some(("Work and Study", "Technical Skills")),
            "{phrase}"
        );
    }
    // Without a word of code the phrase is placed by its meaning as before.
    assert_eq!(
        place("mortgage", "We refinanced the mortgage last month.", "", false).map(|p| p.0),
        Some("Consumption and Finance")
    );
}

#[test]
fn a_phrase_ends_before_a_preposition_or_a_place_adverb() {
    let text = "I restarted the cache server under load. Then the cache server under load crashed again. \
                Is the cache server somewhere else now?";
    let names: Vec<String> = phrases(text).into_iter().map(|p| p.name.to_lowercase()).collect();
    assert!(names.iter().any(|n| n == "cache server"), "{names:?}");
    assert!(
        !names.iter().any(|n| n.contains("under") || n.contains("somewhere")),
        "{names:?}"
    );
}

#[test]
fn a_reflexive_pronoun_is_no_part_of_a_phrase() {
    let text = "Learning to cook these meals herself would help her. She could plan the meals herself too.";
    let names: Vec<String> = phrases(text).into_iter().map(|p| p.name.to_lowercase()).collect();
    assert!(!names.iter().any(|n| n.contains("herself")), "{names:?}");
}

#[test]
fn an_adjective_after_a_noun_ends_its_phrase() {
    let text = "I'll have the payment ready by Friday. Is the payment ready for the landlord?";
    let names: Vec<String> = phrases(text).into_iter().map(|p| p.name.to_lowercase()).collect();
    assert!(!names.iter().any(|n| n.contains("ready")), "{names:?}");
}

#[test]
fn time_management_is_a_habit_of_work_not_a_manager() {
    let got = senses_in(
        "How do I use time management tools to prioritize my tasks?",
        "I keep missing deadlines on my writing.",
    );
    assert!(got.contains(&"Time Management".to_string()), "{got:?}");
    assert!(!got.contains(&"Management".to_string()), "{got:?}");
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
        let _ = senses_in(s, s);
        let _ = place(s, s, s, true);
        let _ = place(s, s, s, false);
    }
}

/// A message of a maths course: long, and about nothing the lexicon lists.
const PROOF: &str = "I'm trying to prove by induction that the sum of the first n odd numbers equals n squared, \
                     and I've written the base case and the inductive hypothesis, but the algebra in the \
                     inductive step keeps going wrong when I expand the bracket and collect the terms, so \
                     could you check the step where I add the next odd number to both sides of the equation?";

#[test]
fn where_the_talk_is_plainly_elsewhere_a_word_of_two_senses_takes_the_other() {
    for s in [
        "I've been practicing writing sums with index variables.",
        "I completed 3 induction exercises today.",
        "I prefer graphical illustrations of convergence.",
    ] {
        let found = senses_in(s, &format!("{PROOF} {s}"));
        assert!(
            !found
                .iter()
                .any(|g| ["Creative Writing", "Workouts", "Drawing"].contains(&g.as_str())),
            "{s}: {found:?}"
        );
    }
}

#[test]
fn a_word_of_two_senses_keeps_its_filed_one_where_its_clause_or_setting_speaks_for_it() {
    // The clause vouches: "gym" is another word of the walk's base concept.
    let s = "I went for a walk after the gym to get away from the proof.";
    assert!(senses_in(s, &format!("{PROOF} {s}")).iter().any(|g| g == "Walking"));
    // A personal setting is not plainly elsewhere.
    assert!(senses_in("I went for a walk.", GYM).iter().any(|g| g == "Walking"));
    assert!(
        senses_in(
            "Work is busy though.",
            "My project at work is busy. Work is busy though."
        )
        .iter()
        .any(|g| g == "Employment")
    );
}

#[test]
fn a_word_with_a_second_sense_is_read_with_its_neighbours_even_in_a_short_turn() {
    // A short turn gives the setting no votes: the neighbours alone say which sense it is.
    for (s, not) in [
        (
            "Always run unit tests before I ask about deployment readiness.",
            "Running",
        ),
        ("I'm having issues with connection pool exhaustion.", "Swimming"),
        (
            "We sprinted on launch readiness and technical debt this week.",
            "Loans and Debt",
        ),
        (
            "I was expanding it without properly accounting for the sign of each term.",
            "Accounting",
        ),
        (
            "I want to model the mortgage payments as an arithmetic series.",
            "Mortgage",
        ),
        (
            "I'm trying to extract skills, certifications and job titles from resumes.",
            "Certifications",
        ),
        ("I have a loan repayment problem with twelve terms.", "Loans and Debt"),
        ("I use Redux for state management.", "Management"),
        ("Which secrets management service is easiest?", "Management"),
        ("I've tried increasing the pool size to 20 connections.", "Swimming"),
        (
            "I'm using python-dotenv for environment variable management.",
            "Environmentalism",
        ),
        ("I'm trying to fix it by using a context manager.", "Management"),
        (
            "I'm experiencing issues with connection pool exhaustion in my database.",
            "Fatigue",
        ),
        (
            "I've been experiencing some issues with Redis connection pool exhaustion.",
            "Swimming",
        ),
        (
            "I'm trying to implement the engagement metrics collection for Twitter.",
            "Marriage",
        ),
        (
            "I've had issues with my Redis caching for image and caption management.",
            "Management",
        ),
        (
            "I'm working on optimizing memory management for my scheduling service.",
            "Management",
        ),
        (
            "I'm experiencing a memory leak in my image processing pipeline.",
            "Home Repairs",
        ),
        ("We looked at the family album together last night.", "Music Listening"),
        (
            "I'm worried about potential issues with package versions or missing dependencies.",
            "Anxiety",
        ),
        ("The dashboard should show upload counts and login history.", "History"),
    ] {
        let found = senses_in(s, s);
        assert!(!found.iter().any(|g| g == not), "{s}: {found:?}");
    }
    for (s, filed) in [
        ("I went for a run this morning.", "Running"),
        ("I run every morning before breakfast.", "Running"),
        ("We spent the afternoon at the swimming pool.", "Swimming"),
        ("My manager yelled at me again.", "Management"),
        ("My office manager yelled at me again.", "Management"),
        ("We're just going to walk around Shinjuku and eat.", "Walking"),
        ("I was so exhausted after the surgery and the operation.", "Surgery"),
        ("Our basement had a leak after the storm.", "Home Repairs"),
        ("I've been listening to their new album all week.", "Music Listening"),
        ("I'm reading a book about Roman history.", "History"),
        ("I've been so worried and anxious lately.", "Anxiety"),
        ("I'm worried about my mom's health.", "Anxiety"),
    ] {
        let found = senses_in(s, s);
        assert!(found.iter().any(|g| g == filed), "{s}: {found:?}");
    }
}

#[test]
fn a_second_sense_rule_leaves_the_filed_sense_where_grammar_says_so() {
    for s in [
        "I'm not going to tell work until I have an offer.",
        "Work calmed down a bit, they hired one person.",
        "She still says no barbell work until August.",
    ] {
        let found = senses_in(s, s);
        assert!(found.iter().any(|g| g == "Employment"), "{s}: {found:?}");
    }
}

#[test]
fn a_verb_before_a_colon_takes_what_follows_as_its_object() {
    let lex = Lexicon::builtin();
    let text = "I'll navigate to the project directory and run:\n\n```bash\npytest tests/\n```\n\nI'll let you know.";
    let found = crate::rules::english::extract::entities(lex, text);
    assert!(!found.contains("Running"), "{found}");
    let found = crate::rules::english::extract::entities(lex, "I went for a run this morning, then swam.");
    assert!(found.contains("Swimming"), "{found}");
}

#[test]
fn an_idiom_keeps_its_own_meaning_even_at_the_gym() {
    for s in [
        "I finally got the new release up and running.",
        "Sorry, I'm running late today.",
        "We're running low on protein powder.",
        "The exam was a walk in the park.",
        "I did a dry run of the presentation.",
    ] {
        let found = senses_in(s, GYM);
        assert!(
            !found.iter().any(|g| ["Walking", "Running"].contains(&g.as_str())),
            "{s}: {found:?}"
        );
    }
    assert!(senses_in("I went running in the park this morning.", GYM).contains(&"Running".to_string()));
}

#[test]
fn a_subject_of_study_is_placed_under_it_not_beside_code() {
    for (p, s) in [
        (
            "Geometric Series",
            "I've been working on some geometric series problems.",
        ),
        ("Sigma Notation", "I'm trying to understand sigma notation."),
        (
            "Geometric Sequence",
            "I need help solving a problem involving a geometric sequence.",
        ),
    ] {
        assert_eq!(place(p, s, STUDY, false), Some(("Work and Study", "Education")), "{p}");
    }
}

#[test]
fn a_phrase_keeps_the_capitals_its_words_are_written_with() {
    let found = phrases("I mount the SQLite volume in Compose. The SQLite volume fills up every night.");
    assert!(found.iter().any(|p| p.name == "SQLite Volume"), "{found:?}");
}

#[test]
fn breathing_exercises_calm_rather_than_train() {
    let found = senses_in(
        "I've been using breathing exercises daily since November to manage stress.",
        GYM,
    );
    assert!(found.contains(&"Breathing Exercises".to_string()), "{found:?}");
    assert!(!found.contains(&"Workouts".to_string()), "{found:?}");
    for s in [
        "I'll practice deep breathing exercises when I feel anxious.",
        "What specific mindfulness exercises do you recommend for managing work stress?",
    ] {
        let found = senses_in(s, GYM);
        assert!(
            !found.is_empty() && !found.contains(&"Workouts".to_string()),
            "{s}: {found:?}"
        );
    }
    assert!(senses_in("I did my exercises this morning.", GYM).contains(&"Workouts".to_string()));
}

#[test]
fn a_memorial_service_is_mourning_not_sightseeing() {
    let found = senses_in("I'm planning a memorial service for my uncle next month.", GYM);
    assert!(
        found.contains(&"Grief".to_string()) && !found.contains(&"Landmarks and Temples".to_string()),
        "{found:?}"
    );
}
