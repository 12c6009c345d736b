//! The command line: shared options, subcommand dispatch, and exit codes (0 ok, 1 runtime
//! error, 2 usage error).

mod ask;
mod branches;
mod chat;
mod common;
mod control;
mod copy;
mod correct;
mod cost;
mod coverage;
mod diff;
mod escape;
mod eval;
mod export;
mod history;
mod import;
mod input;
mod log;
mod model;
mod points;
mod replay;
mod show;
mod store;
mod sweep;
mod timeline;
#[cfg(feature = "tui")]
mod tui;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

pub use common::Shared;
pub use store::Store;

/// rgmem: watch, step through, question and correct an LLM agent's long-term memory.
#[derive(Debug, Parser)]
#[command(name = "rgmem", version, about, long_about = None)]
pub struct Cli {
    #[command(flatten)]
    shared: Shared,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Open the inspector (the default with no subcommand).
    #[cfg(feature = "tui")]
    Tui(tui::Args),
    /// Ingest a conversation file without the interface, printing operator firings.
    Replay(replay::Args),
    /// Import a conversation file of any supported format (ChatGPT, Claude, OpenAI messages,
    /// Claude Code, BEAM, LoCoMo, transcripts); `--dry-run` shows what it would store.
    Import(import::Args),
    /// Print the event log.
    Log(log::Args),
    /// Print the memory at head or at any point (seq, date, branch:N): concept tree, relations, Σ/Δ.
    Show(show::Args),
    /// What changed in the memory between two points, by bullet.
    Diff(diff::Args),
    /// What each person said happened on a date, in date order, with the turns that say it
    /// (a concept narrows it to one project or hobby).
    Timeline(timeline::Args),
    /// Every firing, approval, rejection and revert that touched a concept, with trigger and diff.
    History(history::Args),
    /// Roll back to a seq (appends `rolled_back`; nothing is deleted).
    Rollback(control::RollbackArgs),
    /// Approve the proposal recorded at SEQ.
    Approve(control::SeqArg),
    /// Reject the proposal recorded at SEQ.
    Reject(control::SeqArg),
    /// Revert the abstraction applied at SEQ (an RK2/RK3 firing or an approval).
    Revert(control::SeqArg),
    /// Retire a fact, conclusion, Σ bullet or Δ item, or replace its text, with a reason
    /// (`--undo K` takes a correction back).
    Correct(correct::Args),
    /// Serve the memory over MCP: stdio (what MCP clients launch), or streamable HTTP on
    /// 127.0.0.1 with `--http PORT`. Tools: remember, recall, profile, history, correct,
    /// undo_correction.
    #[cfg(feature = "mcp")]
    Serve(crate::mcp::Args),
    /// Chat line by line on stdin/stdout: answer from memory, ingest both turns, print firings.
    Chat(chat::Args),
    /// Write the current branch as a session file with its recorded model replies.
    Export(export::Args),
    /// Ask the memory a question: the retrieved context item by item, with provenance, then the answer.
    Ask(ask::Args),
    /// The phase-transition sweep over θ_inf on a session or LoCoMo file (`--theta-inf A..B`).
    Sweep(sweep::Args),
    /// Run a benchmark against baselines measured in the same run.
    Eval(eval::Args),
    /// Model calls and tokens per turn at several θ_inf, ingesting session files into scratch
    /// memories (`--markdown`: the README's cost table).
    Cost(cost::Args),
    /// Copy a memory between stores (SQLite files, PostgreSQL people), event for event.
    Copy(copy::Args),
}

/// Options that only change what ingesting does, and the commands that never ingest.
const INGEST_ONLY: [&str; 3] = ["theta_inf", "theta_sum", "approve"];
const NEVER_INGEST: [&str; 13] = [
    "copy", "log", "show", "timeline", "diff", "history", "rollback", "approve", "reject", "revert", "export", "ask",
    "correct",
];
/// Options that only choose the model, and the commands that never call one.
const MODEL_ONLY: [&str; 5] = ["model", "model_name", "embed_model", "timeout", "recorded"];
const NEVER_MODEL: [&str; 12] = [
    "copy", "log", "show", "timeline", "diff", "history", "rollback", "approve", "reject", "revert", "export",
    "correct",
];

/// The command line, with each subcommand's help listing only the shared options it uses.
fn command() -> clap::Command {
    use clap::CommandFactory;
    let mut cmd = Cli::command();
    // Global options reach the subcommands when the command is built; hide them after that.
    cmd.build();
    // `mut_args`, not `mut_arg`: on a built command `mut_arg` moves the argument to the end,
    // after which `log --help` reads "--help" as the missing value of the moved option.
    let hide = |cmd: clap::Command, subs: &[&str], args: &[&str]| {
        subs.iter().fold(cmd, |cmd, sub| {
            cmd.mut_subcommand(*sub, |s| {
                s.mut_args(|a| {
                    if args.contains(&a.get_id().as_str()) {
                        a.hide(true)
                    } else {
                        a
                    }
                })
            })
        })
    };
    let cmd = hide(cmd, &NEVER_INGEST, &INGEST_ONLY);
    hide(cmd, &NEVER_MODEL, &MODEL_ONLY)
}

/// Runs the command line and maps failures to exit codes.
pub fn main() -> ExitCode {
    use clap::FromArgMatches;
    let cli = match Cli::from_arg_matches(&command().get_matches()) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let ranged = cli.shared.theta_inf.is_some_and(|t| t.lo != t.hi);
    let result = match cli.command {
        Some(ref c) if ranged && !matches!(c, Command::Sweep(_)) => Err(anyhow::anyhow!(
            "--theta-inf takes one number here; only `sweep` takes a range A..B"
        )),
        #[cfg(feature = "tui")]
        None => tui::run(&cli.shared, &tui::Args::default()),
        #[cfg(not(feature = "tui"))]
        None => replay::demo(&cli.shared),
        #[cfg(feature = "tui")]
        Some(Command::Tui(args)) => tui::run(&cli.shared, &args),
        Some(Command::Replay(args)) => replay::run(&cli.shared, &args),
        Some(Command::Import(args)) => import::run(&cli.shared, &args),
        Some(Command::Log(args)) => log::run(&cli.shared, &args),
        Some(Command::Show(args)) => show::run(&cli.shared, &args),
        Some(Command::Diff(args)) => diff::run(&cli.shared, &args),
        Some(Command::Timeline(args)) => timeline::run(&cli.shared, &args),
        Some(Command::History(args)) => history::run(&cli.shared, &args),
        Some(Command::Rollback(args)) => control::rollback(&cli.shared, &args),
        Some(Command::Approve(args)) => control::approve(&cli.shared, &args),
        Some(Command::Reject(args)) => control::reject(&cli.shared, &args),
        Some(Command::Revert(args)) => control::revert(&cli.shared, &args),
        Some(Command::Correct(args)) => correct::run(&cli.shared, &args),
        #[cfg(feature = "mcp")]
        Some(Command::Serve(args)) => crate::mcp::run(&cli.shared, &args),
        Some(Command::Chat(args)) => chat::run(&cli.shared, &args),
        Some(Command::Export(args)) => export::run(&cli.shared, &args),
        Some(Command::Ask(args)) => ask::run(&cli.shared, &args),
        Some(Command::Sweep(args)) => sweep::run(&cli.shared, &args),
        Some(Command::Eval(args)) => eval::run(&cli.shared, &args),
        Some(Command::Cost(args)) => cost::run(&cli.shared, &args),
        Some(Command::Copy(args)) => copy::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`rgmem log | head`) is the reader's choice, not a failure.
        Err(e)
            if e.chain().any(|c| {
                c.downcast_ref::<std::io::Error>()
                    .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            }) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {}", escape::escape(&report(&e)));
            ExitCode::from(1)
        }
    }
}

/// An error and its causes, each said once: a cause whose text its effect already quotes (an
/// `io::Error` inside "path: No such file…") is not repeated.
fn report(e: &anyhow::Error) -> String {
    let mut out = String::new();
    for cause in e.chain() {
        let text = cause.to_string();
        if text.is_empty() || out.contains(&text) {
            continue;
        }
        if !out.is_empty() {
            out.push_str(": ");
        }
        out.push_str(&text);
    }
    out
}

/// The default memory file in the user's data directory.
pub fn default_db() -> PathBuf {
    directories::ProjectDirs::from("", "", "rgmem")
        .map_or_else(|| PathBuf::from("rgmem.db"), |d| d.data_dir().join("memory.db"))
}
