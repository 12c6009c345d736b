//! A reply longer than any budget, against a real memory file: the passage that holds what was
//! asked comes back, with its passage in the provenance, and the context stays in its budget.

use super::{Budgets, Layer, Plan, Retriever};
use crate::engine::Engine;
use crate::formats::session::TurnInput;
use crate::log::Log;
use crate::rules::OfflineModel;

fn turn(speaker: &str, text: String, index: u32) -> TurnInput {
    TurnInput {
        speaker: speaker.into(),
        text,
        time: None,
        session: 1,
        index,
        source_ref: Some(format!("m{index}")),
        attachments: Vec::new(),
    }
}

/// A 100k-character reply: paragraphs and code blocks about caching, with one paragraph about
/// the rate limit in the middle.
fn long_reply() -> String {
    let filler = "Caching keeps the service fast: store each rendered page for a minute and serve it again \
                  while it is fresh, then rebuild it in the background.";
    let code = "```python\ncache = {}\ndef get(key):\n    return cache.get(key)\n```";
    let mut parts: Vec<String> = Vec::new();
    for i in 0..650 {
        parts.push(format!("{filler} Note {i}."));
        if i % 10 == 0 {
            parts.push(code.to_string());
        }
        if i == 400 {
            parts.push(
                "For the rate limit, set Flask-Limiter to 120 requests per minute per client and return \
                 status 429 with a Retry-After header."
                    .to_string(),
            );
        }
    }
    parts.join("\n\n")
}

#[test]
fn the_relevant_passage_of_a_hundred_thousand_character_reply_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut engine = Engine::open(Log::open(&dir.path().join("m.db")).unwrap(), Box::new(OfflineModel)).unwrap();
    let reply = long_reply();
    assert!(reply.chars().count() > 100_000, "{}", reply.chars().count());
    let turns = [
        turn(
            "user",
            "How should I protect my Flask API from abuse and keep it fast?".into(),
            0,
        ),
        turn("assistant", reply.clone(), 1),
        turn("user", "Thanks, I will try that.".into(), 2),
    ];
    for t in &turns {
        engine.ingest(t, "Kai").unwrap();
    }
    engine.finish().unwrap();
    let stored = &engine.memory().turns.iter().nth(1).unwrap().text;
    assert_eq!(stored, &reply, "the reply is stored whole, not truncated");
    let question = "What rate limit did you suggest for Flask-Limiter?";
    let budgets = Budgets {
        tokens: Some(500),
        ..Budgets::default()
    };
    let r = Retriever::new(engine.log(), engine.memory(), engine.log().head()).unwrap();
    let ctx = r
        .retrieve(
            question,
            Plan::by_model(&mut OfflineModel, question),
            &budgets,
            &mut OfflineModel,
        )
        .unwrap();
    let rendered = ctx.render();
    assert!(rendered.contains("120 requests per minute"), "{rendered}");
    assert!(ctx.tokens() <= 500, "{}", ctx.tokens());
    let item = ctx
        .items
        .iter()
        .find(|i| i.layer == Layer::Turn && i.provenance.source_refs == ["m1"])
        .expect("the reply is an item");
    let part = item.provenance.passage.expect("its passage is named");
    assert!(part.of > 10 && part.index > 0, "{part:?}");
}
