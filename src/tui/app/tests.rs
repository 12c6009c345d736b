//! `App::update` driven by messages alone: no terminal, no async. Engine requests are carried
//! out synchronously by [`Harness`] through the same `engine_task::handle` the thread uses.

use super::replay::SPEEDS;
use super::*;
use crate::tui::action::Action;
use crate::tui::engine_task;
use crate::tui::msg::EngineUpdate;
use rgmem::Engine;
use rgmem::formats::session::SessionFile;
use rgmem::log::Log;
use rgmem::rules::OfflineModel;

pub(crate) const SAMPLE: &str = include_str!("../../../sample_sessions/strength_training_injury.jsonl");

/// An app wired to a real engine on a temporary database.
pub(crate) struct Harness {
    pub app: App,
    pub engine: Engine,
    pub dir: tempfile::TempDir,
}

impl Harness {
    pub fn new(approve: bool) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let log = Log::open(&dir.path().join("m.db")).unwrap();
        let mut engine = Engine::open(log, Box::new(OfflineModel)).unwrap();
        engine.set_approve(approve);
        let file = SessionFile::parse(SAMPLE, "strength_training_injury.jsonl").unwrap();
        let mut app = App::new(Options {
            user: file.user_name(),
            replay: Some(("strength_training_injury.jsonl".into(), file.turns)),
            approve,
            ..Options::default()
        });
        let records = engine.log().all().unwrap();
        app.update(Msg::Engine(EngineUpdate::Loaded { records, approve }));
        Self { app, engine, dir }
    }

    /// Sends a message and performs every engine request it causes, feeding the updates back.
    pub fn send(&mut self, msg: Msg) -> Vec<Command> {
        let mut queue = self.app.update(msg);
        let mut seen = Vec::new();
        while let Some(command) = (!queue.is_empty()).then(|| queue.remove(0)) {
            seen.push(command.clone());
            if let Command::Engine(request) = command {
                let mut updates = Vec::new();
                engine_task::handle(&mut self.engine, request, &mut |u| updates.push(u));
                for u in updates {
                    queue.extend(self.app.update(Msg::Engine(deterministic(u))));
                }
            }
        }
        seen
    }

    pub fn act(&mut self, action: Action) -> Vec<Command> {
        self.send(Msg::Action(action))
    }

    /// Replays the whole sample session at full speed.
    pub fn play_all(&mut self) {
        self.act(Action::SpeedUp);
        for _ in 0..SPEEDS.len() {
            self.act(Action::SpeedUp);
        }
        self.act(Action::PlayPause);
        assert!(self.app.replay.as_ref().unwrap().finished, "replay did not finish");
    }
}

/// Model latencies are wall time; zero them so screens are reproducible.
fn deterministic(update: EngineUpdate) -> EngineUpdate {
    match update {
        EngineUpdate::Appended(mut records) => {
            for r in &mut records {
                if let rgmem::event::Event::ModelCalled { latency_ms, .. } = &mut r.event {
                    *latency_ms = 0;
                }
            }
            EngineUpdate::Appended(records)
        }
        other => other,
    }
}

fn key(code: KeyCode) -> Msg {
    Msg::Key(KeyEvent::from(code))
}

fn type_text(app: &mut App, text: &str) {
    for ch in text.chars() {
        app.update(key(KeyCode::Char(ch)));
    }
}

#[test]
fn replay_plays_the_whole_session_and_follows_head() {
    let mut h = Harness::new(false);
    h.play_all();
    assert_eq!(h.app.timeline.head(), h.engine.log().head());
    assert!(h.app.timeline.is_at_head());
    assert_eq!(h.app.timeline.memory(), h.engine.memory());
}

#[test]
fn stepping_back_then_forward_is_the_identity() {
    let mut h = Harness::new(false);
    h.play_all();
    h.app.seek(Seq(200));
    let memory = h.app.timeline.memory().clone();
    let evidence = h.app.views.evidence.clone();
    let chat = h.app.views.chat.clone();
    for _ in 0..37 {
        h.act(Action::StepBack);
    }
    assert_eq!(h.app.timeline.cursor(), Seq(163));
    assert_ne!(h.app.timeline.memory(), &memory);
    for _ in 0..37 {
        h.act(Action::StepForward);
    }
    assert_eq!(h.app.timeline.cursor(), Seq(200));
    assert_eq!(h.app.timeline.memory(), &memory);
    assert_eq!(h.app.views.evidence, evidence);
    assert_eq!(h.app.views.chat, chat);
    assert!(!h.app.follow, "stepping leaves follow mode");
}

#[test]
fn every_pane_shows_the_memory_at_the_cursor() {
    let mut h = Harness::new(false);
    h.play_all();
    let head_firings = h.app.timeline.memory().firings;
    h.act(Action::PrevFiring);
    let at = h.app.timeline.cursor();
    assert!(matches!(
        h.app.timeline.entry(at).unwrap().event,
        rgmem::event::Event::OperatorFired { .. }
    ));
    assert!(
        h.app.views.diff.title.contains(&at.to_string()),
        "{}",
        h.app.views.diff.title
    );
    assert_eq!(h.app.timeline.memory(), &h.engine.log().memory_at(at).unwrap());
    h.act(Action::StepBack);
    assert_ne!(
        h.app.timeline.memory().firings,
        head_firings,
        "one event before it, the firing had not happened"
    );
}

#[test]
fn rollback_asks_first_then_appends_and_new_input_grows_a_branch() {
    let mut h = Harness::new(false);
    h.play_all();
    let head = h.app.timeline.head();
    // A turn near the middle of the replay: a step's last event, so the rollback leaves no
    // step half done.
    let to = (1..=200)
        .rev()
        .map(Seq)
        .find(|&s| {
            h.app
                .timeline
                .entry(s)
                .is_some_and(|e| matches!(e.event, rgmem::event::Event::TurnIngested { .. }))
        })
        .unwrap();
    h.app.seek(to);
    assert!(
        h.act(Action::Rollback).is_empty(),
        "nothing happens before confirmation"
    );
    assert_eq!(h.app.confirm, Some(Confirm::Rollback(to)));
    let commands = h.act(Action::ConfirmYes);
    assert!(commands.contains(&Command::Engine(EngineRequest::Rollback(to))));
    let t = &h.app.timeline;
    assert_eq!(t.head(), Seq(head.0 + 1), "rollback appends one event");
    let last = t.entry(t.head()).unwrap();
    assert_eq!(last.event, rgmem::event::Event::RolledBack { to });
    assert_eq!(last.parent, to);
    assert!(t.entry(head).is_some(), "nothing is deleted");
    assert!(t.is_at_head());
    assert_eq!(t.memory(), &h.engine.log().memory_at(to).unwrap());
    h.app.focus = Focus::Chat;
    type_text(&mut h.app, "I started rock climbing twice a week.");
    h.send(key(KeyCode::Enter));
    let t = &h.app.timeline;
    assert!(t.head().0 > head.0 + 1);
    assert!(!t.is_on_head_branch(Seq(300)), "the old events are an abandoned branch");
    assert!(t.is_on_head_branch(to));
}

#[test]
fn cancelling_a_rollback_changes_nothing() {
    let mut h = Harness::new(false);
    h.play_all();
    let head = h.app.timeline.head();
    h.act(Action::StepBack);
    h.act(Action::Rollback);
    assert!(h.act(Action::Cancel).is_empty());
    assert_eq!(h.app.confirm, None);
    assert_eq!(h.app.timeline.head(), head);
}

#[test]
fn approve_applies_a_proposal_and_reject_discards_one() {
    let mut h = Harness::new(true);
    h.play_all();
    assert_eq!(h.app.mode(), "approval");
    let proposals = h.app.views.proposals.clone();
    assert!(!proposals.is_empty(), "approval mode leaves RK2 results pending");
    let proposal_of = |h: &Harness, seq: Seq| match &h.app.timeline.entry(seq).unwrap().event {
        rgmem::event::Event::AbstractionProposed {
            proposal,
            concept,
            after,
            ..
        } => (*proposal, *concept, after.clone()),
        other => panic!("not a proposal: {other:?}"),
    };
    let (id, concept, after) = proposal_of(&h, proposals[0]);
    h.app.proposal_index = 0;
    assert!(h.act(Action::Approve).is_empty(), "approving asks first");
    let commands = h.act(Action::ConfirmYes);
    assert!(commands.contains(&Command::Engine(EngineRequest::Approve(proposals[0]))));
    let m = h.app.timeline.head_memory();
    assert_eq!(m.proposals[&id].status, rgmem::memory::ProposalStatus::Approved);
    assert_eq!(m.profile(concept), after);
    assert!(!h.app.views.proposals.contains(&proposals[0]));

    let next = h
        .app
        .views
        .proposals
        .first()
        .copied()
        .expect("another proposal is pending");
    let (id, concept, _) = proposal_of(&h, next);
    let before = h.app.timeline.head_memory().profile(concept);
    h.app.proposal_index = 0;
    h.act(Action::Reject);
    let commands = h.act(Action::ConfirmYes);
    assert!(commands.contains(&Command::Engine(EngineRequest::Reject(next))));
    let m = h.app.timeline.head_memory();
    assert_eq!(m.proposals[&id].status, rgmem::memory::ProposalStatus::Rejected);
    assert_eq!(m.profile(concept), before, "a rejected proposal leaves Σ/Δ alone");
}

#[test]
fn a_threshold_change_is_logged() {
    let mut h = Harness::new(false);
    h.play_all();
    let t = h.app.timeline.head_memory().thresholds;
    assert!(h.act(Action::ThetaInfUp).is_empty(), "a threshold change asks first");
    let commands = h.act(Action::ConfirmYes);
    let wanted = rgmem::memory::Thresholds {
        theta_inf: t.theta_inf + 1,
        ..t
    };
    assert!(commands.contains(&Command::Engine(EngineRequest::SetThresholds(wanted))));
    let logged = h
        .app
        .timeline
        .records()
        .filter(|r| r.event.kind() == "thresholds_changed")
        .last()
        .unwrap();
    assert_eq!(
        logged.event,
        rgmem::event::Event::ThresholdsChanged {
            theta_inf: wanted.theta_inf,
            theta_sum: wanted.theta_sum
        }
    );
    assert_eq!(h.app.timeline.head_memory().thresholds, wanted);
    h.send(Msg::Action(Action::OpenCommand));
    type_text(&mut h.app, "theta-sum 9");
    h.send(key(KeyCode::Enter));
    assert!(matches!(h.app.confirm, Some(Confirm::Thresholds(_))));
    h.send(key(KeyCode::Char('y')));
    assert_eq!(h.app.timeline.head_memory().thresholds.theta_sum, 9);
}

#[test]
fn a_late_reply_after_cancel_is_ignored() {
    let mut app = App::new(Options::default());
    app.update(Msg::Engine(EngineUpdate::Loaded {
        records: Vec::new(),
        approve: false,
    }));
    assert_eq!(app.focus, Focus::Chat);
    type_text(&mut app, "what do I do for exercise?");
    let commands = app.update(key(KeyCode::Enter));
    let Some(Command::Engine(EngineRequest::Chat { id, .. })) = commands.first().cloned() else {
        panic!("expected a chat request, got {commands:?}");
    };
    assert!(app.chat.pending.is_some());
    app.update(Msg::Engine(EngineUpdate::Token {
        id,
        text: "You lift".into(),
    }));
    assert_eq!(app.chat.pending.as_ref().unwrap().text, "You lift");
    app.update(key(KeyCode::Esc));
    assert!(app.chat.pending.is_none());
    let late = [
        EngineUpdate::Token {
            id,
            text: " weights".into(),
        },
        EngineUpdate::Replied {
            id,
            text: "You lift weights".into(),
        },
    ];
    for u in late {
        assert!(
            app.update(Msg::Engine(u)).is_empty(),
            "a late reply must not be ingested"
        );
    }
    assert!(app.chat.pending.is_none());
    assert_eq!(app.chat.history, vec!["what do I do for exercise?".to_string()]);
}

#[test]
fn an_accepted_reply_is_ingested_as_the_assistant_turn() {
    let mut h = Harness::new(false);
    h.app.focus = Focus::Chat;
    type_text(&mut h.app, "I go swimming every Sunday.");
    h.send(key(KeyCode::Enter));
    let turns = &h.app.timeline.head_memory().turns;
    assert_eq!(turns.len(), 2);
    assert!(turns[1].speaker.is_assistant());
    assert!(
        !turns[1].text.contains("offline model"),
        "the model's note is shown, never stored: {}",
        turns[1].text
    );
    assert!(h.app.chat.pending.is_none());
}

#[test]
fn input_history_comes_back_with_up_and_down() {
    let mut app = App::new(Options::default());
    for text in [":seek 0", ":follow"] {
        type_text(&mut app, text);
        app.update(key(KeyCode::Enter));
    }
    app.update(key(KeyCode::Up));
    assert_eq!(app.chat.input, ":follow");
    app.update(key(KeyCode::Up));
    assert_eq!(app.chat.input, ":seek 0");
    app.update(key(KeyCode::Down));
    assert_eq!(app.chat.input, ":follow");
    app.update(key(KeyCode::Down));
    assert_eq!(app.chat.input, "");
}

#[test]
fn the_filter_narrows_the_timeline_and_the_tree() {
    let mut h = Harness::new(false);
    h.play_all();
    let all_nodes = h.app.views.tree.len();
    h.act(Action::OpenFilter);
    type_text(&mut h.app, "swim");
    let rows = h.app.views.timeline.clone().unwrap();
    assert!(!rows.is_empty() && rows.len() < 100);
    assert_eq!(
        h.app.views.tree.len(),
        all_nodes,
        "the root stays, as an ancestor of matches"
    );
    h.send(key(KeyCode::Enter));
    h.app.update(key(KeyCode::Esc));
    assert!(h.app.filter.is_empty());
    assert!(h.app.views.timeline.is_none());
}

#[test]
fn q_quits_outside_the_chat_only() {
    let mut app = App::new(Options::default());
    assert!(app.update(key(KeyCode::Char('q'))).is_empty());
    app.update(Msg::Action(Action::FocusNext));
    assert_eq!(app.update(key(KeyCode::Char('q'))), vec![Command::Quit]);
}

#[test]
fn a_confirmation_typed_from_the_chat_is_answered_with_y() {
    let mut h = Harness::new(false);
    h.play_all();
    h.app.focus = Focus::Chat;
    type_text(&mut h.app, ":rollback 100");
    h.send(key(KeyCode::Enter));
    assert_eq!(h.app.confirm, Some(Confirm::Rollback(Seq(100))));
    let commands = h.send(key(KeyCode::Char('y')));
    assert!(commands.contains(&Command::Engine(EngineRequest::Rollback(Seq(100)))));
    assert!(h.app.chat.input.is_empty(), "the y was an answer, not text");
}

#[test]
fn restart_replays_on_a_new_branch() {
    let mut h = Harness::new(false);
    h.play_all();
    let first_head = h.app.timeline.head();
    h.act(Action::Restart);
    assert!(matches!(h.app.confirm, Some(Confirm::Restart(_))));
    h.act(Action::ConfirmYes);
    h.play_all();
    let t = &h.app.timeline;
    assert!(t.head().0 > first_head.0 * 2 - 10);
    assert!(!t.is_on_head_branch(first_head), "the first run is an abandoned branch");
    assert_eq!(t.head_memory().turns.len(), 110);
}

#[test]
fn export_writes_a_session_file_that_parses() {
    let mut h = Harness::new(false);
    h.play_all();
    let path = h.dir.path().join("out.jsonl");
    h.act(Action::OpenCommand);
    type_text(&mut h.app, &format!("export {}", path.display()));
    h.send(key(KeyCode::Enter));
    assert!(
        h.app.notice.as_deref().unwrap_or("").contains("exported 110 turns"),
        "{:?}",
        h.app.notice
    );
    let file = SessionFile::read(&path).unwrap();
    assert_eq!(file.turns.len(), 110);
}

#[test]
fn the_late_fitness_rk2_counts_only_the_bullets_that_really_changed() {
    let mut h = Harness::new(false);
    h.play_all();
    let late = h
        .app
        .timeline
        .records()
        .filter(|r| {
            r.event.operator() == Some(rgmem::event::Operator::Rk2) && r.event.detail().starts_with("RK2 Fitness")
        })
        .last()
        .map(|r| r.seq)
        .expect("the injury sample fires RK2 on Fitness late");
    h.app.seek(late);
    let headings: Vec<String> = h
        .app
        .views
        .diff
        .rows
        .iter()
        .filter_map(|r| match r {
            DiffRow::Heading(t) => Some(t.clone()),
            _ => None,
        })
        .collect();
    // Σ: two new bullets, "Also mentioned" lost Walking, and Strength Training gathered the
    // batch's mentions; Δ: one constraint replaced by another and the Walking group moved,
    // nothing rewritten.
    assert_eq!(
        headings,
        vec![
            "── Σ (2 changed · 2 added) ──",
            "── Δ (1 added · 1 removed · 1 moved) ──"
        ],
        "{:#?}",
        h.app.views.diff.rows
    );
}

#[test]
fn a_sentence_typed_after_a_replay_without_tab_leaves_the_log_unchanged() {
    let mut h = Harness::new(false);
    h.play_all();
    assert_eq!(
        h.app.focus,
        Focus::Tree,
        "a replay starts on a pane whose letters cannot write"
    );
    let head = h.engine.log().head();
    for ch in "hurry! Alex went away today, very happy - really; I'm sorry, yes y Y +-{}=.\n".chars() {
        let k = if ch == '\n' { KeyCode::Enter } else { KeyCode::Char(ch) };
        h.send(key(k));
    }
    assert_eq!(h.engine.log().head(), head, "nothing was appended");
    assert!(h.app.confirm.is_none());
}

#[test]
fn an_unbound_letter_says_where_typing_goes() {
    let mut h = Harness::new(false);
    h.play_all();
    h.send(key(KeyCode::Char('w')));
    let notice = h.app.notice.clone().unwrap_or_default();
    assert!(
        notice.contains("Tab to type") || notice.contains("S-Tab to type"),
        "{notice}"
    );
}

#[test]
fn any_key_but_y_cancels_a_confirmation_and_y_alone_answers_it() {
    let mut h = Harness::new(false);
    h.play_all();
    let head = h.engine.log().head();
    h.app.focus = Focus::Timeline;
    h.act(Action::StepBack);
    h.send(key(KeyCode::Char('r')));
    assert!(h.app.confirm.is_some());
    h.send(key(KeyCode::Char('e')));
    assert!(h.app.confirm.is_none(), "a stray key cancels");
    h.send(key(KeyCode::Char('y')));
    assert_eq!(h.engine.log().head(), head, "y without a visible prompt does nothing");
}

#[test]
fn bad_commands_say_what_was_wrong() {
    let mut h = Harness::new(false);
    h.play_all();
    let head = h.engine.log().head();
    for (line, wanted) in [
        ("frobnicate", "unknown command :frobnicate"),
        ("rollback 40O", "\"40O\" is not a seq number"),
        ("theta-inf abc", "not a whole number"),
        ("theta-inf 0", "at least 1"),
        ("export", "needs a file path"),
        ("approve 99999", "no event #99999"),
    ] {
        h.act(Action::OpenCommand);
        type_text(&mut h.app, line);
        h.send(key(KeyCode::Enter));
        let error = h.app.last_error.clone().unwrap_or_default();
        assert!(error.contains(wanted), ":{line} gave {error:?}");
        assert!(h.app.confirm.is_none());
    }
    h.act(Action::OpenCommand);
    type_text(&mut h.app, "export /nonexistent/dir/x.jsonl");
    h.send(key(KeyCode::Enter));
    assert!(
        h.app
            .last_error
            .as_deref()
            .unwrap_or("")
            .contains("/nonexistent/dir/x.jsonl"),
        "{:?}",
        h.app.last_error
    );
    assert_eq!(h.engine.log().head(), head);
    assert!(h.app.messages.len() >= 7, "every message is kept for :messages");
}

#[test]
fn a_message_sent_while_busy_is_queued_then_ingested() {
    let mut app = App::new(Options::default());
    app.update(Msg::Engine(EngineUpdate::Loaded {
        records: Vec::new(),
        approve: false,
    }));
    type_text(&mut app, "first question");
    let first = app.update(key(KeyCode::Enter));
    let Some(Command::Engine(EngineRequest::Chat { id: first_id, .. })) = first.first().cloned() else {
        panic!("{first:?}");
    };
    type_text(&mut app, "second message");
    let second = app.update(key(KeyCode::Enter));
    assert!(
        matches!(second.first(), Some(Command::Engine(EngineRequest::Chat { .. }))),
        "it is still sent"
    );
    assert_eq!(app.chat.queued.len(), 1, "and shown as queued");
    // Esc cancels the reply in flight through the model's canceller.
    let cancel = app.update(key(KeyCode::Esc));
    assert!(cancel.contains(&Command::CancelModel));
    assert!(app.update(Msg::Tick(Duration::ZERO)).contains(&Command::CancelModel));
    app.update(Msg::Engine(EngineUpdate::Done {
        id: Some(first_id),
        error: Some("model call cancelled".into()),
        notice: None,
    }));
    assert!(app.chat.cancelling.is_none());
    assert!(
        !app.update(Msg::Tick(Duration::ZERO)).contains(&Command::CancelModel),
        "cancelling stops"
    );
    let Some(Command::Engine(EngineRequest::Chat { id: second_id, .. })) = second.first().cloned() else {
        unreachable!()
    };
    app.update(Msg::Engine(EngineUpdate::Started { id: second_id }));
    assert!(app.chat.queued.is_empty());
    assert_eq!(app.chat.pending.as_ref().map(|p| p.id), Some(second_id));
}
