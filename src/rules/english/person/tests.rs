//! Tests of the third person: agreement, possessives, "we", a second "I", pronouns.

use super::*;

#[test]
fn a_self_introduction_names_the_person_once() {
    assert_eq!(
        third_person("I'm Priya, 34, and I just bought a house in Leeds.", "Priya", None),
        "Priya is 34, and Priya just bought a house in Leeds."
    );
    assert_eq!(
        third_person("I am Jonas, a nurse from Bergen.", "Jonas", None),
        "Jonas is a nurse from Bergen."
    );
    assert_eq!(
        third_person("I'm Meghan Fowler, and I'm looking for honest advice.", "Meghan", None),
        "Meghan is looking for honest advice."
    );
    assert_eq!(
        third_person("I'm Meghan, and I need a plan.", "Meghan", None),
        "Meghan needs a plan."
    );
    // A name that is not the person's stays as said.
    assert_eq!(
        third_person("I'm Sam, remember?", "Alex", None),
        "Alex is Sam, remember?"
    );
}

#[test]
fn subject_verb_and_possessives_agree() {
    assert_eq!(
        third_person("I hurt my back, so I'm resting.", "Alex", None),
        "Alex hurt their back, so Alex is resting."
    );
    assert_eq!(
        third_person("I quit the hospital job, by the way.", "Nadia", None),
        "Nadia quit the hospital job, by the way."
    );
    assert_eq!(
        third_person("I write my own these days.", "Alex", None),
        "Alex writes their own these days."
    );
    assert_eq!(
        third_person("I swim three times a week.", "Sam", None),
        "Sam swims three times a week."
    );
    assert_eq!(
        third_person("I work from 8 AM to 12 PM, and I am tired.", "Sam", None),
        "Sam works from 8 AM to 12 PM, and Sam is tired."
    );
    assert_eq!(
        third_person("She said I need to cut down on red meat.", "Sam", Some("Sam's doctor")),
        "Sam's doctor said Sam needs to cut down on red meat."
    );
    assert_eq!(
        third_person("My physio says I really like to go and I don't rest.", "Alex", None),
        "Alex's physio says Alex really likes to go and Alex doesn't rest."
    );
    assert_eq!(
        third_person("I study and I try and I go and I watch TV.", "Kim", None),
        "Kim studies and Kim tries and Kim goes and Kim watches TV."
    );
    // A verb coordinated without its own "I" is the person's too.
    assert_eq!(
        third_person(
            "I get too caught up in my studies and forget to prioritize self-care.",
            "Jo",
            None
        ),
        "Jo gets too caught up in their studies and forgets to prioritize self-care."
    );
    assert_eq!(
        third_person("I've been lifting and I went home.", "Alex", None),
        "Alex has been lifting and Alex went home."
    );
    assert_eq!(
        third_person("I read novels before bed.", "Jo", None),
        "Jo reads novels before bed."
    );
    assert_eq!(
        third_person("The power went out, so I read by candlelight.", "Jo", None),
        "The power went out, so Jo read by candlelight."
    );
    assert_eq!(
        third_person("I meal prep on Sundays.", "Alex", None),
        "Alex meal preps on Sundays."
    );
    assert_eq!(third_person("I work from home.", "Alex", None), "Alex works from home.");
    assert_eq!(
        third_person("I agreed to start monthly reviews, and I need a plan.", "Dana", None),
        "Dana agreed to start monthly reviews, and Dana needs a plan."
    );
    // An auxiliary before "I" has agreed already: the verb after stays bare.
    assert_eq!(
        third_person("How can I ensure I stick to it every day?", "Dana", None),
        "How can Dana ensure they stick to it every day?"
    );
    assert_eq!(
        third_person("Should I tell my boss?", "Dana", None),
        "Should Dana tell their boss?"
    );
}

#[test]
fn we_becomes_the_person_and_others() {
    assert_eq!(
        first_plural("We went camping and our tent leaked on us.", "Mel", None),
        "Mel and others went camping and their tent leaked on them."
    );
    assert_eq!(
        first_plural("Our dog loves it, we're thrilled.", "Mel", Some("their husband")),
        "Mel's dog loves it, Mel and their husband are thrilled."
    );
    // What "we" share "together" is the group's, not the person's alone.
    assert_eq!(
        first_plural("My snakes can't chat, but our time together is valuable.", "Jo", None),
        "My snakes can't chat, but their time together is valuable."
    );
    assert_eq!(
        first_plural("I'm kinda worried about our financial planning.", "Mike", None),
        "I'm kinda worried about their financial planning."
    );
    let seen = mentions("My wife cooked.", "Sam", true);
    assert_eq!(companion(&seen, "Sam").as_deref(), Some("their wife"));
}

#[test]
fn pronouns_resolve_only_when_one_person_fits() {
    let seg = mentions("The physio added some band exercises.", "Alex", true);
    assert_eq!(resolve_pronoun("she", &seg), Some("Alex's physio"));
    let two = [
        mentions("My wife and my doctor agree.", "Sam", true),
        mentions("My sister too.", "Sam", true),
    ]
    .concat();
    assert_eq!(resolve_pronoun("she", &two), None);
    assert_eq!(resolve_pronoun("he", &mentions("My wife cooks.", "Sam", true)), None);
    assert_eq!(
        third_person("She's been cooking lentils.", "Sam", Some("Sam's wife")),
        "Sam's wife has been cooking lentils."
    );
}

#[test]
fn a_second_i_in_what_the_person_thinks_or_says_is_they() {
    assert_eq!(
        third_person("I think I will start with a broad-market fund.", "Ana", None),
        "Ana thinks they will start with a broad-market fund."
    );
    assert_eq!(
        third_person("I'm sure that I'm ready, and I passed the test.", "Ana", None),
        "Ana is sure that they are ready, and Ana passed the test."
    );
    // "They" takes a plural verb.
    assert_eq!(
        third_person("I'm glad I was able to get an extension.", "Ana", None),
        "Ana is glad they were able to get an extension."
    );
    assert_eq!(
        third_person("I think I am ready, but I hope I wasn't too quick.", "Ana", None),
        "Ana thinks they are ready, but Ana hopes they weren't too quick."
    );
    // So is one that opens a clause of time, cause or manner.
    assert_eq!(
        third_person("I started when I was young and I still love it.", "Ana", None),
        "Ana started when they were young and Ana still loves it."
    );
    assert_eq!(
        third_person("I want to help others like I was helped.", "Ana", None),
        "Ana wants to help others like they were helped."
    );
    // A new sentence names the person again.
    assert_eq!(
        third_person("I said it. I think so.", "Ana", None),
        "Ana said it. Ana thinks so."
    );
}
