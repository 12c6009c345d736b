//! Structured output: the reply format a call asks for, and the JSON schema of every task whose
//! reply has structure. A server that honours `response_format: json_schema` decodes under the
//! schema's grammar, so its reply always parses; the bounds on lists and strings also stop a
//! small model from looping until its token cap.

pub use crate::event::OutputMode;
use crate::event::Purpose;
use serde_json::{Value, json};

fn strings(max_items: u32, max_len: u32) -> Value {
    json!({"type": "array", "items": {"type": "string", "minLength": 1, "maxLength": max_len}, "maxItems": max_items})
}

fn object(properties: Value, required: &[&str]) -> Value {
    json!({"type": "object", "properties": properties, "required": required, "additionalProperties": false})
}

/// The schema of a purpose's reply; `None` for free-text tasks (answers).
#[must_use]
pub fn schema(purpose: Purpose) -> Option<Value> {
    let name = json!({"type": "string", "minLength": 1, "maxLength": 80});
    Some(match purpose {
        Purpose::Synth => object(
            json!({
                "fact": {"type": "string", "minLength": 8, "maxLength": 400},
                "base_conclusions": strings(4, 200),
                "salient_conclusions": strings(4, 200),
            }),
            &["fact", "base_conclusions", "salient_conclusions"],
        ),
        Purpose::Entities => {
            let node = object(
                json!({"name": name, "type": {"type": "string", "enum": ["abstract", "event"]}}),
                &["name", "type"],
            );
            let path = json!({"type": "array", "items": node, "minItems": 2, "maxItems": 6});
            object(
                json!({"paths": {"type": "array", "items": path, "maxItems": 6}}),
                &["paths"],
            )
        }
        Purpose::Relations => {
            let edge = object(
                json!({
                    "source": name,
                    "target": name,
                    "relationship": {"type": "string", "minLength": 1, "maxLength": 200},
                    "relationship_type": {"type": "string", "enum": ["classification", "event"]},
                }),
                &["source", "target", "relationship", "relationship_type"],
            );
            object(
                json!({"relations": {"type": "array", "items": edge, "maxItems": 24}}),
                &["relations"],
            )
        }
        Purpose::Rk1 => object(
            json!({
                "fact_summary": {"type": "string", "minLength": 8, "maxLength": 600},
                "inferences": strings(4, 200),
            }),
            &["fact_summary", "inferences"],
        ),
        Purpose::Rk2 => {
            let group = object(json!({"label": name, "facts": strings(3, 240)}), &["label", "facts"]);
            object(
                json!({
                    "general_core_facts": strings(5, 240),
                    "specific_domain_facts": {"type": "array", "items": group, "maxItems": 3},
                }),
                &["general_core_facts", "specific_domain_facts"],
            )
        }
        Purpose::Rk3 => object(
            json!({
                "macro_law": {"type": "string", "minLength": 8, "maxLength": 400},
                "core_traits": strings(4, 200),
                "restrictions_and_guidelines": strings(4, 200),
            }),
            &["macro_law", "core_traits", "restrictions_and_guidelines"],
        ),
        Purpose::Planner => {
            let layer = json!({"type": "string", "enum": ["summary", "inference", "conclusions", "history"]});
            let item = object(
                json!({"name": name, "retrieve": {"type": "array", "items": layer, "maxItems": 4}}),
                &["name", "retrieve"],
            );
            object(
                json!({"keywords": {"type": "array", "items": item, "minItems": 1, "maxItems": 16}}),
                &["keywords"],
            )
        }
        Purpose::Judge => object(
            json!({"label": {"type": "string", "enum": ["CORRECT", "WRONG"]}}),
            &["label"],
        ),
        Purpose::Answer | Purpose::Repair | Purpose::Embed => return None,
    })
}

/// The `response_format` body field for a purpose's schema.
#[must_use]
pub fn response_format(purpose: Purpose) -> Option<Value> {
    let schema = schema(purpose)?;
    Some(json!({
        "type": "json_schema",
        "json_schema": {"name": format!("rgmem_{}", purpose.name()), "strict": true, "schema": schema},
    }))
}

/// The reply-token cap a task gets by default: enough for its format, small enough that a
/// looping model fails in seconds rather than at the timeout.
#[must_use]
pub fn default_max_tokens(purpose: Purpose) -> u32 {
    match purpose {
        Purpose::Judge => 16,
        Purpose::Planner => 320,
        Purpose::Synth | Purpose::Rk1 | Purpose::Answer => 384,
        Purpose::Entities | Purpose::Rk3 => 512,
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
            let s = schema(p).unwrap();
            assert_eq!(s["type"], "object", "{p:?}");
            let props = s["properties"].as_object().unwrap();
            for r in s["required"].as_array().unwrap() {
                assert!(props.contains_key(r.as_str().unwrap()), "{p:?}");
            }
            assert!(response_format(p).unwrap()["json_schema"]["name"].is_string());
            assert!(default_max_tokens(p) > 0);
        }
        assert!(schema(Purpose::Answer).is_none());
    }
}
