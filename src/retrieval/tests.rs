//! Retrieval against a real memory file: FTS5 ranking, rollback branches, the cosine threshold,
//! budget trimming and provenance from turn to concept.

use super::index::{self, DocKind, Lineage};
use super::{Budgets, Layer, Plan, Retriever};
use crate::engine::Engine;
use crate::formats::session::{SessionFile, TurnInput};
use crate::ids::Seq;
use crate::log::Log;
use crate::rules::OfflineModel;

fn engine(dir: &tempfile::TempDir) -> Engine {
    Engine::open(Log::open(&dir.path().join("m.db")).unwrap(), Box::new(OfflineModel)).unwrap()
}

fn sample() -> SessionFile {
    SessionFile::parse(
        include_str!("../../sample_sessions/strength_training_injury.jsonl"),
        "strength_training_injury.jsonl",
    )
    .unwrap()
}

fn ingest(engine: &mut Engine, turns: &[TurnInput], user: &str) {
    for t in turns {
        engine.ingest(t, user).unwrap();
    }
    engine.finish().unwrap();
}

fn turn(text: &str, session: u32, index: u32) -> TurnInput {
    TurnInput {
        speaker: "user".into(),
        text: text.into(),
        time: None,
        session,
        index,
        source_ref: None,
        attachments: Vec::new(),
    }
}

fn retrieve(engine: &Engine, question: &str, budgets: &Budgets) -> super::Context {
    let r = Retriever::new(engine.log(), engine.memory(), engine.log().head()).unwrap();
    r.retrieve(
        question,
        Plan::by_model(&mut OfflineModel, question),
        budgets,
        &mut OfflineModel,
    )
    .unwrap()
}

#[test]
fn fts5_ranks_the_more_relevant_fact_first() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    let turns = [
        turn("I baked bread with my sister at the weekend.", 1, 0),
        turn(
            "Pottery class again: I threw three pottery bowls on the pottery wheel.",
            2,
            1,
        ),
        turn("I read a book about pottery once.", 3, 2),
    ];
    ingest(&mut e, &turns, "Sam");
    let conn = e.log().connection();
    let lineage = Lineage::of(e.log(), e.log().head()).unwrap();
    index::sync(conn, &lineage, e.memory()).unwrap();
    let expr = index::match_expr(&["pottery"]).unwrap();
    let hits = index::search(conn, &lineage, &expr, DocKind::Fact, 5).unwrap();
    assert_eq!(hits.len(), 2, "the bread fact does not match: {hits:?}");
    let first = e.memory().episode(hits[0].episode);
    assert!(first.fact.contains("three pottery bowls"), "{}", first.fact);
    assert!(hits[0].bm25 >= hits[1].bm25);
    assert_eq!(
        index::sync(conn, &lineage, e.memory()).unwrap(),
        0,
        "a second sync adds nothing"
    );
}

#[test]
fn dates_are_searchable_by_day_month_and_year() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    let mut t = turn("I ran my first half marathon today, so proud.", 1, 0);
    t.time = crate::time::Timestamp::parse_rfc3339("2023-06-09T10:00:00Z");
    ingest(&mut e, &[t, turn("I cooked pasta.", 2, 1)], "Sam");
    let lineage = Lineage::of(e.log(), e.log().head()).unwrap();
    index::sync(e.log().connection(), &lineage, e.memory()).unwrap();
    for q in ["2023-06-09", "2023-06", "9 June 2023", "June 2023"] {
        let expr = index::match_expr(&[q]).unwrap();
        let hits = index::search(e.log().connection(), &lineage, &expr, DocKind::Fact, 5).unwrap();
        assert_eq!(hits.len(), 1, "{q}");
    }
}

#[test]
fn rows_of_a_rolled_back_branch_are_not_retrieved() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    ingest(
        &mut e,
        &[turn("I love pottery and I go to pottery class weekly.", 1, 0)],
        "Sam",
    );
    let before = e.log().head();
    ingest(
        &mut e,
        &[turn("Kayaking on the lake is my new favourite thing.", 2, 1)],
        "Sam",
    );
    let with_kayak = e.log().head();
    assert!(
        !retrieve(&e, "Does Sam like kayaking?", &Budgets::default())
            .items
            .is_empty()
    );
    e.rollback(before).unwrap();
    let ctx = retrieve(&e, "Does Sam like kayaking?", &Budgets::default());
    assert!(
        ctx.items.iter().all(|i| !i.text.to_lowercase().contains("kayak")),
        "{:#?}",
        ctx.items
    );
    // The old branch is still readable at its own seq, from the same index.
    let old = e.log().memory_at(with_kayak).unwrap();
    let r = Retriever::new(e.log(), &old, with_kayak).unwrap();
    let q = "Does Sam like kayaking?";
    let ctx = r
        .retrieve(
            q,
            Plan::by_model(&mut OfflineModel, q),
            &Budgets::default(),
            &mut OfflineModel,
        )
        .unwrap();
    assert!(ctx.items.iter().any(|i| i.text.to_lowercase().contains("kayak")));
    assert!(
        Retriever::new(e.log(), &old, Seq(1)).is_err(),
        "a memory from another seq is refused"
    );
}

#[test]
fn concepts_need_cosine_at_the_threshold() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    let s = sample();
    ingest(&mut e, &s.turns, &s.user_name());
    let q = "What is Alex's strength training like overall?";
    let loose = retrieve(&e, q, &Budgets::default());
    // The concepts chosen by cosine; the item of gathered mentions is chosen by keywords.
    let by_cosine = |i: &&crate::retrieval::Item| i.layer == Layer::Concept && i.scores.cosine.is_some();
    let concepts: Vec<_> = loose.items.iter().filter(by_cosine).collect();
    assert!(!concepts.is_empty() && concepts.len() <= 3, "{concepts:#?}");
    assert!(concepts.iter().all(|i| i.scores.cosine.unwrap_or(0.0) >= 0.5));
    let strict = retrieve(
        &e,
        q,
        &Budgets {
            min_cosine: 1.01,
            ..Budgets::default()
        },
    );
    assert!(
        !strict.items.iter().any(|i| by_cosine(&i)),
        "nothing reaches cosine > 1"
    );
}

#[test]
fn a_token_budget_trims_the_whole_context() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    let s = sample();
    ingest(&mut e, &s.turns, &s.user_name());
    let q = "Why did Alex stop deadlifting?";
    let full = retrieve(&e, q, &Budgets::default());
    let capped = retrieve(
        &e,
        q,
        &Budgets {
            tokens: Some(300),
            ..Budgets::default()
        },
    );
    assert!(full.tokens() > 300, "{}", full.tokens());
    assert!(capped.tokens() <= 300, "{}", capped.tokens());
    assert!(capped.trimmed > 0 && !capped.items.is_empty());
    let kept_min = capped.items.iter().map(|i| i.value).fold(f64::MAX, f64::min);
    let best_dropped = full
        .items
        .iter()
        .filter(|i| !capped.items.contains(i))
        .map(|i| i.value)
        .fold(0.0, f64::max);
    assert!(
        kept_min >= best_dropped || capped.items.iter().all(|i| i.tokens < 300),
        "the budget keeps high-value items"
    );
}

#[test]
fn provenance_runs_from_turn_to_fact_to_relation_to_concept() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    let s = sample();
    ingest(&mut e, &s.turns, &s.user_name());
    let m = e.memory();
    let ctx = retrieve(&e, "When did Alex hurt their back deadlifting?", &Budgets::default());
    let fact = ctx.items.iter().find(|i| i.layer == Layer::Fact).expect("a fact");
    let ep = m.episode(fact.provenance.episodes[0]);
    assert_eq!(fact.provenance.turns, ep.turns, "fact → its turns");
    assert!(
        !fact.provenance.relations.is_empty(),
        "fact → the relations its episode mentioned"
    );
    for r in &fact.provenance.relations {
        let rel = m.relation(*r);
        assert!(
            rel.episodes.contains(&ep.id),
            "relation {r} was mentioned by the fact's episode"
        );
        assert!(
            fact.provenance.concepts.contains(&rel.owner),
            "relation → the concept it feeds"
        );
        assert!(m.concept(rel.owner).episodes.contains(&ep.id), "concept ← episode");
    }
    let concept = ctx.items.iter().find(|i| i.layer == Layer::Concept).expect("a concept");
    let c = m.concept(concept.provenance.concepts[0]);
    for e_id in &c.episodes {
        for t in &m.episode(*e_id).turns {
            assert!(
                concept.provenance.turns.contains(t),
                "concept → episode {e_id} → turn {t}"
            );
        }
    }
    let turn = ctx.items.iter().find(|i| i.layer == Layer::Turn).expect("a turn");
    let t = turn.provenance.turns[0];
    assert!(
        turn.text.contains(&m.turns[t.index()].text),
        "a turn item shows the turn's text"
    );
    assert!(m.episode(turn.provenance.episodes[0]).turns.contains(&t));
}

#[test]
fn an_ablated_layer_is_neither_shown_nor_used() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    let s = sample();
    ingest(&mut e, &s.turns, &s.user_name());
    let q = "How often does Alex go to the gym?";
    let full = retrieve(&e, q, &Budgets::default());
    assert!(full.items.iter().any(|i| i.layer == Layer::Fact), "{:#?}", full.items);
    let without = super::Layers::parse("facts,conclusions,concepts,relations").unwrap();
    let turns_only = retrieve(
        &e,
        q,
        &Budgets {
            without,
            ..Budgets::default()
        },
    );
    assert!(!turns_only.items.is_empty(), "turn-level BM25 still finds turns");
    assert!(
        turns_only.items.iter().all(|i| i.layer == Layer::Turn),
        "{:#?}",
        turns_only.items
    );
    assert!(super::Layers::parse("facts,vibes").is_err());
    assert_eq!(without.to_string(), "facts,conclusions,concepts,relations");
}

#[test]
fn turns_render_under_one_header_per_session() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    let turns = [
        turn("I went camping at the lake with my sister.", 1, 0),
        turn("The lake was cold but camping was fun.", 1, 1),
        turn("We plan to go camping at the lake again.", 2, 0),
    ];
    ingest(&mut e, &turns, "Sam");
    let without = super::Layers::parse("facts,conclusions,concepts,relations").unwrap();
    let ctx = retrieve(
        &e,
        "When did Sam go camping at the lake?",
        &Budgets {
            without,
            ..Budgets::default()
        },
    );
    let text = ctx.render();
    assert_eq!(text.matches("## session 1\n").count(), 1, "{text}");
    assert_eq!(text.matches("## session 2\n").count(), 1, "{text}");
    assert!(text.contains("- Sam: I went camping at the lake"), "{text}");
    assert!(!text.contains("- ["), "no per-line id or date: {text}");
}

#[test]
fn a_turn_line_keeps_its_words_and_adds_the_dates_its_relative_phrases_name() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    let mut talk = turn("I gave a talk about bees last week, and again yesterday.", 1, 0);
    talk.time = crate::time::Timestamp::parse_rfc3339("2023-06-09T10:00:00Z");
    let mut plain = turn("Bees like lavender, 9 June 2023 was sunny.", 1, 1);
    plain.time = talk.time;
    ingest(&mut e, &[talk, plain], "Sam");
    let m = e.memory();
    let line = super::turn_line(m, m.turns[0].id);
    assert_eq!(
        line,
        "Sam: I gave a talk about bees last week, and again yesterday. \
         (last week: the week before 9 June 2023; yesterday: 8 June 2023)"
    );
    assert_eq!(
        super::turn_line(m, m.turns[1].id),
        "Sam: Bees like lavender, 9 June 2023 was sunny.",
        "a date written out needs no gloss"
    );
}

#[test]
fn the_answer_to_a_matching_question_is_packed_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    let said = |speaker: &str, text: &str, index: u32| TurnInput {
        speaker: speaker.into(),
        ..turn(text, 1, index)
    };
    let turns = [
        said("Sam", "Counseling books fill my shelf these days.", 0),
        said("Kim", "What motivated you to pursue counseling?", 1),
        said("Sam", "My own journey and the support I got made a huge difference.", 2),
        said("Kim", "I bought a new kettle for the office.", 3),
        said("Sam", "I want counseling to be my career, counseling matters to me.", 4),
    ];
    ingest(&mut e, &turns, "Sam");
    let without = super::Layers::parse("facts,conclusions,concepts,relations").unwrap();
    let budgets = |tokens| Budgets {
        without,
        tokens: Some(tokens),
        ..Budgets::default()
    };
    let text = retrieve(&e, "What motivated Sam to pursue counseling?", &budgets(45)).render();
    assert!(text.contains("My own journey"), "the reply that answers: {text}");
}

#[test]
fn a_short_form_of_a_first_name_names_the_person() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    let said = |speaker: &str, text: &str, index: u32| TurnInput {
        speaker: speaker.into(),
        ..turn(text, 1, index)
    };
    let turns = [
        said("Deborah", "I teach yoga at the park on Sundays.", 0),
        said("Jolene", "Thanks, Deb! I love yoga too.", 1),
    ];
    ingest(&mut e, &turns, "Deborah");
    let m = e.memory();
    assert_eq!(
        super::person_in(m, "Where does Deb teach yoga?").as_deref(),
        Some("Deborah")
    );
    assert_eq!(
        super::person_in(m, "Deb asked: where does Jolene teach?").as_deref(),
        Some("Jolene"),
        "the question's first word is not taken for a short form"
    );
    assert_eq!(
        super::person_in(m, "Where is the debris?"),
        None,
        "lower case is a word, not a name"
    );
}

#[test]
fn a_turn_that_only_asks_about_the_keywords_ranks_below_one_that_says_something() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    let said = |speaker: &str, text: &str, session: u32, index: u32| TurnInput {
        speaker: speaker.into(),
        ..turn(text, session, index)
    };
    let turns = [
        said("Sam", "How was the pottery class?", 1, 0),
        said("Kim", "I bought a new kettle for the office.", 1, 1),
        said(
            "Sam",
            "The pottery class was fun and I made a small bowl for my mother.",
            2,
            2,
        ),
        said("Kim", "Lovely, my mother would like one too.", 2, 3),
    ];
    ingest(&mut e, &turns, "Sam");
    let without = super::Layers::parse("facts,conclusions,concepts,relations").unwrap();
    let budgets = Budgets {
        without,
        ..Budgets::default()
    };
    let ctx = retrieve(&e, "What did Sam make at the pottery class?", &budgets);
    let value = |needle: &str| {
        ctx.items
            .iter()
            .find(|i| i.text.contains(needle))
            .map(|i| i.value)
            .unwrap_or_else(|| panic!("{needle} retrieved: {}", ctx.render()))
    };
    assert!(
        value("How was the pottery class?") < value("I made a small bowl"),
        "{:?}",
        ctx.items
    );
}

#[test]
fn a_brief_keeps_what_the_turn_shared() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    let long = "Yeah, it was a long day. The poetry reading was powerful and moving. \
                I stayed until the very end and then walked home along the river in the rain.";
    let mut shared = turn(long, 1, 0);
    shared.attachments = vec![crate::event::Attachment::Photo {
        caption: "a poster that says trans lives matter".into(),
    }];
    ingest(&mut e, &[shared], "Sam");
    let without = super::Layers::parse("facts,conclusions,concepts,relations").unwrap();
    let budgets = Budgets {
        without,
        tokens: Some(50),
        ..Budgets::default()
    };
    let text = retrieve(&e, "What did Sam see at the poetry reading?", &budgets).render();
    assert!(text.contains("poetry reading was powerful"), "{text}");
    assert!(text.contains("trans lives matter"), "the caption stays: {text}");
    assert!(!text.contains("walked home"), "a brief: {text}");
}

#[test]
fn a_fact_item_shows_its_date_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    let day = crate::time::Timestamp::from_civil(2023, 5, 8, 10, 0, 0);
    let said = TurnInput {
        time: day,
        ..turn("I threw three pottery bowls on the wheel at my pottery class.", 1, 0)
    };
    ingest(&mut e, &[said], "Sam");
    let text = retrieve(&e, "What did Sam make at the pottery class?", &Budgets::default()).render();
    let fact = text
        .lines()
        .skip_while(|l| !l.starts_with("# Facts"))
        .nth(1)
        .unwrap_or_default();
    assert!(
        fact.starts_with("- [8 May 2023] Sam threw three pottery bowls"),
        "{text}"
    );
    assert_eq!(fact.matches("2023").count(), 1, "{fact}");
}

#[test]
fn a_question_about_a_stated_slot_gets_it_first_even_at_a_small_budget() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    let mut turns = vec![turn(
        "I'm worried about my sister Brittney, she's only 14 and asking about stocks.",
        1,
        0,
    )];
    for i in 1..30 {
        turns.push(turn(
            &format!("Can you explain index funds and dividend reinvestment, part {i}?"),
            1,
            i,
        ));
    }
    turns.push(turn("I'm 60 and earning $85,000, will that be a problem?", 2, 30));
    ingest(&mut e, &turns, "Dana");
    let budgets = Budgets {
        tokens: Some(60),
        ..Budgets::default()
    };
    let first = |q: &str| {
        retrieve(&e, q, &budgets)
            .items
            .first()
            .map(|i| i.text.clone())
            .unwrap_or_default()
    };
    assert!(
        first("Who is Brittney?").ends_with("Brittney is Dana's sister"),
        "{}",
        first("Who is Brittney?")
    );
    assert!(
        first("How old am I?").ends_with("Dana is 60"),
        "{}",
        first("How old am I?")
    );
    // Nothing about a slot is asked: no slot item.
    assert!(
        !retrieve(&e, "What are index funds?", &budgets)
            .items
            .iter()
            .any(|i| i.reason.contains("slot"))
    );
}
