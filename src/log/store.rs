//! The storage contract every event log backend keeps ([`EventStore`]): what the engine and the
//! commands need of a log, whether it lives in a SQLite file ([`super::Log`]) or in a shared
//! PostgreSQL database ([`super::pg::PgLog`], behind the `postgres` feature).
//!
//! A backend stores the append-only `(seq, parent, kind, version, body)` rows and the input
//! marks; the history tree's walks are the trait's provided methods over [`EventStore::parents`],
//! so both backends answer them alike.

use crate::error::{Error, Result};
use crate::event::{Event, EventRecord};
use crate::ids::Seq;
use crate::memory::Memory;

use super::SourceMark;

/// One person's event log, in whichever store holds it.
pub trait EventStore {
    /// Where the log lives, for messages: a file's path, or a URL without its password.
    fn location(&self) -> String;

    /// `parents[seq]` for every seq; index 0 is the empty root.
    fn parents(&self) -> &[Seq];

    /// Reads what other writers appended since this log last looked; returns whether anything was.
    fn refresh(&mut self) -> Result<bool>;

    /// Events with seq in `from..=to`, in order.
    fn range(&self, from: Seq, to: Seq) -> Result<Vec<EventRecord>>;

    /// The memory at a seq: the fold of its ancestor chain (from a checkpoint where the store
    /// keeps them).
    fn memory_at(&self, seq: Seq) -> Result<Memory>;

    /// Appends one step's events atomically, recording `mark` in the same transaction. If
    /// another writer appended since this log last looked, nothing is written and the error is
    /// [`Error::LogMoved`]. The first event's parent is the head, except for a rollback's, which
    /// is its target: a rollback appends and never deletes.
    fn append_marked(
        &mut self,
        events: Vec<Event>,
        memory_after: &Memory,
        mark: Option<SourceMark<'_>>,
    ) -> Result<Vec<EventRecord>>;

    /// The last position of `source` a step on the current branch consumed, if any.
    fn replayed(&self, source: &str) -> Result<Option<u32>>;

    /// The last appended event (Seq 0 when empty).
    fn head(&self) -> Seq {
        Seq(u64::try_from(self.parents().len().saturating_sub(1)).unwrap_or(u64::MAX))
    }

    /// Whether a seq exists (0 always does).
    fn contains(&self, seq: Seq) -> bool {
        seq.index() < self.parents().len()
    }

    /// The parent of a seq.
    fn parent_of(&self, seq: Seq) -> Option<Seq> {
        self.parents().get(seq.index()).copied()
    }

    /// Whether `ancestor` is on the chain of `seq` (a seq is its own ancestor).
    fn is_ancestor(&self, ancestor: Seq, seq: Seq) -> bool {
        if !self.contains(ancestor) || !self.contains(seq) {
            return false;
        }
        let mut cur = seq;
        while cur > ancestor {
            cur = self.parent_of(cur).unwrap_or(Seq(0));
        }
        cur == ancestor
    }

    /// The ancestor chain of `seq`, oldest first, excluding 0.
    fn chain(&self, seq: Seq) -> Vec<Seq> {
        let mut out = Vec::new();
        let mut cur = seq;
        while cur.0 > 0 && self.contains(cur) {
            out.push(cur);
            cur = self.parent_of(cur).unwrap_or(Seq(0));
        }
        out.reverse();
        out
    }

    /// One event.
    fn event(&self, seq: Seq) -> Result<EventRecord> {
        self.range(seq, seq)?.pop().ok_or(Error::UnknownSeq(seq))
    }

    /// Every event.
    fn all(&self) -> Result<Vec<EventRecord>> {
        self.range(Seq(1), self.head())
    }

    /// [`EventStore::append_marked`] without an input mark.
    fn append_step(&mut self, events: &[Event], memory_after: &Memory) -> Result<Vec<EventRecord>> {
        self.append_marked(events.to_vec(), memory_after, None)
    }
}

impl EventStore for super::Log {
    fn location(&self) -> String {
        self.path().display().to_string()
    }

    fn parents(&self) -> &[Seq] {
        super::Log::parents(self)
    }

    fn refresh(&mut self) -> Result<bool> {
        super::Log::refresh(self)
    }

    fn range(&self, from: Seq, to: Seq) -> Result<Vec<EventRecord>> {
        super::Log::range(self, from, to)
    }

    fn memory_at(&self, seq: Seq) -> Result<Memory> {
        super::Log::memory_at(self, seq)
    }

    fn append_marked(
        &mut self,
        events: Vec<Event>,
        memory_after: &Memory,
        mark: Option<SourceMark<'_>>,
    ) -> Result<Vec<EventRecord>> {
        super::Log::append_marked(self, events, memory_after, mark)
    }

    fn replayed(&self, source: &str) -> Result<Option<u32>> {
        super::Log::replayed(self, source)
    }
}

/// Events appended per transaction by [`copy`].
const COPY_BATCH: u64 = 256;

/// Copies every event of `from` into the empty `to`, in order, with the same seqs, parents and
/// events (so the copy seeks to the same memory everywhere); returns how many. Each batch
/// carries the source's memory at its end, so the target places its checkpoints as if it had
/// been written step by step. Input marks are not copied: a replay into the copy starts over.
pub fn copy(from: &dyn EventStore, to: &mut dyn EventStore) -> Result<u64> {
    if to.head().0 > 0 {
        return Err(Error::Codec(format!(
            "{} already holds {} events; copy only into an empty log",
            to.location(),
            to.head().0
        )));
    }
    let head = from.head().0;
    let mut first = 1u64;
    while first <= head {
        let last = first.saturating_add(COPY_BATCH - 1).min(head);
        let records = from.range(Seq(first), Seq(last))?;
        let memory = from.memory_at(Seq(last))?;
        let events = records.into_iter().map(|r| r.event).collect();
        let written = to.append_marked(events, &memory, None)?;
        for (w, seq) in written.iter().zip(first..) {
            if w.seq != Seq(seq) || from.parent_of(w.seq) != Some(w.parent) {
                return Err(Error::Codec(format!(
                    "copying {}: event {seq} landed as {} with parent {}",
                    from.location(),
                    w.seq,
                    w.parent
                )));
            }
        }
        first = last.saturating_add(1);
    }
    Ok(head)
}

/// `url` with its password (if any) replaced by `***`, for messages.
#[must_use]
pub fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, path) = match rest.split_once('/') {
        Some((a, p)) => (a, Some(p)),
        None => (rest, None),
    };
    let authority = match authority.rsplit_once('@') {
        Some((userinfo, host)) => match userinfo.split_once(':') {
            Some((user, _password)) => format!("{user}:***@{host}"),
            None => format!("{userinfo}@{host}"),
        },
        None => authority.to_string(),
    };
    match path {
        Some(p) => format!("{scheme}://{authority}/{p}"),
        None => format!("{scheme}://{authority}"),
    }
}

/// Applies the events at `chain` (ascending seqs) to `memory`. The chain is read as runs of
/// consecutive seqs, one `range` each, so a chain that jumps over an abandoned branch never
/// reads that branch's events. Both backends fold a seek this way.
pub(crate) fn apply_chain(
    memory: &mut Memory,
    chain: impl IntoIterator<Item = Seq>,
    range: impl Fn(Seq, Seq) -> Result<Vec<EventRecord>>,
) -> Result<()> {
    let mut runs: Vec<(Seq, Seq)> = Vec::new();
    for s in chain {
        match runs.last_mut() {
            Some((_, last)) if last.0.checked_add(1) == Some(s.0) => *last = s,
            _ => runs.push((s, s)),
        }
    }
    for (first, last) in runs {
        for r in range(first, last)? {
            memory.try_apply(&r.event).map_err(|e| Error::InvalidRecord {
                seq: r.seq,
                message: e.to_string(),
            })?;
        }
    }
    Ok(())
}

/// Appends a stored row's parent to `parents` (indexed by seq), after checking the row is the
/// next seq and its parent an earlier one: what both backends check as they read the log.
pub(crate) fn push_parent(parents: &mut Vec<Seq>, seq: i64, parent: i64) -> Result<()> {
    let at = Seq(u64::try_from(seq).unwrap_or(0));
    if usize::try_from(seq).ok() != Some(parents.len()) {
        return Err(Error::Codec(format!("gap in the log before seq {seq}")));
    }
    let parent = u64::try_from(parent)
        .ok()
        .filter(|&p| p < at.0)
        .ok_or_else(|| Error::InvalidRecord {
            seq: at,
            message: format!("its parent {parent} is not an earlier seq"),
        })?;
    parents.push(Seq(parent));
    Ok(())
}
