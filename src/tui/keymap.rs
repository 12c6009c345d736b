//! The keymap as data: every binding names its keys, where it applies and what it does, and the
//! help screen is generated from this table, so the two can never disagree.

use super::action::Action;
use super::focus::Focus;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Where a binding applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Context {
    /// Everywhere, also while typing in the chat.
    Always,
    /// Every pane but the chat (whose plain keys type text).
    Browse,
    /// The panes whose keys can change the log (evidence, Σ/Δ, timeline); each such key asks
    /// first. The tree and the chat have none, so text typed there by mistake never writes.
    Edit,
    /// The concept tree.
    Tree,
    /// A confirmation popup: only these keys answer it; any other key cancels it.
    Confirm,
    /// Typing in the chat (handled by the chat input; listed for the help).
    Chat,
}

impl Context {
    /// Heading in the help.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Always => "everywhere",
            Self::Browse => "panes (not while typing)",
            Self::Edit => "evidence, Σ/Δ, timeline",
            Self::Tree => "concept tree",
            Self::Confirm => "confirmation popup",
            Self::Chat => "chat input",
        }
    }

    fn applies(self, focus: Focus) -> bool {
        match self {
            Self::Always => true,
            Self::Browse => focus != Focus::Chat,
            Self::Edit => matches!(focus, Focus::Evidence | Focus::Diff | Focus::Timeline),
            Self::Tree => focus == Focus::Tree,
            Self::Chat | Self::Confirm => false,
        }
    }
}

/// One key: a code, and whether Ctrl is held.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    /// The key.
    pub code: KeyCode,
    /// Ctrl held.
    pub ctrl: bool,
}

const fn k(code: KeyCode) -> Key {
    Key { code, ctrl: false }
}

const fn c(ch: char) -> Key {
    Key {
        code: KeyCode::Char(ch),
        ctrl: false,
    }
}

const fn ctrl(ch: char) -> Key {
    Key {
        code: KeyCode::Char(ch),
        ctrl: true,
    }
}

/// One binding.
#[derive(Debug, Clone, Copy)]
pub struct Binding {
    /// Where it applies.
    pub context: Context,
    /// The keys that trigger it.
    pub keys: &'static [Key],
    /// How the help writes the keys.
    pub label: &'static str,
    /// What it does, for the help.
    pub desc: &'static str,
    /// The intent; `None` for chat-input keys the chat handles itself.
    pub action: Option<Action>,
}

const fn b(context: Context, keys: &'static [Key], label: &'static str, desc: &'static str, action: Action) -> Binding {
    Binding {
        context,
        keys,
        label,
        desc,
        action: Some(action),
    }
}

const fn chat(label: &'static str, desc: &'static str) -> Binding {
    Binding {
        context: Context::Chat,
        keys: &[],
        label,
        desc,
        action: None,
    }
}

use Context::{Always, Browse, Confirm, Edit, Tree};

/// The default keymap.
pub const BINDINGS: &[Binding] = &[
    b(
        Always,
        &[k(KeyCode::Tab)],
        "Tab",
        "focus the next pane",
        Action::FocusNext,
    ),
    b(
        Always,
        &[k(KeyCode::BackTab)],
        "S-Tab",
        "focus the previous pane",
        Action::FocusPrev,
    ),
    b(
        Always,
        &[k(KeyCode::Esc)],
        "Esc",
        "cancel: close popup or prompt, stop a reply",
        Action::Cancel,
    ),
    b(Always, &[ctrl('c')], "C-c", "quit", Action::Quit),
    b(
        Always,
        &[k(KeyCode::F(1))],
        "F1",
        "show or hide this help",
        Action::ToggleHelp,
    ),
    b(Browse, &[c('q')], "q", "quit (the terminal is restored)", Action::Quit),
    b(Browse, &[c('?')], "?", "show or hide this help", Action::ToggleHelp),
    b(
        Browse,
        &[c('m')],
        "m",
        "maximise the focused pane, or restore",
        Action::ToggleMaximise,
    ),
    b(
        Browse,
        &[k(KeyCode::Left), c('h')],
        "← h",
        "step one event back",
        Action::StepBack,
    ),
    b(
        Browse,
        &[k(KeyCode::Right), c('l')],
        "→ l",
        "step one event forward",
        Action::StepForward,
    ),
    b(
        Browse,
        &[c('[')],
        "[",
        "jump to the previous operator firing",
        Action::PrevFiring,
    ),
    b(
        Browse,
        &[c(']')],
        "]",
        "jump to the next operator firing",
        Action::NextFiring,
    ),
    b(
        Browse,
        &[c('f'), k(KeyCode::End), c('G')],
        "f End G",
        "go to head and follow",
        Action::FollowHead,
    ),
    b(
        Browse,
        &[k(KeyCode::Home), c('g')],
        "Home g",
        "go to seq 0, the empty memory",
        Action::GoStart,
    ),
    b(
        Browse,
        &[k(KeyCode::Up), c('k')],
        "↑ k",
        "move up (timeline: one event back)",
        Action::Up,
    ),
    b(
        Browse,
        &[k(KeyCode::Down), c('j')],
        "↓ j",
        "move down (timeline: one event forward)",
        Action::Down,
    ),
    b(
        Browse,
        &[k(KeyCode::PageUp)],
        "PgUp",
        "scroll a page up",
        Action::PageUp,
    ),
    b(
        Browse,
        &[k(KeyCode::PageDown)],
        "PgDn",
        "scroll a page down",
        Action::PageDown,
    ),
    b(
        Edit,
        &[c('r')],
        "r",
        "roll back to the cursor (asks first)",
        Action::Rollback,
    ),
    b(Edit, &[c('A')], "A", "approval mode on/off", Action::ToggleApproval),
    b(
        Browse,
        &[c('M')],
        "M",
        "mark the cursor, to compare with another point",
        Action::SetMark,
    ),
    b(
        Browse,
        &[c('D')],
        "D",
        "the memory at the mark beside the cursor's",
        Action::OpenCompare,
    ),
    b(
        Edit,
        &[c('a')],
        "a",
        "approve the selected proposal (asks first)",
        Action::Approve,
    ),
    b(
        Edit,
        &[c('x')],
        "x",
        "reject the selected proposal (asks first)",
        Action::Reject,
    ),
    b(
        Edit,
        &[c('z')],
        "z",
        "revert the firing at the cursor or shown in Σ/Δ (asks first)",
        Action::Revert,
    ),
    b(
        Browse,
        &[c(' '), c('p')],
        "Space p",
        "replay: play or pause",
        Action::PlayPause,
    ),
    b(
        Browse,
        &[c('.')],
        ".",
        "replay: ingest one more turn",
        Action::ReplayStep,
    ),
    b(Browse, &[c('>')], ">", "replay: faster", Action::SpeedUp),
    b(Browse, &[c('<')], "<", "replay: slower", Action::SpeedDown),
    b(
        Edit,
        &[c('R')],
        "R",
        "replay: restart on a new branch (asks first)",
        Action::Restart,
    ),
    b(
        Edit,
        &[c('+'), c('=')],
        "+",
        "θ_inf up by one (logged; asks first)",
        Action::ThetaInfUp,
    ),
    b(
        Edit,
        &[c('-')],
        "-",
        "θ_inf down by one (logged; asks first)",
        Action::ThetaInfDown,
    ),
    b(
        Edit,
        &[c('}')],
        "}",
        "θ_sum up by one (logged; asks first)",
        Action::ThetaSumUp,
    ),
    b(
        Edit,
        &[c('{')],
        "{",
        "θ_sum down by one (logged; asks first)",
        Action::ThetaSumDown,
    ),
    b(
        Browse,
        &[c('/')],
        "/",
        "filter the timeline and the tree",
        Action::OpenFilter,
    ),
    b(
        Browse,
        &[c(':')],
        ":",
        "command line (Tab completes; :help lists the commands)",
        Action::OpenCommand,
    ),
    b(
        Tree,
        &[k(KeyCode::Enter)],
        "Enter",
        "open or close the node",
        Action::ToggleNode,
    ),
    b(
        Tree,
        &[k(KeyCode::Left)],
        "←",
        "close the node (or go to its parent)",
        Action::Collapse,
    ),
    b(Tree, &[k(KeyCode::Right)], "→", "open the node", Action::Expand),
    b(
        Confirm,
        &[c('y'), c('Y')],
        "y",
        "yes: do what the popup says",
        Action::ConfirmYes,
    ),
    b(
        Confirm,
        &[c('n'), c('N'), k(KeyCode::Esc)],
        "n Esc",
        "no (any other key cancels too)",
        Action::ConfirmNo,
    ),
    b(
        Tree,
        &[c('H')],
        "H",
        "every firing on the selected concept; Enter goes there",
        Action::OpenHistory,
    ),
    chat("Enter", "send the message; the reply streams in"),
    chat("↑ ↓", "previous / next message from the input history"),
    chat("PgUp/PgDn", "scroll the conversation"),
    chat(":cmd", "a line starting with ':' runs a command"),
];

/// The intent a key has in the focused pane, if any.
#[must_use]
pub fn lookup(focus: Focus, key: KeyEvent) -> Option<Action> {
    let pressed = Key {
        code: key.code,
        ctrl: key.modifiers.contains(KeyModifiers::CONTROL),
    };
    // The pane's own bindings win over the general ones (the tree's ← over "step back").
    let in_context = |context: Context| {
        BINDINGS
            .iter()
            .filter(|b| b.context == context && context.applies(focus))
            .find(|b| b.keys.contains(&pressed))
            .and_then(|b| b.action)
    };
    [Tree, Edit, Always, Browse].into_iter().find_map(in_context)
}

/// The answer a key gives to an open confirmation: yes, no, or `None` (the key cancels it).
#[must_use]
pub fn confirm_answer(key: KeyEvent) -> Option<Action> {
    let pressed = Key {
        code: key.code,
        ctrl: key.modifiers.contains(KeyModifiers::CONTROL),
    };
    BINDINGS
        .iter()
        .filter(|b| b.context == Confirm)
        .find(|b| b.keys.contains(&pressed))
        .and_then(|b| b.action)
}

/// The keymap as a Markdown table (the README's copy is checked against it).
#[cfg(test)]
fn markdown_table() -> String {
    let mut out = String::from("| where | keys | what it does |\n|---|---|---|\n");
    for b in BINDINGS {
        out.push_str(&format!(
            "| {} | `{}` | {} |\n",
            b.context.label(),
            b.label.replace('|', "\\|"),
            b.desc
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_readme_keymap_table_matches_the_keymap() {
        let readme = include_str!("../../README.md");
        let table = markdown_table();
        assert!(readme.contains(&table), "update the README's keymap table to:\n{table}");
    }

    #[test]
    fn every_binding_has_a_description() {
        assert!(BINDINGS.iter().all(|b| !b.desc.is_empty() && !b.label.is_empty()));
    }

    #[test]
    fn plain_keys_type_in_the_chat_but_browse_elsewhere() {
        let q = KeyEvent::from(KeyCode::Char('q'));
        assert_eq!(lookup(Focus::Timeline, q), Some(Action::Quit));
        assert_eq!(lookup(Focus::Chat, q), None);
        assert_eq!(
            lookup(Focus::Chat, KeyEvent::from(KeyCode::Tab)),
            Some(Action::FocusNext)
        );
    }

    #[test]
    fn no_key_is_bound_twice_in_one_context() {
        for (i, a) in BINDINGS.iter().enumerate() {
            for b in &BINDINGS[i + 1..] {
                let overlap = a.keys.iter().any(|k| b.keys.contains(k));
                let general = |c: Context| matches!(c, Always | Browse | Edit);
                let modal = a.context == Confirm || b.context == Confirm;
                let same_scope = a.context == b.context
                    || (!modal && (a.context == Always || b.context == Always))
                    || (general(a.context) && general(b.context));
                assert!(!(overlap && same_scope), "{} and {} share a key", a.desc, b.desc);
            }
        }
    }
}

#[cfg(test)]
mod safety {
    use super::*;

    #[test]
    fn no_letter_in_the_tree_can_write_to_the_log() {
        let writes = [
            Action::Rollback,
            Action::Approve,
            Action::Reject,
            Action::Revert,
            Action::Restart,
            Action::ThetaInfUp,
            Action::ThetaInfDown,
            Action::ThetaSumUp,
            Action::ThetaSumDown,
            Action::ConfirmYes,
        ];
        for ch in (' '..='~').chain("éß日".chars()) {
            let action = lookup(Focus::Tree, KeyEvent::from(KeyCode::Char(ch)));
            assert!(
                !action.is_some_and(|a| writes.contains(&a)),
                "{ch:?} writes from the tree"
            );
        }
    }
}
