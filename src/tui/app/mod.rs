//! The inspector's state and its one transition function, `App::update(Msg) -> Vec<Command>`:
//! synchronous, free of I/O, and the only place that interprets user intents. Side effects come
//! back as [`Command`]s for the runtime to perform.

mod actions;
mod chat;
mod command_table;
mod compare_popup;
mod confirm_text;
mod correct;
#[cfg(test)]
mod correct_tests;
mod diff_view;
mod engine_updates;
#[cfg(test)]
pub(crate) mod fixture;
#[cfg(test)]
mod follow_tests;
#[cfg(test)]
mod hanging_tests;
mod hints;
mod history_popup;
mod idle_close;
#[cfg(test)]
mod idle_tests;
mod input;
#[cfg(test)]
pub(crate) mod live_tests;
mod phase;
#[cfg(test)]
mod phase_fixture_tests;
#[cfg(test)]
mod phase_live_tests;
#[cfg(test)]
mod phase_tests;
mod replay;
#[cfg(test)]
pub(crate) mod tests;
mod timeline_rows;
mod views;

pub use chat::ChatState;
pub use compare_popup::{ComparePopup, CompareRow};
pub use correct::Correcting;
pub use diff_view::{DiffRow, DiffView};
pub use history_popup::HistoryPopup;
pub use input::COMMANDS;
pub use phase::{PhaseView, truth_of};
pub use replay::Replay;
pub use timeline_rows::RowKind;
pub use views::{ChatLine, EvidenceRow, NodeKind, TreeRow, Views};

use super::command::{Command, EngineRequest};
use super::focus::Focus;
use super::keymap::Keymap;
use super::msg::Msg;
use super::theme::Theme;
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use rgmem::formats::session::TurnInput;
use rgmem::ids::Seq;
use rgmem::memory::Thresholds;
use rgmem::timeline::{SNAPSHOT_INTERVAL, Timeline};
use std::time::Duration;
use tui_tree_widget::TreeState;

/// A one-line prompt typed in the status bar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Prompt {
    /// `/`: the filter for the timeline and the tree.
    Filter(String),
    /// `:`: a command.
    Command(String),
}

/// An action that appends to the log, waiting for y/n in a popup that says what it will do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confirm {
    /// Roll back to this seq.
    Rollback(Seq),
    /// Revert the abstraction applied at this seq.
    Revert(Seq),
    /// Approve the proposal recorded at this seq.
    Approve(Seq),
    /// Reject the proposal recorded at this seq.
    Reject(Seq),
    /// Record these thresholds.
    Thresholds(Thresholds),
    /// Restart the replay: roll back to this seq, then replay from the first turn.
    Restart(Seq),
    /// Retire this item or replace its text (the reason and text wait in `App::pending_correction`).
    Correct(rgmem::event::ItemRef),
    /// Undo this correction.
    Uncorrect(rgmem::ids::CorrectionId),
    /// Sweep θ_inf over this range though it calls the model (`--model openai`).
    Sweep(u32, u32),
}

/// One error or notice kept for `:messages`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// The text.
    pub text: String,
    /// An error rather than a notice.
    pub error: bool,
}

/// Ticks between looks at the file for other processes' events (half a second).
pub const FOLLOW_TICKS: u32 = 5;

/// Messages kept for `:messages`.
const MESSAGES_KEPT: usize = 200;

/// Where a file is, for the status bar: its absolute path, with the home directory as `~`.
#[must_use]
pub fn place(path: &std::path::Path) -> String {
    let full = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    if let Some(home) = std::env::var_os("HOME").map(std::path::PathBuf::from)
        && !home.as_os_str().is_empty()
        && let Ok(rest) = full.strip_prefix(&home)
    {
        return format!("~/{}", rest.display());
    }
    full.display().to_string()
}

/// What the inspector is started with.
#[derive(Debug, Clone)]
pub struct Options {
    /// Where the memory file is, for the status bar ([`place`]).
    pub db: String,
    /// The model's name, for the status bar.
    pub model: String,
    /// The user's display name.
    pub user: String,
    /// A session file to replay: its name and turns.
    pub replay: Option<(String, Vec<TurnInput>)>,
    /// Start in approval mode.
    pub approve: bool,
    /// Styles.
    pub theme: Theme,
    /// Seqs between the timeline's memory snapshots.
    pub snapshot_interval: u64,
    /// Recall coverage to colour the tree and the evidence pane by.
    pub coverage: Option<rgmem::eval::coverage::MemoryCoverage>,
    /// The keys (the defaults with the user's keymap file on top).
    pub keymap: Keymap,
    /// `--follow`: start on the timeline, watching the file another process writes.
    pub follow: bool,
    /// The replayed session's ground truth, for the phase view.
    pub truth: Option<rgmem::eval::truth::GroundTruth>,
    /// The model the phase view's sweep would call for replies the log has not recorded
    /// (`--model openai`); `None` when it calls none (offline, recorded).
    pub sweep_calls: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            db: "memory.db".into(),
            model: "offline".into(),
            user: "User".into(),
            replay: None,
            approve: false,
            theme: Theme::monochrome(),
            snapshot_interval: SNAPSHOT_INTERVAL,
            coverage: None,
            keymap: Keymap::default(),
            follow: false,
            truth: None,
            sweep_calls: None,
        }
    }
}

/// The whole inspector state.
pub struct App {
    /// The log, the cursor and the memory at the cursor.
    pub timeline: Timeline,
    /// Whether the log has been loaded.
    pub loaded: bool,
    /// Whether the cursor follows new events.
    pub follow: bool,
    /// Approval mode.
    pub approval: bool,
    /// The focused pane.
    pub focus: Focus,
    /// Whether the focused pane fills the screen.
    pub maximised: bool,
    /// Whether the help is shown.
    pub show_help: bool,
    /// Whether the `:messages` popup is shown.
    pub show_messages: bool,
    /// The last errors and notices, oldest first (`:messages`).
    pub messages: Vec<Message>,
    /// The prompt being typed, if any.
    pub prompt: Option<Prompt>,
    /// The confirmation being asked, if any.
    pub confirm: Option<Confirm>,
    /// The history popup, if open.
    pub history: Option<HistoryPopup>,
    /// The point `M` marked, for comparing with the cursor.
    pub mark: Option<Seq>,
    /// The compare popup, if open.
    pub compare: Option<ComparePopup>,
    /// Recall coverage loaded with `--coverage`.
    pub coverage: Option<rgmem::eval::coverage::MemoryCoverage>,
    /// The active filter (lowercase).
    pub filter: String,
    /// Chat state.
    pub chat: ChatState,
    /// The session replay, if any.
    pub replay: Option<Replay>,
    /// Lines of the help scrolled.
    pub help_scroll: usize,
    /// Selection and open nodes of the concept tree.
    pub tree_state: TreeState<u32>,
    /// The Σ/Δ pane shows the selected concept (set by moving in the tree, cleared by moving
    /// the cursor), so it always shows what was looked at last.
    pub concept_detail: bool,
    /// Pane contents derived from the memory at the cursor.
    pub views: Views,
    /// First evidence row shown.
    pub evidence_scroll: usize,
    /// Lines of the Σ/Δ pane scrolled.
    pub diff_scroll: u16,
    /// The selected pending proposal (approval mode).
    pub proposal_index: usize,
    /// Engine requests not yet done.
    pub busy: usize,
    /// Database label.
    pub db: String,
    /// Model label.
    pub model: String,
    /// The user's display name.
    pub user: String,
    /// The last error, one line.
    pub last_error: Option<String>,
    /// The last notice, one line.
    pub notice: Option<String>,
    /// The model's server could not be reached at start: shown until a reply arrives.
    pub banner: Option<String>,
    /// Styles.
    pub theme: Theme,
    /// Terminal size.
    pub size: (u16, u16),
    /// Ticks seen (spinner frame).
    pub ticks: u64,
    /// Ticks left in a flash.
    pub flash_ticks: u8,
    /// Whether something changed since the last draw.
    pub dirty: bool,
    /// The Σ/Δ pane's list of items to correct, when open.
    pub correcting: Option<Correcting>,
    /// The item, reason and replacement a correction popup asks about.
    pub pending_correction: Option<(rgmem::event::ItemRef, String, Option<String>)>,
    /// Ticks since the file was last checked for what other processes appended.
    pub follow_ticks: u32,
    snapshot_interval: u64,
    /// The keys.
    pub keymap: Keymap,
    /// When a live chat's segment closes on idle.
    pub idle_close: idle_close::IdleClose,
    /// The phase view, if open.
    pub phase: Option<PhaseView>,
    /// Sweeps started (each sweep's id).
    pub phase_sweeps: u64,
    /// The replayed session's ground truth.
    pub truth: Option<rgmem::eval::truth::GroundTruth>,
    /// The model a sweep would call, if any: `:phase` asks first (see [`Options::sweep_calls`]).
    pub sweep_calls: Option<String>,
}

impl App {
    /// A fresh inspector waiting for the engine's `Loaded`.
    #[must_use]
    pub fn new(options: Options) -> Self {
        // A replay starts on the tree, whose letters only browse: text typed before pressing Tab
        // can never write to the log.
        let focus = if options.follow {
            Focus::Timeline
        } else if options.replay.is_some() {
            Focus::Tree
        } else {
            Focus::Chat
        };
        Self {
            timeline: Timeline::new(options.snapshot_interval),
            loaded: false,
            follow: true,
            approval: options.approve,
            focus,
            maximised: false,
            show_help: false,
            show_messages: false,
            messages: Vec::new(),
            prompt: None,
            confirm: None,
            history: None,
            mark: None,
            compare: None,
            coverage: options.coverage,
            filter: String::new(),
            chat: ChatState::default(),
            replay: options
                .replay
                .map(|(name, turns)| Replay::new(name, turns, options.user.clone())),
            help_scroll: 0,
            tree_state: TreeState::default(),
            concept_detail: false,
            views: Views::default(),
            evidence_scroll: 0,
            diff_scroll: 0,
            proposal_index: 0,
            busy: 0,
            db: options.db,
            model: options.model,
            user: options.user,
            last_error: None,
            notice: options.follow.then(|| {
                "following the file: what other processes append shows within a second (:follow returns to head)"
                    .to_string()
            }),
            banner: None,
            theme: options.theme,
            size: (80, 24),
            ticks: 0,
            flash_ticks: 0,
            dirty: true,
            follow_ticks: 0,
            correcting: None,
            pending_correction: None,
            snapshot_interval: options.snapshot_interval,
            keymap: options.keymap,
            idle_close: idle_close::IdleClose::default(),
            phase: None,
            phase_sweeps: 0,
            truth: options.truth,
            sweep_calls: options.sweep_calls,
        }
    }

    /// Applies one message. Never blocks; side effects are returned, not performed.
    pub fn update(&mut self, msg: Msg) -> Vec<Command> {
        let before = (self.last_error.clone(), self.notice.clone());
        let out = self.dispatch(msg);
        if (self.last_error.clone(), self.notice.clone()) != before {
            self.keep_messages();
        }
        out
    }

    /// Keeps the current error and notice for `:messages`.
    fn keep_messages(&mut self) {
        for (text, error) in [(&self.last_error, true), (&self.notice, false)] {
            if let Some(text) = text
                && self.messages.last().is_none_or(|m| &m.text != text)
            {
                self.messages.push(Message {
                    text: text.clone(),
                    error,
                });
            }
        }
        let extra = self.messages.len().saturating_sub(MESSAGES_KEPT);
        self.messages.drain(..extra);
    }

    /// The message line's text, if there is one: the last error, else the last notice, else
    /// the banner about an unreachable model server (which stays until a reply arrives).
    #[must_use]
    pub fn message(&self) -> Option<(&str, bool)> {
        match (&self.last_error, &self.notice, &self.banner) {
            (Some(e), _, _) => Some((e.as_str(), true)),
            (None, Some(n), _) => Some((n.as_str(), false)),
            (None, None, Some(b)) => Some((b.as_str(), true)),
            (None, None, None) => None,
        }
    }

    fn dispatch(&mut self, msg: Msg) -> Vec<Command> {
        let mut out = Vec::new();
        match msg {
            Msg::Key(key) => {
                if key.kind != KeyEventKind::Release {
                    self.on_key(key, &mut out);
                    self.dirty = true;
                }
            }
            Msg::Mouse(mouse) => self.on_mouse(mouse, &mut out),
            Msg::Resize(w, h) => {
                self.size = (w, h);
                self.dirty = true;
            }
            Msg::Tick(elapsed) => self.on_tick(elapsed, &mut out),
            Msg::Engine(update) => {
                self.on_engine(update, &mut out);
                self.dirty = true;
            }
            Msg::Action(action) => {
                self.act(action, &mut out);
                self.dirty = true;
            }
        }
        out
    }

    /// Requests to send when the runtime starts.
    #[must_use]
    pub fn startup(&self) -> Vec<Command> {
        vec![Command::Engine(EngineRequest::SetApprove(self.approval))]
    }

    fn on_key(&mut self, key: KeyEvent, out: &mut Vec<Command>) {
        self.idle_reset();
        self.last_error = None;
        self.notice = None;
        if self.prompt.is_some() {
            self.prompt_key(key, out);
            return;
        }
        if self.confirm.is_some() {
            // y answers only this visible popup; any key but y / n / Esc cancels it, so text
            // typed by mistake can never confirm a write it did not see.
            if key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL) {
                out.push(Command::Quit);
            } else if let Some(action) = self.keymap.confirm_answer(key) {
                self.act(action, out);
            } else {
                self.confirm = None;
                self.notice = Some("not confirmed: nothing was written (y confirms, n or Esc cancels)".into());
            }
            return;
        }
        if self.history.is_some() {
            self.history_key(key);
            return;
        }
        if self.compare.is_some() {
            self.compare_key(key);
            return;
        }
        if self.phase.is_some() {
            self.phase_key(key, out);
            return;
        }
        // An empty chat input passes its own plain keys (`?`) through; once it holds text they type.
        let empty_chat = self.focus == Focus::Chat && self.chat.input.is_empty();
        if let Some(action) = empty_chat
            .then(|| self.keymap.lookup_empty_chat(key))
            .flatten()
            .or_else(|| self.keymap.lookup(self.focus, key))
        {
            self.act(action, out);
            return;
        }
        if self.focus == Focus::Chat {
            self.chat_key(key);
        } else if let KeyCode::Char(ch) = key.code
            && !key.modifiers.contains(KeyModifiers::CONTROL)
            && !ch.is_control()
        {
            self.notice = Some(self.where_typing_goes());
        }
    }

    fn on_tick(&mut self, elapsed: Duration, out: &mut Vec<Command>) {
        self.ticks += 1;
        if self.chat.cancelling.is_some() {
            // The cancelled request may go on to another model call; cancel that one too.
            out.push(Command::CancelModel);
        }
        if self.chat.pending.is_some() || self.busy > 0 {
            self.dirty = true;
        }
        if self.flash_ticks > 0 {
            self.flash_ticks -= 1;
            self.dirty = true;
        }
        if self.replay.as_mut().is_some_and(|r| r.tick(elapsed)) {
            self.replay_next(out);
        }
        if replay_is_running(self.replay.as_ref()) {
            self.dirty = true;
        }
        self.idle_tick(elapsed, out);
        // Another process (`rgmem serve`, the CLI) may write the file: look every few ticks,
        // when nothing of ours is in flight, so its events appear within a second.
        if self.loaded && self.busy == 0 && self.replay.is_none() {
            self.follow_ticks += 1;
            if self.follow_ticks >= FOLLOW_TICKS {
                self.follow_ticks = 0;
                out.push(Command::Engine(EngineRequest::Follow));
            }
        }
    }

    /// Where typed text goes, for a printable key the focused pane does not use.
    fn where_typing_goes(&self) -> String {
        if self.maximised {
            return "this pane only browses: m restores the layout, then Tab to the chat to type".into();
        }
        let key = if self.focus.shifted(1) == Focus::Chat {
            "Tab"
        } else if self.focus.shifted(-1) == Focus::Chat {
            "S-Tab"
        } else {
            "Tab to the chat"
        };
        format!("this pane only browses, nothing was typed: {key} to type (? lists the keys)")
    }

    /// Hands a request to the engine and counts it as outstanding.
    fn engine(&mut self, out: &mut Vec<Command>, request: EngineRequest) {
        self.busy += 1;
        out.push(Command::Engine(request));
    }

    /// Rebuilds the pane contents after the cursor, the log or the filter changed.
    pub fn refresh(&mut self) {
        let flashed = self.views.rebuild(&self.timeline, &self.filter, self.proposal_index);
        if flashed {
            self.flash_ticks = 6;
        }
        if self.tree_state.selected().is_empty() {
            self.open_first_levels();
        }
        if !self.filter.is_empty() {
            open_all(&mut self.tree_state, &self.views.tree, &mut Vec::new());
        }
        let pending = self.views.proposals.len();
        if self.proposal_index >= pending {
            self.proposal_index = pending.saturating_sub(1);
        }
        self.dirty = true;
    }

    /// Moves the cursor; follow mode ends unless the cursor lands on head.
    pub fn seek(&mut self, seq: Seq) {
        self.timeline.seek(seq);
        self.follow = self.timeline.is_at_head();
        self.diff_scroll = 0;
        self.concept_detail = false;
        self.refresh();
    }

    fn open_first_levels(&mut self) {
        let memory = self.timeline.memory();
        let roots: Vec<u32> = memory.roots().map(|c| c.id.0).collect();
        for r in &roots {
            self.tree_state.open(vec![*r]);
            for base in &memory.concepts[*r as usize].children {
                self.tree_state.open(vec![*r, base.0]);
            }
        }
        if let Some(r) = roots.first() {
            self.tree_state.select(vec![*r]);
        }
    }

    /// "live", "replay", "paused" or "approval".
    #[must_use]
    pub fn mode(&self) -> &'static str {
        if self.approval {
            "approval"
        } else if replay_is_running(self.replay.as_ref()) {
            "replay"
        } else if self.replay.is_some() || !self.follow {
            "paused"
        } else {
            "live"
        }
    }
}

/// Opens every node with children, so filter matches deep in the tree are visible.
fn open_all(state: &mut TreeState<u32>, rows: &[TreeRow], path: &mut Vec<u32>) {
    for row in rows {
        if !row.children.is_empty() {
            path.push(row.id);
            state.open(path.clone());
            open_all(state, &row.children, path);
            path.pop();
        }
    }
}

fn replay_is_running(replay: Option<&Replay>) -> bool {
    replay.is_some_and(|r| r.playing)
}
