//! The engine's error type. Every variant names what failed, so the binary can print it as is.

use crate::ids::{EpisodeId, Seq};
use thiserror::Error;

/// Everything the engine can fail with.
#[derive(Debug, Error)]
pub enum Error {
    /// The SQLite store failed.
    #[error("event log: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The PostgreSQL store failed: one sentence naming the server's URL without its password.
    #[error("{0}")]
    Postgres(String),
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
    /// θ_inf or θ_sum set to 0.
    #[error("θ_inf and θ_sum must be at least 1")]
    ZeroThreshold,
    /// The seq is not on the head's history branch. Proposal and concept ids restart on every
    /// branch, so acting on it here could touch a different proposal or concept.
    #[error("{seq} is on another branch; roll back to it (or after it) first")]
    OnOtherBranch {
        /// The seq asked for.
        seq: Seq,
    },
    /// Approving or rejecting something that is not a proposal.
    #[error("{seq} is {} {kind} event ({what}), not a proposal", crate::event::article(kind))]
    NotAProposal {
        /// The seq asked for.
        seq: Seq,
        /// The kind of event it is.
        kind: &'static str,
        /// What it did, with names.
        what: String,
    },
    /// Approving or rejecting a proposal that was already approved.
    #[error("the proposal at {seq} is already approved")]
    AlreadyApproved {
        /// The proposal's seq.
        seq: Seq,
    },
    /// Approving or rejecting a proposal that was already rejected.
    #[error("the proposal at {seq} is already rejected")]
    AlreadyRejected {
        /// The proposal's seq.
        seq: Seq,
    },
    /// The proposal recorded at `seq` is not in the memory at head.
    #[error("the proposal at {seq} is not on the current branch")]
    ProposalNotOnBranch {
        /// The proposal's seq.
        seq: Seq,
    },
    /// Reverting an approval whose proposal the memory at head does not hold.
    #[error("{seq} approved a proposal this branch does not hold")]
    ApprovalWithoutProposal {
        /// The approval's seq.
        seq: Seq,
    },
    /// Reverting an event that applied no abstraction.
    #[error(
        "{seq} is {} {kind} event ({what}); only RK2/RK3 firings and approvals can be reverted",
        crate::event::article(kind)
    )]
    NotRevertible {
        /// The seq asked for.
        seq: Seq,
        /// The kind of event it is.
        kind: &'static str,
        /// What it did, with names.
        what: String,
    },
    /// A correction naming an item this memory does not hold.
    #[error("no {noun} {item} in the memory at head ({hint})")]
    NoSuchItem {
        /// The item as typed.
        item: String,
        /// What kind of item it names.
        noun: &'static str,
        /// Where to find ids.
        hint: &'static str,
    },
    /// Retiring a fact or conclusion that a correction retired already.
    #[error("{item} is retired already (by {by}; undo that first to correct it again)")]
    AlreadyRetired {
        /// The item.
        item: String,
        /// The correction that retired it.
        by: crate::ids::CorrectionId,
    },
    /// A correction without a reason, or with an empty replacement.
    #[error("a correction needs {0}")]
    CorrectionIncomplete(&'static str),
    /// A correction id that is not in the memory, or was undone already.
    #[error("no correction {0} to undo (undone already, or never made on this branch)")]
    NoSuchCorrection(crate::ids::CorrectionId),
    /// Reverting an abstraction whose concept a later one rewrote again.
    #[error("{concept}, rewritten at {seq}, has changed since; revert the later abstraction first")]
    ConceptChangedSince {
        /// The firing or approval asked for.
        seq: Seq,
        /// The concept's name.
        concept: String,
    },
    /// A memory handed to retrieval that is not the log's memory at the seq it was read at.
    #[error("the memory given has {memory} episodes but the log's branch at {at} has {log}")]
    MemoryNotAt {
        /// The seq read.
        at: Seq,
        /// Episodes in the memory given.
        memory: usize,
        /// Episodes on the log's branch at `at`.
        log: usize,
    },
    /// An episode the keyword index needs is missing from the memory given.
    #[error("episode {episode} is not in the memory given")]
    EpisodeNotInMemory {
        /// The episode.
        episode: EpisodeId,
    },
    /// A benchmark run asked for a conversation its file does not hold.
    #[error("the LoCoMo file has no conversation {0}")]
    UnknownConversation(String),
    /// The model could not be set up (its configuration, as the binary reports it).
    #[error("{0}")]
    ModelSetup(String),
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
    /// An export would overwrite the memory file it reads (or its WAL), erasing it.
    #[error("{out} is {what}; export to another file")]
    ExportOntoMemory {
        /// The path asked for.
        out: String,
        /// Which of the memory's files it is.
        what: String,
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
    /// A chat answer the model did not give.
    #[error("the model did not answer: {0}")]
    NoAnswer(#[source] crate::model::ModelError),
}

impl From<crate::event::CodecError> for Error {
    fn from(e: crate::event::CodecError) -> Self {
        Self::Codec(e.0)
    }
}

/// Shorthand.
pub type Result<T, E = Error> = std::result::Result<T, E>;
