//! Correcting from the Σ/Δ pane: X lists the items of the firing's concept, ↑↓ select, X puts
//! `:correct ITEM ` on the command line, Enter asks, and only y writes `item_corrected`; the
//! item is then gone from the concept's Σ/Δ and the timeline shows the event.

use super::tests::Harness;
use super::*;
use crate::tui::action::Action;
use rgmem::event::{Event, ItemRef, Subject};

fn type_text(h: &mut Harness, text: &str) {
    for ch in text.chars() {
        h.send(Msg::Key(KeyEvent::from(KeyCode::Char(ch))));
    }
}

#[test]
fn x_lists_the_items_asks_for_a_reason_and_writes_only_after_yes() {
    let mut h = Harness::new(false);
    h.play_all();
    // The cursor on the last RK2 firing on a concept.
    let head = h.app.timeline.head();
    let mut seq = head;
    let concept = loop {
        let r = h.app.timeline.entry(seq).unwrap();
        if let Event::OperatorFired {
            subject: Subject::Concept(c),
            operator: rgmem::event::Operator::Rk2,
            ..
        } = r.event
        {
            break c;
        }
        seq = rgmem::ids::Seq(seq.0 - 1);
    };
    h.app.seek(seq);
    h.app.focus = crate::tui::focus::Focus::Diff;
    h.act(Action::Correct);
    let listed = h.app.correction_view().expect("the list is open");
    assert!(
        listed
            .title
            .contains(&h.app.timeline.head_memory().concept(concept).name)
    );
    h.act(Action::Down);
    let picked = h.app.correcting.unwrap();
    assert_eq!(picked.index, 1.min(listed.rows.len().saturating_sub(2)));
    h.act(Action::Correct);
    let Some(Prompt::Command(line)) = h.app.prompt.clone() else {
        panic!("no prompt")
    };
    let id = line.trim_start_matches("correct ").trim().to_string();
    let item = ItemRef::parse(&id).unwrap();
    assert_eq!(item.concept(), Some(concept));
    type_text(&mut h, "it never happened");
    let before = h.engine.log().head();
    h.send(Msg::Key(KeyEvent::from(KeyCode::Enter)));
    assert_eq!(h.app.confirm, Some(Confirm::Correct(item)), "asks first");
    assert_eq!(h.engine.log().head(), before, "nothing written before yes");
    let (_, question) = h.app.confirm_text(Confirm::Correct(item));
    assert!(question.contains("it never happened"), "{question}");
    h.act(Action::ConfirmYes);
    let head = h.engine.log().head();
    assert_eq!(head.0, before.0 + 1);
    let r = h.engine.log().event(head).unwrap();
    assert!(matches!(r.event, Event::ItemCorrected { item: i, .. } if i == item));
    assert_eq!(h.app.timeline.head(), head, "the timeline shows it");
    assert!(h.app.correcting.is_none());
    assert_eq!(h.app.timeline.head_memory().active_corrections().count(), 1);

    // :uncorrect k0 asks, then takes it back.
    h.app.update(Msg::Action(Action::OpenCommand));
    type_text(&mut h, "uncorrect k0");
    h.send(Msg::Key(KeyEvent::from(KeyCode::Enter)));
    assert!(matches!(h.app.confirm, Some(Confirm::Uncorrect(_))));
    h.act(Action::ConfirmYes);
    assert_eq!(h.app.timeline.head_memory().active_corrections().count(), 0);
    assert!(matches!(
        h.engine.log().event(h.engine.log().head()).unwrap().event,
        Event::CorrectionUndone { .. }
    ));
}

#[test]
fn no_is_nothing_written_and_esc_leaves_the_list() {
    let mut h = Harness::new(false);
    h.play_all();
    h.app.focus = crate::tui::focus::Focus::Diff;
    let before = h.engine.log().head();
    h.app.update(Msg::Action(Action::OpenCommand));
    type_text(&mut h, "correct c0/s0 wrong");
    h.send(Msg::Key(KeyEvent::from(KeyCode::Enter)));
    assert!(matches!(h.app.confirm, Some(Confirm::Correct(_))));
    h.act(Action::ConfirmNo);
    assert_eq!(h.engine.log().head(), before);
    h.app.update(Msg::Action(Action::OpenCommand));
    type_text(&mut h, "correct c0/s999 wrong");
    h.send(Msg::Key(KeyEvent::from(KeyCode::Enter)));
    assert!(
        h.app
            .last_error
            .as_deref()
            .unwrap_or_default()
            .contains("no Σ bullet c0/s999")
    );
    assert_eq!(h.app.confirm, None);
}

#[test]
fn a_replacement_follows_the_arrow() {
    let mut h = Harness::new(false);
    h.play_all();
    h.app.focus = crate::tui::focus::Focus::Diff;
    h.app.update(Msg::Action(Action::OpenCommand));
    type_text(&mut h, "correct c0/s0 wrong habit => Alex lifts twice a week.");
    h.send(Msg::Key(KeyEvent::from(KeyCode::Enter)));
    let Some(Confirm::Correct(item)) = h.app.confirm else {
        panic!("no popup")
    };
    let (title, question) = h.app.confirm_text(Confirm::Correct(item));
    assert!(title.starts_with("Replace"), "{title}");
    assert!(question.contains("“Alex lifts twice a week.”"), "{question}");
    h.act(Action::ConfirmYes);
    let bullets = &h
        .app
        .timeline
        .head_memory()
        .concept(rgmem::ids::ConceptId(0))
        .sigma
        .bullets;
    assert_eq!(bullets[0].text, "Alex lifts twice a week.");
}
