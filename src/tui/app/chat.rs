//! The chat's state and keys: the input line with its history, and the reply in flight.

use super::App;
use crate::tui::action::Action;
use crate::tui::command::{Command, EngineRequest};
use crate::tui::msg::RequestId;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A chat reply being streamed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    /// The request.
    pub id: RequestId,
    /// The reply so far.
    pub text: String,
    /// The message it answers, shown until its turn is in the log.
    pub message: String,
}

/// The chat's own state: input line, history and the reply in flight.
#[derive(Debug, Clone, Default)]
pub struct ChatState {
    /// What is being typed.
    pub input: String,
    /// Sent messages, oldest first.
    pub history: Vec<String>,
    /// Position while browsing the history with ↑/↓.
    pub history_pos: Option<usize>,
    /// The reply in flight.
    pub pending: Option<Pending>,
    /// Messages sent while the engine was busy, waiting their turn (shown as queued).
    pub queued: Vec<(RequestId, String)>,
    /// A reply cancelled with Esc whose request the engine has not finished yet: its model
    /// calls are cancelled until it has.
    pub cancelling: Option<RequestId>,
    /// The last request id handed out.
    pub last_id: u64,
    /// Lines scrolled up from the bottom.
    pub scroll: u16,
}

impl App {
    /// The characters the chat input types; its other keys are in the keymap's [chat] section.
    pub(super) fn chat_key(&mut self, key: KeyEvent) {
        let chat = &mut self.chat;
        match key.code {
            KeyCode::Backspace => {
                chat.input.pop();
            }
            KeyCode::Char(ch) if !key.modifiers.contains(KeyModifiers::CONTROL) => chat.input.push(ch),
            _ => {}
        }
    }

    /// The chat input's bound keys: send, input history, scrolling.
    pub(super) fn chat_act(&mut self, action: Action, out: &mut Vec<Command>) {
        let chat = &mut self.chat;
        match action {
            Action::SendMessage => {
                let text = std::mem::take(&mut chat.input);
                chat.history_pos = None;
                self.submit_chat(text.trim().to_string(), out);
            }
            Action::InputHistoryBack => {
                let pos = chat.history_pos.map_or(chat.history.len(), |p| p).saturating_sub(1);
                if let Some(h) = chat.history.get(pos) {
                    chat.input = h.clone();
                    chat.history_pos = Some(pos);
                }
            }
            Action::InputHistoryForward => match chat.history_pos {
                Some(p) if p + 1 < chat.history.len() => {
                    chat.history_pos = Some(p + 1);
                    chat.input = chat.history[p + 1].clone();
                }
                Some(_) => {
                    chat.history_pos = None;
                    chat.input.clear();
                }
                None => {}
            },
            Action::ScrollChatUp => chat.scroll = chat.scroll.saturating_add(5),
            Action::ScrollChatDown => chat.scroll = chat.scroll.saturating_sub(5),
            _ => {}
        }
    }

    pub(super) fn submit_chat(&mut self, text: String, out: &mut Vec<Command>) {
        if text.is_empty() {
            return;
        }
        self.chat.history.push(text.clone());
        if let Some(command) = text.strip_prefix(':') {
            self.run_command(command, out);
            return;
        }
        self.chat.last_id += 1;
        self.idle_close.armed = true;
        let id = RequestId(self.chat.last_id);
        if self.chat.pending.is_some() || self.busy > 0 {
            // The engine works one request at a time; this one waits, visibly, and is
            // always ingested when its turn comes.
            self.chat.queued.push((id, text.clone()));
            self.notice = Some("queued: the engine is busy; this message is sent as soon as it is free".into());
        } else {
            self.chat.pending = Some(Pending {
                id,
                text: String::new(),
                message: text.clone(),
            });
        }
        self.chat.scroll = 0;
        self.follow = true;
        self.engine(
            out,
            EngineRequest::Chat {
                id,
                text,
                user: self.user.clone(),
            },
        );
    }
}
