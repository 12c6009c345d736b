//! Settings stated and later changed, and a "never" said against a "did", end to end: the
//! current value is answered with the turn that states it in the context, a question about the
//! change gets the history, and a contradiction is answered with both sides.

use super::Budgets;
use crate::engine::{AskOptions, Engine};
use crate::formats::session::TurnInput;
use crate::log::Log;
use crate::rules::OfflineModel;

fn said(text: &str, session: u32, index: u32) -> TurnInput {
    TurnInput {
        speaker: "user".into(),
        text: text.into(),
        time: crate::time::Timestamp::parse(&format!("2024-0{session}-1{index}T10:00:00Z")).ok(),
        session,
        index,
        source_ref: None,
        attachments: Vec::new(),
    }
}

fn ask(engine: &mut Engine, question: &str) -> crate::engine::Answer {
    let opts = AskOptions {
        budgets: Budgets {
            tokens: Some(300),
            ..Budgets::default()
        },
        at: None,
        log: false,
    };
    engine.ask(question, &opts, &mut |_| {}).unwrap()
}

/// A fresh memory of Dana's `turns`, in a file of `dir`.
fn memory_of(dir: &tempfile::TempDir, turns: &[TurnInput]) -> Engine {
    let mut engine = Engine::open(Log::open(&dir.path().join("m.db")).unwrap(), Box::new(OfflineModel)).unwrap();
    for t in turns {
        engine.ingest(t, "Dana").unwrap();
    }
    engine.finish().unwrap();
    engine
}

/// Every slot line of the memory's persons.
fn slot_lines(engine: &Engine) -> Vec<String> {
    engine
        .memory()
        .roots()
        .flat_map(|r| engine.memory().slot_lines(r.id))
        .collect()
}

#[test]
fn a_raised_limit_is_answered_with_the_new_value_and_the_turn_that_says_it() {
    let dir = tempfile::tempdir().unwrap();
    let turns = [
        said(
            "I set the rate limit to 100 requests per minute with Flask-Limiter v2.6.0.",
            1,
            1,
        ),
        said(
            "I'm also using Flask 2.2 and I want to keep the API fast for my users.",
            1,
            2,
        ),
        said(
            "The dashboard needs a dark mode, and the upload form should accept PDFs.",
            2,
            1,
        ),
        said(
            "Traffic grew, so I've raised the limit from 100 to 120 requests per minute.",
            3,
            1,
        ),
    ];
    let mut engine = memory_of(&dir, &turns);
    let slots = slot_lines(&engine);
    assert!(
        slots
            .iter()
            .any(|l| l.contains("rate limit is 120 requests per minute") && l.contains("was 100")),
        "{slots:?}"
    );
    let now = ask(&mut engine, "What is the request limit per minute set for the API?");
    assert_eq!(now.text, "120 requests per minute");
    assert!(
        now.context
            .items
            .iter()
            .any(|i| i.text.contains("I've raised the limit")),
        "the turn that states the value is in the context: {:#?}",
        now.context.items.iter().map(|i| &i.text).collect::<Vec<_>>()
    );
    let change = ask(&mut engine, "What was the request limit per minute before I raised it?");
    assert!(change.text.starts_with("100 requests per minute"), "{}", change.text);
    let version = ask(&mut engine, "Which version of Flask-Limiter am I using?");
    assert_eq!(version.text, "v2.6.0");
}

#[test]
fn a_never_and_a_did_are_both_cited() {
    let dir = tempfile::tempdir().unwrap();
    let turns = [
        said(
            "I added matcher rules for IT skills and customized the spaCy pipeline last night.",
            1,
            1,
        ),
        said("The resume parser now handles two-column layouts much better.", 2, 1),
        said(
            "Honestly, I've never customized the spaCy pipeline, so I need a gentle start.",
            3,
            1,
        ),
    ];
    let mut engine = memory_of(&dir, &turns);
    let lines = slot_lines(&engine);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Dana has never customized the spaCy pipeline") && l.contains("contradicted")),
        "{lines:?}"
    );
    let got = ask(&mut engine, "Have I customized the spaCy pipeline with matcher rules?");
    assert!(
        got.text
            .starts_with("contradictory: Dana has never customized the spaCy pipeline"),
        "{}",
        got.text
    );
    assert!(got.text.contains("I added matcher rules"), "{}", got.text);
    let texts: Vec<&str> = got.context.items.iter().map(|i| i.text.as_str()).collect();
    assert!(texts.iter().any(|t| t.contains("I've never customized")), "{texts:#?}");
    assert!(texts.iter().any(|t| t.contains("I added matcher rules")), "{texts:#?}");
}

#[test]
fn a_value_said_before_a_question_is_the_current_one_and_answers_its_own_kind() {
    let dir = tempfile::tempdir().unwrap();
    let turns = [
        said(
            "I've been putting aside $250 a month for my travel fund since January.",
            1,
            1,
        ),
        said("My travel fund is $900 right now, and Lisbon is the first trip.", 1, 2),
        said(
            "I've raised my monthly grocery budget to $480, what can I batch cook on Sundays?",
            2,
            1,
        ),
        said("We cook 3 batch dinners a week, mostly lentils and rice.", 2, 2),
        said(
            "I increased my travel fund to $1,400 after the bonus, is that enough for two weeks in Lisbon?",
            3,
            1,
        ),
    ];
    let mut engine = memory_of(&dir, &turns);
    // A value said before the question turns to asking is a statement, and updates the slot.
    assert_eq!(ask(&mut engine, "How big is my travel fund now?").text, "$1,400");
    assert_eq!(ask(&mut engine, "What is my monthly grocery budget?").text, "$480");
    // A question for money is answered with a sum, a question for a rate with a rate: the
    // fund's balance is no monthly saving, and a count of dinners no price.
    let saving = ask(&mut engine, "How much do I put aside each month for my travel fund?").text;
    assert!(saving.starts_with("$250"), "{saving}");
}

#[test]
fn a_switch_of_tools_updates_the_tool_it_replaces() {
    let dir = tempfile::tempdir().unwrap();
    let turns = [
        said("Our database is MySQL and the reporting queries are slow.", 1, 1),
        said("We use Memcached as our cache for the product pages.", 1, 2),
        said(
            "We finally moved the shop from MySQL to PostgreSQL 16, how do I tune autovacuum?",
            2,
            1,
        ),
    ];
    let mut engine = memory_of(&dir, &turns);
    let lines = slot_lines(&engine);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Dana's database is PostgreSQL 16") && l.contains("was MySQL")),
        "{lines:?}"
    );
    assert_eq!(
        ask(&mut engine, "Which database does the shop use?").text,
        "PostgreSQL 16"
    );
    assert_eq!(ask(&mut engine, "What is my cache?").text, "Memcached");
    assert!(
        ask(&mut engine, "Which database did the shop use before?")
            .text
            .starts_with("MySQL"),
    );
}

#[test]
fn a_period_in_the_name_or_after_the_value_is_one_setting() {
    let dir = tempfile::tempdir().unwrap();
    let turns = [
        said("I increased my pension contributions to $300 monthly in spring.", 1, 1),
        said(
            "I increased my monthly pension contributions to $350 after the raise.",
            2,
            1,
        ),
    ];
    let engine = memory_of(&dir, &turns);
    let lines: Vec<String> = slot_lines(&engine)
        .into_iter()
        .filter(|l| l.contains("pension"))
        .collect();
    assert_eq!(lines.len(), 1, "{lines:?}");
    // The earlier value reads as the current one does: the name already says "monthly".
    assert!(
        lines[0].starts_with("Dana's monthly pension contributions are $350") && lines[0].contains("was $300)"),
        "{lines:?}"
    );
}

#[test]
fn what_the_person_says_they_earn_answers_how_much_they_earn() {
    let dir = tempfile::tempdir().unwrap();
    let turns = [
        said(
            "I'm earning about $52,000 annually, is that enough to rent a two-bedroom flat?",
            1,
            1,
        ),
        said("Priya can earn her $5 allowance by doing the dishes.", 1, 2),
        said("I got a raise, and now I make $58,000 a year.", 2, 1),
    ];
    let mut engine = memory_of(&dir, &turns);
    assert_eq!(ask(&mut engine, "How much do I earn?").text, "$58,000 a year");
    assert!(
        slot_lines(&engine)
            .iter()
            .any(|l| l.starts_with("Dana's income is $58,000 a year")),
        "{:?}",
        slot_lines(&engine)
    );
}

#[test]
fn a_yearly_pay_said_without_its_currency_answers_how_much_they_earn() {
    let dir = tempfile::tempdir().unwrap();
    let turns = [said(
        "I have about 240,000 dollars in my 401k and I earn 72,000 a year as a school librarian in Dayton.",
        1,
        1,
    )];
    let mut engine = memory_of(&dir, &turns);
    assert_eq!(ask(&mut engine, "How much do I earn?").text, "72,000 a year");
}

#[test]
fn a_tool_no_longer_used_retires_its_setting_and_its_version() {
    let dir = tempfile::tempdir().unwrap();
    let turns = [
        said("Our database is MongoDB and the joins are getting painful.", 1, 1),
        said("I've decided to use MongoDB 6.0 with the Motor driver for now.", 1, 2),
        said("We no longer use MongoDB, the orders moved to flat files.", 2, 1),
    ];
    let engine = memory_of(&dir, &turns);
    let lines = slot_lines(&engine);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Dana no longer uses MongoDB") && l.contains("was MongoDB, then MongoDB 6.0")),
        "{lines:?}"
    );
    assert_eq!(
        lines.iter().filter(|l| l.contains("MongoDB")).count(),
        1,
        "one line for the retired tool: {lines:?}"
    );
    assert!(!lines.iter().any(|l| l.contains("database is MongoDB")), "{lines:?}");
}

#[test]
fn a_version_said_again_without_its_v_is_no_update() {
    let dir = tempfile::tempdir().unwrap();
    let turns = [
        said("I've decided to use Tweepy v4.12.1 for the posting script.", 1, 1),
        said("The scheduler runs every hour and posts the queue.", 2, 1),
        said("I'm still using Tweepy 4.12.1 and the rate limits hold.", 3, 1),
    ];
    let engine = memory_of(&dir, &turns);
    let lines = slot_lines(&engine);
    let tweepy: Vec<&String> = lines.iter().filter(|l| l.contains("Tweepy")).collect();
    assert_eq!(tweepy.len(), 1, "{lines:?}");
    assert!(!tweepy[0].contains("was"), "{lines:?}");
}

#[test]
fn a_value_with_a_unit_and_a_bare_number_are_two_settings() {
    let dir = tempfile::tempdir().unwrap();
    let turns = [
        said("I set the size to 120MB for the uploads.", 1, 1),
        said("The scheduler runs every hour and posts the queue.", 2, 1),
        said("I've increased the pool size from 10 to 30 for Redis.", 3, 1),
    ];
    let engine = memory_of(&dir, &turns);
    let lines = slot_lines(&engine);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("pool size is 30") && !l.contains("was")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.contains("120MB")), "{lines:?}");
}

#[test]
fn new_hours_of_the_day_update_the_old_ones() {
    let dir = tempfile::tempdir().unwrap();
    let turns = [
        said(
            "I've changed my work hours to 8:30 AM\u{2013}4:30 PM to fit in morning walks.",
            1,
            1,
        ),
        said("The walks are helping a lot with my sleep, honestly.", 2, 1),
        said(
            "I've adjusted my work hours to 9 AM-5 PM since the new project started.",
            3,
            1,
        ),
    ];
    let engine = memory_of(&dir, &turns);
    let slots = slot_lines(&engine);
    let hours: Vec<&String> = slots.iter().filter(|l| l.contains("work hours")).collect();
    assert_eq!(hours.len(), 1, "{slots:?}");
    assert!(
        hours[0].contains("work hours are 9 AM-5 PM") && hours[0].contains("was 8:30 AM\u{2013}4:30 PM"),
        "{slots:?}"
    );
}
