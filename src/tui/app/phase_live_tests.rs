//! The phase view over a live chat (the conversation typed so far, segmented where the chat
//! closed its segments), and the question it asks before a sweep that would call the model.

use super::idle_close::DEFAULT_IDLE_CLOSE;
use super::live_tests::{live, say};
use super::phase_tests::{requested, run};
use super::*;
use crate::tui::msg::EngineUpdate;

const HOBBY: [&str; 3] = [
    "I started bouldering at the climbing gym this week.",
    "Bouldering again tonight at the climbing gym, my forearms are gone.",
    "More bouldering at the climbing gym with Sam, I sent my first V3.",
];

/// Three answered messages about a new hobby, each closed on idle (RK1 fires on the third).
fn chatted() -> super::tests::Harness {
    let mut h = live();
    for text in HOBBY {
        say(&mut h, text);
        h.send(Msg::Tick(DEFAULT_IDLE_CLOSE));
    }
    assert!(h.app.timeline.head_memory().open_segment.is_empty());
    h
}

#[test]
fn phase_sweeps_the_live_chat_segmented_as_it_was_and_its_own_theta_matches_the_live_memory() {
    let mut h = chatted();
    let live_rk1 = h.app.timeline.head_memory().firings[0];
    assert!(live_rk1 >= 1, "RK1 fired in the chat");
    let request = requested(&h.send(Msg::Action(crate::tui::action::Action::OpenPhase)));
    let turns = h.app.timeline.head_memory().turns.len();
    assert_eq!(request.turns.len(), turns, "the conversation so far, both speakers");
    assert!(request.truth.is_none());
    assert_eq!(
        request.closes.len(),
        HOBBY.len(),
        "one close per answered message: {:?}",
        request.closes
    );
    assert_eq!(request.closes.last(), Some(&(turns - 1)));
    let view = h.app.phase.as_ref().expect("the view opens");
    assert_eq!(view.over, format!("the live chat ({turns} turns)"));
    for update in run(&request) {
        h.send(Msg::Engine(EngineUpdate::Phase(update)));
    }
    let view = h.app.phase.as_ref().unwrap();
    assert!(!view.running && view.stopped.is_none(), "{:?}", view.stopped);
    let rk1 = |theta: u32| {
        view.runs
            .iter()
            .find(|(p, _)| p.theta_inf == theta)
            .map(|(p, _)| p.rk1)
            .unwrap()
    };
    assert_eq!(rk1(3), live_rk1, "the sweep at the chat's θ fires what the chat fired");
    assert!(rk1(1) > rk1(3), "lower θ fires more");
    assert_eq!(rk1(4), 0, "three mentions never reach θ_inf 4");
}

#[test]
fn a_sweep_that_would_call_the_model_asks_first() {
    let mut h = chatted();
    h.app.sweep_calls = Some("openai:gpt-4o-mini".into());
    let commands = h.send(Msg::Action(crate::tui::action::Action::OpenPhase));
    assert!(
        !commands.iter().any(|c| matches!(c, Command::Sweep(_))),
        "nothing runs before the answer: {commands:?}"
    );
    assert!(h.app.phase.is_none());
    assert_eq!(h.app.confirm, Some(Confirm::Sweep(1, 8)));
    let (title, question) = h.app.confirm_text(Confirm::Sweep(1, 8));
    assert_eq!(title, "Sweep with the model?");
    assert!(
        question.contains("openai:gpt-4o-mini") && question.contains("recorded are reused"),
        "{question}"
    );
    let commands = h.send(Msg::Key(KeyEvent::from(KeyCode::Char('n'))));
    assert!(commands.is_empty() && h.app.phase.is_none() && h.app.confirm.is_none());
    h.send(Msg::Action(crate::tui::action::Action::OpenPhase));
    let commands = h.send(Msg::Key(KeyEvent::from(KeyCode::Char('y'))));
    let request = requested(&commands);
    assert_eq!(request.thetas, (1..=8).collect::<Vec<_>>());
    let view = h.app.phase.as_ref().expect("y opens the view");
    assert!(view.running);
    assert!(
        view.over.ends_with("recorded replies, else openai:gpt-4o-mini"),
        "the view says where replies come from: {}",
        view.over
    );
}
