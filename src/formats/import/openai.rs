//! OpenAI-style chat messages: a JSON array of `{role, content}`, the same as JSONL (one
//! message a line), or either wrapped as `{"messages": […]}` (a fine-tuning record). Content
//! is a string or a list of parts; text parts are kept, others (images, audio) skipped and
//! counted, as are system, developer and tool messages.
// Input, files and other processes reach this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::Conversation;
use super::located::{At, json, time};
use crate::error::{Error, Result};
use crate::event::Speaker;
use serde_json::Value;

/// Parses a message list, as one JSON document or as JSONL.
pub fn parse(text: &str, origin: &str) -> Result<Conversation> {
    let mut out = Conversation {
        id: "1".into(),
        ..Conversation::default()
    };
    let trimmed = text.trim_start();
    if trimmed.starts_with('[') || (trimmed.starts_with('{') && !is_jsonl(text)) {
        let root = json(text, origin)?;
        let (list, at) = match &root {
            Value::Array(list) => (list, At::default()),
            Value::Object(o) => match o.get("messages") {
                Some(Value::Array(list)) => (list, At::default().field("messages")),
                _ => return Err(At::default().fault(text, origin, "expected a list of messages")),
            },
            _ => return Err(At::default().fault(text, origin, "expected a list of messages")),
        };
        for (i, m) in list.iter().enumerate() {
            let at = at.index(i);
            message(m, &mut out).map_err(|e| at.fault(text, origin, &e))?;
        }
        return Ok(out);
    }
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
        let value: Value = serde_json::from_str(raw).map_err(|e| bad(format!("not valid JSON: {e}")))?;
        match value.get("messages") {
            Some(Value::Array(list)) => {
                for (j, m) in list.iter().enumerate() {
                    message(m, &mut out).map_err(|e| bad(format!("messages[{j}]: {e}")))?;
                }
            }
            _ => message(&value, &mut out).map_err(bad)?,
        }
    }
    Ok(out)
}

/// Whether the text is one JSON value per line rather than one document.
fn is_jsonl(text: &str) -> bool {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let first = lines.next().and_then(|l| serde_json::from_str::<Value>(l).ok());
    first.is_some() && lines.next().is_some()
}

/// One message into `out`, or what is wrong with it.
fn message(m: &Value, out: &mut Conversation) -> std::result::Result<(), String> {
    let Value::Object(o) = m else {
        return Err("expected a message object".into());
    };
    let role = match o.get("role") {
        Some(Value::String(r)) => r.trim().to_lowercase(),
        Some(_) => return Err("`role` must be a string".into()),
        None => return Err("missing `role`".into()),
    };
    let speaker = match role.as_str() {
        "user" | "human" => Speaker::User,
        "assistant" | "model" | "ai" => Speaker::Assistant,
        "system" | "developer" => {
            out.skip("system message");
            return Ok(());
        }
        "tool" | "function" | "ipython" => {
            out.skip("tool result");
            return Ok(());
        }
        other => return Err(format!("unknown role `{other}` (user, assistant, system or tool)")),
    };
    let text = content(o.get("content"), out)?;
    if o.get("tool_calls")
        .is_some_and(|c| c.as_array().is_some_and(|a| !a.is_empty()))
    {
        out.skip("tool call");
    }
    if text.trim().is_empty() {
        return Ok(());
    }
    let when = time(
        o.get("timestamp")
            .or_else(|| o.get("created_at"))
            .or_else(|| o.get("time")),
    )?;
    let id = o.get("id").and_then(|v| match v {
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    });
    out.push(speaker, text, when, id);
    Ok(())
}

/// A message's content as text: a string, or the text parts of a list, the others counted.
pub fn content(c: Option<&Value>, out: &mut Conversation) -> std::result::Result<String, String> {
    match c {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(Value::Array(parts)) => {
            let mut texts = Vec::new();
            for p in parts {
                match p {
                    Value::String(s) => texts.push(s.clone()),
                    Value::Object(o) => match (o.get("type").and_then(Value::as_str), o.get("text")) {
                        (Some("text" | "input_text" | "output_text") | None, Some(Value::String(t))) => {
                            texts.push(t.clone());
                        }
                        (Some(kind), _) => out.skip(&kind.replace('_', " ")),
                        (None, _) => out.skip("untyped part"),
                    },
                    _ => out.skip("untyped part"),
                }
            }
            Ok(texts.join("\n\n"))
        }
        Some(_) => Err("`content` must be a string, a list of parts or null".into()),
    }
}
