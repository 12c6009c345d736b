//! What each live message does, at once: pending mentions in the evidence pane while the
//! segment is open, answers that see the open segment, rollbacks that leave nothing due for the
//! next message, and names instead of ids on every branch of the timeline.

use super::tests::Harness;
use super::*;
use crate::tui::action::Action;
use crate::tui::msg::EngineUpdate;
use rgmem::Engine;
use rgmem::event::{Event, Operator};
use rgmem::log::Log;
use rgmem::rules::OfflineModel;

/// An app on a fresh memory, with the chat focused.
pub(crate) fn live() -> Harness {
    let dir = tempfile::tempdir().unwrap();
    let log = Log::open(&dir.path().join("m.db")).unwrap();
    let engine = Engine::open(log, Box::new(OfflineModel)).unwrap();
    let mut app = App::new(Options {
        user: "Alex".into(),
        ..Options::default()
    });
    app.update(Msg::Engine(EngineUpdate::Loaded {
        records: Vec::new(),
        approve: false,
    }));
    Harness { app, engine, dir }
}

pub(crate) fn say(h: &mut Harness, text: &str) {
    for ch in text.chars() {
        h.app.update(Msg::Key(KeyEvent::from(KeyCode::Char(ch))));
    }
    h.send(Msg::Key(KeyEvent::from(KeyCode::Enter)));
}

fn last_reply(h: &Harness) -> String {
    h.app
        .views
        .chat
        .iter()
        .rev()
        .find_map(|l| match l {
            ChatLine::Message { speaker, text, .. } if speaker.is_assistant() => Some(text.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

#[test]
fn a_chat_message_shows_its_mentions_as_pending_before_its_segment_closes() {
    let mut h = live();
    say(&mut h, "I swim three times a week at the pool.");
    let memory = h.app.timeline.memory();
    assert!(!memory.open_segment.is_empty(), "the segment is still open");
    assert!(memory.relations.is_empty(), "nothing is counted yet");
    let pending = &h.app.views.pending;
    assert_eq!(pending.turns, memory.open_segment.len());
    let swim = h
        .app
        .views
        .evidence
        .iter()
        .find(|r| r.name.contains("Swimming"))
        .unwrap_or_else(|| panic!("no pending swimming row: {:?}", h.app.views.evidence));
    assert!(swim.new && swim.pending > 0 && swim.mentions == 0, "{swim:?}");
    assert!(h.app.views.evidence[0].pending > 0, "pending counters come first");
}

#[test]
fn the_open_segment_counts_for_answering() {
    let mut h = live();
    say(&mut h, "I swim three times a week.");
    say(&mut h, "How often do I swim?");
    let reply = last_reply(&h);
    assert!(reply.contains("three times a week"), "{reply}");
}

/// Every replayed turn changes the evidence pane before its segment closes, and what the pane
/// showed as pending is what the close then records.
#[test]
fn stepping_by_turn_shows_pending_mentions_that_the_close_then_records() {
    let mut h = Harness::new(false);
    let mut previewed = 0;
    let mut matched = 0;
    for _ in 0..40 {
        let before_open = h.app.timeline.memory().open_segment.clone();
        let before = h.app.views.pending.clone();
        let head = h.app.timeline.head();
        h.act(Action::ReplayStep);
        let appended: Vec<_> = h.app.timeline.records().filter(|r| r.seq > head).collect();
        let closed = appended.iter().find_map(|r| match &r.event {
            Event::SegmentClosed { turns, .. } => Some(turns.clone()),
            _ => None,
        });
        let recorded = appended
            .iter()
            .filter(|r| matches!(r.event, Event::MentionRecorded { .. }))
            .count();
        if closed.is_none() {
            // Still open: the pane's open-segment line counts the new turn at once.
            assert_eq!(h.app.views.pending.turns, before.turns + 1, "turn after {head}");
        } else if closed.as_ref() == Some(&before_open) && !before.failed {
            // The close took exactly what was open: the preview said what it would record.
            matched += 1;
            assert_eq!(before.total() as usize, recorded, "preview vs close after {head}");
        }
        if before.total() > 0 {
            previewed += 1;
        }
    }
    assert!(previewed > 0 && matched > 0, "previewed {previewed}, matched {matched}");
}

#[test]
fn due_shows_when_the_next_close_fires_rk1() {
    let mut h = Harness::new(false);
    let theta = h.app.timeline.head_memory().thresholds.theta_inf;
    let mut seen_due = false;
    for _ in 0..110 {
        h.act(Action::ReplayStep);
        if let Some(r) = h.app.views.evidence.iter().find(|r| r.pending > 0 && r.due()) {
            assert!(r.mentions < theta && r.mentions + r.pending >= theta, "{r:?}");
            seen_due = true;
            break;
        }
    }
    assert!(seen_due, "no counter was ever due from pending mentions");
}

#[test]
fn a_rollback_into_a_step_runs_its_due_operators_itself() {
    let mut h = Harness::new(false);
    h.play_all();
    // The first RK1: roll back to just before it, mid-step, where its counter is already at θ_inf.
    let firing = h
        .app
        .timeline
        .records()
        .find(|r| r.event.operator() == Some(Operator::Rk1))
        .unwrap();
    let to = Seq(firing.seq.0 - 1);
    h.app.seek(to);
    let due_at_to = h
        .app
        .timeline
        .memory()
        .relations
        .iter()
        .filter(|r| r.mentions >= h.app.timeline.memory().thresholds.theta_inf)
        .count();
    assert!(due_at_to > 0, "the cursor is inside the step, before its firing");
    let head = h.app.timeline.head();
    h.act(Action::Rollback);
    let (_, question) = h.app.confirm_text(h.app.confirm.unwrap());
    assert!(
        question.contains("runs with the rollback") && question.contains("RK1"),
        "{question}"
    );
    h.act(Action::ConfirmYes);
    let after: Vec<_> = h.app.timeline.records().filter(|r| r.seq > head).collect();
    assert!(matches!(after[0].event, Event::RolledBack { to: t } if t == to));
    assert!(
        after.iter().any(|r| r.event.operator() == Some(Operator::Rk1)),
        "the due RK1 fires with the rollback"
    );
    let theta = h.engine.memory().thresholds.theta_inf;
    assert!(
        h.engine.memory().relations.iter().all(|r| r.mentions < theta),
        "nothing is left due for the next message"
    );
    // The next message's own records hold no firing of what was due.
    let head = h.app.timeline.head();
    h.app.focus = crate::tui::focus::Focus::Chat;
    say(&mut h, "hello");
    let fired: Vec<_> = h
        .app
        .timeline
        .records()
        .filter(|r| r.seq > head && r.event.operator() == Some(Operator::Rk1))
        .collect();
    assert!(fired.is_empty(), "{fired:?}");
}

#[test]
fn timeline_rows_name_ids_on_every_branch() {
    let mut h = Harness::new(false);
    h.play_all();
    // Leave the whole log behind as an abandoned branch and look at its last rows from the new
    // head: a rolled-back branch's ids are named from a memory on that branch.
    h.app.seek(Seq(1));
    h.act(Action::Rollback);
    h.act(Action::ConfirmYes);
    assert!(h.app.timeline.is_at_head());
    let rows = h.app.timeline_rows(120);
    let named: Vec<_> = rows
        .iter()
        .filter(|r| r.kind == RowKind::Abandoned)
        .filter(|r| r.text.contains("relation_added") || r.text.contains("mention_recorded"))
        .collect();
    assert!(!named.is_empty(), "the window holds abandoned relation rows");
    for row in named {
        assert!(row.text.contains(" → "), "{}", row.text);
        let raw_id = row.text.split_whitespace().any(|w| {
            w.strip_prefix('r')
                .or_else(|| w.strip_prefix('c'))
                .is_some_and(|n| n.trim_end_matches(':').parse::<u32>().is_ok())
        });
        assert!(!raw_id, "{}", row.text);
    }
}

#[test]
fn a_second_message_in_the_same_segment_shows_what_it_touched() {
    let mut h = live();
    say(&mut h, "I swim three times a week at the pool.");
    let first = h.app.views.pending.clone();
    say(&mut h, "I went swimming again on Sunday, the pool was busy.");
    assert!(h.app.views.pending.turns > first.turns, "the open segment grew");
    let latest = h.app.views.latest.clone().expect("more than one turn is open");
    assert!(
        latest.mentions.iter().any(|m| m.name.contains("Swimming")),
        "the latest turn's own mentions: {latest:?}"
    );
}
