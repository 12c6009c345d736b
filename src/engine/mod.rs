//! The engine: owns the log, the memory at head and the model, and turns inputs (turns,
//! threshold changes, rollbacks, approvals) into committed steps.
//!
//! The log is any [`EventStore`]: a SQLite file by default (`Engine` is `Engine<Log>`), or a
//! person's log in PostgreSQL. The engine asks only the store's contract of it, so a step,
//! a rollback and an answer are the same on both.

mod answer;
mod correct;
mod follow;
mod open_turns;
pub use answer::{Answer, AskOptions, split_support};
pub use correct::{MAX_CORRECTION_TEXT, item_text, items};
pub use follow::{records_after, without_gaps};
#[cfg(test)]
mod correct_tests;
#[cfg(test)]
mod replan_tests;
#[cfg(test)]
mod tests;

use crate::error::{Error, Result};
use crate::event::{Abstraction, Event, EventRecord, Subject};
use crate::formats::session::TurnInput;
use crate::ids::Seq;
use crate::ingest::{self, DEFAULT_USER};
use crate::log::{EventStore, Log};
use crate::memory::{Memory, ProposalStatus, Thresholds};
use crate::model::Model;
use crate::operators;
use crate::step::{Effect, Replies, Step, Tape};

/// The engine over one log; `L` is where the log lives (a SQLite file unless named).
pub struct Engine<L = Log> {
    log: L,
    memory: Memory,
    model: Box<dyn Model>,
    approve: bool,
}

impl<L: EventStore> Engine<L> {
    /// Opens the engine at the log's head.
    pub fn open(log: L, model: Box<dyn Model>) -> Result<Self> {
        let memory = log.memory_at(log.head())?;
        Ok(Self {
            log,
            memory,
            model,
            approve: false,
        })
    }

    /// Approval mode: RK2/RK3 results become proposals.
    pub fn set_approve(&mut self, approve: bool) {
        self.approve = approve;
    }

    /// Whether approval mode is on.
    #[must_use]
    pub fn approve_mode(&self) -> bool {
        self.approve
    }

    /// The log.
    #[must_use]
    pub fn log(&self) -> &L {
        &self.log
    }

    /// The memory at head.
    #[must_use]
    pub fn memory(&self) -> &Memory {
        &self.memory
    }

    /// The model.
    pub fn model_mut(&mut self) -> &mut dyn Model {
        self.model.as_mut()
    }

    /// Records the thresholds if they differ from those in force (and always in a fresh log).
    pub fn set_thresholds(&mut self, thresholds: Thresholds) -> Result<Vec<EventRecord>> {
        if self.log.head().0 > 0 && self.memory.thresholds == thresholds {
            return Ok(Vec::new());
        }
        let Thresholds { theta_inf, theta_sum } = thresholds;
        if theta_inf == 0 || theta_sum == 0 {
            return Err(Error::ZeroThreshold);
        }
        self.run(|step| step.emit(Event::ThresholdsChanged { theta_inf, theta_sum }))
    }

    /// Ingests one turn as one step: track its speaker, record it, cut and synthesise
    /// segments, then run every due operator. In a fresh log the thresholds are recorded first
    /// (their own step), and their record is returned too, so callers see every appended event.
    pub fn ingest(&mut self, turn: &TurnInput, user_name: &str) -> Result<Vec<EventRecord>> {
        self.ingest_marked(turn, user_name, None)
    }

    /// Like [`Engine::ingest`], recording in the step's transaction which position of which input
    /// the turn was, so a rerun of the same input resumes after it ([`Log::replayed`]).
    pub fn ingest_marked(
        &mut self,
        turn: &TurnInput,
        user_name: &str,
        mark: Option<crate::log::SourceMark<'_>>,
    ) -> Result<Vec<EventRecord>> {
        let mut records = if self.log.head().0 == 0 {
            self.set_thresholds(self.memory.thresholds)?
        } else {
            Vec::new()
        };
        records.extend(self.run_marked(mark, |step| {
            if !turn.speaker.is_assistant() {
                // The user's name comes from the header or `--user`, else from how they introduce
                // themselves; a person still called "User" is renamed when they do.
                let learned = turn
                    .speaker
                    .is_user()
                    .then(|| ingest::name::introduced_name(&turn.text))
                    .flatten();
                let given = (user_name != DEFAULT_USER).then(|| user_name.to_string());
                match step.memory.person_for(&turn.speaker) {
                    None => {
                        let name = if turn.speaker.is_user() {
                            given.or(learned).unwrap_or_else(|| user_name.to_string())
                        } else {
                            turn.speaker.to_string()
                        };
                        step.emit(Event::person_tracked(name, turn.speaker.clone()));
                    }
                    Some(root) if step.memory.concept(root).name == DEFAULT_USER => {
                        if let Some(name) = given.or(learned) {
                            step.emit(Event::person_tracked(name, turn.speaker.clone()));
                        }
                    }
                    Some(_) => {}
                }
            }
            step.emit(ingest::turn_ingested(turn));
            ingest::close_due_segments(step);
            operators::run_due(step);
        })?);
        Ok(records)
    }

    /// Closes the open segment (the input ended), runs what became due, and commits a group
    /// of steps still open (see [`Engine::group_commits`]).
    pub fn finish(&mut self) -> Result<Vec<EventRecord>> {
        let records = self.run(|step| {
            if ingest::close_due_segments(step) {
                ingest::close_open_segment(step);
            }
            operators::run_due(step);
        })?;
        self.flush()?;
        Ok(records)
    }

    /// Lets up to `steps` consecutive steps share one transaction, for a bulk ingest whose
    /// input can be replayed again (a replay, an eval); 1 commits every step, as a chat needs.
    /// [`Engine::finish`], [`Engine::flush`] or dropping the engine commits what is open.
    pub fn group_commits(&mut self, steps: u32, max_age: std::time::Duration) -> Result<()> {
        self.log.group_commits(steps, max_age)
    }

    /// Commits the open group of steps. If that fails, the steps are not in the file, and the
    /// memory is folded again from what is.
    pub fn flush(&mut self) -> Result<()> {
        if let Err(e) = self.log.flush() {
            self.log.refresh()?;
            self.memory = self.log.memory_at(self.log.head())?;
            return Err(e);
        }
        Ok(())
    }

    /// Runs due operators without new input (after a threshold change or an approval).
    pub fn run_due(&mut self) -> Result<Vec<EventRecord>> {
        self.run(operators::run_due)
    }

    /// Rolls back to `to`: appends `rolled_back`; later events grow a new branch.
    pub fn rollback(&mut self, to: Seq) -> Result<Vec<EventRecord>> {
        if self.log.refresh()? {
            self.memory = self.log.memory_at(self.log.head())?;
        }
        if !self.log.contains(to) {
            return Err(Error::UnknownSeq(to));
        }
        let memory = self.log.memory_at(to)?;
        let records = self.log.append_step(&[Event::RolledBack { to }], &memory)?;
        self.memory = memory;
        Ok(records)
    }

    /// Approves the proposal recorded at `seq`, then lets the change flow up.
    pub fn approve(&mut self, seq: Seq) -> Result<Vec<EventRecord>> {
        let proposal = self.pending_proposal(seq)?;
        self.run(|step| {
            step.emit(Event::AbstractionApproved { proposal });
            operators::run_due(step);
        })
    }

    /// Rejects the proposal recorded at `seq`.
    pub fn reject(&mut self, seq: Seq) -> Result<Vec<EventRecord>> {
        let proposal = self.pending_proposal(seq)?;
        self.run(|step| {
            step.emit(Event::AbstractionRejected { proposal });
            operators::run_due(step);
        })
    }

    /// Reverts the abstraction applied at `seq` (an RK2/RK3 firing or an approval), restoring the
    /// concept's Σ/Δ from before it. Refused when the concept has changed since.
    pub fn revert(&mut self, seq: Seq) -> Result<Vec<EventRecord>> {
        let record = self.event_on_branch(seq)?;
        let (concept, operator, before, after) = match record.event {
            Event::OperatorFired {
                subject: Subject::Concept(c),
                operator,
                before,
                after,
                ..
            } => (c, operator, before, after),
            Event::AbstractionApproved { proposal } => {
                let p = self
                    .memory
                    .proposals
                    .get(&proposal)
                    .ok_or(Error::ApprovalWithoutProposal { seq })?;
                (p.concept, p.operator, p.before.clone(), p.after.clone())
            }
            other => {
                return Err(Error::NotRevertible {
                    seq,
                    kind: other.kind(),
                    what: other.detail_named(&self.memory),
                });
            }
        };
        if concept.index() >= self.memory.concepts.len() || self.memory.profile(concept) != after {
            let concept =
                crate::event::Names::concept_name(&self.memory, concept).unwrap_or_else(|| concept.to_string());
            return Err(Error::ConceptChangedSince { seq, concept });
        }
        let restored: Abstraction = before;
        self.run(|step| {
            step.emit(Event::AbstractionReverted {
                firing: seq,
                operator,
                concept,
                restored: restored.clone(),
            });
            operators::run_due(step);
        })
    }

    /// An event of the current branch. Proposal ids restart on every branch, so an event of an
    /// abandoned branch could name a different proposal (or concept) here: refuse it.
    fn event_on_branch(&self, seq: Seq) -> Result<EventRecord> {
        let record = self.log.event(seq)?;
        if !self.log.is_ancestor(seq, self.log.head()) {
            return Err(Error::OnOtherBranch { seq });
        }
        Ok(record)
    }

    fn pending_proposal(&self, seq: Seq) -> Result<crate::ids::ProposalId> {
        let record = self.event_on_branch(seq)?;
        let Event::AbstractionProposed { proposal, .. } = record.event else {
            return Err(Error::NotAProposal {
                seq,
                kind: record.event.kind(),
                what: record.event.detail_named(&self.memory),
            });
        };
        match self.memory.proposals.get(&proposal).map(|p| p.status) {
            Some(ProposalStatus::Pending) => Ok(proposal),
            Some(ProposalStatus::Approved) => Err(Error::AlreadyApproved { seq }),
            Some(ProposalStatus::Rejected) => Err(Error::AlreadyRejected { seq }),
            None => Err(Error::ProposalNotOnBranch { seq }),
        }
    }

    /// Runs a step and commits it. If the commit fails, the memory is reloaded from the log,
    /// so nothing half-applied survives.
    fn run(&mut self, f: impl Fn(&mut Step<'_>)) -> Result<Vec<EventRecord>> {
        self.run_marked(None, f)
    }

    /// Another process may append to the same file between steps: the step is planned on the
    /// latest head, and if the file moved while it was being planned, it is planned again on the
    /// new head (a bounded number of times), so no step is lost or doubled.
    ///
    /// A model that waits on a server is never called while a plan holds the memory: the step
    /// is planned on a copy, returns the call it needs as its effect, and is planned again once
    /// the reply is in (see [`crate::step`]). Replies are kept across re-plans, and so are an
    /// inline model's (its [`Tape`]), so a re-plan after another process moved the log calls
    /// the model only for work it did not record.
    fn run_marked(
        &mut self,
        mark: Option<crate::log::SourceMark<'_>>,
        f: impl Fn(&mut Step<'_>),
    ) -> Result<Vec<EventRecord>> {
        const ATTEMPTS: usize = 64;
        // Far above what one turn's segments and operators ask (a few per segment and firing).
        const MAX_CALLS: usize = 4096;
        let inline = self.model.canceller().is_none();
        let mut replies = (!inline).then(|| Replies::new(self.model.as_ref()));
        // What an inline model answered in earlier plans, so a re-plan does not ask it again.
        let mut tape = Tape::default();
        let mut attempt = 0;
        loop {
            if self.log.refresh()? {
                self.memory = self.log.memory_at(self.log.head())?;
            }
            let (events, planned) = match replies.as_mut() {
                None => {
                    let mut step = Step::taped(&mut self.memory, self.model.as_mut(), &mut tape, self.approve);
                    f(&mut step);
                    (step.events, None)
                }
                Some(replies) => {
                    let mut copy = self.memory.clone();
                    let (events, effect) = {
                        let mut step = Step::with_replies(&mut copy, replies, self.approve);
                        f(&mut step);
                        let effect = step.effect().cloned();
                        (step.events, effect)
                    };
                    if let Some(Effect::Mode(purpose)) = effect {
                        replies.record_mode(purpose, self.model.output_mode(purpose));
                        continue;
                    }
                    if let Some(Effect::Call(request)) = effect {
                        if replies.len() >= MAX_CALLS {
                            return Err(Error::Model(crate::model::ModelError::Other(format!(
                                "a step asked for more than {MAX_CALLS} model calls; it was stopped"
                            ))));
                        }
                        let outcome = self.model.complete(&request);
                        replies.record(&request, outcome);
                        continue;
                    }
                    (events, Some(copy))
                }
            };
            attempt += 1;
            let memory_after = planned.as_ref().unwrap_or(&self.memory);
            match self.log.append_marked(events, memory_after, mark) {
                Ok(records) => {
                    if let Some(m) = planned {
                        self.memory = m;
                    }
                    return Ok(records);
                }
                Err(e) => {
                    self.log.refresh()?;
                    self.memory = self.log.memory_at(self.log.head())?;
                    if !matches!(e, Error::LogMoved { .. }) || attempt >= ATTEMPTS {
                        return Err(e);
                    }
                }
            }
        }
    }
}

/// The memory a linear list of records folds to (every record applied in order, as on a log
/// without rollbacks); `Log::memory_at` follows parents instead.
#[must_use]
pub fn fold_records(records: &[EventRecord]) -> Memory {
    crate::memory::fold(records.iter().map(|r| &r.event))
}
