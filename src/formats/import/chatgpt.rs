//! ChatGPT's data export, `conversations.json`: a list of conversations, each a message tree
//! (`mapping` of node id → `{message, parent, children}`). Only the active branch is a
//! conversation as the user last saw it: from `current_node` back through `parent`. Text parts
//! are kept; images, code-interpreter runs, browsing, reasoning and other content types are
//! skipped and counted, as are system, tool and hidden messages.
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
    let mapping = match o.get("mapping") {
        Some(Value::Object(m)) => m,
        _ => return Err((at.clone(), "missing `mapping`, the conversation's message tree".into())),
    };
    let id = ["conversation_id", "id"]
        .iter()
        .find_map(|k| o.get(*k).and_then(Value::as_str))
        .map_or_else(|| i.saturating_add(1).to_string(), str::to_string);
    let mut out = Conversation {
        id,
        title: o.get("title").and_then(Value::as_str).map(str::to_string),
        ..Conversation::default()
    };
    let started = time(o.get("create_time")).map_err(|e| (at.field("create_time"), e))?;
    let head = match o.get("current_node") {
        Some(Value::String(node)) => node.clone(),
        None | Some(Value::Null) => {
            latest_leaf(mapping).ok_or_else(|| (at.field("mapping"), "no message in the tree".to_string()))?
        }
        Some(_) => return Err((at.field("current_node"), "must be a node id".into())),
    };
    let branch = active_branch(mapping, &head).map_err(|e| (at.field("mapping"), e))?;
    let mapping_at = at.field("mapping");
    for node_id in branch {
        let node_at = mapping_at.field(&node_id);
        let Some(Value::Object(node)) = mapping.get(&node_id) else {
            continue;
        };
        match node.get("message") {
            None | Some(Value::Null) => {}
            Some(Value::Object(m)) => {
                message(m, &node_id, started, &mut out).map_err(|e| (node_at.field("message"), e))?;
            }
            Some(_) => return Err((node_at.field("message"), "expected a message object or null".into())),
        }
    }
    Ok(out)
}

/// The node ids from the root to `head`, following `parent`; a loop or a missing parent is a
/// damaged tree.
fn active_branch(mapping: &Map<String, Value>, head: &str) -> std::result::Result<Vec<String>, String> {
    let mut branch = Vec::new();
    let mut at = Some(head.to_string());
    while let Some(id) = at {
        if branch.len() > mapping.len() {
            return Err(format!("the parents of `{head}` go round in a loop"));
        }
        let node = mapping
            .get(&id)
            .ok_or_else(|| format!("node `{id}` is named as a parent or current node but is not in the tree"))?;
        at = match node.get("parent") {
            Some(Value::String(p)) => Some(p.clone()),
            None | Some(Value::Null) => None,
            Some(_) => return Err(format!("node `{id}`: `parent` must be a node id or null")),
        };
        branch.push(id);
    }
    branch.reverse();
    Ok(branch)
}

/// Without `current_node`, the branch the user saw last: the leaf written last.
fn latest_leaf(mapping: &Map<String, Value>) -> Option<String> {
    let leaves = mapping
        .iter()
        .filter(|(_, n)| n.get("children").and_then(Value::as_array).is_none_or(Vec::is_empty));
    let when = |n: &Value| {
        n.pointer("/message/create_time")
            .and_then(Value::as_f64)
            .unwrap_or(f64::MIN)
    };
    leaves
        .max_by(|a, b| when(a.1).total_cmp(&when(b.1)))
        .map(|(id, _)| id.clone())
}

fn message(
    m: &Map<String, Value>,
    node_id: &str,
    started: Option<crate::time::Timestamp>,
    out: &mut Conversation,
) -> std::result::Result<(), String> {
    let role = m
        .get("author")
        .and_then(|a| a.get("role"))
        .and_then(Value::as_str)
        .ok_or("missing `author.role`")?;
    let hidden = m
        .get("metadata")
        .and_then(|meta| meta.get("is_visually_hidden_from_conversation"))
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let speaker = match role {
        "user" => Speaker::User,
        "assistant" => Speaker::Assistant,
        "system" => {
            if !hidden
                && !text_of(m.get("content"), &mut Conversation::default())
                    .trim()
                    .is_empty()
            {
                out.skip("system message");
            }
            return Ok(());
        }
        "tool" => {
            out.skip("tool message");
            return Ok(());
        }
        other => return Err(format!("unknown author role `{other}`")),
    };
    if hidden {
        out.skip("hidden message");
        return Ok(());
    }
    if m.get("recipient").and_then(Value::as_str).is_some_and(|r| r != "all") {
        out.skip("tool call");
        return Ok(());
    }
    let content = m.get("content").ok_or("missing `content`")?;
    let text = text_of(Some(content), out);
    if text.trim().is_empty() {
        return Ok(());
    }
    let mut when = time(m.get("create_time"))?;
    if when.is_none() && out.turns.is_empty() {
        when = started;
    }
    let id = m.get("id").and_then(Value::as_str).unwrap_or(node_id).to_string();
    out.push(speaker, text, when, Some(id));
    Ok(())
}

/// The text of a `content` object: its string parts for `text` and `multimodal_text`; any
/// other part or content type is counted in `out` and left out.
fn text_of(content: Option<&Value>, out: &mut Conversation) -> String {
    let Some(Value::Object(c)) = content else {
        return String::new();
    };
    let kind = c.get("content_type").and_then(Value::as_str).unwrap_or("text");
    if kind != "text" && kind != "multimodal_text" {
        out.skip(&kind.replace('_', " "));
        return String::new();
    }
    let mut texts = Vec::new();
    for p in c.get("parts").and_then(Value::as_array).map_or(&[][..], Vec::as_slice) {
        match p {
            Value::String(s) if !s.trim().is_empty() => texts.push(s.clone()),
            Value::String(_) | Value::Null => {}
            Value::Object(o) => {
                let part = o.get("content_type").and_then(Value::as_str).unwrap_or("part");
                out.skip(&part.replace('_', " "));
            }
            _ => out.skip("part"),
        }
    }
    texts.join("\n\n")
}
