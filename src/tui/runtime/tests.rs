//! Whole sessions of keys through the real runtime, engine thread and screen (a `TestBackend`),
//! paced by the engine instead of the clock: what a person would do at the keyboard, checked
//! against the memory file afterwards.

use super::{Pace, run};
use crate::tui::app::tests::SAMPLE;
use crate::tui::app::{App, Options};
use crate::tui::engine_task;
use crossterm::event::{Event as TermEvent, KeyCode, KeyEvent};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use rgmem::Engine;
use rgmem::event::Event;
use rgmem::formats::session::SessionFile;
use rgmem::log::Log;
use rgmem::rules::OfflineModel;
use std::path::Path;

fn code(code: KeyCode) -> TermEvent {
    TermEvent::Key(KeyEvent::from(code))
}

fn text(text: &str) -> Vec<TermEvent> {
    text.chars().map(|c| code(KeyCode::Char(c))).collect()
}

/// Play the sample at full speed from the tree, where a replay starts.
fn play() -> Vec<TermEvent> {
    let mut keys = text(">>>>>>>>>>");
    keys.push(code(KeyCode::Char(' ')));
    keys
}

/// Runs one session of `keys` on the memory file `db`, replaying the sample if `replay`; returns
/// the last screen, one string per row.
fn session(db: &Path, replay: bool, approve: bool, keys: Vec<TermEvent>, size: (u16, u16)) -> Vec<String> {
    let mut engine = Engine::open(Log::open(db).unwrap(), Box::new(OfflineModel)).unwrap();
    engine.set_approve(approve);
    let handle = engine_task::spawn(engine).unwrap();
    let file = SessionFile::parse(SAMPLE, "strength_training_injury.jsonl").unwrap();
    let mut app = App::new(Options {
        user: file.user_name(),
        replay: replay.then(|| ("strength_training_injury.jsonl".into(), file.turns)),
        approve,
        ..Options::default()
    });
    let mut terminal = Terminal::new(TestBackend::new(size.0, size.1)).unwrap();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let input = futures::stream::iter(keys.into_iter().map(Ok));
    rt.block_on(run(&mut terminal, &mut app, handle, input, Pace::Settled))
        .unwrap();
    let buffer = terminal.backend().buffer();
    (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect()
        })
        .collect()
}

/// The screen's words in order, rows joined: wrapped messages read as one sentence.
fn words(screen: &[String]) -> String {
    screen
        .iter()
        .flat_map(|row| row.split_whitespace())
        .collect::<Vec<_>>()
        .join(" ")
}

fn events(db: &Path) -> Vec<Event> {
    Log::open(db)
        .unwrap()
        .all()
        .unwrap()
        .into_iter()
        .map(|r| r.event)
        .collect()
}

#[test]
fn a_sentence_typed_after_a_replay_without_tab_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (plain, typed) = (dir.path().join("plain.db"), dir.path().join("typed.db"));
    session(&plain, true, false, play(), (80, 24));
    let mut keys = play();
    keys.extend(text(
        "I think we should hurry, Alex went away today - very sorry, yes. ",
    ));
    keys.push(code(KeyCode::Enter));
    keys.extend(text("Ready to approve and roll back, r a x z R + - { } y, yes"));
    let screen = session(&typed, true, false, keys, (80, 24));
    let (plain, typed) = (events(&plain), events(&typed));
    assert!(
        plain.iter().any(|e| matches!(e, Event::OperatorFired { .. })),
        "the replay ran"
    );
    assert_eq!(typed.len(), plain.len(), "typing wrote to the log");
    let kinds = |events: &[Event]| events.iter().map(Event::kind).collect::<Vec<_>>();
    assert_eq!(kinds(&typed), kinds(&plain), "a key typed on the tree wrote");
    assert!(
        words(&screen).contains("nothing was typed"),
        "the screen says where typing goes:\n{}",
        screen.join("\n")
    );
}

#[test]
fn a_malformed_rollback_shows_a_readable_error_at_80x24_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let mut keys = vec![code(KeyCode::Tab)];
    keys.extend(text(":rollback 40O"));
    keys.push(code(KeyCode::Enter));
    let screen = session(&db, false, false, keys, (80, 24));
    let shown = words(&screen);
    assert!(
        shown.contains(":rollback: \"40O\" is not a seq number"),
        "{}",
        screen.join("\n")
    );
    assert!(
        !events(&db).iter().any(|e| matches!(e, Event::RolledBack { .. })),
        "nothing was rolled back"
    );
}

#[test]
fn approving_takes_a_visible_confirmation_and_no_answers_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let mut keys = play();
    // Tree → evidence → Σ/Δ, which lists the pending proposals in approval mode.
    keys.extend([code(KeyCode::Tab), code(KeyCode::Tab)]);
    keys.extend(text("an"));
    keys.extend(text("ay"));
    keys.extend(text("a"));
    let screen = session(&db, true, true, keys, (160, 48));
    let approvals = events(&db)
        .iter()
        .filter(|e| matches!(e, Event::AbstractionApproved { .. }))
        .count();
    assert_eq!(approvals, 1, "a then n approves nothing; a then y approves one");
    let shown = words(&screen);
    assert!(
        shown.contains("Approve"),
        "the last a asks first:\n{}",
        screen.join("\n")
    );
    assert!(shown.contains("abstraction_approved"), "{}", screen.join("\n"));
}
