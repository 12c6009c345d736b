//! Upgrades of stored bodies written by older codec versions, one function per kind that changed
//! shape. Each takes the old body (without its `kind`) and returns it in today's shape, so
//! `decode` then reads it as it reads a current one. Upgrades run at the log boundary, never
//! inside the fold.

use super::FailureKind;
use super::attachment::split_v1;
use crate::time::Timestamp;
use serde_json::{Map, Value};

/// Brings a body of `kind` written at `version` up to the current version.
pub(super) fn upgrade(kind: &str, version: u32, body: &mut Map<String, Value>) -> Result<(), String> {
    if version < 2 {
        v1_to_v2(kind, body)?;
    }
    Ok(())
}

/// Version 2 made Σ/Δ and relation summaries typed data, and a turn carry what ingest resolved.
fn v1_to_v2(kind: &str, body: &mut Map<String, Value>) -> Result<(), String> {
    match kind {
        "turn_ingested" => turn_ingested_v1(body),
        "model_failed" => model_failed_v1(body),
        "person_tracked" | "concept_added" => keyed_v1(body),
        _ => Ok(()),
    }
}

/// A version-1 turn: the photo caption ingest appended to its text (" [shares a photo: …]")
/// moves into `attachments`, and the dates it names are resolved from the old text and time
/// exactly as the version-1 fold resolved them when the turn joined an episode.
fn turn_ingested_v1(body: &mut Map<String, Value>) -> Result<(), String> {
    let Some(Value::String(old)) = body.get("text") else {
        return Err("a turn without a string `text`".into());
    };
    let old = old.clone();
    let time = match body.get("time") {
        None | Some(Value::Null) => None,
        Some(t) => Some(serde_json::from_value::<Timestamp>(t.clone()).map_err(|e| format!("`time`: {e}"))?),
    };
    let dates = crate::relative_date::turn_dates_with(&old, time, crate::relative_date::Phrases::CodecV1);
    let (text, attachments) = split_v1(&old);
    body.insert("text".into(), Value::String(text));
    if !attachments.is_empty() {
        body.insert(
            "attachments".into(),
            serde_json::to_value(attachments).map_err(|e| e.to_string())?,
        );
    }
    if !dates.is_empty() {
        body.insert("dates".into(), serde_json::to_value(dates).map_err(|e| e.to_string())?);
    }
    Ok(())
}

/// A version-1 person or node: its key is computed from its name as the version-1 fold did.
fn keyed_v1(body: &mut Map<String, Value>) -> Result<(), String> {
    let Some(Value::String(name)) = body.get("name") else {
        return Err("no string `name`".into());
    };
    let key = crate::text::entity_key(name);
    body.insert("key".into(), Value::String(key));
    Ok(())
}

/// Error texts the version-1 engine opened a failure with when the replies, not the call, were
/// at fault; version 1 stored the kind only in those words.
const V1_PARSE_FAILURE: &str = "reply did not parse";
const V1_GROUNDING_FAILURE: &str = "reply not grounded";

/// A version-1 failure: its kind is read from the opening words of its error.
#[allow(clippy::unnecessary_wraps)]
fn model_failed_v1(body: &mut Map<String, Value>) -> Result<(), String> {
    let error = body.get("error").and_then(Value::as_str).unwrap_or_default();
    let failure = if error.starts_with(V1_PARSE_FAILURE) {
        FailureKind::Parse
    } else if error.starts_with(V1_GROUNDING_FAILURE) {
        FailureKind::Grounding
    } else {
        FailureKind::Call
    };
    if !failure.is_call() {
        body.insert(
            "failure".into(),
            serde_json::to_value(failure).map_err(|e| e.to_string())?,
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::event::{Attachment, Event, FailureKind, decode};

    #[test]
    fn a_version_1_turn_gets_its_caption_as_an_attachment_and_its_dates_as_the_old_fold_resolved_them() {
        let body = r#"{"turn":3,"speaker":"Caroline","text":"We hiked yesterday! [shares a photo: a photo of a trail]","time":"2023-05-08T13:56:00Z","session":1,"source_ref":"D1:4"}"#;
        let Ok(Event::TurnIngested {
            text,
            attachments,
            dates,
            ..
        }) = decode("turn_ingested", 1, body)
        else {
            panic!("decodes");
        };
        assert_eq!(text, "We hiked yesterday!");
        assert_eq!(
            attachments,
            vec![Attachment::Photo {
                caption: "a photo of a trail".into()
            }]
        );
        let old = "We hiked yesterday! [shares a photo: a photo of a trail]";
        let anchor = crate::relative_date::anchor_of("2023-05-08");
        assert_eq!(dates, crate::relative_date::resolve(old, anchor).1);
        assert_eq!(dates.first().map(|d| d.start.as_str()), Some("2023-05-07"));
    }

    #[test]
    fn a_version_1_failure_gets_its_kind_from_its_error_words() {
        for (error, kind) in [
            (
                "reply did not parse (bad); repair did not parse either",
                FailureKind::Parse,
            ),
            ("reply not grounded (names X)", FailureKind::Grounding),
            ("server unreachable", FailureKind::Call),
        ] {
            let body = format!(r#"{{"purpose":"synth","model":"m","prompt":"p","reply":"","error":"{error}"}}"#);
            let Ok(Event::ModelFailed { failure, .. }) = decode("model_failed", 1, &body) else {
                panic!("decodes");
            };
            assert_eq!(failure, kind, "{error}");
        }
    }

    #[test]
    fn a_version_1_turn_without_a_caption_or_a_time_keeps_its_text() {
        let body = r#"{"turn":0,"speaker":"user","text":"hi [there]","session":1}"#;
        let Ok(Event::TurnIngested {
            text,
            attachments,
            dates,
            ..
        }) = decode("turn_ingested", 1, body)
        else {
            panic!("decodes");
        };
        assert_eq!(text, "hi [there]");
        assert!(attachments.is_empty() && dates.is_empty());
    }
}
