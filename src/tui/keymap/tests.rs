//! The shipped keymap's invariants, and what a user's file can and cannot change.

use super::*;
use crate::tui::app::{App, Options};
use crate::tui::msg::Msg;
use crossterm::event::KeyCode;

fn key(ch: char) -> KeyEvent {
    KeyEvent::from(KeyCode::Char(ch))
}

fn with(user: &str) -> (Keymap, Vec<String>) {
    Keymap::from_text(Some(user), Some("/home/u/.config/rgmem/keymap.toml"))
}

#[test]
fn the_defaults_read_without_a_problem() {
    let (keymap, problems) = Keymap::from_text(None, None);
    assert_eq!(problems, Vec::<String>::new());
    assert!(keymap.bindings().len() > 40);
}

#[test]
fn the_readme_keymap_table_matches_the_keymap() {
    let readme = include_str!("../../../README.md");
    let table = Keymap::default().markdown_table();
    assert!(readme.contains(&table), "update the README's keymap table to:\n{table}");
}

#[test]
fn plain_keys_type_in_the_chat_but_browse_elsewhere() {
    let keymap = Keymap::default();
    assert_eq!(keymap.lookup(Focus::Timeline, key('q')), Some(Action::Quit));
    assert_eq!(keymap.lookup(Focus::Chat, key('q')), None);
    assert_eq!(
        keymap.lookup(Focus::Chat, KeyEvent::from(KeyCode::Tab)),
        Some(Action::FocusNext)
    );
    assert_eq!(
        keymap.lookup(Focus::Chat, KeyEvent::from(KeyCode::Enter)),
        Some(Action::SendMessage)
    );
    // The tree's own ← wins over "step back".
    assert_eq!(
        keymap.lookup(Focus::Tree, KeyEvent::from(KeyCode::Left)),
        Some(Action::Collapse)
    );
    assert_eq!(
        keymap.lookup(Focus::Timeline, KeyEvent::from(KeyCode::Left)),
        Some(Action::StepBack)
    );
}

#[test]
fn no_key_is_bound_twice_where_two_sections_apply_together() {
    let bindings = Keymap::default().bindings().to_vec();
    for (i, a) in bindings.iter().enumerate() {
        for b in &bindings[i + 1..] {
            assert!(
                !(a.key == b.key && (a.context == b.context || load::overlap_for_tests(a.context, b.context))),
                "{:?} and {:?} share a key",
                a,
                b
            );
        }
    }
}

#[test]
fn no_letter_in_the_tree_can_write_to_the_log() {
    let keymap = Keymap::default();
    for ch in (' '..='~').chain("éß日".chars()) {
        let action = keymap.lookup(Focus::Tree, key(ch));
        assert!(
            !action.is_some_and(|a| a.writes() || a == Action::ConfirmYes),
            "{ch:?} writes from the tree"
        );
    }
}

#[test]
fn a_user_line_replaces_the_default_for_that_key_only() {
    let (keymap, problems) = with("[panes]\nq = \"none\"\nQ = \"quit\"\n\n[confirm]\no = \"confirm_yes\"\n");
    assert_eq!(problems, Vec::<String>::new());
    assert_eq!(keymap.lookup(Focus::Timeline, key('q')), None);
    assert_eq!(keymap.lookup(Focus::Timeline, key('Q')), Some(Action::Quit));
    assert_eq!(keymap.confirm_answer(key('o')), Some(Action::ConfirmYes));
    assert_eq!(keymap.confirm_answer(key('y')), Some(Action::ConfirmYes));
    assert_eq!(keymap.lookup(Focus::Timeline, key('h')), Some(Action::StepBack));
}

#[test]
fn an_unknown_action_names_the_file_and_line_and_the_rest_still_applies() {
    let (keymap, problems) = with("[panes]\nQ = \"quit\"\n\nq = \"frobnicate\"\n");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with("/home/u/.config/rgmem/keymap.toml:4: [panes] q: unknown action \"frobnicate\""),
        "{}",
        problems[0]
    );
    assert_eq!(keymap.lookup(Focus::Timeline, key('q')), Some(Action::Quit));
    assert_eq!(keymap.lookup(Focus::Timeline, key('Q')), Some(Action::Quit));
    let (_, problems) = with("[panes]\nq = \"step_bak\"\n");
    assert!(problems[0].ends_with("did you mean step_back?"), "{}", problems[0]);
}

#[test]
fn a_conflict_between_sections_that_apply_together_is_reported() {
    let (keymap, problems) = with("[edit]\nq = \"revert\"\n");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0]
            .contains("keymap.toml:2: q in [edit] is also bound in [panes] (quit); where both apply, [edit] wins"),
        "{}",
        problems[0]
    );
    assert_eq!(keymap.lookup(Focus::Timeline, key('q')), Some(Action::Revert));
    assert_eq!(keymap.lookup(Focus::Tree, key('q')), Some(Action::Quit));
}

#[test]
fn unsafe_or_misplaced_bindings_are_refused() {
    let (keymap, problems) = with(
        "[tree]\nr = \"rollback\"\n[global]\nw = \"step_back\"\n[panes]\ny = \"confirm_yes\"\n[confirm]\nq = \"quit\"\n[pane]\nx = \"quit\"\n[chat]\nHyper = \"quit\"\nC-p = 3\n",
    );
    let text = problems.join("\n");
    for expected in [
        ":2: [tree] r: rollback writes to the log",
        ":4: [global] w: [global] applies while typing",
        ":6: [panes] y: confirm_yes answers a confirmation popup",
        ":8: [confirm] q: only confirm_yes and confirm_no answer a confirmation",
        "unknown section [pane]",
        ":12: [chat] \"Hyper\" is not a key",
        ":13: [chat] C-p: the action must be a name in quotes",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    assert_eq!(keymap.lookup(Focus::Tree, key('r')), None);
    assert_eq!(keymap, Keymap::default());
}

#[test]
fn a_file_that_is_not_toml_keeps_every_default_and_says_where() {
    let (keymap, problems) = with("[panes]\nq = \"quit\"\nh = step_back\n");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with("/home/u/.config/rgmem/keymap.toml:3: "),
        "{}",
        problems[0]
    );
    assert!(problems[0].ends_with("none of its keys were used"), "{}", problems[0]);
    assert_eq!(keymap, Keymap::default());
}

#[test]
fn an_override_changes_what_the_inspector_does() {
    let (keymap, problems) = with("[global]\nF2 = \"toggle_help\"\n[panes]\n\"?\" = \"none\"\n");
    assert!(problems.is_empty(), "{problems:?}");
    let mut app = App::new(Options {
        keymap,
        ..Options::default()
    });
    app.update(Msg::Key(KeyEvent::from(KeyCode::F(2))));
    assert!(app.show_help);
    app.update(Msg::Key(KeyEvent::from(KeyCode::F(2))));
    assert!(!app.show_help);
    app.update(Msg::Action(Action::FocusNext));
    app.update(Msg::Key(key('?')));
    assert!(!app.show_help, "? was unbound");
}

#[test]
fn the_readme_example_keymap_reads_cleanly_and_does_what_it_says() {
    let readme = include_str!("../../../README.md");
    let example = readme
        .split("```toml\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the README shows a keymap.toml");
    let (keymap, problems) = with(example);
    assert_eq!(problems, Vec::<String>::new());
    assert_eq!(keymap.lookup(Focus::Tree, key('q')), None);
    assert_eq!(keymap.lookup(Focus::Tree, key('Q')), Some(Action::Quit));
    assert_eq!(keymap.lookup(Focus::Diff, key('u')), Some(Action::Revert));
    assert_eq!(keymap.confirm_answer(key('o')), Some(Action::ConfirmYes));
}
