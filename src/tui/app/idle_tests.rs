//! Issue 26, live chat: a segment closes when the person stops typing, so a hobby said θ_inf
//! times in separate answered messages fires RK1 on the θ_inf-th; replays keep the paper's
//! segmentation, and opening an old memory to browse never writes to it. Time is `Msg::Tick`s.

use super::idle_close::DEFAULT_IDLE_CLOSE;
use super::live_tests::{live, say};
use super::tests::Harness;
use super::*;
use crate::tui::command::{Command, EngineRequest};
use std::time::Duration;

fn rk1_count(h: &Harness) -> u32 {
    h.app.timeline.head_memory().firings[0]
}

fn open(h: &Harness) -> bool {
    !h.app.timeline.head_memory().open_segment.is_empty()
}

fn tick(h: &mut Harness, d: Duration) -> Vec<Command> {
    h.send(Msg::Tick(d))
}

fn closes(commands: &[Command]) -> bool {
    commands.contains(&Command::Engine(EngineRequest::CloseSegment))
}

fn command(h: &mut Harness, line: &str) {
    say(h, &format!(":{line}"));
}

#[test]
fn a_hobby_said_three_times_fires_rk1_on_the_third_answered_message() {
    let mut h = live();
    assert_eq!(h.app.timeline.head_memory().thresholds.theta_inf, 3);
    let messages = [
        "I started bouldering at the climbing gym this week.",
        "Bouldering again tonight at the climbing gym, my forearms are gone.",
        "More bouldering at the climbing gym with Sam, I sent my first V3.",
    ];
    for (i, text) in messages.iter().enumerate() {
        say(&mut h, text);
        assert!(open(&h), "message {i} waits in the open segment");
        assert!(!closes(&tick(&mut h, DEFAULT_IDLE_CLOSE / 2)), "not before the gap");
        assert!(
            closes(&tick(&mut h, DEFAULT_IDLE_CLOSE / 2)),
            "message {i} closes after the gap"
        );
        assert!(!open(&h), "message {i} is counted");
        let fired = rk1_count(&h);
        if i < 2 {
            assert_eq!(fired, 0, "no RK1 after message {i}");
        } else {
            let targets: Vec<String> = h
                .app
                .timeline
                .records()
                .filter_map(|r| match r.event {
                    rgmem::event::Event::OperatorFired {
                        operator: rgmem::event::Operator::Rk1,
                        target,
                        ..
                    } => Some(target),
                    _ => None,
                })
                .collect();
            assert!(
                fired >= 1 && targets.iter().any(|t| t.contains("Climbing")),
                "RK1 fired on climbing with the third message: {targets:?}"
            );
        }
        assert!(!closes(&tick(&mut h, DEFAULT_IDLE_CLOSE * 2)), "nothing more to close");
    }
    let notice = h.app.notice.clone().unwrap_or_default();
    assert!(
        notice.starts_with("segment closed after 4 s without typing"),
        "{notice}"
    );
}

#[test]
fn typing_keeps_the_segment_open_and_the_gap_is_settable() {
    let mut h = live();
    say(&mut h, "I swim at the pool on Mondays.");
    tick(&mut h, DEFAULT_IDLE_CLOSE - Duration::from_millis(100));
    h.send(Msg::Key(KeyEvent::from(KeyCode::Char('I'))));
    assert!(!closes(&tick(&mut h, Duration::from_secs(1))), "a key restarts the gap");
    h.send(Msg::Key(KeyEvent::from(KeyCode::Backspace)));
    command(&mut h, "idle 0");
    assert!(
        !closes(&tick(&mut h, Duration::from_secs(60))),
        ":idle 0 never closes on idle"
    );
    assert!(open(&h));
    command(&mut h, "close");
    assert!(!open(&h), ":close closes now");
    command(&mut h, "close");
    assert!(
        h.app
            .notice
            .as_deref()
            .is_some_and(|n| n.starts_with("no open segment"))
    );
    command(&mut h, "idle 1");
    say(&mut h, "I swim at the pool on Fridays too.");
    assert!(
        closes(&tick(&mut h, Duration::from_secs(1))),
        ":idle 1 closes after a second"
    );
}

#[test]
fn replays_and_browsing_never_close_on_idle() {
    let mut h = Harness::new(false);
    h.act(crate::tui::action::Action::ReplayStep);
    assert!(open(&h));
    assert!(
        !closes(&tick(&mut h, Duration::from_secs(60))),
        "a replay keeps its segmentation"
    );

    // An old memory with an open segment, opened to browse: nothing is written.
    let mut h = live();
    say(&mut h, "I swim at the pool on Mondays.");
    let records = h.engine.log().all().unwrap();
    let mut app = App::new(Options::default());
    app.update(Msg::Engine(crate::tui::msg::EngineUpdate::Loaded {
        records,
        approve: false,
    }));
    assert!(!app.timeline.head_memory().open_segment.is_empty());
    assert!(!closes(&app.update(Msg::Tick(Duration::from_secs(60)))));
}
