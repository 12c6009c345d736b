//! Lenient JSON: the value in a model's reply, with the usual damage repaired (code fences,
//! leading prose, trailing commas, single quotes, a missing closing bracket), because local
//! models produce all of them.
// Every slice here starts or ends at an index `find` returned for an ASCII marker, which is
// always a character boundary; the fuzz test covers it.
#![allow(clippy::string_slice)]

use super::ParseError;
use serde_json::Value;

/// Extracts the JSON value in a reply, repairing the usual damage.
pub fn lenient_json(reply: &str) -> Result<Value, ParseError> {
    let body = strip_fences(reply);
    let mut first_error = None;
    // Prose before the JSON may hold brackets of its own ("the paths [as asked]:"), so each
    // opening bracket is tried in turn, up to a bound.
    for (start, _) in body.match_indices(['[', '{']).take(MAX_JSON_STARTS) {
        let Some(candidate) = body.get(start..) else {
            continue;
        };
        if let Ok(v) = serde_json::from_str::<Value>(candidate.trim()) {
            return Ok(v);
        }
        match serde_json::from_str::<Value>(&repair_json(candidate)) {
            Ok(v) => return Ok(v),
            Err(e) => {
                first_error.get_or_insert_with(|| ParseError(format!("invalid JSON: {e}")));
            }
        }
    }
    Err(first_error.unwrap_or_else(|| ParseError("no JSON list or object in the reply".into())))
}

/// Opening brackets tried by [`lenient_json`] before giving up.
const MAX_JSON_STARTS: usize = 16;

/// The reply without a reasoning model's `<think>…</think>` block, and without a code fence when
/// the whole reply is wrapped in one. A fence inside the reply is content (a conversation about
/// code quotes code), so it stays.
pub(crate) fn strip_fences(reply: &str) -> &str {
    let mut t = reply.trim();
    if let Some(end) = t.find("</think>").filter(|_| t.starts_with("<think>")) {
        t = t[end + "</think>".len()..].trim();
    }
    let Some(after) = t.strip_prefix("```") else {
        return t;
    };
    // The info string ("json") runs to the end of the opening line.
    let Some(nl) = after.find('\n') else {
        return t;
    };
    let inner = &after[nl + 1..];
    match inner.trim_end().strip_suffix("```") {
        Some(body) if !body.contains("```") => body.trim(),
        _ => t,
    }
}

/// The list in a reply that wraps it in an object: under `key`, else the object's only list.
pub(super) fn wrapped_list(mut o: serde_json::Map<String, Value>, key: &str) -> Option<Vec<Value>> {
    if let Some(Value::Array(a)) = o.remove(key) {
        return Some(a);
    }
    let mut lists = o.into_iter().filter_map(|(_, v)| match v {
        Value::Array(a) => Some(a),
        _ => None,
    });
    let only = lists.next()?;
    lists.next().is_none().then_some(only)
}

/// Single quotes to double, trailing commas dropped, trailing prose and fences cut, brackets
/// closed.
fn repair_json(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    let mut stack: Vec<char> = Vec::new();
    let mut in_str: Option<char> = None;
    let mut escaped = false;
    for c in s.chars() {
        if let Some(q) = in_str {
            if escaped {
                escaped = false;
                out.push(c);
            } else if c == '\\' {
                escaped = true;
                out.push(c);
            } else if c == q {
                in_str = None;
                out.push('"');
            } else if c == '"' && q == '\'' {
                out.push_str("\\\"");
            } else {
                out.push(c);
            }
            continue;
        }
        match c {
            '"' | '\'' => {
                in_str = Some(c);
                out.push('"');
            }
            '[' | '{' => {
                stack.push(if c == '[' { ']' } else { '}' });
                out.push(c);
            }
            // A backtick is never JSON outside a string: the closing fence of a block the
            // reply opened after some prose.
            '`' => break,
            ']' | '}' => {
                trim_trailing_comma(&mut out);
                stack.pop();
                out.push(c);
                if stack.is_empty() {
                    return out;
                }
            }
            _ => out.push(c),
        }
    }
    if in_str.is_some() {
        out.push('"');
    }
    while let Some(close) = stack.pop() {
        trim_trailing_comma(&mut out);
        out.push(close);
    }
    out
}

fn trim_trailing_comma(out: &mut String) {
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    if out.ends_with(',') {
        out.pop();
    }
}
