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
    /// A model failed outside a step (chat, ask, eval).
    #[error(transparent)]
    Model(#[from] crate::model::ModelError),
}

/// Shorthand.
pub type Result<T, E = Error> = std::result::Result<T, E>;
