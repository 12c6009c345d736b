//! The status-line prompts: `/` (live filter) and `:` (commands such as `rollback 120`,
//! `theta-inf 4`, `export FILE`).

use super::{App, Prompt};
use crate::tui::command::{Command, EngineRequest};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use rgmem::ids::{Seq, saturating_u32};
use rgmem::memory::Thresholds;
use std::path::PathBuf;

/// The commands `:` understands, for the help.
pub const COMMANDS: &[(&str, &str)] = &[
    (
        "rollback [SEQ]",
        "roll back to SEQ (default: the cursor), after confirmation",
    ),
    ("theta-inf N", "set θ_inf (logged as thresholds_changed)"),
    ("theta-sum N", "set θ_sum (logged as thresholds_changed)"),
    ("seek SEQ", "move the cursor to SEQ (a bare number does too)"),
    (
        "export FILE",
        "write the branch at head as a session file (turns and model replies)",
    ),
    ("approve SEQ / reject SEQ / revert SEQ", "act on an abstraction by seq"),
    ("follow", "go to head and follow"),
    ("quit", "leave"),
];

impl App {
    pub(super) fn prompt_key(&mut self, key: KeyEvent, out: &mut Vec<Command>) {
        let Some(prompt) = self.prompt.as_mut() else { return };
        let text = match prompt {
            Prompt::Filter(t) | Prompt::Command(t) => t,
        };
        match key.code {
            KeyCode::Esc => {
                if matches!(prompt, Prompt::Filter(_)) {
                    self.filter.clear();
                    self.refresh();
                }
                self.prompt = None;
            }
            KeyCode::Enter => {
                if let Some(Prompt::Command(cmd)) = self.prompt.take() {
                    self.run_command(&cmd, out);
                }
            }
            KeyCode::Backspace => {
                text.pop();
                self.prompt_changed();
            }
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => out.push(Command::Quit),
            KeyCode::Char(ch) => {
                text.push(ch);
                self.prompt_changed();
            }
            _ => {}
        }
    }

    /// The filter applies while it is typed.
    fn prompt_changed(&mut self) {
        if let Some(Prompt::Filter(t)) = &self.prompt {
            self.filter = t.to_lowercase();
            self.refresh();
        }
    }

    /// Runs one `:` command.
    pub(super) fn run_command(&mut self, line: &str, out: &mut Vec<Command>) {
        let mut words = line.split_whitespace();
        let verb = words.next().unwrap_or("");
        let arg = words.collect::<Vec<_>>().join(" ");
        let number = arg.parse::<u64>().ok();
        let seq_or_cursor = number.map_or(self.timeline.cursor(), Seq);
        let t = self.timeline.head_memory().thresholds;
        match (verb, number) {
            ("rollback", _) => {
                if seq_or_cursor > self.timeline.head() {
                    self.last_error = Some(format!("no event {seq_or_cursor} (head is {})", self.timeline.head()));
                } else {
                    self.ask_rollback(seq_or_cursor);
                }
            }
            ("theta-inf", Some(n)) if n > 0 => self.set_thresholds(
                Thresholds {
                    theta_inf: saturating_u32(n),
                    ..t
                },
                out,
            ),
            ("theta-sum", Some(n)) if n > 0 => self.set_thresholds(
                Thresholds {
                    theta_sum: saturating_u32(n),
                    ..t
                },
                out,
            ),
            ("seek" | "goto", Some(n)) => self.seek(Seq(n)),
            ("export", _) if !arg.is_empty() => self.engine(out, EngineRequest::Export(PathBuf::from(arg))),
            ("approve", Some(n)) => self.engine(out, EngineRequest::Approve(Seq(n))),
            ("reject", Some(n)) => self.engine(out, EngineRequest::Reject(Seq(n))),
            ("revert", Some(n)) => self.engine(out, EngineRequest::Revert(Seq(n))),
            ("follow" | "head", _) => {
                self.seek(self.timeline.head());
                self.follow = true;
            }
            ("q" | "quit", _) => out.push(Command::Quit),
            ("help", _) => self.show_help = true,
            (v, _) if v.parse::<u64>().is_ok() => self.seek(Seq(v.parse().unwrap_or(0))),
            _ => self.last_error = Some(format!("unknown or incomplete command `:{line}` (see ? for the list)")),
        }
    }
}
