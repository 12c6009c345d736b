//! Everything that can change the inspector's state, produced by the runtime and consumed by
//! `App::update`.

use super::action::Action;
use crossterm::event::{KeyEvent, MouseEvent};
use rgmem::event::EventRecord;
use rgmem::ids::Seq;
use rgmem::memory::Memory;
use rgmem::timeline::Timeline;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// One input to `App::update`.
#[derive(Debug, Clone)]
pub enum Msg {
    /// A key press.
    Key(KeyEvent),
    /// A mouse click or scroll.
    Mouse(MouseEvent),
    /// The terminal changed size.
    Resize(u16, u16),
    /// Time passed (drives the spinner, flashes and the replay clock).
    Tick(Duration),
    /// The engine reported something.
    Engine(EngineUpdate),
    /// An intent, bypassing the keymap (tests drive the app this way).
    #[cfg_attr(not(test), allow(dead_code))]
    Action(Action),
}

/// Identifies one chat reply, so a reply that arrives after a cancel can be ignored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct RequestId(pub u64);

/// What the engine task reports.
#[derive(Debug, Clone)]
pub enum EngineUpdate {
    /// A whole log given in memory (tests and benches; the engine task sends `Opened`).
    #[cfg_attr(not(test), allow(dead_code))]
    Loaded {
        /// Every event, in seq order.
        records: Vec<EventRecord>,
        /// Whether the engine runs in approval mode.
        approve: bool,
    },
    /// The log opened at head: a timeline that reads its entries from the file and has no
    /// snapshots yet (they follow as `Snapshots`).
    Opened {
        /// The timeline, handed over once.
        timeline: Handoff<Timeline>,
        /// Whether the engine runs in approval mode.
        approve: bool,
    },
    /// Memories at older seqs, folded in the background.
    Snapshots(Vec<(Seq, Memory)>),
    /// Events were appended.
    Appended(Vec<EventRecord>),
    /// The engine took up a chat request (it may have waited behind others).
    Started {
        /// The request.
        id: RequestId,
    },
    /// A piece of a chat reply.
    Token {
        /// The request.
        id: RequestId,
        /// The new text.
        text: String,
    },
    /// A chat reply is complete.
    Replied {
        /// The request.
        id: RequestId,
        /// The whole reply.
        text: String,
    },
    /// The model's server was checked at start.
    Endpoint {
        /// What is wrong with it, if anything.
        problem: Option<String>,
    },
    /// The phase view's background sweep.
    Phase(PhaseUpdate),
    /// A request finished; `error` says why it failed, if it did.
    Done {
        /// The request it answers, for chat requests.
        id: Option<RequestId>,
        /// A one-line failure.
        error: Option<String>,
        /// A one-line notice for the status bar.
        notice: Option<String>,
    },
}

/// A value handed over once through a message (messages are `Clone`; what they carry need not be).
pub struct Handoff<T>(Arc<Mutex<Option<T>>>);

impl<T> Handoff<T> {
    /// Wraps a value.
    pub fn new(value: T) -> Self {
        Self(Arc::new(Mutex::new(Some(value))))
    }

    /// The value, the first time.
    pub fn take(&self) -> Option<T> {
        self.0.lock().ok().and_then(|mut v| v.take())
    }
}

impl<T> Clone for Handoff<T> {
    fn clone(&self) -> Self {
        Self(self.0.clone())
    }
}

impl<T> std::fmt::Debug for Handoff<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Handoff")
    }
}

/// What the phase view's sweep reports, one θ at a time.
#[derive(Debug, Clone)]
pub enum PhaseUpdate {
    /// One θ is done.
    Point {
        /// The sweep.
        id: u64,
        /// Its figures, as `rgmem sweep --json` prints them.
        point: rgmem::eval::sweep::Point,
        /// Its memory and change lags.
        detail: Box<rgmem::eval::sweep::Detail>,
    },
    /// The sweep ended (`error`: why early).
    Done {
        /// The sweep.
        id: u64,
        /// What stopped it.
        error: Option<String>,
    },
}
