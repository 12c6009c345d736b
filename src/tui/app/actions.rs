//! How each user intent changes the state or turns into an engine request.

use super::{App, Confirm, Prompt};
use crate::tui::action::Action;
use crate::tui::command::{Command, EngineRequest};
use crate::tui::focus::Focus;
use crate::tui::layout;
use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};
use rgmem::event::{Event, Subject};
use rgmem::ids::Seq;
use rgmem::memory::Thresholds;

impl App {
    /// Performs one intent.
    pub(super) fn act(&mut self, action: Action, out: &mut Vec<Command>) {
        // The help scrolls with the arrows and pages, whichever pane (the chat included) is under it.
        let scroll = match action {
            Action::Up | Action::InputHistoryBack => Some((false, 1)),
            Action::Down | Action::InputHistoryForward => Some((true, 1)),
            Action::PageUp | Action::ScrollChatUp => Some((false, 10)),
            Action::PageDown | Action::ScrollChatDown => Some((true, 10)),
            _ => None,
        };
        if self.show_help
            && let Some((down, by)) = scroll
        {
            self.help_scroll = if down {
                self.help_scroll + by
            } else {
                self.help_scroll.saturating_sub(by)
            };
            return;
        }
        match action {
            Action::Quit => out.push(Command::Quit),
            Action::ToggleHelp => self.show_help = !self.show_help,
            Action::FocusNext => self.focus = self.focus.shifted(1),
            Action::FocusPrev => self.focus = self.focus.shifted(-1),
            Action::ToggleMaximise => self.maximised = !self.maximised,
            Action::Cancel => self.cancel(out),
            Action::StepBack => {
                if self.timeline.cursor().0 > 0 {
                    self.seek(Seq(self.timeline.cursor().0 - 1));
                }
            }
            Action::StepForward => self.seek(Seq(self.timeline.cursor().0 + 1)),
            Action::PrevFiring => match self.timeline.prev_firing(self.timeline.cursor()) {
                Some(s) => self.seek(s),
                None => self.notice = Some("no earlier operator firing".into()),
            },
            Action::NextFiring => match self.timeline.next_firing(self.timeline.cursor()) {
                Some(s) => self.seek(s),
                None => self.notice = Some("no later operator firing".into()),
            },
            Action::FollowHead => {
                self.seek(self.timeline.head());
                self.follow = true;
            }
            Action::GoStart => self.seek(Seq(0)),
            Action::Rollback => self.ask_rollback(self.timeline.cursor()),
            Action::ConfirmYes => self.confirmed(out),
            Action::ConfirmNo => self.confirm = None,
            Action::ToggleApproval => {
                self.approval = !self.approval;
                self.engine(out, EngineRequest::SetApprove(self.approval));
                if self.approval {
                    self.focus = Focus::Diff;
                }
                self.refresh();
                self.notice = Some(if self.approval {
                    match self.views.proposals.len() {
                        0 => format!("approval mode on: {}", self.no_proposal_yet()),
                        n => format!("approval mode on: {n} pending; a approves, x rejects"),
                    }
                } else {
                    "approval mode off: RK2/RK3 results apply as they fire".into()
                });
            }
            Action::Approve | Action::Reject => self.decide(action == Action::Approve),
            Action::Revert => self.ask_revert(),
            Action::Correct => self.correct_key(),
            Action::PlayPause => self.replay_play_pause(out),
            Action::ReplayStep => {
                if let Some(r) = self.replay.as_mut() {
                    r.playing = false;
                }
                self.replay_next(out);
            }
            Action::SpeedUp | Action::SpeedDown => self.replay_speed(action == Action::SpeedUp),
            Action::Restart => match &self.replay {
                Some(r) => self.confirm = Some(Confirm::Restart(r.start)),
                None => self.notice = Some("no session replay to restart".into()),
            },
            Action::ThetaInfUp | Action::ThetaInfDown | Action::ThetaSumUp | Action::ThetaSumDown => {
                let t = self.timeline.head_memory().thresholds;
                let bump = |v: u32, up: bool| {
                    if up {
                        v.saturating_add(1)
                    } else {
                        v.saturating_sub(1).max(1)
                    }
                };
                let next = match action {
                    Action::ThetaInfUp | Action::ThetaInfDown => Thresholds {
                        theta_inf: bump(t.theta_inf, action == Action::ThetaInfUp),
                        ..t
                    },
                    _ => Thresholds {
                        theta_sum: bump(t.theta_sum, action == Action::ThetaSumUp),
                        ..t
                    },
                };
                self.set_thresholds(next);
            }
            Action::OpenFilter => self.prompt = Some(Prompt::Filter(self.filter.clone())),
            Action::OpenCommand => self.prompt = Some(Prompt::Command(String::new())),
            Action::Up | Action::Down => self.move_selection(action == Action::Down, 1),
            Action::PageUp | Action::PageDown => self.move_selection(action == Action::PageDown, 10),
            Action::Collapse => {
                self.tree_state.key_left();
                self.concept_detail = true;
            }
            Action::Expand => {
                self.tree_state.key_right();
                self.concept_detail = true;
            }
            Action::ToggleNode => {
                self.tree_state.toggle_selected();
                self.concept_detail = true;
            }
            Action::OpenHistory => self.open_history(),
            Action::SetMark => self.set_mark(),
            Action::OpenCompare => self.open_compare(),
            Action::OpenPhase => self.open_phase(None, out),
            Action::SendMessage
            | Action::InputHistoryBack
            | Action::InputHistoryForward
            | Action::ScrollChatUp
            | Action::ScrollChatDown => self.chat_act(action, out),
        }
    }

    /// Asks to record new thresholds (the engine logs `thresholds_changed` once confirmed).
    pub(super) fn set_thresholds(&mut self, next: Thresholds) {
        if next == self.timeline.head_memory().thresholds {
            self.notice = Some(format!(
                "θ_inf is {} and θ_sum {} already: nothing to change",
                next.theta_inf, next.theta_sum
            ));
            return;
        }
        self.confirm = Some(Confirm::Thresholds(next));
    }

    fn cancel(&mut self, out: &mut Vec<Command>) {
        if self.show_help || self.show_messages {
            self.show_help = false;
            self.show_messages = false;
        } else if self.confirm.is_some() {
            self.confirm = None;
            self.pending_correction = None;
        } else if self.correcting.is_some() {
            self.correcting = None;
        } else if let Some(p) = self.chat.pending.take() {
            self.chat.cancelling = Some(p.id);
            out.push(Command::CancelModel);
            self.notice = Some(format!("cancelling reply {}…", p.id.0));
        } else if self.maximised {
            self.maximised = false;
        } else if !self.filter.is_empty() {
            self.filter.clear();
            self.refresh();
        }
    }

    pub(super) fn ask_rollback(&mut self, to: Seq) {
        if to >= self.timeline.head() {
            self.notice = Some("the cursor is at head: step back first, then roll back".into());
        } else {
            self.confirm = Some(Confirm::Rollback(to));
        }
    }

    fn confirmed(&mut self, out: &mut Vec<Command>) {
        match self.confirm.take() {
            Some(Confirm::Rollback(to)) => {
                self.follow = true;
                self.engine(out, EngineRequest::Rollback(to));
            }
            Some(Confirm::Revert(seq)) => {
                self.follow = true;
                self.engine(out, EngineRequest::Revert(seq));
            }
            Some(Confirm::Approve(seq)) => {
                self.follow = true;
                self.engine(out, EngineRequest::Approve(seq));
            }
            Some(Confirm::Reject(seq)) => {
                self.follow = true;
                self.engine(out, EngineRequest::Reject(seq));
            }
            Some(Confirm::Thresholds(next)) => {
                self.follow = true;
                self.notice = Some(format!("θ_inf={} θ_sum={}", next.theta_inf, next.theta_sum));
                self.engine(out, EngineRequest::SetThresholds(next));
            }
            Some(Confirm::Restart(_)) => self.replay_restart(out),
            Some(Confirm::Correct(_)) => self.confirm_correct(out),
            Some(Confirm::Uncorrect(k)) => self.engine(out, EngineRequest::UndoCorrection(k)),
            Some(Confirm::Sweep(lo, hi)) => self.start_phase((lo, hi), out),
            None => {}
        }
    }

    fn decide(&mut self, approve: bool) {
        let Some(seq) = self.views.proposals.get(self.proposal_index).copied() else {
            self.notice = Some(if self.approval {
                format!("no pending proposal: {}", self.no_proposal_yet())
            } else {
                "no pending proposal: approval mode is off (A turns it on; proposals come from the RK2/RK3 firings after that)".into()
            });
            return;
        };
        if !self.timeline.is_on_head_branch(seq) {
            self.notice = Some(format!(
                "{seq} is on a branch a rollback left behind: r rolls back to it, then its proposals can be decided"
            ));
            return;
        }
        self.confirm = Some(if approve {
            Confirm::Approve(seq)
        } else {
            Confirm::Reject(seq)
        });
    }

    /// Where proposals will come from, in approval mode with none pending: the next RK2/RK3
    /// firings, which a replay makes again from its start.
    pub(crate) fn no_proposal_yet(&self) -> String {
        let restart = self
            .replay
            .as_ref()
            .and_then(|_| self.keymap.key_for(Focus::Diff, false, Action::Restart));
        match restart {
            Some(k) => format!("proposals come from the next RK2/RK3 firings; {k} replays from the start"),
            None => "proposals come from the next RK2/RK3 firings, as you chat".into(),
        }
    }

    /// Reverting asks first. The target is the cursor's entry in the timeline, or the latest
    /// abstraction applied to the selected concept in the tree.
    fn ask_revert(&mut self) {
        let shown = self.views.diff.firing.filter(|seq| {
            self.timeline.entry(*seq).is_some_and(|r| {
                matches!(
                    r.event,
                    Event::OperatorFired {
                        subject: Subject::Concept(_),
                        ..
                    }
                )
            })
        });
        let target = if self.focus == Focus::Diff {
            shown
        } else {
            let cursor = self.timeline.cursor();
            self.timeline
                .entry(cursor)
                .filter(|r| {
                    matches!(
                        r.event,
                        Event::OperatorFired {
                            subject: Subject::Concept(_),
                            ..
                        } | Event::AbstractionApproved { .. }
                    )
                })
                .map(|r| r.seq)
        };
        match target {
            Some(seq) => self.confirm = Some(Confirm::Revert(seq)),
            None => {
                self.notice = Some("nothing to revert here: put the cursor on an RK2/RK3 firing or approval".into());
            }
        }
    }

    /// The concept selected in the tree.
    #[must_use]
    pub fn selected_concept(&self) -> Option<u32> {
        self.tree_state.selected().last().copied()
    }

    fn move_selection(&mut self, down: bool, by: usize) {
        match self.focus {
            Focus::Timeline => {
                let cur = self.timeline.cursor().0;
                let to = if down {
                    cur + by as u64
                } else {
                    cur.saturating_sub(by as u64)
                };
                self.seek(Seq(to));
            }
            Focus::Tree => {
                self.concept_detail = true;
                for _ in 0..by {
                    if down {
                        self.tree_state.key_down();
                    } else {
                        self.tree_state.key_up();
                    }
                }
            }
            Focus::Evidence => {
                self.evidence_scroll = if down {
                    (self.evidence_scroll + by).min(self.views.evidence.len().saturating_sub(1))
                } else {
                    self.evidence_scroll.saturating_sub(by)
                };
            }
            Focus::Diff if self.correcting.is_some() && by == 1 => self.correcting_move(down),
            Focus::Diff if self.approval && by == 1 => {
                let n = self.views.proposals.len();
                if down && self.proposal_index + 1 < n {
                    self.proposal_index += 1;
                } else if !down {
                    self.proposal_index = self.proposal_index.saturating_sub(1);
                }
                self.refresh();
            }
            Focus::Diff => {
                let by = u16::try_from(by).unwrap_or(1);
                self.diff_scroll = if down {
                    self.diff_scroll.saturating_add(by)
                } else {
                    self.diff_scroll.saturating_sub(by)
                };
            }
            Focus::Chat => {
                let by = u16::try_from(by).unwrap_or(1);
                self.chat.scroll = if down {
                    self.chat.scroll.saturating_sub(by)
                } else {
                    self.chat.scroll.saturating_add(by)
                };
            }
        }
    }

    /// Clicks focus a pane (and pick a tree node or timeline row); the wheel scrolls.
    pub(super) fn on_mouse(&mut self, mouse: MouseEvent, _out: &mut [Command]) {
        let area = Rect::new(0, 0, self.size.0, self.size.1);
        let rows = layout::message_rows(self.message().map(|(t, _)| t), self.size.0);
        let panes = layout::areas(area, self.maximised.then_some(self.focus), rows);
        let at = Position::new(mouse.column, mouse.row);
        let Some(pane) = panes.pane_at(at) else { return };
        match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                self.focus = pane;
                if pane == Focus::Tree {
                    self.tree_state.click_at(at);
                    self.concept_detail = true;
                } else if pane == Focus::Timeline {
                    let rect = panes.rect(Focus::Timeline);
                    let height = usize::from(rect.height.saturating_sub(2));
                    let row = mouse.row.checked_sub(rect.y + 1).map(usize::from);
                    if let Some(seq) = row.and_then(|row| self.timeline_seq_at(height, row)) {
                        self.seek(seq);
                    }
                }
                self.dirty = true;
            }
            MouseEventKind::ScrollDown | MouseEventKind::ScrollUp => {
                let previous = self.focus;
                self.focus = pane;
                self.move_selection(mouse.kind == MouseEventKind::ScrollDown, 1);
                self.focus = previous;
                self.dirty = true;
            }
            _ => {}
        }
    }
}
