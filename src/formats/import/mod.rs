//! Every conversation file rgmem reads, behind one entry point: which format a file is (by
//! its content, or as the user says), and its conversations as turns with typed speakers,
//! times and source ids. A file is parsed whole before anything is stored, so a damaged one
//! names its file and line and changes nothing.
// Input, files and other processes reach this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

mod chatgpt;
mod claude;
mod claude_code;
mod detect;
mod located;
mod openai;
mod transcript;

pub use detect::detect;

use crate::error::{Error, Result};
use crate::event::Speaker;
use crate::formats::session::{SessionFile, TurnInput};
use crate::ids::saturating_u32;
use crate::time::Timestamp;
use std::collections::BTreeMap;
use std::path::Path;

/// A file format `import` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Format {
    /// rgmem's own session JSONL (`sample_sessions/`).
    Session,
    /// The LoCoMo benchmark's JSON: two named speakers per conversation.
    Locomo,
    /// A BEAM benchmark `chat.json`: batches of user–assistant sessions.
    Beam,
    /// OpenAI-style chat messages: a JSON array, or JSONL, of `{role, content}`.
    OpenAi,
    /// ChatGPT's data export `conversations.json`: a message tree per conversation.
    ChatGpt,
    /// Claude.ai's data export `conversations.json`: `chat_messages` per conversation.
    Claude,
    /// A Claude Code session log (`~/.claude/projects/…/*.jsonl`).
    ClaudeCode,
    /// A plain-text transcript: `Name: text` lines, optionally timestamped.
    Transcript,
}

impl Format {
    /// Every format, in the order `--format` lists them.
    pub const ALL: [Self; 8] = [
        Self::Session,
        Self::Locomo,
        Self::Beam,
        Self::OpenAi,
        Self::ChatGpt,
        Self::Claude,
        Self::ClaudeCode,
        Self::Transcript,
    ];

    /// The name `--format` takes and reports print.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Session => "session",
            Self::Locomo => "locomo",
            Self::Beam => "beam",
            Self::OpenAi => "openai",
            Self::ChatGpt => "chatgpt",
            Self::Claude => "claude",
            Self::ClaudeCode => "claude-code",
            Self::Transcript => "transcript",
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> std::result::Result<Self, String> {
        let wanted = s.trim().to_lowercase().replace('_', "-");
        Self::ALL.into_iter().find(|f| f.name() == wanted).ok_or_else(|| {
            let names: Vec<_> = Self::ALL.iter().map(|f| f.name()).collect();
            format!("unknown format `{s}` (one of: {})", names.join(", "))
        })
    }
}

/// One conversation of an imported file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Conversation {
    /// Its id in the file (`conv-26`, a ChatGPT conversation id, a Claude uuid), or the file's
    /// position of it (`1`) when the file gives none.
    pub id: String,
    /// Its title, where the file gives one.
    pub title: Option<String>,
    /// The turns, in order: the human side as [`Speaker::User`] (or, where the format names
    /// several people, each by name), the assistant as [`Speaker::Assistant`].
    pub turns: Vec<TurnInput>,
    /// The human's name, where the file gives one (a session header's `user`).
    pub person: Option<String>,
    /// Parts of the file not kept as turns, by kind ("system message", "image", "tool call").
    pub skipped: BTreeMap<String, u32>,
    /// Turns whose own time was missing and that took the conversation's or the previous
    /// message's time instead.
    pub fallback_times: u32,
}

impl Conversation {
    /// Counts one skipped part of the file.
    pub fn skip(&mut self, kind: &str) {
        let n = self.skipped.entry(kind.to_string()).or_insert(0);
        *n = n.saturating_add(1);
    }

    /// Appends a turn, numbering it, and giving it the last known time if it has none.
    pub fn push(&mut self, speaker: Speaker, text: String, time: Option<Timestamp>, source_ref: Option<String>) {
        let time = match time {
            Some(t) => Some(t),
            None => {
                let before = self.turns.last().and_then(|t| t.time);
                if before.is_some() {
                    self.fallback_times = self.fallback_times.saturating_add(1);
                }
                before
            }
        };
        let session = self.turns.last().map_or(1, |t| t.session);
        self.turns.push(TurnInput {
            speaker,
            text,
            attachments: Vec::new(),
            time,
            session,
            index: saturating_u32(self.turns.len()),
            source_ref,
        });
    }
}

/// What a file holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    /// The format it was read as.
    pub format: Format,
    /// Its conversations, in file order.
    pub conversations: Vec<Conversation>,
}

impl Imported {
    /// The turns of the picked conversations, numbered as one input and their sessions kept
    /// apart (each conversation starts a new session after the last one's; a single one keeps
    /// its own numbers).
    #[must_use]
    pub fn turns(&self, picked: &[&Conversation]) -> Vec<TurnInput> {
        // One conversation keeps its own session numbers, as its file writes them.
        if let [only] = picked {
            return only.turns.clone();
        }
        let mut out: Vec<TurnInput> = Vec::new();
        for c in picked {
            let offset = out.last().map_or(0, |t| t.session);
            let first = c.turns.first().map_or(1, |t| t.session);
            for t in &c.turns {
                let mut t = t.clone();
                t.session = offset.saturating_add(t.session.saturating_sub(first)).saturating_add(1);
                t.index = saturating_u32(out.len());
                out.push(t);
            }
        }
        out
    }
}

/// Reads `path` as `format`, or as the format its content shows.
pub fn read(path: &Path, format: Option<Format>) -> Result<Imported> {
    let text = crate::formats::session::read_text(path)?;
    parse(&text, &path.display().to_string(), format)
}

/// Parses `text` (from `origin`, named in errors) as `format`, or as the format it shows.
pub fn parse(text: &str, origin: &str, format: Option<Format>) -> Result<Imported> {
    let format = match format {
        Some(f) => f,
        None => detect(text).ok_or_else(|| Error::BadInput {
            path: origin.to_string(),
            line: 0,
            message: "cannot tell what format this is; name it with --format (one of: session, locomo, \
                      beam, openai, chatgpt, claude, claude-code, transcript)"
                .into(),
        })?,
    };
    let conversations = match format {
        Format::Session => vec![session(SessionFile::parse(text, origin)?)],
        Format::Locomo => crate::formats::locomo::parse(text, origin)?
            .iter()
            .map(|c| Conversation {
                id: c.id.clone(),
                title: None,
                turns: c.turns(),
                person: None,
                ..Conversation::default()
            })
            .collect(),
        Format::Beam => vec![beam(text, origin)?],
        Format::OpenAi => vec![openai::parse(text, origin)?],
        Format::ChatGpt => chatgpt::parse(text, origin)?,
        Format::Claude => claude::parse(text, origin)?,
        Format::ClaudeCode => claude_code::parse(text, origin)?,
        Format::Transcript => vec![transcript::parse(text, origin)?],
    };
    if conversations.iter().all(|c| c.turns.is_empty()) {
        return Err(Error::BadInput {
            path: origin.to_string(),
            line: 0,
            message: format!("read as {format}, but it holds no turn to import"),
        });
    }
    Ok(Imported { format, conversations })
}

fn session(file: SessionFile) -> Conversation {
    let person = file
        .header
        .as_ref()
        .and_then(|h| h.user.clone())
        .filter(|u| !u.trim().is_empty());
    let title = file.header.as_ref().map(|h| h.title.clone()).filter(|t| !t.is_empty());
    Conversation {
        id: "1".into(),
        title,
        turns: file.turns,
        person,
        ..Conversation::default()
    }
}

fn beam(text: &str, origin: &str) -> Result<Conversation> {
    let chat = crate::formats::beam::parse(text, origin)?;
    Ok(Conversation {
        id: "1".into(),
        title: None,
        turns: chat.turns(),
        ..Conversation::default()
    })
}

#[cfg(test)]
mod tests;
