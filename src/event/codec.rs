//! The stored form of an event: `(kind, version, json body)`, decoupled from the Rust enum so the
//! enum can evolve while old logs still decode.

use super::Event;

/// An event that does not encode, or a stored body that does not decode. Its own type, so the
/// vocabulary needs nothing from the rest of the crate; `Error::Codec` carries its message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct CodecError(pub String);

/// Version written for every kind today. Bump a kind's version when its body changes shape and
/// teach [`decode`] to upgrade the old body.
pub const CURRENT_VERSION: u32 = 2;

/// Encodes an event as `(kind, version, body)`; the body holds the fields without the `kind` tag.
pub fn encode(event: &Event) -> Result<(&'static str, u32, String), CodecError> {
    let kind = event.kind();
    if let Some(body) = model_called_body(event)? {
        return Ok((kind, CURRENT_VERSION, body));
    }
    encode_with_serde(kind, event)
}

/// [`encode`] through serde for any event.
fn encode_with_serde(kind: &'static str, event: &Event) -> Result<(&'static str, u32, String), CodecError> {
    // Fast path: serde writes an internally tagged enum's tag first, so the body is the JSON
    // text with `"kind":"…"` cut out; no intermediate `Value` tree for every appended event.
    // The tag is cut out in place: a model call's body is its whole prompt, so no second copy.
    // Sized for the event up front: a model call's text grew through a dozen reallocations,
    // each copying the prompt written so far.
    let mut buf = Vec::with_capacity(size_hint(event));
    serde_json::to_writer(&mut buf, event).map_err(|e| CodecError(e.to_string()))?;
    let mut text = String::from_utf8(buf).map_err(|e| CodecError(e.to_string()))?;
    let tag = format!("{{\"kind\":\"{kind}\"");
    if let Some(rest) = text.strip_prefix(&tag) {
        let comma = usize::from(rest.starts_with(','));
        // `tag` and the comma are ASCII, so the cut ends on a character boundary.
        text.replace_range(1..tag.len() + comma, "");
        return Ok((kind, CURRENT_VERSION, text));
    }
    let mut value = serde_json::to_value(event).map_err(|e| CodecError(e.to_string()))?;
    if let Some(obj) = value.as_object_mut() {
        obj.remove("kind");
    }
    Ok((kind, CURRENT_VERSION, value.to_string()))
}

/// A model call's body, written field by field: its prompt and reply are most of the bytes a
/// log writes, and serde_json looks at a string's bytes one by one, where [`push_str`] passes
/// eight at a time that need no escape. The text is serde's, byte for byte (same fields in the
/// same order, same escapes; a test holds the two together).
fn model_called_body(event: &Event) -> Result<Option<String>, CodecError> {
    let Event::ModelCalled {
        purpose,
        model,
        prompt,
        reply,
        tokens_in,
        tokens_out,
        latency_ms,
        mode,
    } = event
    else {
        return Ok(None);
    };
    let codec = |e: serde_json::Error| CodecError(e.to_string());
    let mut out = Vec::with_capacity(size_hint(event));
    out.extend_from_slice(b"{\"purpose\":");
    serde_json::to_writer(&mut out, purpose).map_err(codec)?;
    out.extend_from_slice(b",\"model\":");
    push_str(&mut out, model);
    out.extend_from_slice(b",\"prompt\":");
    push_str(&mut out, prompt);
    out.extend_from_slice(b",\"reply\":");
    push_str(&mut out, reply);
    out.extend_from_slice(
        format!(",\"tokens_in\":{tokens_in},\"tokens_out\":{tokens_out},\"latency_ms\":{latency_ms}").as_bytes(),
    );
    if !mode.is_text() {
        out.extend_from_slice(b",\"mode\":");
        serde_json::to_writer(&mut out, mode).map_err(codec)?;
    }
    out.push(b'}');
    String::from_utf8(out).map(Some).map_err(|e| CodecError(e.to_string()))
}

/// Appends `text` as a JSON string escaped as serde_json escapes it: `"` and `\\`, the control
/// characters with a short escape (`\b \t \n \f \r`) by it, the others as `\u00xx`; nothing
/// else. Eight bytes at a time are passed over while none of them needs an escape.
fn push_str(out: &mut Vec<u8>, text: &str) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // Whether a word holds a zero byte, or one below 0x20 (exact tests, no false positives).
    let zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGHS != 0;
    let special = |w: u64| {
        w.wrapping_sub(ONES.wrapping_mul(0x20)) & !w & HIGHS != 0
            || zero(w ^ ONES.wrapping_mul(u64::from(b'"')))
            || zero(w ^ ONES.wrapping_mul(u64::from(b'\\')))
    };
    out.push(b'"');
    let mut rest = text.as_bytes();
    while !rest.is_empty() {
        // The run of bytes that need no escape, found eight at a time, then byte by byte.
        let mut run = 0usize;
        while let Some(word) = rest.get(run..).and_then(<[u8]>::first_chunk::<8>) {
            if special(u64::from_le_bytes(*word)) {
                break;
            }
            run = run.saturating_add(8);
        }
        while let Some(&b) = rest.get(run) {
            if escape(b).is_some() {
                break;
            }
            run = run.saturating_add(1);
        }
        let (plain, after) = rest.split_at(run.min(rest.len()));
        out.extend_from_slice(plain);
        let Some((&b, after)) = after.split_first() else {
            break;
        };
        match escape(b) {
            Some(short) if short != b'u' => out.extend_from_slice(&[b'\\', short]),
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.extend_from_slice(b"\\u00");
                out.push(HEX[usize::from(b >> 4)]);
                out.push(HEX[usize::from(b & 0xf)]);
            }
        }
        rest = after;
    }
    out.push(b'"');
}

/// The escape serde_json writes for a byte: the letter after the backslash, `u` for `\u00xx`,
/// or `None` for a byte written as it is.
fn escape(b: u8) -> Option<u8> {
    match b {
        b'"' => Some(b'"'),
        b'\\' => Some(b'\\'),
        0x08 => Some(b'b'),
        b'\t' => Some(b't'),
        b'\n' => Some(b'n'),
        0x0c => Some(b'f'),
        b'\r' => Some(b'r'),
        0..0x20 => Some(b'u'),
        _ => None,
    }
}

/// About the length of an event's JSON text: its long strings, with room for their escapes.
fn size_hint(event: &Event) -> usize {
    let long = match event {
        Event::ModelCalled { prompt, reply, .. } | Event::ModelFailed { prompt, reply, .. } => {
            prompt.len().saturating_add(reply.len())
        }
        _ => 0,
    };
    long.saturating_add(long / 16).saturating_add(256)
}

/// Decodes a stored event. Unknown kinds and future versions are errors, never guesses.
pub fn decode(kind: &str, version: u32, body: &str) -> Result<Event, CodecError> {
    if version > CURRENT_VERSION {
        return Err(CodecError(format!(
            "event kind {kind} has version {version}, newer than this rgmem understands ({CURRENT_VERSION})"
        )));
    }
    let mut value: serde_json::Value = serde_json::from_str(body).map_err(|e| CodecError(format!("{kind}: {e}")))?;
    let obj = value
        .as_object_mut()
        .ok_or_else(|| CodecError(format!("{kind}: body is not an object")))?;
    super::upgrade::upgrade(kind, version, obj).map_err(|e| CodecError(format!("{kind} (version {version}): {e}")))?;
    obj.insert("kind".into(), serde_json::Value::String(kind.to_string()));
    serde_json::from_value(value).map_err(|e| CodecError(format!("{kind}: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{OutputMode, Purpose};

    fn call(prompt: &str, reply: &str, mode: OutputMode) -> Event {
        Event::ModelCalled {
            purpose: Purpose::Rk3,
            model: "off\"line".into(),
            prompt: prompt.into(),
            reply: reply.into(),
            tokens_in: 12,
            tokens_out: u32::MAX,
            latency_ms: u64::MAX,
            mode,
        }
    }

    #[test]
    fn a_model_call_is_written_as_serde_writes_it() {
        let every_ascii: String = (0u8..0x80).map(char::from).collect();
        let texts = [
            String::new(),
            "x".into(),
            "plain words, eight at a time and a tail".into(),
            "Line one\nLine \"two\"\t\\ end\r\n".into(),
            every_ascii.clone(),
            format!("{every_ascii}{every_ascii}é “quoted” 日本語 \u{1f600}\u{7f}\u{2028}"),
            "12345678\n12345678\"1234567\\".into(),
        ];
        for prompt in &texts {
            for reply in &texts {
                for mode in [OutputMode::Text, OutputMode::JsonSchema] {
                    let event = call(prompt, reply, mode);
                    let fast = encode(&event).expect("encodes");
                    let serde = encode_with_serde(event.kind(), &event).expect("encodes");
                    assert_eq!(fast, serde, "prompt {prompt:?}, reply {reply:?}");
                    assert_eq!(decode(fast.0, fast.1, &fast.2).expect("decodes"), event);
                }
            }
        }
    }
}
