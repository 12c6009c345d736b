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
use rusqlite::Connection;
use std::time::Duration;

use super::SourceMark;

/// An input mark as stored: the step ending at `seq` consumed `position` of `source`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredMark {
    /// The last seq of the step that consumed the input.
    pub seq: Seq,
    /// The input's identity (see [`SourceMark::source`]).
    pub source: String,
    /// Its 0-based position in that input.
    pub position: u32,
}

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

    /// Every input mark of every branch, by seq: what [`copy`](fn@super::copy) carries over,
    /// so a copied memory resumes a replay as the original would.
    fn marks(&self) -> Result<Vec<StoredMark>>;

    /// The seqs of the events of one kind, ascending. Retrieval reads which `episode_recorded`
    /// events exist to tell which keyword index rows belong to a branch.
    fn seqs_of_kind(&self, kind: &str) -> Result<Vec<Seq>>;

    /// The SQLite connection holding L2's keyword index (FTS5, see `retrieval::index`): the
    /// memory file itself for a SQLite log; a store without SQLite keeps one in memory, built
    /// on first use from the memory being asked, since the index is derived from the events.
    fn keyword_index(&self) -> Result<&Connection>;

    /// Lets up to `steps` consecutive steps share one transaction, for a bulk ingest whose
    /// input can be replayed again. A store that commits every step keeps doing so: grouping
    /// is a speed-up, never a change in what is stored.
    fn group_commits(&mut self, steps: u32, max_age: Duration) -> Result<()> {
        let _ = (steps, max_age);
        Ok(())
    }

    /// Commits the steps an open group holds (nothing to do where every step commits).
    fn flush(&mut self) -> Result<()> {
        Ok(())
    }

    /// Whether steps were appended that are not committed yet (an open group).
    fn has_uncommitted(&self) -> bool {
        false
    }

    /// The latest checkpoint this log wrote or read, with its memory: after a seek to the head,
    /// the one the head was folded from, where the inspector's timeline can start folding
    /// instead of the empty memory. A store without checkpoints has none.
    fn last_checkpoint(&self) -> Option<(Seq, Memory)> {
        None
    }

    /// A second, read-only connection to the same log, for a reader beside the engine (the
    /// inspector's follower, its timeline pages and its background fold).
    fn open_reader(&self) -> Result<Box<dyn EventStore + Send>>;

    /// The SQLite log, when this store is one: what only a file offers (a read-only follower
    /// opened on its path, the checkpoint the head was folded from) is reached through it.
    fn sqlite(&self) -> Option<&super::Log> {
        None
    }

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

    fn marks(&self) -> Result<Vec<StoredMark>> {
        super::Log::marks(self)
    }

    fn seqs_of_kind(&self, kind: &str) -> Result<Vec<Seq>> {
        super::Log::seqs_of_kind(self, kind)
    }

    fn keyword_index(&self) -> Result<&Connection> {
        Ok(self.connection())
    }

    fn group_commits(&mut self, steps: u32, max_age: Duration) -> Result<()> {
        super::Log::group_commits(self, steps, max_age)
    }

    fn flush(&mut self) -> Result<()> {
        super::Log::flush(self)
    }

    fn has_uncommitted(&self) -> bool {
        super::Log::has_uncommitted(self)
    }

    fn last_checkpoint(&self) -> Option<(Seq, Memory)> {
        super::Log::last_checkpoint(self)
    }

    fn open_reader(&self) -> Result<Box<dyn EventStore + Send>> {
        Ok(Box::new(super::Log::open_read_only(self.path())?))
    }

    fn sqlite(&self) -> Option<&super::Log> {
        Some(self)
    }
}

/// A boxed store is a store: the command line holds whichever `--db` names as one type.
impl<T: EventStore + ?Sized> EventStore for Box<T> {
    fn location(&self) -> String {
        (**self).location()
    }

    fn parents(&self) -> &[Seq] {
        (**self).parents()
    }

    fn refresh(&mut self) -> Result<bool> {
        (**self).refresh()
    }

    fn range(&self, from: Seq, to: Seq) -> Result<Vec<EventRecord>> {
        (**self).range(from, to)
    }

    fn memory_at(&self, seq: Seq) -> Result<Memory> {
        (**self).memory_at(seq)
    }

    fn append_marked(
        &mut self,
        events: Vec<Event>,
        memory_after: &Memory,
        mark: Option<SourceMark<'_>>,
    ) -> Result<Vec<EventRecord>> {
        (**self).append_marked(events, memory_after, mark)
    }

    fn replayed(&self, source: &str) -> Result<Option<u32>> {
        (**self).replayed(source)
    }

    fn marks(&self) -> Result<Vec<StoredMark>> {
        (**self).marks()
    }

    fn seqs_of_kind(&self, kind: &str) -> Result<Vec<Seq>> {
        (**self).seqs_of_kind(kind)
    }

    fn keyword_index(&self) -> Result<&Connection> {
        (**self).keyword_index()
    }

    fn group_commits(&mut self, steps: u32, max_age: Duration) -> Result<()> {
        (**self).group_commits(steps, max_age)
    }

    fn flush(&mut self) -> Result<()> {
        (**self).flush()
    }

    fn has_uncommitted(&self) -> bool {
        (**self).has_uncommitted()
    }

    fn last_checkpoint(&self) -> Option<(Seq, Memory)> {
        (**self).last_checkpoint()
    }

    fn open_reader(&self) -> Result<Box<dyn EventStore + Send>> {
        (**self).open_reader()
    }

    fn sqlite(&self) -> Option<&super::Log> {
        (**self).sqlite()
    }
}

/// Any store pages the inspector's timeline (it reads what was appended already).
impl crate::timeline::EventSource for Box<dyn EventStore + Send> {
    fn range(&self, from: Seq, to: Seq) -> Result<Vec<EventRecord>> {
        EventStore::range(&**self, from, to)
    }
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

/// The memory at `seq` in a store that keeps checkpoints: the nearest checkpointed ancestor
/// (`checkpoint` reads it), then the rest of the chain. Both backends seek this way.
pub(crate) fn seek<S: EventStore + ?Sized>(
    store: &S,
    seq: Seq,
    is_checkpoint: impl Fn(Seq) -> bool,
    checkpoint: impl Fn(Seq) -> Result<Memory>,
) -> Result<Memory> {
    if !store.contains(seq) {
        return Err(Error::UnknownSeq(seq));
    }
    let mut pending = Vec::new();
    let mut cur = seq;
    while cur.0 > 0 && !is_checkpoint(cur) {
        pending.push(cur);
        cur = store.parent_of(cur).unwrap_or(Seq(0));
    }
    let mut memory = if cur.0 > 0 { checkpoint(cur)? } else { Memory::new() };
    pending.reverse();
    apply_chain(&mut memory, pending, |from, to| store.range(from, to))?;
    Ok(memory)
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
