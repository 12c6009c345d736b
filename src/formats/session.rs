//! The session file format (`sample_sessions/*.jsonl`): an optional header line, then one turn
//! per line, plus optional recorded model calls. A file is parsed whole before anything is
//! ingested, so a malformed line names its file and line and nothing from the file is written.
// Input, files and other processes reach this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use crate::error::{Error, Result};
use crate::event::Purpose;
use crate::ids::saturating_u32;
use crate::time::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::Path;

/// The optional first line.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// Format version (1).
    pub rgmem_session: u32,
    /// Title.
    #[serde(default)]
    pub title: String,
    /// The user's name.
    #[serde(default)]
    pub user: Option<String>,
    /// What the session demonstrates.
    #[serde(default)]
    pub description: String,
}

/// One turn to ingest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnInput {
    /// The user, the assistant or a person by name.
    pub speaker: crate::event::Speaker,
    /// What was said.
    pub text: String,
    /// What was shared with it (`[{"type": "photo", "caption": …}]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attachments: Vec<crate::event::Attachment>,
    /// When.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<Timestamp>,
    /// Session number.
    pub session: u32,
    /// 0-based index of the turn in its file.
    #[serde(skip)]
    pub index: u32,
    /// The source's own id (LoCoMo `dia_id`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_ref: Option<String>,
}

/// A `{"model_call": ...}` line: one recorded model call, for exact replay (`--model recorded`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedCall {
    /// What the call was for; an unknown purpose is a bad line.
    pub purpose: Purpose,
    /// The answering model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// The prompt.
    pub prompt: String,
    /// The reply ("" for a failed call).
    #[serde(default)]
    pub reply: String,
    /// Prompt tokens.
    #[serde(default)]
    pub tokens_in: u32,
    /// Reply tokens.
    #[serde(default)]
    pub tokens_out: u32,
    /// Latency.
    #[serde(default)]
    pub latency_ms: u64,
    /// Why the call failed, for a failed call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The reply format the call was held to (absent: the text formats).
    #[serde(default, skip_serializing_if = "crate::event::OutputMode::is_text")]
    pub mode: crate::event::OutputMode,
}

/// A parsed session file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SessionFile {
    /// The header, if present.
    pub header: Option<Header>,
    /// The turns, in order.
    pub turns: Vec<TurnInput>,
    /// Recorded model calls, in order.
    pub model_calls: Vec<RecordedCall>,
}

impl SessionFile {
    /// Reads and validates a session file.
    pub fn read(path: &Path) -> Result<Self> {
        let text = read_text(path)?;
        Self::parse(&text, &path.display().to_string())
    }

    /// The user's display name ("User" if the header gives none).
    #[must_use]
    pub fn user_name(&self) -> String {
        self.header
            .as_ref()
            .and_then(|h| h.user.clone())
            .filter(|u| !u.trim().is_empty())
            .unwrap_or_else(|| "User".into())
    }

    /// Parses session text; `origin` names the file in errors.
    pub fn parse(text: &str, origin: &str) -> Result<Self> {
        let bad = |line: usize, message: String| Error::BadInput {
            path: origin.to_string(),
            line,
            message,
        };
        let mut out = Self::default();
        let mut session: u32 = 1;
        let mut last_time: Option<Timestamp> = None;
        for (i, raw) in text.lines().enumerate() {
            let line = i.saturating_add(1);
            let trimmed = raw.trim();
            if trimmed.is_empty() {
                continue;
            }
            let value: Value = serde_json::from_str(trimmed).map_err(|e| bad(line, format!("not valid JSON: {e}")))?;
            let Value::Object(obj) = &value else {
                return Err(bad(line, "expected a JSON object".into()));
            };
            if obj.contains_key("rgmem_session") {
                if !out.turns.is_empty() || out.header.is_some() {
                    return Err(bad(line, "the header must be the first line".into()));
                }
                let header: Header =
                    serde_json::from_value(value).map_err(|e| bad(line, format!("bad header: {e}")))?;
                if header.rgmem_session != 1 {
                    return Err(bad(
                        line,
                        format!("unsupported session format version {}", header.rgmem_session),
                    ));
                }
                out.header = Some(header);
                continue;
            }
            if let Some(call) = obj.get("model_call") {
                let call: RecordedCall =
                    serde_json::from_value(call.clone()).map_err(|e| bad(line, format!("bad model_call: {e}")))?;
                out.model_calls.push(call);
                continue;
            }
            let speaker = match obj.get("speaker") {
                Some(Value::String(s)) if !s.trim().is_empty() => s.trim().to_string(),
                Some(_) => return Err(bad(line, "`speaker` must be a non-empty string".into())),
                None => return Err(bad(line, "missing `speaker`".into())),
            };
            let text = match obj.get("text") {
                Some(Value::String(s)) => s.clone(),
                Some(_) => return Err(bad(line, "`text` must be a string".into())),
                None => return Err(bad(line, "missing `text`".into())),
            };
            let time = match obj.get("time") {
                None | Some(Value::Null) => None,
                Some(Value::String(s)) => Some(Timestamp::parse(s).map_err(|e| bad(line, format!("`time`: {e}")))?),
                Some(_) => return Err(bad(line, "`time` must be an RFC 3339 string".into())),
            };
            if let (Some(t), Some(prev)) = (time, last_time)
                && t < prev
            {
                return Err(bad(line, format!("`time` goes backwards ({t} is before {prev})")));
            }
            last_time = time.or(last_time);
            match obj.get("session") {
                None | Some(Value::Null) => {}
                Some(v) => {
                    session = v
                        .as_u64()
                        .and_then(|n| u32::try_from(n).ok())
                        .ok_or_else(|| bad(line, "`session` must be a non-negative integer".into()))?;
                }
            }
            let source_ref = obj.get("source_ref").and_then(Value::as_str).map(str::to_string);
            let attachments = match obj.get("attachments") {
                None | Some(Value::Null) => Vec::new(),
                Some(v) => serde_json::from_value(v.clone()).map_err(|e| bad(line, format!("`attachments`: {e}")))?,
            };
            let index = saturating_u32(out.turns.len());
            out.turns.push(TurnInput {
                speaker: speaker.into(),
                text,
                attachments,
                time,
                session,
                index,
                source_ref,
            });
        }
        Ok(out)
    }
}

/// A text file, whole; invalid UTF-8 is refused with the line and column it is on.
pub fn read_text(path: &Path) -> Result<String> {
    let bytes = std::fs::read(path).map_err(|source| Error::Io {
        path: path.display().to_string(),
        source,
    })?;
    utf8_text(bytes, &path.display().to_string())
}

/// Bytes as text, naming `origin`'s line and column of the first invalid UTF-8 sequence.
pub fn utf8_text(bytes: Vec<u8>, origin: &str) -> Result<String> {
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let before = e.as_bytes().get(..valid).unwrap_or_default();
        let line = before.iter().filter(|&&b| b == b'\n').count().saturating_add(1);
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p.saturating_add(1));
        let column = valid.saturating_sub(line_start).saturating_add(1);
        Error::BadInput {
            path: origin.to_string(),
            line,
            message: format!("not valid UTF-8 (byte {column} of the line)"),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_turns_and_session_defaults() {
        let f = SessionFile::parse(
            "{\"rgmem_session\":1,\"title\":\"t\",\"user\":\"Alex\"}\n\
             {\"speaker\":\"user\",\"text\":\"hi\",\"time\":\"2024-03-01T09:00:00Z\",\"session\":2}\n\
             {\"speaker\":\"assistant\",\"text\":\"hello\",\"extra\":true}\n",
            "x.jsonl",
        )
        .unwrap();
        assert_eq!(f.user_name(), "Alex");
        assert_eq!(f.turns.len(), 2);
        assert_eq!(f.turns[1].session, 2);
        assert_eq!(f.turns[1].index, 1);
    }

    #[test]
    fn errors_name_file_and_line() {
        let cases = [
            ("{\"speaker\":\"user\",\"text\":\"a\"}\nnot json", 2, "not valid JSON"),
            ("{\"text\":\"a\"}", 1, "missing `speaker`"),
            ("{\"speaker\":\"user\"}", 1, "missing `text`"),
            ("{\"speaker\":\"user\",\"text\":\"a\",\"time\":\"soon\"}", 1, "RFC 3339"),
            (
                "{\"speaker\":\"user\",\"text\":\"a\",\"time\":\"2023-02-31T00:00:00Z\"}",
                1,
                "RFC 3339",
            ),
            (
                "{\"speaker\":\"user\",\"text\":\"a\",\"time\":\"2023-02-01T99:00:00Z\"}",
                1,
                "RFC 3339",
            ),
            (
                "{\"speaker\":\"user\",\"text\":\"a\",\"time\":\"2023-02-01T09:00:00+99:99\"}",
                1,
                "RFC 3339",
            ),
            (
                "{\"speaker\":\"user\",\"text\":\"a\",\"time\":\"99999-02-01T09:00:00Z\"}",
                1,
                "RFC 3339",
            ),
            (
                "{\"speaker\":\"user\",\"text\":\"a\",\"time\":\"2024-03-02T00:00:00Z\"}\n{\"speaker\":\"user\",\"text\":\"b\",\"time\":\"2024-03-01T00:00:00Z\"}",
                2,
                "backwards",
            ),
            ("{\"speaker\":\"user\",\"text\":\"a\",\"session\":-1}", 1, "session"),
            (
                "{\"speaker\":\"user\",\"text\":\"a\"}\n{\"rgmem_session\":1}",
                2,
                "header",
            ),
        ];
        for (text, line, needle) in cases {
            let err = SessionFile::parse(text, "f.jsonl").unwrap_err().to_string();
            assert!(err.starts_with(&format!("f.jsonl:{line}:")), "{err}");
            assert!(err.contains(needle), "{err}");
        }
    }

    /// Regression: invalid UTF-8 was reported without a line.
    #[test]
    fn invalid_utf8_names_its_line_and_column() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.jsonl");
        std::fs::write(
            &path,
            b"{\"speaker\":\"user\",\"text\":\"ok\"}\n{\"speaker\":\"user\",\"text\":\"caf\xe9\"}\n",
        )
        .unwrap();
        let err = SessionFile::read(&path).unwrap_err().to_string();
        assert!(
            err.ends_with("bad.jsonl:2: not valid UTF-8 (byte 30 of the line)"),
            "{err}"
        );
    }

    /// Regression: year 0000 at +01:00 was accepted and then made the log unreadable; what the
    /// parser accepts now always survives the event codec.
    #[test]
    fn accepted_times_survive_the_codec() {
        let f = SessionFile::parse(
            "{\"speaker\":\"user\",\"text\":\"a\",\"time\":\"0000-01-01T00:00:00+01:00\"}",
            "f.jsonl",
        )
        .unwrap();
        let json = serde_json::to_string(&f.turns[0]).unwrap();
        let back: TurnInput = serde_json::from_str(&json).unwrap();
        assert_eq!(back.time, f.turns[0].time);
    }
}
