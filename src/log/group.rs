//! Group commit: a bulk ingest (a replay, an eval) lets consecutive steps share one
//! transaction, committed after a number of steps or a short time, whichever comes first.
//!
//! Each step commits its own transaction unless a caller asks for groups: a step is then as
//! durable as it is atomic, which a chat and the inspector need. A replay can redo what a crash
//! loses (its resume marks are in the same transactions), and committing every step there
//! rewrote the same few index pages into the WAL for each turn. A step inside a group is still
//! atomic: it runs under a savepoint, so a failed step leaves the group's earlier steps intact.

use super::{Log, Result, busy_to_in_use, immediate};
use std::time::{Duration, Instant};

/// The most steps a group holds, however fast they come.
pub const MAX_GROUP_STEPS: u32 = 256;

/// A group commits once it is this old, so a slow model (seconds per step) still commits about
/// every step, and another process waits at most about this long for the write lock.
pub const MAX_GROUP_AGE: Duration = Duration::from_millis(100);

/// How steps are grouped into transactions, and the group open now.
pub(super) struct Group {
    /// Steps per transaction; 1 = every step commits (the default).
    steps_per_commit: u32,
    /// A group this old commits after its next step.
    max_age: Duration,
    open: Option<Open>,
}

/// A transaction holding released steps that are not committed yet.
struct Open {
    steps: u32,
    since: Instant,
    /// The log's length (`parents.len()`) when the group began: what the file holds if it
    /// never commits.
    committed_len: usize,
}

impl Default for Group {
    fn default() -> Self {
        Self {
            steps_per_commit: 1,
            max_age: MAX_GROUP_AGE,
            open: None,
        }
    }
}

impl Group {
    pub(super) fn set(&mut self, steps: u32, max_age: Duration) {
        self.steps_per_commit = steps.clamp(1, MAX_GROUP_STEPS);
        self.max_age = max_age;
    }

    pub(super) fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// Whether a step's writes need a savepoint: earlier steps share its transaction, or later
    /// ones may.
    pub(super) fn grouping(&self) -> bool {
        self.steps_per_commit > 1 || self.open.as_ref().is_some_and(|o| o.steps > 0)
    }

    /// The transaction began, with the log `len` long.
    pub(super) fn began(&mut self, len: usize) {
        self.open = Some(Open {
            steps: 0,
            since: Instant::now(),
            committed_len: len,
        });
    }

    /// A step was released into the open transaction; returns whether the group should commit.
    pub(super) fn stepped(&mut self) -> bool {
        let Some(open) = self.open.as_mut() else {
            return false;
        };
        open.steps = open.steps.saturating_add(1);
        open.steps >= self.steps_per_commit || open.since.elapsed() >= self.max_age
    }

    /// Whether the open transaction holds no released step (a failed first step ends it).
    pub(super) fn is_empty(&self) -> bool {
        self.open.as_ref().is_none_or(|o| o.steps == 0)
    }

    /// The transaction ended (committed or rolled back); returns the log's length when it began.
    pub(super) fn close(&mut self) -> Option<usize> {
        self.open.take().map(|o| o.committed_len)
    }
}

impl Log {
    /// Lets up to `steps` consecutive steps share one transaction, committed after the first
    /// step that ends `max_age` or more after the group began (see [`group`]); 1 step, the
    /// default, commits every step. A bulk ingest asks for more and calls [`Log::flush`] (or
    /// drops the log) when its input ends.
    pub fn group_commits(&mut self, steps: u32, max_age: std::time::Duration) -> Result<()> {
        self.group.set(steps, max_age);
        if steps <= 1 { self.flush() } else { Ok(()) }
    }

    /// Whether steps were appended that are not committed yet (an open group).
    #[must_use]
    pub fn has_uncommitted(&self) -> bool {
        self.group.is_open()
    }

    /// Commits the steps a group holds. If the commit fails, they are gone from the file, and
    /// the log forgets them too (the engine then folds its memory again from the file).
    pub fn flush(&mut self) -> Result<()> {
        if !self.group.is_open() {
            return Ok(());
        }
        if let Err(e) = immediate::commit(&self.conn) {
            self.rollback_group();
            return Err(busy_to_in_use(e.into(), &self.path));
        }
        self.group.close();
        self.packer.committed();
        Ok(())
    }

    /// Ends the open transaction without keeping it, and forgets what this log knew of it.
    pub(super) fn rollback_group(&mut self) {
        immediate::rollback(&self.conn);
        self.packer.rolled_back();
        self.texts.clear();
        if let Some(len) = self.group.close()
            && self.parents.len() > len
        {
            self.parents.truncate(len.max(1));
            let head = self.head();
            self.checkpoints.retain(|s| *s <= head);
            // The base may be a checkpoint that was never committed; the next one is whole.
            *self.base.get_mut() = None;
        }
        self.data_version = None;
    }
}

impl Drop for Log {
    /// The steps of an open group were reported as appended: keep them. A commit failing here
    /// has no one to report to, and SQLite then keeps what the file held before the group.
    fn drop(&mut self) {
        if self.group.is_open() {
            let _ = immediate::commit(&self.conn);
        }
    }
}
