//! Questions about how a memory evolved, answered from the log alone: points in history (a seq, a
//! date, `head`, a branch tip), the diff of the memory between two points, and the history of one
//! concept. Pure: everything here reads records and folded memories, never a file or a clock, so
//! the command line and the inspector answer the same way.

mod concept;
mod memory_diff;
mod point;

pub use concept::{Firing, FiringKind, concept_history, find_subject};
pub use memory_diff::{ConceptDiff, CounterChange, MemoryDiff, Presence, RelationDiff, StatusChange, memory_diff};
pub use point::{Branch, Point, Tree};

use crate::ids::Seq;
use thiserror::Error;

/// What a history question can fail with; each names what it could not find.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum HistoryError {
    /// Text that is none of the point forms.
    #[error("`{0}` is not a point in history: give a seq (412), a date (2024-05-01), `head` or `branch:N`")]
    BadPoint(String),
    /// A seq past the head.
    #[error("no event {seq} in the log (head is {head})")]
    UnknownSeq {
        /// The seq asked for.
        seq: Seq,
        /// The log's head.
        head: Seq,
    },
    /// A branch number the log does not have.
    #[error("no branch:{number} in the log (it has {count}; `rgmem log --branches` lists them)")]
    UnknownBranch {
        /// The number asked for.
        number: u64,
        /// How many branches there are.
        count: usize,
    },
    /// A date asked of a log whose turns carry no time.
    #[error("no turn on the head branch has a time, so `{0}` names no point; give a seq")]
    Undated(String),
    /// A concept or relation name the memory does not hold.
    #[error("no concept or relation named `{name}` at {at}")]
    UnknownConcept {
        /// The name asked for.
        name: String,
        /// The point whose memory was searched.
        at: Seq,
    },
    /// A name several concepts share.
    #[error("`{name}` names {}: give one of these paths", candidates.join(", "))]
    Ambiguous {
        /// The name asked for.
        name: String,
        /// The paths it could mean.
        candidates: Vec<String>,
    },
}

#[cfg(test)]
mod tests;
