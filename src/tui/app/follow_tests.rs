//! Following a file another process writes, deterministically: ticks ask the engine to look
//! (only when nothing of ours is in flight), its events join the timeline, and the cursor moves
//! with the head only when it was at the head.

use super::live_tests::live;
use super::*;
use rgmem::Engine;
use rgmem::formats::session::TurnInput;
use rgmem::log::Log;
use rgmem::rules::OfflineModel;

fn turn(index: u32, text: &str) -> TurnInput {
    TurnInput {
        speaker: "user".into(),
        text: text.into(),
        time: None,
        session: 1,
        index,
        source_ref: None,
        attachments: Vec::new(),
    }
}

/// Ticks until the app asks to follow, performing what it asks.
fn tick_until_followed(h: &mut super::tests::Harness) {
    for _ in 0..FOLLOW_TICKS {
        let asked = h.send(Msg::Tick(crate::tui::runtime::TICK));
        if asked.contains(&Command::Engine(EngineRequest::Follow)) {
            return;
        }
    }
    panic!("no Follow within {FOLLOW_TICKS} ticks");
}

#[test]
fn another_process_events_appear_and_the_cursor_follows_only_from_the_head() {
    let mut h = live();
    let other = || Engine::open(Log::open(&h.dir.path().join("m.db")).unwrap(), Box::new(OfflineModel)).unwrap();
    let mut server = other();
    server
        .ingest(&turn(0, "I play the cello every evening."), "Alex")
        .unwrap();
    assert_eq!(h.app.timeline.head(), Seq(0), "nothing seen before the look");
    tick_until_followed(&mut h);
    assert_eq!(h.app.timeline.head(), server.log().head());
    assert_eq!(
        h.app.timeline.cursor(),
        server.log().head(),
        "at the head, the cursor follows"
    );
    assert_eq!(h.app.timeline.head_memory(), server.memory());

    // Moved away from the head, the cursor stays where it was put.
    let kept = Seq(2);
    h.app.seek(kept);
    server
        .ingest(&turn(1, "I also bake bread on Sundays."), "Alex")
        .unwrap();
    tick_until_followed(&mut h);
    assert_eq!(h.app.timeline.head(), server.log().head());
    assert_eq!(h.app.timeline.cursor(), kept);

    // A step of ours after theirs: the app's log stays the file's, with no gap.
    h.app.seek(h.app.timeline.head());
    server.ingest(&turn(2, "My sister visits in May."), "Alex").unwrap();
    ingest_ours(&mut h);
    let file = h.engine.log().all().unwrap();
    assert_eq!(h.app.timeline.head(), h.engine.log().head());
    assert_eq!(h.app.timeline.head_memory(), &rgmem::engine::fold_records(&file));
}

fn ingest_ours(h: &mut super::tests::Harness) {
    let user = h.app.user.clone();
    let request = EngineRequest::Ingest {
        turn: turn(3, "I repaired my bicycle."),
        user,
    };
    h.app.busy += 1;
    let mut updates = Vec::new();
    crate::tui::engine_task::handle(&mut h.engine, request, &mut |u| updates.push(u));
    // The engine task's delivery: whatever the file holds before our records goes first.
    let mut reader = Log::open_read_only(&h.dir.path().join("m.db")).unwrap();
    let mut known = h.app.timeline.head();
    for u in updates {
        let u = match u {
            crate::tui::msg::EngineUpdate::Appended(records) => crate::tui::msg::EngineUpdate::Appended(
                rgmem::engine::without_gaps(&mut reader, &mut known, records).unwrap(),
            ),
            u => u,
        };
        h.app.update(Msg::Engine(u));
    }
}

#[test]
fn no_look_while_a_request_of_ours_is_in_flight_or_a_replay_runs() {
    let mut h = live();
    h.app.busy = 1;
    for _ in 0..FOLLOW_TICKS * 3 {
        let out = h.app.update(Msg::Tick(crate::tui::runtime::TICK));
        assert!(!out.contains(&Command::Engine(EngineRequest::Follow)));
    }
    let mut h = super::tests::Harness::new(false);
    for _ in 0..FOLLOW_TICKS * 3 {
        let out = h.app.update(Msg::Tick(crate::tui::runtime::TICK));
        assert!(!out.contains(&Command::Engine(EngineRequest::Follow)));
    }
}
