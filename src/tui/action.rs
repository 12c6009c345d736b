//! User intents: what a key, a click or a typed command asks for. Only `App::update` interprets them.
//! Each has a `snake_case` name, the one `assets/keymap.toml` and a user's keymap file use.

use serde::{Deserialize, Serialize};

/// One thing the user wants done.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
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
    /// List the Σ/Δ items of the concept in the Σ/Δ pane; on a selected one, ask why and retire it.
    Correct,
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
    /// Open the phase view: the session swept over θ_inf.
    OpenPhase,
    /// Send the chat input.
    SendMessage,
    /// Put the previous message of the input history in the chat input.
    InputHistoryBack,
    /// Put the next message of the input history in the chat input.
    InputHistoryForward,
    /// Scroll the conversation back.
    ScrollChatUp,
    /// Scroll the conversation forward.
    ScrollChatDown,
}

impl Action {
    /// What it does, in the help.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Self::Quit => "quit (the terminal is restored)",
            Self::ToggleHelp => "show or hide this help",
            Self::FocusNext => "focus the next pane",
            Self::FocusPrev => "focus the previous pane",
            Self::ToggleMaximise => "maximise the focused pane, or restore",
            Self::Cancel => "cancel: close popup or prompt, stop a reply",
            Self::StepBack => "step one event back",
            Self::StepForward => "step one event forward",
            Self::PrevFiring => "jump to the previous operator firing",
            Self::NextFiring => "jump to the next operator firing",
            Self::FollowHead => "go to head and follow",
            Self::GoStart => "go to seq 0, the empty memory",
            Self::Rollback => "roll back to the cursor (asks first)",
            Self::ConfirmYes => "yes: do what the popup says",
            Self::ConfirmNo => "no (any other key cancels too)",
            Self::ToggleApproval => "approval mode on/off",
            Self::Approve => "approve the selected proposal (asks first)",
            Self::Reject => "reject the selected proposal (asks first)",
            Self::Revert => "revert the firing at the cursor or shown in Σ/Δ (asks first)",
            Self::Correct => "correct: list the Σ/Δ items shown; again on one, retire it with a reason (asks first)",
            Self::PlayPause => "replay: play or pause",
            Self::ReplayStep => "replay: ingest one more turn",
            Self::SpeedUp => "replay: faster",
            Self::SpeedDown => "replay: slower",
            Self::Restart => "replay: restart on a new branch (asks first)",
            Self::ThetaInfUp => "θ_inf up by one (logged; asks first)",
            Self::ThetaInfDown => "θ_inf down by one (logged; asks first)",
            Self::ThetaSumUp => "θ_sum up by one (logged; asks first)",
            Self::ThetaSumDown => "θ_sum down by one (logged; asks first)",
            Self::OpenFilter => "filter the timeline and the tree",
            Self::OpenCommand => "command line (Tab completes; :help lists the commands)",
            Self::Up => "move up (timeline: one event back)",
            Self::Down => "move down (timeline: one event forward)",
            Self::PageUp => "scroll a page up",
            Self::PageDown => "scroll a page down",
            Self::Collapse => "close the node (or go to its parent)",
            Self::Expand => "open the node",
            Self::ToggleNode => "open or close the node",
            Self::OpenHistory => "every firing on the selected concept; Enter goes there",
            Self::SetMark => "mark the cursor, to compare with another point",
            Self::OpenCompare => "the memory at the mark beside the cursor's",
            Self::OpenPhase => "phase view: the replay or the chat so far swept over θ_inf 1..8 (:phase A..B)",
            Self::SendMessage => "send the message; the reply streams in",
            Self::InputHistoryBack => "previous message from the input history",
            Self::InputHistoryForward => "next message from the input history",
            Self::ScrollChatUp => "scroll the conversation back",
            Self::ScrollChatDown => "scroll the conversation forward",
        }
    }

    /// Whether it appends to the log (after a confirmation), so it may be bound only where
    /// letters are commands, never in the tree or the chat.
    #[must_use]
    pub fn writes(self) -> bool {
        matches!(
            self,
            Self::Rollback
                | Self::Approve
                | Self::Reject
                | Self::Revert
                | Self::Correct
                | Self::Restart
                | Self::ThetaInfUp
                | Self::ThetaInfDown
                | Self::ThetaSumUp
                | Self::ThetaSumDown
        )
    }

    /// Its name in a keymap file.
    #[must_use]
    pub fn name(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }
}
