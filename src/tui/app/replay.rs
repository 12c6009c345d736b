//! The session replay: a session file's turns fed to the engine one at a time under play, pause,
//! step, speed and restart controls, so the phase transitions can be watched.

use super::App;
use crate::tui::command::{Command, EngineRequest};
use rgmem::formats::session::TurnInput;
use rgmem::ids::Seq;
use std::time::Duration;

/// Time between replayed turns at each speed; 0 means as fast as the engine goes.
pub const SPEEDS: [Duration; 7] = [
    Duration::from_millis(2000),
    Duration::from_millis(1000),
    Duration::from_millis(500),
    Duration::from_millis(250),
    Duration::from_millis(100),
    Duration::from_millis(30),
    Duration::ZERO,
];

/// A session file being replayed.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The file's name.
    pub name: String,
    /// Its turns.
    pub turns: Vec<TurnInput>,
    /// The user's display name.
    pub user: String,
    /// The next turn to ingest.
    pub next: usize,
    /// Playing or paused.
    pub playing: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    /// Time since the last turn.
    pub elapsed: Duration,
    /// A turn is being ingested.
    pub awaiting: bool,
    /// The head when the replay started; restart rolls back to it.
    pub start: Seq,
    /// The end of the input was signalled.
    pub finished: bool,
}

impl Replay {
    /// A paused replay at its first turn.
    #[must_use]
    pub fn new(name: String, turns: Vec<TurnInput>, user: String) -> Self {
        Self {
            name,
            turns,
            user,
            next: 0,
            playing: false,
            speed: 3,
            elapsed: Duration::ZERO,
            awaiting: false,
            start: Seq(0),
            finished: false,
        }
    }

    /// The time between turns now.
    #[must_use]
    pub fn interval(&self) -> Duration {
        SPEEDS[self.speed.min(SPEEDS.len() - 1)]
    }

    /// Whether a faster speed is left.
    #[must_use]
    pub fn can_go_faster(&self) -> bool {
        self.speed + 1 < SPEEDS.len()
    }

    /// Advances the replay clock; true when the next turn is due.
    pub fn tick(&mut self, elapsed: Duration) -> bool {
        if !self.playing || self.awaiting {
            return false;
        }
        self.elapsed += elapsed;
        if self.elapsed >= self.interval() {
            self.elapsed = Duration::ZERO;
            return true;
        }
        false
    }

    /// "▶ playing sample.json 12/110 turns · 4 turns/s" for the status bar ("▶ playing 12/110 ·
    /// 4 turns/s" when narrow): the state in words beside its symbol, the speed as turns per second.
    #[must_use]
    pub fn label(&self, with_name: bool) -> String {
        let state = if self.finished {
            "■ finished"
        } else if self.playing {
            "▶ playing"
        } else {
            "⏸ paused"
        };
        let name = if with_name {
            format!("{} ", self.name)
        } else {
            String::new()
        };
        let turns = if with_name { " turns" } else { "" };
        format!(
            "{state} {name}{}/{}{turns} · {}",
            self.next,
            self.turns.len(),
            speed_words(self.interval())
        )
    }
}

/// A replay speed in words: "1 turn/2 s", "4 turns/s", "full speed".
#[must_use]
pub fn speed_words(interval: Duration) -> String {
    let ms = interval.as_millis();
    match ms {
        0 => "full speed".into(),
        1000 => "1 turn/s".into(),
        ms if ms > 1000 => format!("1 turn/{} s", ms.div_ceil(1000)),
        ms => format!("{} turns/s", (1000 + ms / 2) / ms.max(1)),
    }
}

impl App {
    /// Ingests the next replayed turn, or closes the input after the last one.
    pub(super) fn replay_next(&mut self, out: &mut Vec<Command>) {
        let Some(r) = self.replay.as_mut() else { return };
        if r.awaiting || r.finished {
            return;
        }
        let request = if let Some(turn) = r.turns.get(r.next) {
            r.next += 1;
            EngineRequest::Ingest {
                turn: turn.clone(),
                user: r.user.clone(),
            }
        } else {
            r.finished = true;
            r.playing = false;
            EngineRequest::Finish
        };
        r.awaiting = true;
        self.follow = true;
        self.engine(out, request);
    }

    pub(super) fn replay_play_pause(&mut self, out: &mut Vec<Command>) {
        let Some(r) = self.replay.as_mut() else {
            self.notice = Some("no session replay (open one with rgmem tui --session FILE)".into());
            return;
        };
        if r.finished {
            self.notice = Some("the replay is over; R restarts it on a new branch".into());
            return;
        }
        r.playing = !r.playing;
        r.elapsed = r.interval();
        if r.playing {
            self.follow = true;
            self.timeline.seek(self.timeline.head());
            self.refresh();
            if self.replay.as_ref().is_some_and(|r| r.interval().is_zero()) {
                self.replay_next(out);
            }
        }
    }

    pub(super) fn replay_speed(&mut self, faster: bool) {
        if let Some(r) = self.replay.as_mut() {
            r.speed = if faster {
                (r.speed + 1).min(SPEEDS.len() - 1)
            } else {
                r.speed.saturating_sub(1)
            };
        }
    }

    pub(super) fn replay_restart(&mut self, out: &mut Vec<Command>) {
        let Some(r) = self.replay.as_mut() else { return };
        let start = r.start;
        r.next = 0;
        r.finished = false;
        r.playing = false;
        r.awaiting = false;
        self.follow = true;
        self.notice = Some(format!("replay restarted from {start} on a new branch"));
        self.engine(out, EngineRequest::Rollback(start));
        // The memory at `start` may predate the thresholds in force; keep them.
        let thresholds = self.timeline.head_memory().thresholds;
        self.engine(out, EngineRequest::SetThresholds(thresholds));
    }
}
