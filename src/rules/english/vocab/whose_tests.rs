//! Tests of whose doing a clause tells and what a name is: dotted names, a device or a screen
//! in an app, the people a product serves, a name opening a clause, someone else's child.

use super::phrases::phrases;
use crate::lexicon::Lexicon;

#[test]
fn a_dotted_name_is_one_name_and_no_words() {
    let lex = Lexicon::builtin();
    let text = "The API is running on a single Fly.io machine with 512 MB of RAM.";
    let found = crate::rules::english::extract::entities(lex, text);
    assert!(!found.contains("Flights"), "{found}");
    let names: Vec<String> = phrases(text).into_iter().map(|p| p.name).collect();
    assert_eq!(names, ["Fly.io"]);
    let names: Vec<String> = phrases("The backend is on Node.js, the site serves index.html, e.g. the landing page.")
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(names, ["Node.js"], "a lowercase dotted name is a file's");
    let names: Vec<String> = phrases("The log says Camera.release() was called twice.")
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert!(names.is_empty(), "a call is code: {names:?}");
    // A flight said in words is still one.
    let found = crate::rules::english::extract::entities(lex, "I fly to Lisbon on Friday, e.g. for the conference.");
    assert!(found.contains("Flights"), "{found}");
}

#[test]
fn a_device_in_an_app_and_another_person_s_work_are_none_of_the_speaker_s() {
    let lex = Lexicon::builtin();
    let text = "The app crashes on Android 12 when the camera opens twice in a row. Here's the stack trace: \
                java.lang.IllegalStateException: Camera is being used after Camera.release() was called.";
    let found = crate::rules::english::extract::entities(lex, text);
    assert!(!found.contains("Photography"), "{found}");
    let text = "My cofounder Lena joined this week. I'll redo the onboarding screens in the app, so how should \
                we split the repo access?";
    let found = crate::rules::english::extract::entities(lex, text);
    assert!(!found.contains("Onboarding"), "{found}");
    // The filed senses still hold where nothing speaks for another.
    let found = crate::rules::english::extract::entities(lex, "I bought a new camera for the trip to Iceland.");
    assert!(found.contains("Photography"), "{found}");
    let found = crate::rules::english::extract::entities(lex, "My onboarding at the hospital starts on Monday.");
    assert!(found.contains("Onboarding"), "{found}");
}

#[test]
fn what_the_people_a_product_serves_do_is_not_the_speaker_s_activity() {
    let lex = Lexicon::builtin();
    for s in [
        "Customers paint their own mugs at the cafe.",
        "Students sign up online, then paint in the back room.",
    ] {
        let found = crate::rules::english::extract::entities(lex, s);
        assert!(!found.contains("Painting"), "{s}: {found}");
    }
    // Said with the speaker, it is theirs as well.
    let found = crate::rules::english::extract::entities(lex, "Customers and I paint mugs all day.");
    assert!(found.contains("Painting"), "{found}");
}

#[test]
fn a_name_opening_a_clause_is_no_word() {
    let lex = Lexicon::builtin();
    let found = crate::rules::english::extract::entities(
        lex,
        "We switched from Fly.io to a Hetzner VPS for 9 euros a month, Fly was costing us 38. Deploys go \
         through Kamal now.",
    );
    assert!(!found.contains("Flights"), "{found}");
    assert!(found.contains("Fly.io"), "{found}");
    let found = crate::rules::english::extract::entities(lex, "It was a long week, so I fly to Lisbon on Friday.");
    assert!(found.contains("Flights"), "{found}");
}

#[test]
fn someone_else_s_child_is_no_parenting_of_the_speaker() {
    let lex = Lexicon::builtin();
    for s in [
        "I'm his only child, so I'm the executor.",
        "Your kids are adorable!",
        "Anna's daughter starts school.",
    ] {
        let found = crate::rules::english::extract::entities(lex, s);
        assert!(!found.contains("Parenting"), "{s}: {found}");
    }
    let found = crate::rules::english::extract::entities(lex, "My two kids love the beach.");
    assert!(found.contains("Parenting"), "{found}");
}
