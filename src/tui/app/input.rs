//! The status-line prompts: `/` (live filter) and `:` (commands). One table of commands drives
//! parsing, completion (Tab) and the help, so the three can never disagree; every argument is
//! checked, and a bad one gets a message naming the command and what it wanted.

use super::{App, Confirm, Message, Prompt};
use crate::tui::command::{Command, EngineRequest};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use rgmem::ids::Seq;
use rgmem::memory::Thresholds;
use std::path::PathBuf;

pub use super::command_table::{Arg, COMMANDS, Verb};

/// A checked command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    /// The intent.
    pub verb: Verb,
    /// The seq, for seq arguments (`None`: the cursor).
    pub seq: Option<Seq>,
    /// The number, for counts.
    pub count: Option<u32>,
    /// The path, for paths.
    pub path: Option<PathBuf>,
    /// The item, the reason and any replacement, for corrections.
    pub item: Option<(rgmem::event::ItemRef, String, Option<String>)>,
    /// The correction, for undoing one.
    pub correction: Option<rgmem::ids::CorrectionId>,
    /// The range, for ranges.
    pub range: Option<(u32, u32)>,
}

fn seq_arg(word: &str) -> Option<Seq> {
    word.strip_prefix('#').unwrap_or(word).parse::<u64>().ok().map(Seq)
}

/// Parses one command line (without the `:`) against [`COMMANDS`].
///
/// # Errors
/// A sentence naming the command and what was wrong with it.
pub fn parse(line: &str) -> Result<Parsed, String> {
    let line = line.trim();
    let (name, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    if name.is_empty() {
        return Err("empty command: type a command name after ':' (:help lists them)".into());
    }
    if let Some(seq) = seq_arg(name).filter(|_| rest.is_empty()) {
        return Ok(Parsed {
            verb: Verb::Seek,
            seq: Some(seq),
            count: None,
            path: None,
            item: None,
            correction: None,
            range: None,
        });
    }
    let Some(spec) = COMMANDS.iter().find(|c| c.name == name || c.aliases.contains(&name)) else {
        let near: Vec<&str> = COMMANDS
            .iter()
            .map(|c| c.name)
            .filter(|n| name.chars().next().is_some_and(|c| n.starts_with(c)))
            .collect();
        let hint = if near.is_empty() {
            String::new()
        } else {
            format!(" (did you mean :{}?)", near.join(", :"))
        };
        return Err(format!("unknown command :{name}{hint}; :help lists the commands"));
    };
    let usage = format!(":{} {}", spec.name, spec.usage);
    let mut parsed = Parsed {
        verb: spec.verb,
        seq: None,
        count: None,
        path: None,
        item: None,
        correction: None,
        range: None,
    };
    match spec.arg {
        Arg::None if !rest.is_empty() => {
            return Err(format!(":{} takes no argument (got \"{rest}\")", spec.name));
        }
        Arg::None => {}
        Arg::SeqOrCursor | Arg::Seq if rest.is_empty() => {
            if spec.arg == Arg::Seq {
                return Err(format!(
                    ":{} needs a seq number, e.g. {} 120",
                    spec.name,
                    usage.trim_end()
                ));
            }
        }
        Arg::SeqOrCursor | Arg::Seq => {
            parsed.seq = Some(seq_arg(rest).ok_or_else(|| {
                format!(
                    ":{}: \"{rest}\" is not a seq number (digits, e.g. :{} 120)",
                    spec.name, spec.name
                )
            })?);
        }
        Arg::Count => {
            let n = rest.parse::<u32>().map_err(|_| {
                if rest.is_empty() {
                    format!(":{} needs a number, e.g. :{} 3", spec.name, spec.name)
                } else {
                    format!(":{}: \"{rest}\" is not a whole number", spec.name)
                }
            })?;
            if n == 0 {
                return Err(format!(":{}: must be at least 1 (got 0)", spec.name));
            }
            parsed.count = Some(n);
        }
        Arg::Seconds => {
            parsed.count = Some(rest.parse::<u32>().map_err(|_| {
                if rest.is_empty() {
                    format!(":{} needs a number of seconds, e.g. :{} 4", spec.name, spec.name)
                } else {
                    format!(":{}: \"{rest}\" is not a whole number of seconds", spec.name)
                }
            })?);
        }
        Arg::Path if rest.is_empty() => {
            return Err(format!(
                ":{} needs a file path, e.g. :{} /tmp/memory.jsonl",
                spec.name, spec.name
            ));
        }
        Arg::Path => parsed.path = Some(PathBuf::from(rest)),
        Arg::ItemReason => {
            let (id, reason) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            let item = rgmem::event::ItemRef::parse(id).ok_or_else(|| {
                format!(
                    ":{}: \"{id}\" names no item (e3, e3/c1, c12/s0, c12/d1; X in the Σ/Δ pane picks one)",
                    spec.name
                )
            })?;
            let (reason, text) = match reason.split_once("=>") {
                Some((r, t)) => (r.trim(), Some(t.trim())),
                None => (reason.trim(), None),
            };
            if reason.is_empty() {
                return Err(format!(
                    ":{} needs a reason after the item, e.g. :correct {item} it was a typo",
                    spec.name
                ));
            }
            if text.is_some_and(str::is_empty) {
                return Err(format!(
                    ":{}: nothing after =>; leave => out to retire the item",
                    spec.name
                ));
            }
            parsed.item = Some((item, reason.to_string(), text.map(str::to_string)));
        }
        Arg::Correction => {
            let n = rest.strip_prefix('k').unwrap_or(rest).parse::<u32>().map_err(|_| {
                format!(
                    ":{}: \"{rest}\" is not a correction id (k0, k1, …; the timeline shows them)",
                    spec.name
                )
            })?;
            parsed.correction = Some(rgmem::ids::CorrectionId(n));
        }
        Arg::Range if rest.is_empty() => {}
        Arg::Range => {
            let bad = || {
                format!(
                    ":{}: \"{rest}\" is not a range of θ (e.g. :{} 1..12)",
                    spec.name, spec.name
                )
            };
            let (a, b) = rest.split_once("..").ok_or_else(bad)?;
            let a = a.trim().parse::<u32>().map_err(|_| bad())?;
            let b = b.trim().trim_start_matches('=').parse::<u32>().map_err(|_| bad())?;
            parsed.range = Some((a, b));
        }
    }
    Ok(parsed)
}

/// Completes a command name from its first letters: the longest common start of the matches.
#[must_use]
pub fn complete(line: &str) -> Option<String> {
    if line.contains(char::is_whitespace) {
        return None;
    }
    let matches: Vec<&str> = COMMANDS
        .iter()
        .map(|c| c.name)
        .filter(|n| n.starts_with(line))
        .collect();
    let first = *matches.first()?;
    let mut common = first.to_string();
    for m in &matches[1..] {
        while !m.starts_with(&common) {
            common.pop();
        }
    }
    if matches.len() == 1 {
        common.push(' ');
    }
    (common.len() > line.len()).then_some(common)
}

impl App {
    /// Shows problems found before the inspector opened (the user's keymap file): the first on
    /// the message line, all of them in `:messages`.
    pub fn report_problems(&mut self, problems: &[String]) {
        for text in problems {
            self.messages.push(Message {
                text: text.clone(),
                error: true,
            });
        }
        self.last_error = match problems {
            [] => None,
            [one] => Some(one.clone()),
            [first, rest @ ..] => Some(format!("{first} (and {} more: :messages)", rest.len())),
        };
        self.dirty = true;
    }

    /// Whether the engine owes an answer: a request is in flight or a chat message waits.
    #[must_use]
    pub fn awaits_engine(&self) -> bool {
        self.busy > 0
            || self.chat.pending.is_some()
            || !self.chat.queued.is_empty()
            || self.phase.as_ref().is_some_and(|p| p.running)
    }

    /// Whether a session replay is playing, so time moving on ingests its next turn.
    #[must_use]
    pub fn replay_due(&self) -> bool {
        self.replay.as_ref().is_some_and(|r| r.playing && !r.finished)
    }

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
            KeyCode::Tab => {
                if let Prompt::Command(t) = prompt
                    && let Some(done) = complete(t)
                {
                    *t = done;
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

    /// Runs one `:` command; anything that writes to the log asks first.
    pub(super) fn run_command(&mut self, line: &str, out: &mut Vec<Command>) {
        let parsed = match parse(line) {
            Ok(p) => p,
            Err(e) => {
                self.last_error = Some(e);
                return;
            }
        };
        let head = self.timeline.head();
        let t = self.timeline.head_memory().thresholds;
        let seq = parsed.seq.unwrap_or(self.timeline.cursor());
        let known = |app: &mut Self, seq: Seq| {
            if seq > head || seq.0 == 0 {
                app.last_error = Some(format!("no event {seq}: the log runs from #1 to head {head}"));
                false
            } else {
                true
            }
        };
        match parsed.verb {
            Verb::Rollback => {
                if seq > head {
                    self.last_error = Some(format!("no event {seq}: the log runs from #1 to head {head}"));
                } else {
                    self.ask_rollback(seq);
                }
            }
            Verb::ThetaInf | Verb::ThetaSum => {
                let n = parsed.count.unwrap_or(1);
                let next = if parsed.verb == Verb::ThetaInf {
                    Thresholds { theta_inf: n, ..t }
                } else {
                    Thresholds { theta_sum: n, ..t }
                };
                self.set_thresholds(next);
            }
            Verb::Seek => {
                if seq > head {
                    self.last_error = Some(format!("no event {seq}: head is {head}"));
                } else {
                    self.seek(seq);
                }
            }
            Verb::Follow => {
                self.seek(head);
                self.follow = true;
            }
            Verb::Export => {
                if let Some(path) = parsed.path {
                    self.engine(out, EngineRequest::Export(path));
                }
            }
            Verb::Approve if known(self, seq) => self.confirm = Some(Confirm::Approve(seq)),
            Verb::Reject if known(self, seq) => self.confirm = Some(Confirm::Reject(seq)),
            Verb::Revert if known(self, seq) => self.confirm = Some(Confirm::Revert(seq)),
            Verb::Approve | Verb::Reject | Verb::Revert => {}
            Verb::Close => self.close_now(out),
            Verb::Idle => self.set_idle_gap(parsed.count.unwrap_or(0)),
            Verb::Correct => {
                if let Some((item, reason, text)) = parsed.item {
                    self.ask_correct(item, reason, text);
                }
            }
            Verb::Uncorrect => {
                if let Some(k) = parsed.correction {
                    self.ask_uncorrect(k);
                }
            }
            Verb::Phase => self.open_phase(parsed.range, out),
            Verb::Messages => self.show_messages = true,
            Verb::Help => self.show_help = true,
            Verb::Quit => out.push(Command::Quit),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_malformed_seq_is_an_error_not_the_cursor() {
        let e = parse("rollback 40O").unwrap_err();
        assert!(e.contains("\"40O\" is not a seq number"), "{e}");
        assert_eq!(parse("rollback").unwrap().seq, None);
        assert_eq!(parse("rollback #40").unwrap().seq, Some(Seq(40)));
    }

    #[test]
    fn each_bad_argument_gets_its_own_message() {
        assert!(parse("theta-inf abc").unwrap_err().contains("not a whole number"));
        assert!(parse("theta-inf 0").unwrap_err().contains("at least 1"));
        assert!(parse("export").unwrap_err().contains("needs a file path"));
        assert!(
            parse("frobnicate")
                .unwrap_err()
                .starts_with("unknown command :frobnicate")
        );
        assert!(parse("follow now").unwrap_err().contains("takes no argument"));
    }

    #[test]
    fn every_name_the_help_lists_parses() {
        for c in COMMANDS {
            for name in std::iter::once(&c.name).chain(c.aliases) {
                let line = match c.arg {
                    Arg::None | Arg::SeqOrCursor => (*name).to_string(),
                    Arg::Seq | Arg::Count | Arg::Seconds => format!("{name} 3"),
                    Arg::Path => format!("{name} /tmp/x"),
                    Arg::ItemReason => format!("{name} c12/d1 it was a typo"),
                    Arg::Correction => format!("{name} k0"),
                    Arg::Range => format!("{name} 1..3"),
                };
                assert_eq!(parse(&line).map(|p| p.verb), Ok(c.verb), "{line}");
            }
        }
        assert_eq!(parse("120").unwrap().verb, Verb::Seek);
    }

    #[test]
    fn tab_completes_a_unique_prefix_and_stops_at_a_shared_one() {
        assert_eq!(complete("rol").as_deref(), Some("rollback "));
        assert_eq!(complete("th").as_deref(), Some("theta-"));
        assert_eq!(complete("zzz"), None);
    }
}
