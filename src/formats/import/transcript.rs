//! A plain-text transcript: one `Name: text` line a message, optionally opened by a timestamp
//! (`[2024-03-01 18:30] Sam: …`, `2024-03-01T18:30:00Z Sam: …`). A line without a speaker
//! continues the message above it. A speaker named like an assistant (Assistant, ChatGPT,
//! Claude, AI…) is the assistant and the other one the person; without an assistant every
//! speaker is a person by name, as in a chat between friends.
// Input, files and other processes reach this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::Conversation;
use crate::error::{Error, Result};
use crate::event::Speaker;
use crate::time::Timestamp;

/// Names that mean the assistant in a transcript, compared without case.
const ASSISTANT_NAMES: [&str; 14] = [
    "assistant",
    "ai",
    "bot",
    "chatbot",
    "chatgpt",
    "gpt",
    "gpt-4",
    "gpt-4o",
    "claude",
    "gemini",
    "copilot",
    "bard",
    "llama",
    "model",
];
/// Names that mean the human side of a user–assistant transcript.
const USER_NAMES: [&str; 4] = ["user", "human", "me", "you"];
/// Words that open a line inside a message ("Note: …"), not a speaker.
const LABELS: [&str; 16] = [
    "note",
    "step",
    "example",
    "tip",
    "warning",
    "answer",
    "question",
    "summary",
    "output",
    "input",
    "error",
    "result",
    "title",
    "date",
    "time",
    "important",
];
/// A speaker's name is short: a longer "prefix:" is a sentence with a colon in it.
const MAX_NAME_CHARS: usize = 40;

/// One line's speaker, time and text, before speakers are told apart.
struct Line {
    number: usize,
    name: String,
    time: Option<Timestamp>,
    text: String,
}

/// A line's opening time, speaker name and what follows the colon.
type Opening<'a> = (Option<Timestamp>, &'a str, &'a str);

/// Parses a transcript.
pub fn parse(text: &str, origin: &str) -> Result<Conversation> {
    let mut out = Conversation {
        id: "1".into(),
        ..Conversation::default()
    };
    // First every line that could open a message, then only the names that speak more than
    // once (or a known role) count as speakers: "Step 1: …" inside a reply is not a person.
    let mut candidates: Vec<(usize, &str, Option<Opening<'_>>)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let number = i.saturating_add(1);
        let (time, rest) = leading_time(raw.trim_start()).map_err(|message| Error::BadInput {
            path: origin.to_string(),
            line: number,
            message,
        })?;
        candidates.push((number, raw, speaker_line(rest).map(|(name, said)| (time, name, said))));
    }
    let mut counts: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for (_, _, c) in &candidates {
        if let Some((_, name, _)) = c {
            let n = counts.entry(name).or_insert(0);
            *n = n.saturating_add(1);
        }
    }
    let known = |name: &str| {
        ASSISTANT_NAMES
            .iter()
            .chain(USER_NAMES.iter())
            .chain(["system"].iter())
            .any(|n| n.eq_ignore_ascii_case(name))
    };
    // A name said once is a speaker unless it reads as a label inside a message: it has a
    // digit ("Step 1"), is a common label, or follows a line that introduces a list.
    let label = |name: &str, after: &str| {
        name.chars().any(|c| c.is_ascii_digit())
            || LABELS.iter().any(|l| l.eq_ignore_ascii_case(name))
            || after.trim_end().ends_with(':')
    };
    let speaks =
        |name: &str, after: &str| known(name) || counts.get(name).is_some_and(|&n| n > 1) || !label(name, after);
    let mut lines: Vec<Line> = Vec::new();
    let mut previous = "";
    for (number, raw, c) in candidates {
        let after = std::mem::replace(&mut previous, raw);
        match c {
            Some((time, name, said)) if speaks(name, after) => lines.push(Line {
                number,
                name: name.to_string(),
                time,
                text: said.trim().to_string(),
            }),
            _ => match lines.last_mut() {
                Some(last) => {
                    last.text.push('\n');
                    last.text.push_str(raw);
                }
                None if raw.trim().is_empty() => {}
                None => out.skip("line before the first speaker"),
            },
        }
    }
    if lines.is_empty() {
        return Err(Error::BadInput {
            path: origin.to_string(),
            line: 1,
            message: "no `Name: text` line in this transcript".into(),
        });
    }
    let is = |names: &[&str], name: &str| names.iter().any(|n| n.eq_ignore_ascii_case(name.trim()));
    let has_assistant = lines.iter().any(|l| is(&ASSISTANT_NAMES, &l.name));
    let humans: Vec<&str> = {
        let mut v: Vec<&str> = lines
            .iter()
            .map(|l| l.name.as_str())
            .filter(|n| !is(&ASSISTANT_NAMES, n) && !n.eq_ignore_ascii_case("system"))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    if has_assistant && humans.len() > 1 {
        let line = lines
            .iter()
            .find(|l| humans.get(1).is_some_and(|h| *h == l.name))
            .map_or(1, |l| l.number);
        return Err(Error::BadInput {
            path: origin.to_string(),
            line,
            message: format!(
                "an assistant and several people ({}) in one transcript: whose memory is it? Import one \
                 person's conversation at a time",
                humans.join(", ")
            ),
        });
    }
    if has_assistant
        && let Some(only) = humans.first()
        && !is(&USER_NAMES, only)
    {
        out.person = Some((*only).to_string());
    }
    for l in lines {
        let text = l.text.trim_end().to_string();
        let speaker = if l.name.eq_ignore_ascii_case("system") {
            out.skip("system message");
            continue;
        } else if is(&ASSISTANT_NAMES, &l.name) {
            Speaker::Assistant
        } else if has_assistant || is(&USER_NAMES, &l.name) {
            Speaker::User
        } else {
            Speaker::Named(l.name)
        };
        if !text.trim().is_empty() {
            out.push(speaker, text, l.time, None);
        }
    }
    Ok(out)
}

/// Whether some line among the first 200 reads as `Name: text` (after an optional time).
#[must_use]
pub fn looks_like(text: &str) -> bool {
    text.lines().take(200).any(|l| {
        leading_time(l.trim_start())
            .ok()
            .and_then(|(_, rest)| speaker_line(rest))
            .is_some()
    })
}

/// `Name: text`, where the name is a short run of letters, digits, spaces, dots, hyphens and
/// apostrophes that starts with a letter.
fn speaker_line(line: &str) -> Option<(&str, &str)> {
    let (name, said) = line.split_once(':')?;
    let name = name.trim();
    let first = name.chars().next()?;
    let ok = first.is_alphabetic()
        && name.chars().count() <= MAX_NAME_CHARS
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '.' | '-' | '\'' | '_'))
        && !said.starts_with("//");
    ok.then_some((name, said))
}

/// A timestamp opening the line, bracketed or bare, and the rest of the line. A bracketed
/// token written like a date that is not a valid one is an error; anything else that is not a
/// time is just the start of the text.
fn leading_time(line: &str) -> std::result::Result<(Option<Timestamp>, &str), String> {
    if let Some(inner) = line.strip_prefix('[')
        && let Some((stamp, rest)) = inner.split_once(']')
        && stamp.starts_with(|c: char| c.is_ascii_digit())
    {
        match civil_time(stamp.trim()) {
            Some(t) => return Ok((Some(t), rest.trim_start())),
            // "[1]" or "[10:00]" is text; only what is written like a date must be one.
            None if stamp.contains('-') && stamp.chars().count() >= 8 => {
                return Err(format!("`[{stamp}]` is not a valid date and time"));
            }
            None => {}
        }
    }
    let mut parts = line.splitn(3, ' ');
    let first = parts.next().unwrap_or_default();
    if first.len() >= 10 && first.starts_with(|c: char| c.is_ascii_digit()) && first.contains('-') {
        if let Some(t) = civil_time(first) {
            return Ok((Some(t), line.get(first.len()..).unwrap_or_default().trim_start()));
        }
        let two = line.splitn(3, ' ').take(2).collect::<Vec<_>>().join(" ");
        if let Some(t) = civil_time(&two) {
            return Ok((Some(t), line.get(two.len()..).unwrap_or_default().trim_start()));
        }
    }
    Ok((None, line))
}

/// RFC 3339, or `YYYY-MM-DD[ HH:MM[:SS]]` read as UTC.
fn civil_time(s: &str) -> Option<Timestamp> {
    if let Ok(t) = Timestamp::parse(s) {
        return Some(t);
    }
    let s = s.replace('T', " ");
    let (date, clock) = s.split_once(' ').map_or((s.as_str(), ""), |(d, c)| (d, c));
    let mut d = date.split('-').map(str::parse::<i64>);
    let (year, month, day) = (d.next()?.ok()?, d.next()?.ok()?, d.next()?.ok()?);
    if d.next().is_some() {
        return None;
    }
    let mut c = clock.split(':').filter(|p| !p.is_empty()).map(str::parse::<u32>);
    let hour = c.next().transpose().ok()?.unwrap_or(0);
    let minute = c.next().transpose().ok()?.unwrap_or(0);
    let second = c.next().transpose().ok()?.unwrap_or(0);
    if c.next().is_some() {
        return None;
    }
    Timestamp::from_civil(
        year,
        u32::try_from(month).ok()?,
        u32::try_from(day).ok()?,
        hour,
        minute,
        second,
    )
}
