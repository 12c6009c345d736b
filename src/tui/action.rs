//! User intents: what a key, a click or a typed command asks for. Only `App::update` interprets them.

/// One thing the user wants done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Leave the inspector.
    Quit,
    /// Show or hide the key help.
    ToggleHelp,
    /// Focus the next pane.
    FocusNext,
    /// Focus the previous pane.
    FocusPrev,
    /// Give the focused pane the whole screen, or give it back.
    ToggleMaximise,
    /// Close a popup, leave a prompt, or cancel a model reply.
    Cancel,
    /// Move the cursor one event back.
    StepBack,
    /// Move the cursor one event forward.
    StepForward,
    /// Jump to the previous operator firing.
    PrevFiring,
    /// Jump to the next operator firing.
    NextFiring,
    /// Jump to head and follow new events.
    FollowHead,
    /// Jump to the empty memory at seq 0.
    GoStart,
    /// Ask to roll back to the cursor.
    Rollback,
    /// Answer yes to the open confirmation.
    ConfirmYes,
    /// Answer no to the open confirmation.
    ConfirmNo,
    /// Turn approval mode on or off.
    ToggleApproval,
    /// Approve the selected proposal.
    Approve,
    /// Reject the selected proposal.
    Reject,
    /// Ask to revert the abstraction under the cursor or the selected concept.
    Revert,
    /// Play or pause the session replay.
    PlayPause,
    /// Ingest one more turn of the session replay.
    ReplayStep,
    /// Replay faster.
    SpeedUp,
    /// Replay slower.
    SpeedDown,
    /// Restart the replay on a new branch.
    Restart,
    /// Raise θ_inf by one.
    ThetaInfUp,
    /// Lower θ_inf by one.
    ThetaInfDown,
    /// Raise θ_sum by one.
    ThetaSumUp,
    /// Lower θ_sum by one.
    ThetaSumDown,
    /// Open the filter prompt.
    OpenFilter,
    /// Open the command line.
    OpenCommand,
    /// Move the selection up in the focused pane.
    Up,
    /// Move the selection down in the focused pane.
    Down,
    /// Scroll a page up.
    PageUp,
    /// Scroll a page down.
    PageDown,
    /// Collapse the selected tree node.
    Collapse,
    /// Expand the selected tree node.
    Expand,
    /// Open or close the selected tree node.
    ToggleNode,
    /// Open the history of the selected concept: every firing that touched it.
    OpenHistory,
    /// Mark the cursor as the point to compare from.
    SetMark,
    /// Compare the memory at the mark with the memory at the cursor, side by side.
    OpenCompare,
}
