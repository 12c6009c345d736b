//! Everything that can change the inspector's state, produced by the runtime and consumed by
//! `App::update`.

use super::action::Action;
use crossterm::event::{KeyEvent, MouseEvent};
use rgmem::event::EventRecord;
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
    /// The log as it was at start.
    Loaded {
        /// Every event, in seq order.
        records: Vec<EventRecord>,
        /// Whether the engine runs in approval mode.
        approve: bool,
    },
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
