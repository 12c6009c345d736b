//! Structured output: the reply format a call asks for, and the JSON schema of every task whose
//! reply has structure (`assets/schemas/`). A server that honours `response_format: json_schema`
//! decodes under the schema's grammar, so its reply always parses; the bounds on lists and
//! strings also stop a small model from looping until its token cap.
//!
//! The schemas are sent as written, not re-serialised: a grammar makes a model write the keys in
//! the schema's order, and the order is chosen so the model states the fact before concluding
//! from it and names an edge before labelling it.

pub use crate::event::OutputMode;
use crate::event::Purpose;
use serde_json::Value;

/// The schema text of a purpose's reply; `None` for free-text tasks (answers).
#[must_use]
pub fn schema_text(purpose: Purpose) -> Option<&'static str> {
    Some(match purpose {
        Purpose::Synth => include_str!("../../assets/schemas/synth.json"),
        Purpose::Entities => include_str!("../../assets/schemas/entities.json"),
        Purpose::Relations => include_str!("../../assets/schemas/relations.json"),
        Purpose::Rk1 => include_str!("../../assets/schemas/rk1.json"),
        Purpose::Rk2 => include_str!("../../assets/schemas/rk2.json"),
        Purpose::Rk3 => include_str!("../../assets/schemas/rk3.json"),
        Purpose::Planner => include_str!("../../assets/schemas/planner.json"),
        Purpose::Judge => include_str!("../../assets/schemas/judge.json"),
        Purpose::Answer | Purpose::Repair | Purpose::Embed => return None,
    })
}

/// The schema of a purpose's reply, parsed.
#[must_use]
pub fn schema(purpose: Purpose) -> Option<Value> {
    serde_json::from_str(schema_text(purpose)?).ok()
}

/// The `response_format` body field for a purpose's schema, as JSON text in the schema's order.
#[must_use]
pub fn response_format(purpose: Purpose) -> Option<String> {
    let schema = schema_text(purpose)?;
    let compact: String = schema.split_whitespace().collect::<Vec<_>>().join(" ");
    Some(format!(
        r#"{{"type": "json_schema", "json_schema": {{"name": "rgmem_{}", "strict": true, "schema": {compact}}}}}"#,
        purpose.name()
    ))
}

/// The reply-token cap a task gets by default: enough for its format, small enough that a
/// looping model fails in seconds rather than at the timeout.
#[must_use]
pub fn default_max_tokens(purpose: Purpose) -> u32 {
    match purpose {
        Purpose::Judge => 16,
        Purpose::Planner => 320,
        Purpose::Synth | Purpose::Rk1 => 384,
        Purpose::Entities | Purpose::Rk3 | Purpose::Answer => 512,
        Purpose::Relations | Purpose::Rk2 | Purpose::Repair => 640,
        Purpose::Embed => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_structured_task_has_an_object_schema_with_required_fields() {
        for p in [
            Purpose::Synth,
            Purpose::Entities,
            Purpose::Relations,
            Purpose::Rk1,
            Purpose::Rk2,
            Purpose::Rk3,
            Purpose::Planner,
            Purpose::Judge,
        ] {
            let s = schema(p).unwrap_or_else(|| panic!("{p:?}: schema is not JSON"));
            assert_eq!(s["type"], "object", "{p:?}");
            assert_eq!(s["additionalProperties"], false, "{p:?}");
            let props = s["properties"].as_object().unwrap();
            for r in s["required"].as_array().unwrap() {
                assert!(props.contains_key(r.as_str().unwrap()), "{p:?}");
            }
            let format: Value = serde_json::from_str(&response_format(p).unwrap()).unwrap();
            assert_eq!(format["json_schema"]["schema"], s, "{p:?}");
            assert!(default_max_tokens(p) > 0);
        }
        assert!(schema(Purpose::Answer).is_none());
    }

    #[test]
    fn keys_are_sent_in_the_order_written() {
        let synth = response_format(Purpose::Synth).unwrap();
        let at = |k: &str| synth.find(k).unwrap();
        assert!(
            at("\"fact\"") < at("\"base_conclusions\"") && at("\"base_conclusions\"") < at("\"salient_conclusions\"")
        );
        let rel = response_format(Purpose::Relations).unwrap();
        assert!(rel.find("\"source\"").unwrap() < rel.find("\"relationship\"").unwrap());
    }
}
