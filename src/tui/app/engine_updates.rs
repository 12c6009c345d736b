//! How the inspector takes in what the engine reports: a loaded or opened log, appended events,
//! a reply streaming in, the endpoint check, and a request finishing.

use super::{App, Message, chat};
use crate::tui::command::{Command, EngineRequest};
use crate::tui::msg::EngineUpdate;
use rgmem::timeline::Timeline;

impl App {
    pub(super) fn on_engine(&mut self, update: EngineUpdate, out: &mut Vec<Command>) {
        match update {
            EngineUpdate::Phase(update) => self.on_phase(update),
            EngineUpdate::Loaded { records, approve } => {
                self.timeline = Timeline::from_records(&records, self.snapshot_interval);
                self.loaded = true;
                self.approval = approve;
                if let Some(r) = &mut self.replay {
                    r.start = self.timeline.head();
                }
                self.refresh();
            }
            EngineUpdate::Opened { timeline, approve } => {
                if let Some(t) = timeline.take() {
                    self.timeline = t;
                }
                self.loaded = true;
                self.approval = approve;
                if let Some(r) = &mut self.replay {
                    r.start = self.timeline.head();
                }
                self.refresh();
            }
            EngineUpdate::Snapshots(snapshots) => self.timeline.add_snapshots(snapshots),
            EngineUpdate::Appended(records) => {
                self.timeline.push(&records);
                if self.follow {
                    self.timeline.seek(self.timeline.head());
                }
                self.refresh();
            }
            EngineUpdate::Started { id } => {
                let message = self
                    .chat
                    .queued
                    .iter()
                    .find(|(q, _)| *q == id)
                    .map(|(_, m)| m.clone())
                    .unwrap_or_default();
                self.chat.queued.retain(|(q, _)| *q != id);
                // A request cancelled before the engine took it up gets no reply line back.
                if self.chat.cancelling != Some(id) && self.chat.pending.as_ref().is_none_or(|p| p.id != id) {
                    self.chat.pending = Some(chat::Pending {
                        id,
                        text: String::new(),
                        message,
                    });
                }
            }
            EngineUpdate::Token { id, text } => {
                if let Some(p) = self.chat.pending.as_mut().filter(|p| p.id == id) {
                    p.text.push_str(&text);
                }
            }
            EngineUpdate::Endpoint { problem } => {
                self.banner = problem.map(|p| {
                    format!("model server unreachable: {p}. Replies will fail until it answers; Esc cancels a reply.")
                });
                if let Some(b) = &self.banner {
                    self.messages.push(Message {
                        text: b.clone(),
                        error: true,
                    });
                }
            }
            EngineUpdate::Replied { id, text } => {
                self.banner = None;
                if self.chat.pending.as_ref().is_some_and(|p| p.id == id) {
                    self.chat.pending = None;
                    self.engine(
                        out,
                        EngineRequest::Reply {
                            text,
                            user: self.user.clone(),
                        },
                    );
                }
            }
            EngineUpdate::Done { id, error, notice } => {
                self.busy = self.busy.saturating_sub(1);
                if id.is_some() && id == self.chat.cancelling {
                    self.chat.cancelling = None;
                    self.notice = Some("reply cancelled; your message is in the memory and the engine is free".into());
                } else if let Some(e) = error {
                    self.last_error = Some(e);
                    if id.is_some() && self.chat.pending.as_ref().map(|p| p.id) == id {
                        self.chat.pending = None;
                    }
                }
                if notice.is_some() {
                    self.notice = notice;
                }
                let mut next = false;
                if let Some(r) = self.replay.as_mut().filter(|r| r.awaiting && id.is_none()) {
                    r.awaiting = false;
                    next = r.playing && r.interval().is_zero();
                }
                if next {
                    self.replay_next(out);
                }
            }
        }
    }
}
