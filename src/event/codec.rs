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
