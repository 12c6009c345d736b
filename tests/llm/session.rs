//! A whole sample session through the OpenAI-compatible client.

use crate::fake::{AsLanguageModel, Fake, KEY, SESSION, ingest, openai, server_tokens};
use rgmem::event::Event;
use rgmem::memory::Thresholds;
use rgmem::text::estimate_tokens;

#[test]
fn a_whole_session_ingests_through_openai_with_operators_firing() {
    let theta = Thresholds::default();
    let fake = Fake::new(SESSION, theta);
    let dir = tempfile::tempdir().unwrap();
    let (engine, _) = ingest(&dir.path().join("openai.db"), openai(fake.config()), SESSION, theta);
    let (offline, _) = ingest(
        &dir.path().join("offline.db"),
        Box::new(AsLanguageModel),
        SESSION,
        theta,
    );

    let m = engine.memory();
    assert!(m.firings.iter().all(|n| *n > 0), "firings {:?}", m.firings);
    assert_eq!(m.firings, offline.memory().firings);
    let view = |v: serde_json::Value| (v["concepts"].clone(), v["relations"].clone(), v["episodes"].clone());
    assert_eq!(view(m.to_view()), view(offline.memory().to_view()));

    let state = fake.state.lock().unwrap();
    let records = engine.log().all().unwrap();
    let calls: Vec<_> = records
        .iter()
        .filter_map(|r| match &r.event {
            Event::ModelCalled {
                model,
                prompt,
                reply,
                tokens_in,
                tokens_out,
                ..
            } => Some((model, prompt, reply, *tokens_in, *tokens_out)),
            _ => None,
        })
        .collect();
    assert_eq!(calls.len(), state.requests);
    assert!(state.authorizations.iter().all(|a| *a == format!("Bearer {KEY}")));
    for (model, prompt, reply, tokens_in, tokens_out) in &calls {
        assert_eq!(model.as_str(), "openai:fake-llm");
        assert_eq!((*tokens_in, *tokens_out), (server_tokens(prompt), server_tokens(reply)));
    }
    assert_eq!(m.usage.tokens_in, state.tokens_in);
    assert_eq!(m.usage.tokens_out, state.tokens_out);
}

#[test]
fn tokens_are_counted_when_the_server_reports_no_usage() {
    let theta = Thresholds::default();
    let fake = Fake::new(SESSION, theta);
    fake.state.lock().unwrap().usage = false;
    let dir = tempfile::tempdir().unwrap();
    let (engine, _) = ingest(&dir.path().join("a.db"), openai(fake.config()), SESSION, theta);
    let mut seen = 0;
    for r in engine.log().all().unwrap() {
        if let Event::ModelCalled {
            prompt,
            reply,
            tokens_in,
            tokens_out,
            ..
        } = &r.event
        {
            assert_eq!(
                (*tokens_in, *tokens_out),
                (estimate_tokens(prompt), estimate_tokens(reply))
            );
            seen += 1;
        }
    }
    assert!(seen > 10);
}
