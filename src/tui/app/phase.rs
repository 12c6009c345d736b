//! The phase view (`:phase`, `P`): the session's input re-run at each θ_inf in the background
//! (through `rgmem::eval::sweep::run_detailed`, the code path of `rgmem sweep`), drawn as a curve
//! with a θ cursor; Enter compares the memory at the chosen θ with the live one, `a` applies it.

use super::{App, ComparePopup, Confirm};
use crate::tui::command::{Command, SweepRequest};
use crate::tui::msg::PhaseUpdate;
use rgmem::eval::sweep::{Detail, Point};
use rgmem::eval::truth::GroundTruth;
use rgmem::formats::session::TurnInput;
use rgmem::memory::Thresholds;
use std::collections::BTreeSet;

/// The range swept when `:phase` names none.
pub const DEFAULT_RANGE: (u32, u32) = (1, 8);

/// The open phase view.
#[derive(Debug, Clone)]
pub struct PhaseView {
    /// Identifies this sweep's updates (a cancelled sweep's late points are dropped).
    pub id: u64,
    /// The θ_inf swept, in order.
    pub thetas: Vec<u32>,
    /// The points done so far, each with its memory and change lags.
    pub runs: Vec<(Point, Detail)>,
    /// Still sweeping.
    pub running: bool,
    /// Why it stopped early, if it did.
    pub stopped: Option<String>,
    /// Index into `runs` of the θ cursor.
    pub cursor: usize,
    /// The live memory's θ_inf.
    pub current: u32,
    /// What is swept: the replayed file's name, or the live chat.
    pub over: String,
}

impl PhaseView {
    /// The point under the θ cursor.
    #[must_use]
    pub fn selected(&self) -> Option<&(Point, Detail)> {
        self.runs.get(self.cursor)
    }

    /// Done θ over all θ, for the gauge.
    #[must_use]
    pub fn progress(&self) -> f64 {
        if self.thetas.is_empty() {
            1.0
        } else {
            self.runs.len() as f64 / self.thetas.len() as f64
        }
    }
}

impl App {
    /// Opens the phase view over `range` and asks the runtime to sweep: the replayed session's
    /// turns, else the live chat's so far. A sweep that would call a model asks first.
    pub(super) fn open_phase(&mut self, range: Option<(u32, u32)>, out: &mut Vec<Command>) {
        let (lo, hi) = range.unwrap_or(DEFAULT_RANGE);
        if lo == 0 || hi < lo || hi - lo > 50 {
            self.last_error = Some(format!(":phase takes A..B with 1 ≤ A ≤ B ≤ A+50 (got {lo}..{hi})"));
            return;
        }
        if self.replay.is_none() && self.timeline.head_memory().turns.is_empty() {
            self.notice = Some(
                "nothing to sweep yet: chat first (the phase view re-runs the conversation so far), or open a session with rgmem tui --session FILE"
                    .into(),
            );
            return;
        }
        if self.sweep_calls.is_some() {
            self.confirm = Some(Confirm::Sweep(lo, hi));
            return;
        }
        self.start_phase((lo, hi), out);
    }

    /// Starts the sweep over `lo..=hi` and opens the view on it.
    pub(super) fn start_phase(&mut self, (lo, hi): (u32, u32), out: &mut Vec<Command>) {
        if let Some(old) = &self.phase
            && old.running
        {
            out.push(Command::CancelSweep);
        }
        let (turns, closes, mut over) = self.sweep_input();
        if let Some(model) = &self.sweep_calls {
            over = format!("{over} · recorded replies, else {model}");
        }
        self.phase_sweeps += 1;
        let thetas: Vec<u32> = (lo..=hi).collect();
        let current = self.timeline.head_memory().thresholds.theta_inf;
        out.push(Command::Sweep(SweepRequest {
            id: self.phase_sweeps,
            thetas: thetas.clone(),
            turns,
            user: self
                .replay
                .as_ref()
                .map_or_else(|| self.user.clone(), |r| r.user.clone()),
            truth: self.replay.as_ref().and(self.truth.clone()),
            closes,
        }));
        self.phase = Some(PhaseView {
            id: self.phase_sweeps,
            thetas,
            runs: Vec::new(),
            running: true,
            stopped: None,
            cursor: 0,
            current,
            over,
        });
    }

    /// What a sweep re-runs: the replayed session's turns, else the live chat's turns at head
    /// with the positions after which its segments closed (each episode's last turn), and a
    /// label for the view.
    fn sweep_input(&self) -> (Vec<TurnInput>, Vec<usize>, String) {
        if let Some(replay) = &self.replay {
            return (replay.turns.clone(), Vec::new(), replay.name.clone());
        }
        let m = self.timeline.head_memory();
        let turns: Vec<TurnInput> = m
            .turns
            .iter()
            .map(|t| TurnInput {
                speaker: t.speaker.clone(),
                text: t.text.clone(),
                attachments: t.attachments.clone(),
                time: t.time,
                session: t.session,
                index: t.index,
                source_ref: t.source_ref.clone(),
            })
            .collect();
        let closes: BTreeSet<usize> = m
            .episodes
            .iter()
            .filter_map(|e| e.turns.iter().map(|t| t.index()).max())
            .collect();
        let over = format!("the live chat ({} turns)", turns.len());
        (turns, closes.into_iter().collect(), over)
    }

    /// The question `:phase` asks when the sweep would call the model.
    pub(super) fn sweep_text(&self, lo: u32, hi: u32) -> (String, String) {
        let model = self.sweep_calls.as_deref().unwrap_or("the model");
        let turns = self
            .replay
            .as_ref()
            .map_or_else(|| self.timeline.head_memory().turns.len(), |r| r.turns.len());
        (
            "Sweep with the model?".into(),
            format!(
                "The sweep re-runs {turns} turns at each θ_inf {lo}..{hi} ({} runs). Replies this memory file has recorded are reused; every other call goes to {model}, for every turn that needs one at every θ. Sweep?",
                hi - lo + 1
            ),
        )
    }

    /// A sweep reported a point or its end.
    pub(super) fn on_phase(&mut self, update: PhaseUpdate) {
        let Some(view) = self.phase.as_mut() else { return };
        match update {
            PhaseUpdate::Point { id, point, detail } if id == view.id && view.running => {
                let at_current = point.theta_inf == view.current;
                view.runs.push((point, *detail));
                if at_current || view.runs.len() == 1 {
                    view.cursor = view.runs.len() - 1;
                }
            }
            PhaseUpdate::Done { id, error } if id == view.id => {
                view.running = false;
                view.stopped = error;
            }
            PhaseUpdate::Point { .. } | PhaseUpdate::Done { .. } => {}
        }
    }

    /// Keys while the phase view is open: ←/→ move the θ cursor, Enter compares, `a` applies,
    /// Esc cancels a running sweep, then closes.
    pub(super) fn phase_key(&mut self, key: crossterm::event::KeyEvent, out: &mut Vec<Command>) {
        use crossterm::event::KeyCode;
        let Some(view) = self.phase.as_mut() else { return };
        let last = view.runs.len().saturating_sub(1);
        if key.code == KeyCode::Char('c') && key.modifiers.contains(crossterm::event::KeyModifiers::CONTROL) {
            out.push(Command::CancelSweep);
            out.push(Command::Quit);
            return;
        }
        match key.code {
            KeyCode::Left | KeyCode::Char('h') => view.cursor = view.cursor.saturating_sub(1),
            KeyCode::Right | KeyCode::Char('l') => view.cursor = (view.cursor + 1).min(last),
            KeyCode::Esc if view.running => {
                view.running = false;
                view.stopped = Some(format!(
                    "cancelled after {} of {} θ",
                    view.runs.len(),
                    view.thetas.len()
                ));
                out.push(Command::CancelSweep);
            }
            KeyCode::Esc | KeyCode::Char('q' | 'P') => self.phase = None,
            KeyCode::Enter => self.phase_compare(),
            KeyCode::Char('a') => self.phase_apply(),
            _ => {}
        }
    }

    fn phase_compare(&mut self) {
        let Some((point, detail)) = self.phase.as_ref().and_then(PhaseView::selected) else {
            self.notice = Some("no θ swept yet: wait for the first point".into());
            return;
        };
        let Some(memory) = &detail.memory else { return };
        let label = format!("θ_inf {} (sweep)", point.theta_inf);
        let head = self.timeline.head_memory();
        let live = format!("θ_inf {} (live, head)", head.thresholds.theta_inf);
        self.compare = Some(ComparePopup::between_memories(label, memory, live, head));
    }

    fn phase_apply(&mut self) {
        let Some((point, _)) = self.phase.as_ref().and_then(PhaseView::selected) else {
            return;
        };
        self.set_thresholds(Thresholds::new(point.theta_inf, None));
        if matches!(self.confirm, Some(Confirm::Thresholds(_))) {
            self.phase = None;
        }
    }
}

/// The ground truth of a session file's text, if its header carries one (none when malformed:
/// the view then draws the curves that need none).
#[must_use]
pub fn truth_of(text: &str) -> Option<GroundTruth> {
    GroundTruth::from_session_text(text, "session").ok().flatten()
}
