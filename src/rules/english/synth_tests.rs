//! Tests of the offline synthesis: facts, conclusions and what a cue sentence means.

use super::*;

fn lines(text: &str) -> Vec<(String, String)> {
    vec![("Alex".to_string(), text.to_string())]
}

#[test]
fn a_connective_is_dropped_and_a_lone_demonstrative_makes_no_delta_item() {
    assert_eq!(
        without_filler("However, I need to stay under $500 this month."),
        "I need to stay under $500 this month."
    );
    assert!(points_back("I need to apply this to a large dataset."));
    assert!(points_back("I've done these before."));
    assert!(!points_back("I have to avoid stairs this week."));
    let out = synthesize(
        Lexicon::builtin(),
        "Alex",
        None,
        &lines(
            "My knee hurts after running. I have to avoid running this month. I need to apply this to a large dataset.",
        ),
    );
    let salient = out.split("Salient Conclusions:").nth(1).unwrap_or_default();
    assert!(!salient.contains("apply this"), "{out}");
}

#[test]
fn a_taste_of_someone_else_is_no_conclusion_about_the_person() {
    let out = synthesize(
        Lexicon::builtin(),
        "Alex",
        None,
        &lines("I got my sister a pottery class voucher. A pottery class voucher, she's always wanted to try it."),
    );
    assert!(!out.contains("Alex keeps a regular pottery routine"), "{out}");
    assert!(!out.contains("Alex enjoys pottery"), "{out}");
}

#[test]
fn a_fact_states_what_the_person_did_not_remarks_captions_or_wishes_for_the_listener() {
    // A synth prompt's line shows a shared photo as its turn renders it.
    let photo = crate::event::Attachment::Photo {
        caption: "a photo of a dog on a trail".into(),
    }
    .render();
    let said = format!(
        "Creating a family for those kids is so lovely. You'll be an awesome mom! \
         {photo} I adopted a puppy on Sunday."
    );
    let out = synthesize(Lexicon::builtin(), "Alex", None, &lines(&said));
    let fact = out.lines().next().unwrap_or_default();
    assert!(fact.contains("Alex adopted a puppy on Sunday."), "{fact}");
    for not in ["so lovely", "awesome mom", photo.as_str(), "dog on a trail"] {
        assert!(!fact.contains(not), "{not:?} in {fact}");
    }
    let remark = synthesize(Lexicon::builtin(), "Alex", None, &lines("Nice, see ya! Talk later!"));
    assert!(remark.starts_with("Fact: none"), "{remark}");
}

/// A shared photo's caption is no one's words: whatever it shows, it makes no Δ item.
#[test]
fn a_caption_makes_no_delta_item() {
    let photo = crate::event::Attachment::Photo {
        caption: "a photo of a man in a wheelchair after knee surgery".into(),
    }
    .render();
    let out = synthesize(
        Lexicon::builtin(),
        "Alex",
        None,
        &lines(&format!(
            "Look who I visited today! I can't lift anything for six weeks. {photo}"
        )),
    );
    let salient = out.split("Salient Conclusions:").nth(1).unwrap_or_default();
    assert!(!salient.contains("wheelchair"), "{out}");
    assert!(salient.contains("lift"), "the person's own restriction stays: {out}");
}

/// A question that opens with what the asker is ("I'm 60 and earning $85,000, will that be
/// a problem?") has said a great deal: that is the fact, while a bare question yields none.
#[test]
fn a_question_that_discloses_something_yields_a_fact() {
    let out = synthesize(
        Lexicon::builtin(),
        "Alex",
        None,
        &lines("I'm 60 and earning $85,000 as a nurse, will that be a problem for the mortgage?"),
    );
    let fact = out.lines().next().unwrap_or_default();
    assert!(fact.contains("Alex is 60 and earning $85,000 as a nurse."), "{fact}");
    assert!(!fact.contains("mortgage"), "the question is not a fact: {fact}");
    let asked = synthesize(Lexicon::builtin(), "Alex", None, &lines("What should I cook tonight?"));
    assert!(asked.starts_with("Fact: none"), "{asked}");
}

#[test]
fn facts_place_we_and_drop_empty_intensifiers() {
    let out = synthesize(
        Lexicon::builtin(),
        "Alex",
        None,
        &lines("We really loved the hike up Mount Tam with my brother."),
    );
    let fact = out.lines().next().unwrap_or_default();
    assert!(
        fact.contains("Alex and their brother loved the hike up Mount Tam"),
        "{fact}"
    );
    assert!(!fact.contains("really"), "{fact}");
    let meal = synthesize(Lexicon::builtin(), "Alex", None, &lines("I meal prep every Sunday."));
    assert!(meal.contains("Alex meal preps every Sunday."), "{meal}");
}

#[test]
fn pasted_code_and_a_line_that_opens_a_list_state_nothing() {
    let said = "I'm struggling with error handling in my Flask app. Here's my handler:\n\
                ```python\n@app.errorhandler(403)\ndef forbidden_error(e):\n    \
                return jsonify({'error': 'Forbidden'}), 403\n```\nI need it to return JSON.";
    let out = synthesize(Lexicon::builtin(), "Alex", None, &lines(said));
    assert!(out.contains("Alex is struggling with error handling"), "{out}");
    assert!(!out.contains("jsonify") && !out.contains("forbidden_error"), "{out}");
    assert!(!out.contains("handler:"), "{out}");
}

#[test]
fn whoever_a_sentence_names_beside_us_is_not_one_of_us() {
    let out = synthesize(
        Lexicon::builtin(),
        "Alex",
        None,
        &lines("My mom, Katherine, who's 65, lives 12 miles away and visits us twice a month."),
    );
    assert!(out.contains("visits Alex and others twice a month"), "{out}");
    assert!(!out.contains("Alex and their mom"), "{out}");
    let out = synthesize(
        Lexicon::builtin(),
        "Alex",
        None,
        &lines("My husband and I went camping, and we loved it."),
    );
    assert!(out.contains("Alex and their husband loved it"), "{out}");
}

#[test]
fn what_a_sentence_means_names_its_topic_only_in_the_sense_it_is_filed_under() {
    // "walking through" is explaining, "working on a problem" is solving it: neither is a
    // pastime or a job the person plans.
    let out = synthesize(
        Lexicon::builtin(),
        "Alex",
        None,
        &lines("I'm planning on walking through the induction proof again tomorrow with my tutor."),
    );
    assert!(out.contains("induction proof"), "{out}");
    assert!(!out.contains("involve walking"), "{out}");
    // The same cue with a walk in its own sense still says what it means.
    let out = synthesize(
        Lexicon::builtin(),
        "Alex",
        None,
        &lines("I'm planning on walking along the river trail tomorrow with my sister."),
    );
    assert!(out.contains("involve walking"), "{out}");
}

#[test]
fn a_sentence_that_opens_on_the_other_one_stands_for_no_conclusion() {
    let out = synthesize(
        Lexicon::builtin(),
        "Alex",
        None,
        &lines(
            "I am working on two engineering projects this semester. The other is finding ways to supply clean water to those with limited access.",
        ),
    );
    assert!(!out.contains("The other is"), "{out}");
    assert!(out.contains("two engineering projects"), "{out}");
}

#[test]
fn a_sentence_that_names_no_one_is_no_salient_conclusion() {
    let out = synthesize(
        Lexicon::builtin(),
        "Alex",
        None,
        &lines(
            "I switched the scheduler to a priority queue last week. The priority queue can no longer be used to store the old posts.",
        ),
    );
    let salient = out.split("Salient Conclusions:").nth(1).unwrap_or_default();
    assert!(!salient.contains("The priority queue"), "{out}");
}

#[test]
fn a_routine_is_of_something_one_does() {
    let out = synthesize(
        Lexicon::builtin(),
        "Alex",
        None,
        &lines("I go to my support group every week."),
    );
    assert!(!out.contains("support groups routine"), "{out}");
    assert!(out.contains("support group every week"), "{out}");
    let out = synthesize(
        Lexicon::builtin(),
        "Alex",
        None,
        &lines("I meditate every morning before work."),
    );
    assert!(out.contains("keeps a regular meditation routine"), "{out}");
}
