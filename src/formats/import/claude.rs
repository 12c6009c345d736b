//! Claude.ai's data export, `conversations.json`: a list of conversations, each with
//! `chat_messages` (`sender` human or assistant, `text`, typed `content` parts, attachments and
//! files). Text parts are kept; thinking, tool use and tool results are skipped and counted, as
//! are attachments and files, whose names (not contents) are noted.
// Input, files and other processes reach this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::Conversation;
use super::located::{At, Fault, conversations, time};
use crate::error::Result;
use crate::event::Speaker;
use serde_json::{Map, Value};

/// Parses an export's conversation list.
pub fn parse(text: &str, origin: &str) -> Result<Vec<Conversation>> {
    conversations(text, origin, conversation)
}

fn conversation(c: &Value, i: usize, at: &At) -> std::result::Result<Conversation, Fault> {
    let o = c
        .as_object()
        .ok_or_else(|| (at.clone(), "expected a conversation object".to_string()))?;
    let messages = match o.get("chat_messages") {
        Some(Value::Array(m)) => m,
        _ => return Err((at.clone(), "missing `chat_messages`".into())),
    };
    let mut out = Conversation {
        id: o
            .get("uuid")
            .and_then(Value::as_str)
            .map_or_else(|| i.saturating_add(1).to_string(), str::to_string),
        title: o
            .get("name")
            .and_then(Value::as_str)
            .filter(|n| !n.is_empty())
            .map(str::to_string),
        ..Conversation::default()
    };
    let started = time(o.get("created_at")).map_err(|e| (at.field("created_at"), e))?;
    let list_at = at.field("chat_messages");
    for (j, m) in messages.iter().enumerate() {
        let m_at = list_at.index(j);
        let Value::Object(m) = m else {
            return Err((m_at, "expected a message object".into()));
        };
        message(m, started, &mut out).map_err(|e| (m_at, e))?;
    }
    Ok(out)
}

fn message(
    m: &Map<String, Value>,
    started: Option<crate::time::Timestamp>,
    out: &mut Conversation,
) -> std::result::Result<(), String> {
    let speaker = match m.get("sender").and_then(Value::as_str) {
        Some("human" | "user") => Speaker::User,
        Some("assistant") => Speaker::Assistant,
        Some(other) => return Err(format!("unknown sender `{other}` (human or assistant)")),
        None => return Err("missing `sender`".into()),
    };
    for key in ["attachments", "files"] {
        for _ in m.get(key).and_then(Value::as_array).map_or(&[][..], Vec::as_slice) {
            out.skip(if key == "files" { "file" } else { "attachment" });
        }
    }
    let text = match m.get("content") {
        Some(Value::Array(parts)) if !parts.is_empty() => parts_text(parts, out)?,
        Some(Value::Array(_) | Value::Null) | None => match m.get("text") {
            Some(Value::String(t)) => t.clone(),
            None | Some(Value::Null) => String::new(),
            Some(_) => return Err("`text` must be a string".into()),
        },
        Some(_) => return Err("`content` must be a list of parts".into()),
    };
    if text.trim().is_empty() {
        return Ok(());
    }
    let mut when = time(m.get("created_at"))?;
    if when.is_none() && out.turns.is_empty() {
        when = started;
    }
    let id = m.get("uuid").and_then(Value::as_str).map(str::to_string);
    out.push(speaker, text, when, id);
    Ok(())
}

fn parts_text(parts: &[Value], out: &mut Conversation) -> std::result::Result<String, String> {
    let mut texts = Vec::new();
    for p in parts {
        let kind = p
            .get("type")
            .and_then(Value::as_str)
            .ok_or("a content part without `type`")?;
        match (kind, p.get("text")) {
            ("text", Some(Value::String(t))) => texts.push(t.clone()),
            ("text", _) => return Err("a text part without a `text` string".into()),
            (other, _) => out.skip(&other.replace('_', " ")),
        }
    }
    Ok(texts.join("\n\n"))
}
