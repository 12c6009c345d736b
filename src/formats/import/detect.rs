//! Which format a file is, from its content alone (names lie: every export is `conversations.json`
//! or `*.jsonl`). A damaged JSON file is still recognised by the keys it spells, so its parser,
//! not a shrug, reports the fault and its line.
// Input, files and other processes reach this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::Format;
use serde_json::Value;

/// The format `text` is written in, or `None` when nothing about it is recognisable.
#[must_use]
pub fn detect(text: &str) -> Option<Format> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if trimmed.starts_with('[') || trimmed.starts_with('{') {
        if let Ok(v) = serde_json::from_str::<Value>(trimmed)
            && let Some(f) = document(&v)
        {
            return Some(f);
        }
        if let Some(f) = jsonl(trimmed) {
            return Some(f);
        }
        if let Some(f) = by_keys(trimmed) {
            return Some(f);
        }
    }
    super::transcript::looks_like(trimmed).then_some(Format::Transcript)
}

/// A whole JSON document: what its first element (or the object itself) holds.
fn document(v: &Value) -> Option<Format> {
    let first = match v {
        Value::Array(list) => list.first()?,
        Value::Object(_) => v,
        _ => return None,
    };
    let has = |k: &str| first.get(k).is_some();
    if first.get("conversation").and_then(|c| c.get("speaker_a")).is_some() {
        Some(Format::Locomo)
    } else if has("mapping") {
        Some(Format::ChatGpt)
    } else if has("chat_messages") {
        Some(Format::Claude)
    } else if has("batch_number") || (has("turns") && has("time_anchor")) {
        Some(Format::Beam)
    } else if has("role") || has("messages") {
        Some(Format::OpenAi)
    } else if has("speaker") && has("text") || has("rgmem_session") {
        Some(Format::Session)
    } else if has("type") && (has("sessionId") || has("uuid")) {
        Some(Format::ClaudeCode)
    } else {
        None
    }
}

/// One JSON object a line: what its first line (or, for a first record of bookkeeping, the
/// first few) holds.
fn jsonl(text: &str) -> Option<Format> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .take(20)
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find_map(|v| match &v {
            Value::Object(o) if o.contains_key("rgmem_session") || o.contains_key("model_call") => {
                Some(Format::Session)
            }
            Value::Object(o) if o.contains_key("speaker") && o.contains_key("text") => Some(Format::Session),
            Value::Object(o) if o.contains_key("type") && (o.contains_key("sessionId") || o.contains_key("uuid")) => {
                Some(Format::ClaudeCode)
            }
            Value::Object(o) if o.contains_key("role") || o.contains_key("messages") => Some(Format::OpenAi),
            _ => None,
        })
}

/// A damaged JSON text, by the keys only one format spells.
fn by_keys(text: &str) -> Option<Format> {
    let head: String = text.chars().take(20_000).collect();
    let spells = |k: &str| head.contains(&format!("\"{k}\""));
    if spells("speaker_a") {
        Some(Format::Locomo)
    } else if spells("mapping") && spells("current_node") {
        Some(Format::ChatGpt)
    } else if spells("chat_messages") {
        Some(Format::Claude)
    } else if spells("batch_number") {
        Some(Format::Beam)
    } else if spells("rgmem_session") || (spells("speaker") && spells("text")) {
        Some(Format::Session)
    } else if spells("sessionId") {
        Some(Format::ClaudeCode)
    } else if spells("role") {
        Some(Format::OpenAi)
    } else {
        None
    }
}
