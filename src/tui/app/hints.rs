//! The hints the screen gives in words: which keys work where the focus is (the status bar's
//! right side, each with a rank for when the bar is too narrow), and what an empty chat says. A
//! hint names a key from the keymap in force, never a default the user may have rebound.

use super::App;
use crate::tui::action::Action;
use crate::tui::focus::Focus;

/// One hint: its words, and its rank (lower ranks stay longest when the bar is narrow).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// "Space play".
    pub text: String,
    /// 1 stays longest.
    pub rank: u8,
}

impl App {
    /// The key for an action where the focus is, with the chat input as it is now.
    fn key(&self, action: Action) -> Option<String> {
        self.keymap.key_for(self.focus, self.chat.input.is_empty(), action)
    }

    /// The status bar's hints, most useful first: how to play a paused replay, how to decide a
    /// pending proposal, then help, focus and quit, each with a key that works where the focus is.
    #[must_use]
    pub fn hints(&self) -> Vec<Hint> {
        let mut out = Vec::new();
        let mut push = |text: String, rank: u8| out.push(Hint { text, rank });
        if let Some(r) = self.replay.as_ref().filter(|r| !r.playing && !r.finished) {
            match self.key(Action::PlayPause) {
                Some(k) => push(format!("{k} play"), 1),
                None => push("Tab, then Space play".into(), 1),
            }
            if let Some(k) = self.key(Action::ReplayStep) {
                push(format!("{k} one turn"), 5);
            }
            if let Some(k) = self.key(Action::SpeedUp).filter(|_| r.can_go_faster()) {
                push(format!("{k} faster"), 7);
            }
        }
        if self.approval && !self.views.proposals.is_empty() {
            if let Some(k) = self.key(Action::Approve) {
                push(format!("{k} approve"), 3);
            }
            if let Some(k) = self.key(Action::Reject) {
                push(format!("{k} reject"), 7);
            }
        }
        if let Some(k) = self.key(Action::ToggleHelp) {
            push(format!("{k} help"), 1);
        }
        if let Some(k) = self.key(Action::FocusNext) {
            push(format!("{k} focus"), 5);
        }
        if let Some(k) = self.key(Action::Quit) {
            push(format!("{k} quit"), 9);
        }
        out
    }

    /// What an empty conversation says: how to start a replay (with a pane's keys, since the
    /// chat input types them), else what to type and where the help is.
    #[must_use]
    pub fn empty_chat_hint(&self) -> String {
        let key = |action: Action, default: &str| {
            self.keymap
                .key_for(Focus::Tree, false, action)
                .unwrap_or_else(|| default.to_string())
        };
        match &self.replay {
            Some(r) if !r.finished => format!(
                "Replaying {}: {} turns, {}. {} play · {} one turn · {} faster{}",
                r.name,
                r.turns.len(),
                if r.playing { "playing" } else { "paused" },
                key(Action::PlayPause, "Space"),
                key(Action::ReplayStep, "."),
                key(Action::SpeedUp, ">"),
                if self.focus == Focus::Chat {
                    " (in a pane: Tab leaves this input)"
                } else {
                    ""
                }
            ),
            _ => format!(
                "Say something about yourself; the memory grows as you talk. {} lists the keys.",
                self.keymap
                    .key_for(Focus::Chat, true, Action::ToggleHelp)
                    .unwrap_or_else(|| "F1".into())
            ),
        }
    }
}
