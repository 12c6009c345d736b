//! What `App::update` asks the runtime to do: effects as data, so the update stays pure.

use super::msg::RequestId;
use rgmem::formats::session::TurnInput;
use rgmem::ids::Seq;
use rgmem::memory::Thresholds;
use std::path::PathBuf;

/// One effect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Hand a request to the engine task.
    Engine(EngineRequest),
    /// Cancel the model call in flight (the engine then reports the request as failed).
    CancelModel,
    /// Leave the inspector.
    Quit,
    /// Re-run the session at each θ in the background (the phase view).
    Sweep(SweepRequest),
    /// Stop the running sweep after the θ in progress.
    CancelSweep,
}

/// What the phase view sweeps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SweepRequest {
    /// Identifies its updates.
    pub id: u64,
    /// θ_inf to run, in order (θ_sum = 2·θ_inf).
    pub thetas: Vec<u32>,
    /// The session's turns.
    pub turns: Vec<TurnInput>,
    /// The user's display name.
    pub user: String,
    /// The session's ground truth, if its header carries one.
    pub truth: Option<rgmem::eval::truth::GroundTruth>,
    /// In a live chat: the positions in `turns` after which its segment was closed (idle or
    /// `:close`), so each θ segments it as the chat did. Empty for a replayed file.
    pub closes: Vec<usize>,
}

/// A request to the engine task, which alone owns the database and the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineRequest {
    /// Ingest a replayed turn.
    Ingest {
        /// The turn.
        turn: TurnInput,
        /// The user's display name.
        user: String,
    },
    /// Close the open segment: the replayed input ended.
    Finish,
    /// Close the open segment of a live chat: the person stopped typing (or said `:close`), so
    /// the mentions count now rather than when eight turns have gathered.
    CloseSegment,
    /// Ingest the user's chat message, then stream an answer.
    Chat {
        /// Identifies the reply.
        id: RequestId,
        /// What the user typed.
        text: String,
        /// The user's display name.
        user: String,
    },
    /// Ingest the assistant's accepted chat reply; the engine builds its turn.
    Reply {
        /// The reply.
        text: String,
        /// The user's display name.
        user: String,
    },
    /// Record new thresholds and run what became due.
    SetThresholds(Thresholds),
    /// Append `rolled_back` to this seq.
    Rollback(Seq),
    /// Approval mode on or off.
    SetApprove(bool),
    /// Approve the proposal recorded at this seq.
    Approve(Seq),
    /// Reject the proposal recorded at this seq.
    Reject(Seq),
    /// Revert the abstraction applied at this seq.
    Revert(Seq),
    /// Write the head's branch as a session file, with its recorded model replies.
    Export(PathBuf),
    /// Read what other processes appended to the file (no `Done` unless it fails).
    Follow,
    /// Retire a fact, conclusion, Σ bullet or Δ item, or replace its text, with a reason.
    Correct {
        /// The item.
        item: rgmem::event::ItemRef,
        /// Why.
        reason: String,
        /// The new text; `None` retires the item.
        text: Option<String>,
    },
    /// Undo a correction.
    UndoCorrection(rgmem::ids::CorrectionId),
}
