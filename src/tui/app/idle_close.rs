//! Live chat closes its segment when the person stops typing: once their message is answered
//! and a short idle gap passes (`:idle SECONDS`, 0 turns it off), or at once on `:close`. The
//! paper's segmentation waits for eight turns, so in a chat typing a hobby θ_inf times fired
//! nothing until the twelfth message; closing on idle makes each answered message count. Replays
//! and imports keep the paper's segmentation: this runs only in a live chat.

use super::App;
use crate::tui::command::{Command, EngineRequest};
use std::time::Duration;

/// The idle gap before a live chat's segment closes, by default.
pub const DEFAULT_IDLE_CLOSE: Duration = Duration::from_secs(4);

/// The idle-close state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IdleClose {
    /// The gap; `None`: never close on idle.
    pub gap: Option<Duration>,
    /// Time since the last key or engine answer.
    pub idle: Duration,
    /// A message was sent in this session since the segment last closed: browsing an old
    /// memory never writes to it.
    pub armed: bool,
}

impl Default for IdleClose {
    fn default() -> Self {
        Self {
            gap: Some(DEFAULT_IDLE_CLOSE),
            idle: Duration::ZERO,
            armed: false,
        }
    }
}

impl App {
    /// Whether the log's head has a segment open.
    fn segment_open(&self) -> bool {
        !self.timeline.head_memory().open_segment.is_empty()
    }

    /// Time passed: closes the segment once the answered chat has been idle for the gap.
    pub(super) fn idle_tick(&mut self, elapsed: Duration, out: &mut Vec<Command>) {
        if self.replay.is_some() || !self.idle_close.armed || self.awaits_engine() {
            self.idle_close.idle = Duration::ZERO;
            return;
        }
        let Some(gap) = self.idle_close.gap else { return };
        self.idle_close.idle += elapsed;
        if self.idle_close.idle >= gap && self.segment_open() {
            self.close_segment(out, &format!("after {} s without typing", gap.as_secs()));
        }
    }

    /// A key was pressed: the person is still typing.
    pub(super) fn idle_reset(&mut self) {
        self.idle_close.idle = Duration::ZERO;
    }

    /// `:close`: closes the open segment now.
    pub(super) fn close_now(&mut self, out: &mut Vec<Command>) {
        if self.replay.is_some() {
            self.notice =
                Some("a replay keeps the paper's segmentation: its segments close as the session says".into());
        } else if self.segment_open() {
            self.close_segment(out, "on :close");
        } else {
            self.notice = Some("no open segment: every message so far is counted".into());
        }
    }

    /// `:idle SECONDS`: the gap before a live chat's segment closes (0: never).
    pub(super) fn set_idle_gap(&mut self, seconds: u32) {
        self.idle_close.gap = (seconds > 0).then(|| Duration::from_secs(u64::from(seconds)));
        self.notice = Some(match seconds {
            0 => "segments close every 8 turns or on :close, not on idle".into(),
            s => format!("a live chat's segment closes after {s} s without typing"),
        });
    }

    fn close_segment(&mut self, out: &mut Vec<Command>, why: &str) {
        self.idle_close.armed = false;
        self.idle_close.idle = Duration::ZERO;
        self.follow = true;
        self.notice = Some(format!(
            "segment closed {why}: its mentions are counted (:idle N sets the gap, :idle 0 turns it off)"
        ));
        self.engine(out, EngineRequest::CloseSegment);
    }
}
