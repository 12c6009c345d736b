//! Structured output against a fake server that decodes under the schema: the endpoint is
//! probed once, every structured task is sent with its schema, replies are JSON objects and
//! the memory forms from them; a reply cut off at the token cap is asked again once with a
//! larger cap; a server that refuses schemas gets the text formats.

use crate::fake::{SESSION, config_for, ingest_turns, openai};
use rgmem::event::{Event, OutputMode};
use rgmem::memory::Thresholds;
use rgmem::model::openai::{OpenAiConfig, StructuredOutput};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, Request, Respond, ResponseTemplate};

#[derive(Default)]
struct Seen {
    bodies: Vec<Value>,
    cut_first_synth: bool,
    refuse_schemas: bool,
}

struct Schemas(Arc<Mutex<Seen>>);

fn section<'a>(prompt: &'a str, start: &str) -> &'a str {
    prompt.split_once(start).map_or("", |(_, a)| a)
}

fn reply_for(name: &str, prompt: &str) -> Value {
    // The first line the tracked person said, so the reply stays grounded in its input.
    let said = section(prompt, "[Dialogue Segment]")
        .lines()
        .find_map(|l| l.strip_prefix("Alex: "))
        .unwrap_or("I train at the gym.");
    match name {
        "rgmem_probe" => json!({"ok": true}),
        "rgmem_synth" => {
            json!({"fact": format!("Alex said: {said}"), "base_conclusions": ["Alex trains at the gym."], "salient_conclusions": []})
        }
        "rgmem_entities" => json!({"paths": [[
            {"name": "Alex", "type": "abstract"},
            {"name": "Health and Wellness", "type": "abstract"},
            {"name": "Fitness", "type": "abstract"},
            {"name": "Strength Training", "type": "event"}]]}),
        "rgmem_relations" => json!({"relations": [
            {"source": "Fitness", "target": "Strength Training", "relationship": "Alex trains at the gym", "relationship_type": "event"}]}),
        "rgmem_rk1" => {
            json!({"fact_summary": "Alex trains at the gym.", "inferences": ["Alex trains at the gym.", "Alex trains at the gym."]})
        }
        "rgmem_rk2" => {
            json!({"general_core_facts": ["Alex trains at the gym."], "specific_domain_facts": [{"label": "Routine", "facts": ["Alex trains at the gym."]}]})
        }
        "rgmem_rk3" => {
            json!({"macro_law": "Alex trains at the gym.", "core_traits": ["Alex trains at the gym."], "restrictions_and_guidelines": []})
        }
        "rgmem_planner" => json!({"keywords": [{"name": "gym", "retrieve": ["summary"]}]}),
        _ => json!({}),
    }
}

impl Respond for Schemas {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        let body: Value = serde_json::from_slice(&request.body).unwrap_or(Value::Null);
        let prompt = body["messages"][0]["content"].as_str().unwrap_or_default().to_string();
        let mut seen = self.0.lock().unwrap();
        seen.bodies.push(body.clone());
        let name = body["response_format"]["json_schema"]["name"]
            .as_str()
            .map(str::to_string);
        let (content, finish) = match name {
            Some(_) if seen.refuse_schemas => {
                return ResponseTemplate::new(400)
                    .set_body_json(json!({"error": {"message": "response_format is not supported"}}));
            }
            Some(name) => {
                let cut = name == "rgmem_synth" && seen.cut_first_synth;
                if cut {
                    seen.cut_first_synth = false;
                    ("{\"fact\": \"Alex sa".to_string(), "length")
                } else {
                    (reply_for(&name, &prompt).to_string(), "stop")
                }
            }
            None => ("Alex trains at the gym.".to_string(), "stop"),
        };
        ResponseTemplate::new(200).set_body_json(json!({
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": finish}],
            "usage": {"prompt_tokens": 10, "completion_tokens": 5},
        }))
    }
}

fn server(seen: &Arc<Mutex<Seen>>) -> (tokio::runtime::Runtime, MockServer) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let server = rt.block_on(MockServer::start());
    rt.block_on(
        Mock::given(method("POST"))
            .and(path("/v1/chat/completions"))
            .respond_with(Schemas(seen.clone()))
            .mount(&server),
    );
    (rt, server)
}

fn auto(server: &MockServer) -> OpenAiConfig {
    OpenAiConfig {
        structured_output: StructuredOutput::Auto,
        ..config_for(&format!("{}/v1", server.uri()))
    }
}

#[test]
fn a_schema_server_gets_every_task_under_its_schema_and_the_memory_forms() {
    let seen = Arc::new(Mutex::new(Seen {
        cut_first_synth: true,
        ..Seen::default()
    }));
    let (_rt, server) = server(&seen);
    let dir = tempfile::tempdir().unwrap();
    let (engine, _) = ingest_turns(
        &dir.path().join("s.db"),
        openai(auto(&server)),
        SESSION,
        Thresholds::default(),
        40,
    );
    let events: Vec<Event> = engine.log().all().unwrap().into_iter().map(|r| r.event).collect();
    let failures: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::ModelFailed { .. }))
        .collect();
    assert!(failures.is_empty(), "{failures:?}");
    let modes: Vec<OutputMode> = events
        .iter()
        .filter_map(|e| match e {
            Event::ModelCalled { mode, .. } => Some(*mode),
            _ => None,
        })
        .collect();
    assert!(
        !modes.is_empty() && modes.iter().all(|m| *m == OutputMode::JsonSchema),
        "{modes:?}"
    );
    assert!(
        events.iter().any(|e| matches!(e, Event::OperatorFired { .. })),
        "no operator fired"
    );
    let m = engine.memory();
    assert!(m.episodes.iter().all(|e| e.fact.starts_with("Alex said: ")));
    // RK1's repeated inference was stored once.
    let summary = m
        .relations
        .iter()
        .map(|r| r.summary.render())
        .find(|s| !s.is_empty())
        .unwrap_or_default();
    assert_eq!(summary.matches("Inferred Trait/Interest").count(), 1, "{summary}");

    let seen = seen.lock().unwrap();
    let names: Vec<&str> = seen
        .bodies
        .iter()
        .map(|b| b["response_format"]["json_schema"]["name"].as_str().unwrap_or("none"))
        .collect();
    assert_eq!(
        names.iter().filter(|n| **n == "rgmem_probe").count(),
        1,
        "probed once: {names:?}"
    );
    assert!(names.contains(&"rgmem_synth") && names.contains(&"rgmem_entities") && names.contains(&"rgmem_relations"));
    // Every request carries a cap; the cut-off synth was asked again with a larger one.
    let caps: Vec<u64> = seen
        .bodies
        .iter()
        .filter(|b| b["response_format"]["json_schema"]["name"] == "rgmem_synth")
        .map(|b| b["max_tokens"].as_u64().unwrap())
        .collect();
    assert!(caps.len() >= 2 && caps[1] > caps[0], "{caps:?}");
    assert!(
        seen.bodies
            .iter()
            .all(|b| b["max_tokens"].as_u64().is_some_and(|n| n > 0))
    );
}

#[test]
fn a_server_that_refuses_schemas_gets_the_text_formats() {
    let seen = Arc::new(Mutex::new(Seen {
        refuse_schemas: true,
        ..Seen::default()
    }));
    let (_rt, server) = server(&seen);
    let mut model = openai(auto(&server));
    assert_eq!(model.output_mode(rgmem::event::Purpose::Synth), OutputMode::Text);
    assert_eq!(model.output_mode(rgmem::event::Purpose::Rk2), OutputMode::Text);
    assert_eq!(seen.lock().unwrap().bodies.len(), 1, "detected once per endpoint");
}
