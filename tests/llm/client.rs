//! The client on its own: embeddings through `/v1/embeddings`, other refusals, and a `Debug`
//! that never shows the key.

use crate::fake::{KEY, config_for};
use rgmem::model::openai::{OpenAiConfig, OpenAiModel};
use rgmem::model::{AnswerContext, ContextItem, Model, ModelError, ModelRequest, Shows, Task};
use serde_json::json;
use wiremock::matchers::{body_partial_json, header, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

fn server() -> (tokio::runtime::Runtime, MockServer) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let server = rt.block_on(MockServer::start());
    (rt, server)
}

#[test]
fn embeddings_come_from_the_same_endpoint_when_an_embed_model_is_set() {
    let (rt, server) = server();
    rt.block_on(
        Mock::given(method("POST"))
            .and(path("/v1/embeddings"))
            .and(header("authorization", format!("Bearer {KEY}").as_str()))
            .and(body_partial_json(
                json!({"model": "nomic-embed-text", "input": ["a", "b"]}),
            ))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "data": [{"index": 1, "embedding": [0.0, 1.0]}, {"index": 0, "embedding": [1.0, 0.0]}]
            })))
            .expect(1)
            .mount(&server),
    );
    let base = format!("{}/v1", server.uri());
    let mut plain = OpenAiModel::new(config_for(&base)).unwrap();
    assert!(
        plain.embed(&["a".into()]).is_none(),
        "no embed model: use the built-in embedder"
    );
    let mut model = OpenAiModel::new(OpenAiConfig {
        embed_model: Some("nomic-embed-text".into()),
        ..config_for(&base)
    })
    .unwrap();
    let vectors = model.embed(&["a".into(), "b".into()]).unwrap().unwrap();
    assert_eq!(vectors, vec![vec![1.0, 0.0], vec![0.0, 1.0]]);
}

#[test]
fn a_bad_request_is_refused_at_once_with_the_server_message() {
    let (rt, server) = server();
    rt.block_on(
        Mock::given(method("POST"))
            .respond_with(
                ResponseTemplate::new(400).set_body_json(json!({"error": {"message": "temperature is not supported"}})),
            )
            .expect(1)
            .mount(&server),
    );
    let mut model = OpenAiModel::new(config_for(&format!("{}/v1/", server.uri()))).unwrap();
    let err = model
        .complete(&ModelRequest::new(Task::Plan { question: "q".into() }))
        .unwrap_err();
    assert!(matches!(err, ModelError::Refused(_)), "{err}");
    let text = err.to_string();
    assert!(
        text.contains("400 from") && text.contains("/v1/chat/completions"),
        "{text}"
    );
    assert!(text.contains("`fake-llm`: temperature is not supported"), "{text}");
}

#[test]
fn debug_output_never_shows_the_key() {
    let model = OpenAiModel::new(config_for("http://127.0.0.1:9/v1")).unwrap();
    let shown = format!("{model:?} {:?}", model.config());
    assert!(!shown.contains(KEY), "{shown}");
    assert!(shown.contains("[redacted]"));
    assert_eq!(model.name(), "openai:fake-llm");
}

#[test]
fn an_answer_cut_off_at_the_cap_keeps_its_whole_sentences_and_a_json_reply_does_not() {
    let (rt, server) = server();
    rt.block_on(
        Mock::given(method("POST"))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "choices": [{"index": 0, "message": {"role": "assistant",
                    "content": "Alex goes to the gym four times a week. Then again and again and"},
                    "finish_reason": "length"}],
            })))
            .mount(&server),
    );
    let mut model = OpenAiModel::new(config_for(&format!("{}/v1/", server.uri()))).unwrap();
    let answer = model
        .complete(&ModelRequest::new(Task::Answer {
            person: "Alex".into(),
            context: AnswerContext {
                items: vec![ContextItem::new(
                    "Turns",
                    "Alex: I go four times a week.".into(),
                    Shows::Text,
                )],
            },
            question: "How often does Alex go to the gym?".into(),
        }))
        .unwrap();
    assert_eq!(answer.reply, "Alex goes to the gym four times a week.");
    let err = model
        .complete(&ModelRequest::new(Task::Plan { question: "q".into() }))
        .unwrap_err();
    assert!(matches!(err, ModelError::CutOff(_)), "{err}");
}
