//! The `:` commands as one table: each command's name, aliases, argument, help and intent.
//! Parsing, completion (Tab) and the help all read it, so they can never disagree.

/// What a command takes after its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arg {
    /// Nothing.
    None,
    /// A seq (`120` or `#120`); the cursor when left out.
    SeqOrCursor,
    /// A seq, required.
    Seq,
    /// A whole number of at least 1.
    Count,
    /// A whole number of seconds, 0 allowed.
    Seconds,
    /// A file path.
    Path,
    /// An item id (`c12/d1`) and, after it, why it is wrong.
    ItemReason,
    /// A correction id (`k0`).
    Correction,
    /// An optional range of θ, `A..B`.
    Range,
}

/// What a command does, once its argument is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    /// Ask to roll back.
    Rollback,
    /// Ask to set θ_inf.
    ThetaInf,
    /// Ask to set θ_sum.
    ThetaSum,
    /// Move the cursor.
    Seek,
    /// Go to head and follow.
    Follow,
    /// Export the branch at head.
    Export,
    /// Ask to approve a proposal.
    Approve,
    /// Ask to reject a proposal.
    Reject,
    /// Ask to revert an abstraction.
    Revert,
    /// Close a live chat's open segment now.
    Close,
    /// Set the idle gap that closes a live chat's segment.
    Idle,
    /// Ask to retire a memory item.
    Correct,
    /// Ask to undo a correction.
    Uncorrect,
    /// Open the phase view.
    Phase,
    /// Show the last messages.
    Messages,
    /// Show the help.
    Help,
    /// Leave.
    Quit,
}

/// One `:` command.
#[derive(Debug, Clone, Copy)]
pub struct CommandSpec {
    /// Its name.
    pub name: &'static str,
    /// Other names it answers to.
    pub aliases: &'static [&'static str],
    /// What it takes.
    pub arg: Arg,
    /// The argument as the help writes it.
    pub usage: &'static str,
    /// What it does, for the help.
    pub help: &'static str,
    /// The intent.
    pub verb: Verb,
}

/// Every `:` command (a bare number seeks, too).
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "rollback",
        aliases: &[],
        arg: Arg::SeqOrCursor,
        usage: "[SEQ]",
        help: "roll back to SEQ (default: the cursor), after confirmation",
        verb: Verb::Rollback,
    },
    CommandSpec {
        name: "theta-inf",
        aliases: &[],
        arg: Arg::Count,
        usage: "N",
        help: "set θ_inf (N ≥ 1; logged as thresholds_changed), after confirmation",
        verb: Verb::ThetaInf,
    },
    CommandSpec {
        name: "theta-sum",
        aliases: &[],
        arg: Arg::Count,
        usage: "N",
        help: "set θ_sum (N ≥ 1; logged as thresholds_changed), after confirmation",
        verb: Verb::ThetaSum,
    },
    CommandSpec {
        name: "seek",
        aliases: &["goto"],
        arg: Arg::Seq,
        usage: "SEQ",
        help: "move the cursor to SEQ (a bare number does too)",
        verb: Verb::Seek,
    },
    CommandSpec {
        name: "follow",
        aliases: &["head"],
        arg: Arg::None,
        usage: "",
        help: "go to head and follow",
        verb: Verb::Follow,
    },
    CommandSpec {
        name: "export",
        aliases: &[],
        arg: Arg::Path,
        usage: "FILE",
        help: "write the branch at head as a session file (turns and model replies)",
        verb: Verb::Export,
    },
    CommandSpec {
        name: "approve",
        aliases: &[],
        arg: Arg::Seq,
        usage: "SEQ",
        help: "approve the proposal recorded at SEQ, after confirmation",
        verb: Verb::Approve,
    },
    CommandSpec {
        name: "reject",
        aliases: &[],
        arg: Arg::Seq,
        usage: "SEQ",
        help: "reject the proposal recorded at SEQ, after confirmation",
        verb: Verb::Reject,
    },
    CommandSpec {
        name: "revert",
        aliases: &[],
        arg: Arg::Seq,
        usage: "SEQ",
        help: "revert the RK2/RK3 firing or approval at SEQ, after confirmation",
        verb: Verb::Revert,
    },
    CommandSpec {
        name: "correct",
        aliases: &[],
        arg: Arg::ItemReason,
        usage: "ITEM REASON [=> NEW TEXT]",
        help: "retire a fact (e3), conclusion (e3/c1), Σ bullet (c12/s0) or Δ item (c12/d1), or replace its text, after confirmation",
        verb: Verb::Correct,
    },
    CommandSpec {
        name: "uncorrect",
        aliases: &[],
        arg: Arg::Correction,
        usage: "K",
        help: "undo the correction K (k0, as the timeline shows it), after confirmation",
        verb: Verb::Uncorrect,
    },
    CommandSpec {
        name: "close",
        aliases: &[],
        arg: Arg::None,
        usage: "",
        help: "close the live chat's open segment now, so its mentions count",
        verb: Verb::Close,
    },
    CommandSpec {
        name: "idle",
        aliases: &[],
        arg: Arg::Seconds,
        usage: "SECONDS",
        help: "close a live chat's segment after SECONDS without typing (0: never)",
        verb: Verb::Idle,
    },
    CommandSpec {
        name: "phase",
        aliases: &[],
        arg: Arg::Range,
        usage: "[A..B]",
        help: "the phase view: the replay or the chat so far re-run at θ_inf A..B (default 1..8), as a curve",
        verb: Verb::Phase,
    },
    CommandSpec {
        name: "messages",
        aliases: &["msg"],
        arg: Arg::None,
        usage: "",
        help: "show the last errors and notices",
        verb: Verb::Messages,
    },
    CommandSpec {
        name: "help",
        aliases: &[],
        arg: Arg::None,
        usage: "",
        help: "show the keys and these commands",
        verb: Verb::Help,
    },
    CommandSpec {
        name: "quit",
        aliases: &["q"],
        arg: Arg::None,
        usage: "",
        help: "leave",
        verb: Verb::Quit,
    },
];
