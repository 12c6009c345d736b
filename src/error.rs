//! The engine's error type. Every variant names what failed, so the binary can print it as is.

use crate::ids::Seq;
use thiserror::Error;

/// Everything the engine can fail with.
#[derive(Debug, Error)]
pub enum Error {
    /// The SQLite store failed.
    #[error("event log: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A stored event or checkpoint did not decode.
    #[error("event log holds an undecodable record: {0}")]
    Codec(String),
    /// A session or benchmark file is malformed at a line.
    #[error("{path}:{line}: {message}")]
    BadInput {
        /// The file.
        path: String,
        /// 1-based line number (0 when the file as a whole is wrong).
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
    /// A seq that is not in the log.
    #[error("no event {0} in the log")]
    UnknownSeq(Seq),
    /// A request that does not fit the log's state (approving a firing, reverting a stale one…).
    #[error("{0}")]
    Refused(String),
    /// Another process held the memory file's write lock for longer than the wait.
    #[error("{path} is {holders}; try again when it has finished")]
    InUse {
        /// The memory file.
        path: String,
        /// "in use by PID 123", or "in use by another process" when the holder is unknown.
        holders: String,
    },
    /// The memory file was written by a newer rgmem; appending to it could corrupt it.
    #[error("{path} has schema version {found}, newer than this rgmem knows ({known}); use a newer rgmem")]
    NewerSchema {
        /// The memory file.
        path: String,
        /// Its `user_version`.
        found: i64,
        /// The newest version this build knows.
        known: usize,
    },
    /// A stored record is damaged: its parent, or an id it names, does not fit the log.
    #[error("event log: record {seq} is invalid: {message}")]
    InvalidRecord {
        /// The record.
        seq: Seq,
        /// What is wrong.
        message: String,
    },
    /// The memory file is read-only: it can be read but not appended to.
    #[error("{path} is read-only; it can be read (log, show, export) but not changed")]
    ReadOnly {
        /// The memory file.
        path: String,
    },
    /// Another process appended to the log while this one prepared a step; the engine reloads
    /// the head and redoes the step.
    #[error("another process appended to {path} during this step")]
    LogMoved {
        /// The memory file.
        path: String,
    },
    /// A model failed outside a step (chat, ask, eval).
    #[error(transparent)]
    Model(#[from] crate::model::ModelError),
}

/// Shorthand.
pub type Result<T, E = Error> = std::result::Result<T, E>;
