//! Tests of the offline answerer over typed contexts built by hand: each item's speaker, day
//! and slot are read from its fields, so a line rendered any other way answers the same.

use super::short_answer;
use crate::event::Slot;
use crate::model::{AnswerContext, ContextItem, Note, Said, Shows, SlotLine};
use crate::time::Timestamp;

#[test]
fn a_turn_is_read_from_its_fields_not_from_its_line() {
    // The header shows no date: read from the text, the turn would have no day to resolve
    // "yesterday" against.
    let day = Timestamp::from_civil(2023, 5, 8, 15, 0, 0);
    let words = "I went to a LGBTQ support group yesterday.";
    let item = ContextItem {
        group: Some("session 1".into()),
        ..ContextItem::new(
            "Turns",
            format!("Caroline: {words}"),
            Shows::Turn(Said::new("Caroline".into(), day, words.into())),
        )
    };
    let typed = AnswerContext { items: vec![item] };
    let (a, support) = short_answer("When did Caroline go to the LGBTQ support group?", &typed, "Caroline").unwrap();
    assert_eq!(a, "7 May 2023");
    assert_eq!(support, format!("[session 1] Caroline: {words}"));
    let as_text = AnswerContext::from_rendered(&typed.render());
    let from_text = short_answer("When did Caroline go to the LGBTQ support group?", &as_text, "Caroline");
    assert_ne!(from_text.map(|(a, _)| a).as_deref(), Some("7 May 2023"));
}

#[test]
fn a_note_is_read_from_its_day_and_words_not_from_its_line() {
    // The line shows no day: read from the text, the fact would have none.
    let day = Timestamp::from_civil(2023, 5, 8, 0, 0, 0);
    let words = "Caroline went to a LGBTQ support group.";
    let item = ContextItem::new("Facts (L0)", words.into(), Shows::Note(Note::on(day, words.into())));
    let typed = AnswerContext { items: vec![item] };
    let q = "When did Caroline go to the LGBTQ support group?";
    let (a, support) = short_answer(q, &typed, "Caroline").unwrap_or_default();
    assert!(a.contains("8 May 2023"), "{a}");
    assert_eq!(support, words);
    let as_text = AnswerContext::from_rendered(&typed.render());
    let from_text = short_answer(q, &as_text, "Caroline").map(|(a, _)| a);
    assert!(!from_text.is_some_and(|a| a.contains("8 May 2023")));
}

#[test]
fn a_slot_answers_however_its_line_is_rendered() {
    let item = |text: &str| {
        ContextItem::new(
            "Facts (L0)",
            text.into(),
            Shows::Slot(SlotLine {
                slot: Slot::Age,
                who: "Scott".into(),
                of: "Dana".into(),
                value: "12".into(),
                day: Timestamp::from_civil(2024, 3, 15, 0, 0, 0),
                before: vec!["11".into()],
                words: "Scott is 12 (before: 11)".into(),
                answers: None,
            }),
        )
    };
    for text in ["[15 March 2024] Scott is 12 (before: 11)", "Scott: age twelve", ""] {
        let typed = AnswerContext {
            items: vec![item(text)],
        };
        assert_eq!(
            short_answer("How old is Scott?", &typed, "Dana")
                .map(|(a, _)| a)
                .as_deref(),
            Some("12"),
            "{text:?}"
        );
    }
}
