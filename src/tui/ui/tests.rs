//! Screen snapshots on TestBackend, built from the hand-made fixture memories
//! (`app::fixture`): the full screen and every pane (maximised) at the first RK1 and RK2
//! firings and at head, at 80×24 and 160×48, then the popups and banners. No model wrote a word
//! of them, so a change in the offline model's wording re-snaps none of these; the few
//! full-replay goldens are in `golden_tests`. Monochrome theme, so the diff markers and
//! highlights are visible as text.

use super::render;
use crate::tui::action::Action;
use crate::tui::app::App;
use crate::tui::app::fixture::{self, Variant};
use crate::tui::app::tests::Harness;
use crate::tui::focus::Focus;
use crate::tui::msg::Msg;
use crossterm::event::{KeyCode, KeyEvent};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use rgmem::event::{Event, Operator};
use rgmem::ids::Seq;

pub(super) const SIZES: [(u16, u16); 2] = [(80, 24), (160, 48)];

pub(crate) fn screen(app: &mut App, w: u16, h: u16) -> String {
    app.size = (w, h);
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| render(f, app)).unwrap();
    // Draw twice: the tree widget learns its rows on the first pass.
    terminal.draw(|f| render(f, app)).unwrap();
    terminal.backend().to_string()
}

/// A fixture's screen, checked first to hold no model's words: the evidence pane's preview of
/// an open segment is the one place the app runs the offline model itself, so a fixture screen
/// is drawn only where no segment is open and nothing was previewed.
pub(super) fn fixture_screen(app: &mut App, w: u16, h: u16) -> String {
    let at = app.timeline.cursor();
    assert!(
        app.timeline.memory().open_segment.is_empty(),
        "the fixture leaves no segment open at {at}"
    );
    assert_eq!(app.views.pending, Default::default(), "nothing previewed at {at}");
    assert!(app.views.latest.is_none(), "nothing previewed at {at}");
    screen(app, w, h)
}

/// The first firing of an operator.
pub(super) fn first(h: &Harness, operator: Operator) -> Seq {
    h.app
        .timeline
        .records()
        .find(|r| r.event.operator() == Some(operator))
        .unwrap()
        .seq
}

/// Positions: the first RK1 firing (its relation flashes), the first RK2 firing, and head.
fn positions(h: &Harness) -> Vec<(&'static str, Seq)> {
    vec![
        ("first_rk1", first(h, Operator::Rk1)),
        ("first_rk2", first(h, Operator::Rk2)),
        ("head", h.app.timeline.head()),
    ]
}

/// The path of concept names from the root to `name`, as tree ids.
pub(super) fn path_to(h: &Harness, name: &str) -> Vec<u32> {
    let m = h.app.timeline.memory();
    let mut id = m.concepts.iter().find(|c| c.name == name).unwrap().id;
    let mut path = vec![id.0];
    while let Some(p) = m.concept(id).parent {
        path.insert(0, p.0);
        id = p;
    }
    path
}

fn command(h: &mut Harness, line: &str) {
    h.act(Action::OpenCommand);
    for ch in line.chars() {
        h.send(Msg::Key(KeyEvent::from(KeyCode::Char(ch))));
    }
    h.send(Msg::Key(KeyEvent::from(KeyCode::Enter)));
}

#[test]
fn full_screen_and_every_pane_at_several_log_positions() {
    let mut h = fixture::open(Variant::Plain);
    for (name, seq) in positions(&h) {
        h.app.seek(seq);
        for (w, ht) in SIZES {
            h.app.maximised = false;
            h.app.focus = Focus::Timeline;
            insta::assert_snapshot!(format!("full_{name}_{w}x{ht}"), fixture_screen(&mut h.app, w, ht));
            for focus in Focus::ORDER {
                h.app.focus = focus;
                h.app.maximised = true;
                let pane = format!("{focus:?}").to_lowercase();
                insta::assert_snapshot!(format!("{pane}_{name}_{w}x{ht}"), fixture_screen(&mut h.app, w, ht));
            }
        }
    }
}

#[test]
fn concept_detail_help_and_confirm_screens() {
    let mut h = fixture::open(Variant::Plain);
    let path = path_to(&h, "Fitness");
    h.app.tree_state.select(path);
    h.app.focus = Focus::Tree;
    h.app.concept_detail = true;
    for (w, ht) in SIZES {
        insta::assert_snapshot!(format!("concept_detail_{w}x{ht}"), fixture_screen(&mut h.app, w, ht));
    }
    h.app.concept_detail = false;

    h.app.focus = Focus::Timeline;
    h.act(Action::ToggleHelp);
    insta::assert_snapshot!("help_80x24", fixture_screen(&mut h.app, 80, 24));
    insta::assert_snapshot!("help_160x48", fixture_screen(&mut h.app, 160, 48));
    h.act(Action::ToggleHelp);

    h.act(Action::StepBack);
    h.act(Action::Rollback);
    insta::assert_snapshot!("confirm_rollback_80x24", fixture_screen(&mut h.app, 80, 24));
}

#[test]
fn the_approval_screen_lists_the_pending_proposal() {
    let mut h = fixture::open(Variant::Approval);
    assert_eq!(h.app.mode(), "approval");
    assert_eq!(h.app.views.proposals.len(), 1, "RK2's result waits for a decision");
    for (w, ht) in SIZES {
        insta::assert_snapshot!(format!("approval_{w}x{ht}"), fixture_screen(&mut h.app, w, ht));
    }
}

#[test]
fn the_diff_pane_colours_added_and_removed_words() {
    let mut h = fixture::open(Variant::Plain);
    h.app.theme = crate::tui::theme::Theme::colored();
    let rk2 = first(&h, Operator::Rk2);
    h.app.seek(rk2);
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
    let mut h = fixture::open(Variant::Plain);
    command(&mut h, "rollback 40O");
    insta::assert_snapshot!("error_malformed_rollback_80x24", fixture_screen(&mut h.app, 80, 24));
    command(&mut h, "messages");
    insta::assert_snapshot!("messages_80x24", fixture_screen(&mut h.app, 80, 24));
}

/// The start-up check's banner stays on its own line until a reply arrives.
#[test]
fn an_unreachable_model_server_gets_a_banner() {
    let mut h = fixture::open(Variant::Plain);
    h.app.model = "openai:qwen2.5-coder-1.5b".into();
    h.app.update(Msg::Engine(crate::tui::msg::EngineUpdate::Endpoint {
        problem: Some("cannot connect to http://127.0.0.1:8080/v1 (Connection refused (os error 111))".into()),
    }));
    insta::assert_snapshot!("banner_unreachable_80x24", fixture_screen(&mut h.app, 80, 24));
    // A key clears notices, never the banner.
    h.send(Msg::Key(KeyEvent::from(KeyCode::Left)));
    assert!(h.app.message().is_some_and(|(t, e)| e && t.contains("unreachable")));
}

/// The point of the fixtures: every text they show was typed in the test. The log a fixture
/// writes folds back to the memory its events make by hand; each model call in it is the
/// fixture's own; the engine it opens with panics if asked; and `fixture_screen` draws only where
/// the app's own offline preview has nothing to read.
#[test]
fn fixture_screens_hold_no_model_written_text() {
    for variant in [Variant::Plain, Variant::Approval, Variant::Branched] {
        let h = fixture::open(variant);
        assert_eq!(h.engine.memory(), &fixture::story(variant).memory, "{variant:?}");
        assert_eq!(
            h.app.timeline.memory(),
            h.engine.memory(),
            "{variant:?} opens at its head"
        );
        let calls: Vec<String> = h
            .app
            .timeline
            .records()
            .filter_map(|r| match &r.event {
                Event::ModelCalled { model, .. } => Some(model.clone()),
                _ => None,
            })
            .collect();
        assert!(
            !calls.is_empty() && calls.iter().all(|m| m == "fixture"),
            "{variant:?}: {calls:?}"
        );
    }
}
