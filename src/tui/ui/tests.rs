//! Screen snapshots on TestBackend: the full screen and every pane (maximised), at several
//! positions of the sample session's log, at 80×24 and 160×48. Monochrome theme, so the diff
//! markers and highlights are visible as text.

use super::render;
use crate::tui::action::Action;
use crate::tui::app::App;
use crate::tui::app::tests::Harness;
use crate::tui::focus::Focus;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use rgmem::ids::Seq;

const SIZES: [(u16, u16); 2] = [(80, 24), (160, 48)];

pub(super) fn screen(app: &mut App, w: u16, h: u16) -> String {
    app.size = (w, h);
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| render(f, app)).unwrap();
    // Draw twice: the tree widget learns its rows on the first pass.
    terminal.draw(|f| render(f, app)).unwrap();
    terminal.backend().to_string()
}

fn played() -> Harness {
    let mut h = Harness::new(false);
    h.play_all();
    h
}

/// Positions: the first RK1 firing (its relation flashes), the first RK2 firing, and head.
fn positions(h: &Harness) -> Vec<(&'static str, Seq)> {
    let t = &h.app.timeline;
    let first = t.next_firing(Seq(0)).unwrap();
    let rk2 = t
        .records()
        .find(|r| r.event.operator() == Some(rgmem::event::Operator::Rk2))
        .unwrap()
        .seq;
    vec![("first_rk1", first), ("first_rk2", rk2), ("head", t.head())]
}

#[test]
fn full_screen_and_every_pane_at_several_log_positions() {
    let mut h = played();
    for (name, seq) in positions(&h) {
        h.app.seek(seq);
        for (w, ht) in SIZES {
            h.app.maximised = false;
            h.app.focus = Focus::Timeline;
            insta::assert_snapshot!(format!("full_{name}_{w}x{ht}"), screen(&mut h.app, w, ht));
            for focus in Focus::ORDER {
                h.app.focus = focus;
                h.app.maximised = true;
                let pane = format!("{focus:?}").to_lowercase();
                insta::assert_snapshot!(format!("{pane}_{name}_{w}x{ht}"), screen(&mut h.app, w, ht));
            }
        }
    }
}

#[test]
fn concept_detail_help_confirm_and_approval_screens() {
    let mut h = played();
    let m = h.app.timeline.memory();
    let root = m.roots().next().unwrap().id;
    let health = m.concepts.iter().find(|c| c.name == "Health and Wellness").unwrap().id;
    let fitness = m.concepts.iter().find(|c| c.name == "Fitness").unwrap().id;
    h.app.tree_state.select(vec![root.0, health.0, fitness.0]);
    h.app.focus = Focus::Tree;
    h.app.concept_detail = true;
    insta::assert_snapshot!("concept_detail_160x48", screen(&mut h.app, 160, 48));

    h.app.focus = Focus::Timeline;
    h.act(Action::ToggleHelp);
    insta::assert_snapshot!("help_80x24", screen(&mut h.app, 80, 24));
    insta::assert_snapshot!("help_160x48", screen(&mut h.app, 160, 48));
    h.act(Action::ToggleHelp);

    h.act(Action::StepBack);
    h.act(Action::Rollback);
    insta::assert_snapshot!("confirm_rollback_80x24", screen(&mut h.app, 80, 24));

    let mut a = Harness::new(true);
    a.play_all();
    insta::assert_snapshot!("approval_160x48", screen(&mut a.app, 160, 48));
    insta::assert_snapshot!("approval_80x24", screen(&mut a.app, 80, 24));
}

#[test]
fn the_diff_pane_colours_added_and_removed_words() {
    let mut h = played();
    h.app.theme = crate::tui::theme::Theme::colored();
    let rk2 = positions(&h)[1].1;
    let later = h.app.timeline.next_firing(rk2).unwrap();
    h.app.seek(later);
    h.app.focus = Focus::Diff;
    h.app.maximised = true;
    h.app.size = (160, 48);
    let mut terminal = Terminal::new(TestBackend::new(160, 48)).unwrap();
    terminal.draw(|f| render(f, &mut h.app)).unwrap();
    let buffer = terminal.backend().buffer();
    let theme = h.app.theme;
    let has = |style: ratatui::style::Style| {
        buffer
            .content()
            .iter()
            .any(|c| c.style().fg == style.fg && c.fg == style.fg.unwrap())
    };
    assert!(has(theme.added), "some words are drawn in the added colour");
}

#[test]
fn errors_get_a_line_of_their_own_at_80x24_and_stay_in_messages() {
    use crossterm::event::{KeyCode, KeyEvent};
    let mut h = played();
    h.act(Action::OpenCommand);
    for ch in "rollback 40O".chars() {
        h.send(crate::tui::msg::Msg::Key(KeyEvent::from(KeyCode::Char(ch))));
    }
    h.send(crate::tui::msg::Msg::Key(KeyEvent::from(KeyCode::Enter)));
    insta::assert_snapshot!("error_malformed_rollback_80x24", screen(&mut h.app, 80, 24));
    h.act(Action::OpenCommand);
    for ch in "messages".chars() {
        h.send(crate::tui::msg::Msg::Key(KeyEvent::from(KeyCode::Char(ch))));
    }
    h.send(crate::tui::msg::Msg::Key(KeyEvent::from(KeyCode::Enter)));
    insta::assert_snapshot!("messages_80x24", screen(&mut h.app, 80, 24));
}

/// A live message's mentions show as pending at once, before its segment closes; and the same
/// while stepping by turn through a replay, up to the `due` of the next close.
#[test]
fn pending_mentions_show_in_the_evidence_pane_at_once() {
    let mut h = crate::tui::app::live_tests::live();
    h.app.db = "~/notes/alex/memory.db".into();
    crate::tui::app::live_tests::say(&mut h, "I swim three times a week at the pool.");
    insta::assert_snapshot!("pending_live_80x24", screen(&mut h.app, 80, 24));
    insta::assert_snapshot!("pending_live_160x48", screen(&mut h.app, 160, 48));

    let mut r = Harness::new(false);
    let due = (0..110).find(|_| {
        r.act(Action::ReplayStep);
        r.app.views.evidence.iter().any(|e| e.pending > 0 && e.due())
    });
    assert!(due.is_some(), "a counter becomes due from pending mentions");
    r.app.focus = Focus::Evidence;
    insta::assert_snapshot!("pending_due_80x24", screen(&mut r.app, 80, 24));
}

/// The start-up check's banner stays on its own line until a reply arrives.
#[test]
fn an_unreachable_model_server_gets_a_banner() {
    let mut h = crate::tui::app::live_tests::live();
    h.app.model = "openai:qwen2.5-coder-1.5b".into();
    h.app
        .update(crate::tui::msg::Msg::Engine(crate::tui::msg::EngineUpdate::Endpoint {
            problem: Some("cannot connect to http://127.0.0.1:8080/v1 (Connection refused (os error 111))".into()),
        }));
    insta::assert_snapshot!("banner_unreachable_80x24", screen(&mut h.app, 80, 24));
    // A key clears notices, never the banner.
    h.send(crate::tui::msg::Msg::Key(crossterm::event::KeyEvent::from(
        crossterm::event::KeyCode::Left,
    )));
    assert!(h.app.message().is_some_and(|(t, e)| e && t.contains("unreachable")));
}
