//! Words with a technical sense, on sentences written for the purpose: in a sentence about code
//! and in a passage about code, a word of running a program takes that sense and a phrase is
//! part of the software; elsewhere a life's words keep theirs.

use super::place::place;
use super::tests::{GYM, senses_in};

#[test]
fn in_a_sentence_about_code_a_word_of_two_senses_takes_the_technical_one() {
    // Said in a chat about posting photos to social media, which is no code setting by itself.
    let social = "I post photos to Instagram and Facebook every day and my followers like them.";
    for (s, not) in [
        (
            "I've been reading the Instagram API documentation all morning.",
            "Reading",
        ),
        ("How do I modify my existing test code to run in parallel?", "Running"),
        (
            "What's the best way to keep the Docker container running overnight?",
            "Running",
        ),
        ("Would the same config work on the staging server?", "Employment"),
        ("How do I keep my project maintainable in the long run?", "Running"),
        (
            "I want to be sure I'm using the right tools for the job here.",
            "Employment",
        ),
        ("How do I post the photo through the API with a caption?", "Photography"),
        (
            "I've set up the event bus with a Lambda function for status updates.",
            "Public Transit",
        ),
    ] {
        let found = senses_in(s, &format!("{social} {s}"));
        assert!(!found.iter().any(|g| g == not), "{s}: {found:?}");
    }
    // A sentence that speaks for the filed sense keeps it, code or not.
    for s in [
        "I went running at the park after I pushed my code.",
        "I ran a half marathon and a 10k race before I pushed my code.",
        "I went for a run and then a swim before I pushed my code.",
    ] {
        assert!(senses_in(s, GYM).iter().any(|g| g == "Running"), "{s}");
    }
    // Away from code a photo is still a photograph, and a bus a bus.
    let trip = "We spent the weekend at the lake with the kids and went hiking twice.";
    for (s, filed) in [
        ("I took this photo at the lake last weekend.", "Photography"),
        ("I took the bus to the lake.", "Public Transit"),
    ] {
        assert!(senses_in(s, trip).iter().any(|g| g == filed), "{s}");
    }
}

#[test]
fn a_review_of_systems_is_no_accounting() {
    let work = "I run the backend team and we ship the web app every two weeks.";
    for s in [
        "I finished the data privacy audit on Monday.",
        "The security audit found two problems with the login.",
    ] {
        assert!(!senses_in(s, work).iter().any(|g| g == "Accounting"), "{s}");
    }
    // A tax audit with one's accountant is about taxes: the accountant's job is not the speaker's.
    let taxes = senses_in("Our tax audit is next month and my accountant is nervous.", work);
    assert!(taxes.iter().any(|g| g == "Taxes"), "{taxes:?}");
    assert!(!taxes.iter().any(|g| g == "Accounting"), "{taxes:?}");
    assert!(
        senses_in("I'm an accountant and the audit season starts next month.", work)
            .iter()
            .any(|g| g == "Accounting")
    );
}

/// A passage about a program: three different words of software.
const CODE: &str =
    "I'm automating social media posts with Tweepy; the API client and my Python script run in a Docker container.";

#[test]
fn in_a_passage_about_code_a_word_with_a_technical_sense_takes_it() {
    for s in [
        "hmm, can I customize the pre-commit hooks to only run on certain files?",
        "hmm, what happens if I hit the rate limits during actual operation, not just testing?",
        "I've tried using the library, but I'm not sure how to properly implement the lock.",
        "But I'm getting an error when trying to post the photo, and I'm not sure how to fix it.",
    ] {
        let found = senses_in(s, CODE);
        assert!(
            !found
                .iter()
                .any(|g| ["Running", "Surgery", "Reading", "Photography"].contains(&g.as_str())),
            "{s}: {found:?}"
        );
    }
    // One word of software said in passing leaves a life's words in their sense.
    assert_eq!(
        senses_in(
            "I went running before I opened the app.",
            "I went running, then opened the app."
        ),
        ["Running"]
    );
    // A library of books and a photo taken are themselves where nothing speaks of code.
    assert_eq!(senses_in("I spent the afternoon at the library.", GYM), ["Reading"]);
    assert!(senses_in("I took a photo of the sunset.", GYM).contains(&"Photography".to_string()));
    // Colour coding is a way of labelling, not programming.
    assert!(senses_in("Clear labels and color coding will keep the pantry organized.", GYM).is_empty());
    let coding = "I've been coding a small game in the evenings.";
    assert_eq!(senses_in(coding, coding), ["Programming"]);
    // An online course is studied, whatever it teaches.
    assert_eq!(
        senses_in("I'm starting an online course on emotional intelligence.", GYM),
        ["Online Courses"]
    );
    // "juggling deadlines" is handling them at once.
    let found = senses_in(
        "What if I need to make a quick decision on investments while juggling writing deadlines?",
        "I'm investing $500 a month in index funds and my Roth IRA, and I track my budget and savings.",
    );
    assert!(!found.contains(&"Juggling and Magic".to_string()), "{found:?}");
    assert_eq!(
        senses_in("I've been juggling three balls in the park.", GYM),
        ["Juggling and Magic"]
    );
}

#[test]
fn in_a_passage_about_code_a_phrase_is_part_of_the_software() {
    for (p, s) in [
        (
            "caching",
            "I've tried to use caching, but it's not working as expected.",
        ),
        (
            "role claims",
            "A user without the required role claims gets a 403 error.",
        ),
        (
            "ruler patterns",
            "I fine-tune entity ruler patterns for skill extraction.",
        ),
        ("time complexity", "I want to reduce the time complexity of the method."),
    ] {
        assert_eq!(
            place(p, s, CODE, false),
            Some(("Work and Study", "Technical Skills")),
            "{p}"
        );
    }
}

#[test]
fn a_name_in_a_passage_about_code_is_software_whatever_life_word_stands_beside_it() {
    let lex = crate::lexicon::Lexicon::builtin();
    let text = format!(
        "{CODE} I'm working on improving the Facebook analytics dashboard with real-time data updates using WebSockets."
    );
    let found = crate::rules::english::extract::entities(lex, &text);
    let paths: Vec<Vec<serde_json::Value>> = serde_json::from_str(&found).unwrap_or_default();
    let websockets = paths
        .iter()
        .find(|p| p.last().is_some_and(|n| n["name"] == "WebSockets"))
        .unwrap_or_else(|| panic!("WebSockets is a phrase of the passage: {found}"));
    assert!(
        !websockets.iter().any(|n| n["name"] == "Social Media"),
        "WebSockets is no social medium: {found}"
    );
}

/// The activities of a person's words as entity extraction files them, with the replies they got.
fn filed(said: &str, replies: &str) -> Vec<String> {
    let lex = crate::lexicon::Lexicon::builtin();
    let found = crate::rules::english::extract::entities_in(lex, said, replies);
    let paths: Vec<Vec<serde_json::Value>> = serde_json::from_str(&found).unwrap_or_default();
    paths
        .iter()
        .flatten()
        .filter_map(|n| n["name"].as_str().map(str::to_string))
        .collect()
}

#[test]
fn a_reply_that_shows_code_puts_the_question_it_answers_in_code() {
    let asked = "What happens if I hit the limit during actual operation, not just testing? \
                 The leak is caused by unclosed handles. And what about older clients?";
    let reply = "Retry with a backoff:\n\n```python\nimport time\nimport requests\n\n\
                 def call(url):\n    return requests.get(url, timeout=5)\n```\n\
                 The API answers 429 while the server is busy.";
    // Alone, the question names nothing of software, and its words keep their filed senses.
    let alone = filed(asked, "");
    assert!(alone.iter().any(|g| g == "Surgery"), "{alone:?}");
    let answered = filed(asked, reply);
    for not in ["Surgery", "Home Repairs", "Clients"] {
        assert!(!answered.iter().any(|g| g == not), "{not}: {answered:?}");
    }
    // Advice that says "install", "test" and "implementation" shows no code: a knee operation
    // stays one.
    let knee = "My knee operation is next week and the recovery worries me.";
    let advice = "Install grab bars, test the handrails before you go in, and keep the \
                  documentation from the hospital: the implementation of the plan matters.";
    let kept = filed(knee, advice);
    assert!(kept.iter().any(|g| g == "Surgery"), "{kept:?}");
}

#[test]
fn in_a_passage_about_code_a_word_before_a_measure_is_the_program_s() {
    let reply = "```python\nimport time\ntime.sleep(2)\n```\nThe API allows 100 calls a minute.";
    let got = filed("The sleep delay idea really helps with the rate limits.", reply);
    assert!(!got.iter().any(|g| g == "Sleep"), "{got:?}");
    // Nor is a word that names the program's records or parts.
    for said in [
        "I want to store the job titles and descriptions in one table.",
        "I'm improving the user experience of my job match system.",
    ] {
        let got = filed(said, reply);
        assert!(!got.iter().any(|g| g == "Employment"), "{said}: {got:?}");
    }
    // A person's own sleep is still theirs in the same exchange.
    let got = filed("I barely sleep since the launch, maybe five hours a night.", reply);
    assert!(got.iter().any(|g| g == "Sleep"), "{got:?}");
    let got = filed("I start a new job as a nurse next month.", reply);
    assert!(got.iter().any(|g| g == "Career"), "{got:?}");
}
