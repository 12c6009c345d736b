//! A Claude Code session log: JSONL, one record a line (`type` user, assistant, summary,
//! system…), messages under `message` with string or typed-part content. What the user and the
//! assistant said is kept; tool calls, tool results, thinking, meta and side-chain (sub-agent)
//! records are skipped and counted. The parts of one assistant message, which the log writes
//! a line each, become one turn.
// Input, files and other processes reach this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::Conversation;
use super::located::time;
use crate::error::{Error, Result};
use crate::event::Speaker;
use serde_json::Value;

/// Parses a session log; records of several sessions (`sessionId`) become several conversations.
pub fn parse(text: &str, origin: &str) -> Result<Vec<Conversation>> {
    let mut out: Vec<Conversation> = Vec::new();
    let mut last_message: Option<String> = None;
    // Bookkeeping records (summaries, snapshots) are counted with the conversation they precede.
    let mut pending: Vec<String> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i.saturating_add(1);
        if raw.trim().is_empty() {
            continue;
        }
        let bad = |message: String| Error::BadInput {
            path: origin.to_string(),
            line,
            message,
        };
        let record: Value = serde_json::from_str(raw).map_err(|e| bad(format!("not valid JSON: {e}")))?;
        let Value::Object(r) = &record else {
            return Err(bad("expected a JSON object".into()));
        };
        let kind = r
            .get("type")
            .and_then(Value::as_str)
            .ok_or_else(|| bad("missing `type`".into()))?;
        if kind != "user" && kind != "assistant" {
            pending.push(format!("{} record", kind.replace(['_', '-'], " ")));
            continue;
        }
        let session = r.get("sessionId").and_then(Value::as_str).unwrap_or("1");
        let conv = conversation(&mut out, session);
        for kind in pending.drain(..) {
            conv.skip(&kind);
        }
        if r.get("isSidechain").and_then(Value::as_bool) == Some(true) {
            conv.skip("side-chain message");
            continue;
        }
        if r.get("isMeta").and_then(Value::as_bool) == Some(true)
            || r.get("isCompactSummary").and_then(Value::as_bool) == Some(true)
        {
            conv.skip("meta message");
            continue;
        }
        let message = r.get("message").ok_or_else(|| bad("missing `message`".into()))?;
        let text = content(message.get("content"), conv).map_err(bad)?;
        if text.trim().is_empty() {
            continue;
        }
        let when = time(r.get("timestamp")).map_err(bad)?;
        let speaker = if kind == "user" {
            Speaker::User
        } else {
            Speaker::Assistant
        };
        let message_id = message.get("id").and_then(Value::as_str).map(str::to_string);
        let continues = speaker.is_assistant()
            && message_id.is_some()
            && message_id == last_message
            && conv.turns.last().is_some_and(|t| t.speaker.is_assistant());
        if continues && let Some(turn) = conv.turns.last_mut() {
            turn.text.push_str("\n\n");
            turn.text.push_str(&text);
        } else {
            let uuid = r.get("uuid").and_then(Value::as_str).map(str::to_string);
            conv.push(speaker, text, when, uuid);
        }
        last_message = message_id;
    }
    if let Some(last) = out.last_mut() {
        for kind in pending {
            last.skip(&kind);
        }
    }
    Ok(out)
}

/// The conversation of `session`, opened at its first record.
fn conversation<'a>(out: &'a mut Vec<Conversation>, session: &str) -> &'a mut Conversation {
    let at = match out.iter().position(|c| c.id == session) {
        Some(at) => at,
        None => {
            out.push(Conversation {
                id: session.to_string(),
                ..Conversation::default()
            });
            out.len().saturating_sub(1)
        }
    };
    // `at` is a position found in, or just pushed onto, `out`.
    #[allow(clippy::indexing_slicing)]
    &mut out[at]
}

/// The text of a message's content; tool use, tool results, thinking and images are counted.
fn content(c: Option<&Value>, conv: &mut Conversation) -> std::result::Result<String, String> {
    match c {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(Value::Array(parts)) => {
            let mut texts = Vec::new();
            for p in parts {
                match (p.get("type").and_then(Value::as_str), p.get("text")) {
                    (Some("text"), Some(Value::String(t))) => texts.push(t.clone()),
                    (Some("tool_use"), _) => conv.skip("tool call"),
                    (Some("tool_result"), _) => conv.skip("tool result"),
                    (Some(kind), _) => conv.skip(&kind.replace('_', " ")),
                    (None, _) => return Err("a content part without `type`".into()),
                }
            }
            Ok(texts.join("\n\n"))
        }
        Some(_) => Err("`message.content` must be a string or a list of parts".into()),
    }
}
