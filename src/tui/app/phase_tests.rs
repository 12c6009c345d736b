//! The phase view driven by messages: the sweep is run synchronously through the same
//! `sweep_task::sweep` the thread runs, its updates fed back in order, so nothing waits or sleeps.

use super::tests::{Harness, SAMPLE};
use super::*;
use crate::tui::command::SweepRequest;
use crate::tui::msg::{EngineUpdate, PhaseUpdate};
use crate::tui::sweep_task;
use crossterm::event::KeyCode;
use rgmem::eval::sweep::{Input, Point};
use rgmem::rules::OfflineModel;
use std::sync::atomic::AtomicBool;

fn key(h: &mut Harness, code: KeyCode) -> Vec<Command> {
    h.send(Msg::Key(KeyEvent::from(code)))
}

fn type_command(h: &mut Harness, line: &str) -> Vec<Command> {
    h.app.focus = crate::tui::focus::Focus::Tree;
    key(h, KeyCode::Char(':'));
    for ch in line.chars() {
        key(h, KeyCode::Char(ch));
    }
    key(h, KeyCode::Enter)
}

/// Runs the sweep the command asks for, as the thread would, and returns its updates.
pub(crate) fn run(request: &SweepRequest) -> Vec<PhaseUpdate> {
    let dir = tempfile::tempdir().unwrap();
    let mut updates = Vec::new();
    sweep_task::sweep(
        request,
        &mut || Ok(Box::new(OfflineModel)),
        &AtomicBool::new(false),
        dir.path(),
        &mut |u| updates.push(u),
    );
    updates
}

pub(crate) fn requested(commands: &[Command]) -> SweepRequest {
    commands
        .iter()
        .find_map(|c| match c {
            Command::Sweep(r) => Some(r.clone()),
            _ => None,
        })
        .expect(":phase asks for a sweep")
}

/// A harness with the sample's truth, `:phase 1..4` typed and swept to the end.
pub(crate) fn swept() -> (Harness, Vec<Point>) {
    let mut h = Harness::new(false);
    h.app.truth = truth_of(SAMPLE);
    let request = requested(&type_command(&mut h, "phase 1..4"));
    assert_eq!(request.thetas, vec![1, 2, 3, 4]);
    assert!(h.app.phase.as_ref().unwrap().running && h.app.awaits_engine());
    let mut points = Vec::new();
    for update in run(&request) {
        if let PhaseUpdate::Point { point, .. } = &update {
            points.push(point.clone());
        }
        h.send(Msg::Engine(EngineUpdate::Phase(update)));
    }
    (h, points)
}

#[test]
fn the_chart_draws_the_numbers_sweep_json_prints_for_the_same_session_and_range() {
    let (h, _) = swept();
    let view = h.app.phase.as_ref().unwrap();
    assert!(!view.running && view.stopped.is_none());
    // What `rgmem sweep FILE --theta-inf 1..4 --json` prints: sweep::run over the file, serialised.
    let file = rgmem::formats::session::SessionFile::parse(SAMPLE, "s").unwrap();
    let truth = truth_of(SAMPLE).unwrap();
    let user = file.user_name();
    let dir = tempfile::tempdir().unwrap();
    let cli = rgmem::eval::sweep::run(
        &Input::Session(&file.turns, &user, Some(&truth)),
        &[1, 2, 3, 4],
        dir.path(),
        &mut || Ok(Box::new(OfflineModel)),
        &mut |_| {},
    )
    .unwrap();
    let shown: Vec<Point> = view.runs.iter().map(|(p, _)| p.clone()).collect();
    assert_eq!(
        serde_json::to_string_pretty(&shown).unwrap(),
        serde_json::to_string_pretty(&cli).unwrap()
    );
    let curves = crate::tui::ui::phase::series(&shown);
    let names: Vec<&str> = curves.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["stability", "plasticity", "balance"]);
    for (p, ((_, stab), ((_, plast), (_, bal)))) in cli
        .iter()
        .zip(curves[0].1.iter().zip(curves[1].1.iter().zip(&curves[2].1)))
    {
        let t = p.truth.unwrap();
        assert_eq!((*stab, *plast, *bal), (t.stability, t.timely_plasticity, t.balance));
    }
}

#[test]
fn arrows_move_the_theta_cursor_enter_compares_and_a_asks_to_apply() {
    let (mut h, points) = swept();
    let live = h.app.timeline.head_memory().thresholds.theta_inf;
    let at = |h: &Harness| h.app.phase.as_ref().unwrap().selected().unwrap().0.theta_inf;
    assert_eq!(at(&h), live, "the cursor starts on the live θ");
    key(&mut h, KeyCode::Left);
    key(&mut h, KeyCode::Left);
    key(&mut h, KeyCode::Left);
    assert_eq!(at(&h), 1, "← stops at the first θ");
    for _ in 0..9 {
        key(&mut h, KeyCode::Right);
    }
    assert_eq!(at(&h), points.last().unwrap().theta_inf, "→ stops at the last θ");
    key(&mut h, KeyCode::Left);
    key(&mut h, KeyCode::Enter);
    let popup = h.app.compare.as_ref().expect("Enter opens the compare view");
    assert_eq!(
        popup.labels,
        Some(("θ_inf 3 (sweep)".into(), format!("θ_inf {live} (live, head)")))
    );
    assert!(
        !popup.rows.is_empty(),
        "the swept memory differs from the unplayed live one"
    );
    key(&mut h, KeyCode::Esc);
    assert!(
        h.app.compare.is_none() && h.app.phase.is_some(),
        "Esc closes the compare first"
    );
    key(&mut h, KeyCode::Left);
    let commands = key(&mut h, KeyCode::Char('a'));
    assert!(commands.is_empty(), "a asks first and writes nothing");
    assert_eq!(
        h.app.confirm,
        Some(Confirm::Thresholds(rgmem::memory::Thresholds::new(2, None)))
    );
    let commands = key(&mut h, KeyCode::Char('y'));
    assert!(
        commands
            .iter()
            .any(|c| matches!(c, Command::Engine(EngineRequest::SetThresholds(t)) if t.theta_inf == 2)),
        "{commands:?}"
    );
    assert_eq!(
        h.app.timeline.head_memory().thresholds.theta_inf,
        2,
        "logged and applied"
    );
}

#[test]
fn esc_cancels_a_running_sweep_and_late_points_are_dropped() {
    let mut h = Harness::new(false);
    let request = requested(&type_command(&mut h, "phase"));
    assert_eq!(request.thetas, (1..=8).collect::<Vec<_>>(), "1..8 by default");
    let updates = run(&SweepRequest {
        thetas: vec![1, 2],
        ..request.clone()
    });
    h.send(Msg::Engine(EngineUpdate::Phase(updates[0].clone())));
    let commands = key(&mut h, KeyCode::Esc);
    assert_eq!(commands, vec![Command::CancelSweep]);
    let view = h.app.phase.as_ref().unwrap();
    assert_eq!((view.running, view.runs.len()), (false, 1));
    assert_eq!(view.stopped.as_deref(), Some("cancelled after 1 of 8 θ"));
    h.send(Msg::Engine(EngineUpdate::Phase(updates[1].clone())));
    assert_eq!(
        h.app.phase.as_ref().unwrap().runs.len(),
        1,
        "a point after the cancel is dropped"
    );
    assert!(!h.app.awaits_engine());
    key(&mut h, KeyCode::Esc);
    assert!(h.app.phase.is_none(), "a second Esc closes the view");
    type_command(&mut h, "phase");
    let quit = h.send(Msg::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)));
    assert!(
        quit.contains(&Command::Quit) && quit.contains(&Command::CancelSweep),
        "C-c quits from the view"
    );
}

#[test]
fn with_nothing_said_yet_phase_says_what_it_needs() {
    let mut h = Harness::new(false);
    h.app.replay = None;
    let commands = type_command(&mut h, "phase 1..12");
    assert!(commands.is_empty() && h.app.phase.is_none());
    assert!(h.app.notice.as_deref().unwrap_or("").contains("nothing to sweep yet"));
    assert!(type_command(&mut h, "phase 5..2").is_empty());
}
