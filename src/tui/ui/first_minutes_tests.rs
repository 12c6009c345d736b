//! Issue 29, the first five minutes in the inspector, as screens at 80×24, 120×40 and 160×48:
//! the status line (whole parts dropped, never a cut word), a paused replay saying how to play,
//! the empty chat's hint, and approval mode before and after an approval that sets off another
//! proposal. Built from the hand-made fixtures, like every screen test but the goldens.

use super::tests::{fixture_screen, screen};
use crate::tui::action::Action;
use crate::tui::app::fixture::{self, Variant};
use crate::tui::app::tests::Harness;
use crate::tui::app::{App, Replay};
use crate::tui::focus::Focus;
use crate::tui::msg::Msg;
use crossterm::event::{KeyCode, KeyEvent};
use rgmem::formats::session::SessionFile;
use rgmem::ids::Seq;

const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (160, 48)];

/// A three-turn session file to replay, paused before its first turn.
fn paused_replay() -> Replay {
    let text = r#"{"rgmem_session": 1, "title": "t", "user": "Zoë"}
{"speaker": "user", "text": "I run three times a week.", "time": "2024-05-03T08:00:00Z", "session": 1}
{"speaker": "assistant", "text": "Nice.", "time": "2024-05-03T08:01:00Z"}
{"speaker": "user", "text": "My ankle hurts.", "time": "2024-05-08T08:00:00Z", "session": 2}
"#;
    let file = SessionFile::parse(text, "zoe_week.jsonl").unwrap();
    Replay::new("zoe_week.jsonl".into(), file.turns, "Zoë".into())
}

/// Puts the app in one state.
type Setup = fn(&mut App);

/// The bottom row of the screen.
fn status_line(app: &mut App, w: u16, h: u16) -> String {
    let text = screen(app, w, h);
    text.lines().last().unwrap().to_string()
}

fn key(h: &mut Harness, ch: char) {
    h.send(Msg::Key(KeyEvent::from(KeyCode::Char(ch))));
}

#[test]
fn the_status_line_drops_whole_parts_least_important_first() {
    let mut h = fixture::open(Variant::Approval);
    let mut out = String::new();
    let states: [(&str, Setup); 4] = [
        ("chat, empty input", |app| app.focus = Focus::Chat),
        ("chat, text typed", |app| {
            app.focus = Focus::Chat;
            app.chat.input = "hello".into();
        }),
        ("Σ/Δ, approval pending", |app| {
            app.chat.input.clear();
            app.focus = Focus::Diff;
        }),
        ("tree, paused replay", |app| {
            app.focus = Focus::Tree;
            app.approval = false;
            app.replay = Some(paused_replay());
        }),
    ];
    for (name, set) in states {
        set(&mut h.app);
        out.push_str(&format!("{name}:\n"));
        for (w, ht) in SIZES {
            let line = status_line(&mut h.app, w, ht);
            assert!(
                !line.replace("…/", "").contains('…'),
                "nothing cut at {w} (a path may lose its first components): {line}"
            );
            out.push_str(&format!("{w:>4}│{line}│\n"));
        }
    }
    insta::assert_snapshot!("status_line", out);
}

#[test]
fn question_mark_opens_the_help_on_the_first_key_unless_text_is_typed() {
    let mut h = fixture::open(Variant::Plain);
    assert_eq!(h.app.focus, Focus::Chat, "the chat has focus at start");
    key(&mut h, '?');
    assert!(h.app.show_help, "? opened the help");
    assert!(h.app.chat.input.is_empty(), "and typed nothing");
    key(&mut h, '?');
    assert!(!h.app.show_help, "? closes it again");
    key(&mut h, 'w');
    key(&mut h, '?');
    assert!(!h.app.show_help, "with text in the input, ? is typed");
    assert_eq!(h.app.chat.input, "w?");
}

#[test]
fn a_paused_replay_says_how_to_play_and_the_empty_chat_hint_wraps() {
    let mut h = fixture::open(Variant::Plain);
    h.app.seek(Seq(0));
    h.app.focus = Focus::Chat;
    for (w, ht) in SIZES {
        let text = fixture_screen(&mut h.app, w, ht);
        assert!(text.contains("Say something about yourself"), "{text}");
        insta::assert_snapshot!(format!("empty_chat_{w}x{ht}"), text);
    }
    h.app.replay = Some(paused_replay());
    h.app.focus = Focus::Tree;
    for (w, ht) in SIZES {
        let text = fixture_screen(&mut h.app, w, ht);
        assert!(text.contains("Space play"), "{text}");
        insta::assert_snapshot!(format!("paused_replay_{w}x{ht}"), text);
    }
}

#[test]
fn approval_mode_says_what_it_waits_for_and_what_an_approval_set_off() {
    let mut h = fixture::open(Variant::Plain);
    h.app.focus = Focus::Diff;
    h.act(Action::ToggleApproval);
    let notice = h.app.notice.clone().unwrap_or_default();
    assert!(
        notice.contains("proposals come from the next RK2/RK3 firings"),
        "{notice}"
    );
    insta::assert_snapshot!("approval_none_pending_80x24", fixture_screen(&mut h.app, 80, 24));

    let mut h = fixture::open(Variant::Approval);
    h.app.focus = Focus::Diff;
    for (w, ht) in SIZES {
        let text = fixture_screen(&mut h.app, w, ht);
        assert!(
            text.contains("+ - Running"),
            "the selected proposal's Σ/Δ shows at {w}: {text}"
        );
        insta::assert_snapshot!(format!("approval_before_{w}x{ht}"), text);
    }
    h.act(Action::Approve);
    h.act(Action::ConfirmYes);
    let notice = h.app.notice.clone().unwrap_or_default();
    assert!(
        notice.starts_with("approved p0 (RK2 Fitness") && notice.contains("it caused p1 (RK3 Health and Wellness)"),
        "{notice}"
    );
    assert_eq!(h.app.views.proposals.len(), 1, "the new proposal waits");
    for (w, ht) in SIZES {
        insta::assert_snapshot!(format!("approval_after_{w}x{ht}"), fixture_screen(&mut h.app, w, ht));
    }
}

#[test]
fn the_pending_list_is_the_one_on_the_cursors_branch() {
    let mut h = fixture::open(Variant::Approval);
    h.app.focus = Focus::Diff;
    let p0 = h.app.views.proposals.clone();
    h.act(Action::Approve);
    h.act(Action::ConfirmYes);
    let tip = h.app.timeline.head();
    let p1 = h.app.views.proposals.clone();
    assert_ne!(p0, p1, "after the approval, p1 waits instead of p0");
    // Roll back to before the approval: p0 waits again on the new branch.
    h.app.seek(Seq(49));
    h.act(Action::Rollback);
    h.act(Action::ConfirmYes);
    assert_eq!(h.app.views.proposals, p0, "at head, the new branch's list");
    // The cursor on the abandoned branch's tip: that branch's list, said to be left behind.
    h.app.seek(tip);
    assert!(!h.app.timeline.is_on_head_branch(tip));
    assert_eq!(h.app.views.proposals, p1, "at the old tip, its own list");
    let text = fixture_screen(&mut h.app, 120, 40);
    assert!(text.contains("On a branch a rollback left behind"), "{text}");
    h.act(Action::Approve);
    let notice = h.app.notice.clone().unwrap_or_default();
    assert!(h.app.confirm.is_none() && notice.contains("left behind"), "{notice}");
}
