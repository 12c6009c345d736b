//! The cursor over the event log, for stepping through history. It holds per seq only its
//! parent and whether it is an operator firing; event text is read a page at a time from an
//! [`EventSource`] (the log file, or records in memory) when a pane or a fold needs it. The
//! memory at any seq (the fold of its ancestor chain, so rollback branches fold correctly) is
//! folded from the nearest snapshot; snapshots share structure with each other and with the head
//! (see [`crate::memory::shared`]), so one every interval costs what changed, not a whole memory.
//!
//! A timeline opened at head ([`Timeline::open`]) has no snapshots yet: [`SnapshotBuilder`] folds
//! the log elsewhere (a background thread) and hands them over with [`Timeline::add_snapshots`].
//! Until then a seek folds from the nearest one it has.

mod pages;

pub use pages::{EventSource, Records};

use crate::error::Result;
use crate::event::{Event, EventRecord};
use crate::ids::Seq;
use crate::memory::Memory;
use pages::Pages;
use std::collections::BTreeMap;

/// Default seqs between snapshots.
pub const SNAPSHOT_INTERVAL: u64 = 1024;

/// Whether an event is what the firing jumps stop at.
#[must_use]
pub fn is_firing(event: &Event) -> bool {
    matches!(event, Event::OperatorFired { .. } | Event::AbstractionProposed { .. })
}

/// Parents, snapshots, the cursor and the memory at the cursor.
pub struct Timeline {
    /// `parents[seq]`; index 0 is the empty root.
    parents: Vec<Seq>,
    /// `firing[seq]`: an operator firing or proposal.
    firing: Vec<bool>,
    /// The memory at seqs that are multiples of `interval`, as far as they are known.
    snapshots: BTreeMap<Seq, Memory>,
    interval: u64,
    cursor: Seq,
    memory: Memory,
    /// The memory at head, kept so appends stay incremental.
    head_memory: Memory,
    /// Whether each seq lies on the head's ancestor chain (index = seq; 0 always does).
    on_head_branch: Vec<bool>,
    pages: Pages,
}

impl std::fmt::Debug for Timeline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Timeline")
            .field("head", &self.head())
            .field("cursor", &self.cursor)
            .field("snapshots", &self.snapshots.len())
            .finish_non_exhaustive()
    }
}

impl Default for Timeline {
    fn default() -> Self {
        Self::new(SNAPSHOT_INTERVAL)
    }
}

impl Timeline {
    /// An empty timeline over records in memory, taking a snapshot every `interval` seqs.
    #[must_use]
    pub fn new(interval: u64) -> Self {
        Self::open(
            Memory::new(),
            vec![Seq(0)],
            Vec::new(),
            Box::new(Records::default()),
            interval,
        )
    }

    /// A timeline at head over a log it reads through `source`: `parents[seq]` for every seq
    /// (index 0 the root), the seqs of firings, and the memory at head. Folds nothing.
    #[must_use]
    pub fn open(
        head_memory: Memory,
        parents: Vec<Seq>,
        firings: Vec<Seq>,
        source: Box<dyn EventSource>,
        interval: u64,
    ) -> Self {
        let mut firing = vec![false; parents.len()];
        for s in firings {
            if let Some(f) = firing.get_mut(s.index()) {
                *f = true;
            }
        }
        let mut t = Self {
            cursor: Seq(parents.len().saturating_sub(1) as u64),
            parents,
            firing,
            snapshots: BTreeMap::new(),
            interval: interval.max(1),
            memory: head_memory.clone(),
            head_memory,
            on_head_branch: Vec::new(),
            pages: Pages::new(source),
        };
        t.mark_head_branch();
        t
    }

    /// A timeline over a whole log in memory, with every snapshot and the cursor at head.
    #[must_use]
    pub fn from_records(records: &[EventRecord], interval: u64) -> Self {
        let mut t = Self::new(interval);
        t.push(records);
        t.memory = t.head_memory.clone();
        t.cursor = t.head();
        t
    }

    /// Appends newly logged records (in seq order, continuing the head). The cursor stays where
    /// it is; callers that follow the head seek to it.
    pub fn push(&mut self, records: &[EventRecord]) {
        let mut branched = false;
        for r in records {
            if r.seq.0 != self.parents.len() as u64 {
                continue;
            }
            let head = self.head();
            if r.parent != head {
                self.head_memory = self.memory_at(r.parent);
                branched = true;
            }
            self.head_memory.apply(&r.event);
            self.parents.push(r.parent);
            self.firing.push(is_firing(&r.event));
            if r.seq.0 % self.interval == 0 {
                self.snapshots.insert(r.seq, self.head_memory.clone());
            }
            self.pages.appended(r.clone());
            self.on_head_branch.push(true);
        }
        // A record continuing the head keeps every mark; one after a rollback moves the branch.
        if branched {
            self.mark_head_branch();
        }
    }

    /// Snapshots folded elsewhere (see [`SnapshotBuilder`]).
    pub fn add_snapshots(&mut self, snapshots: Vec<(Seq, Memory)>) {
        for (seq, m) in snapshots {
            if seq <= self.head() {
                self.snapshots.entry(seq).or_insert(m);
            }
        }
    }

    /// How many snapshots it holds.
    #[must_use]
    pub fn snapshot_count(&self) -> usize {
        self.snapshots.len()
    }

    /// The seqs between snapshots.
    #[must_use]
    pub fn interval(&self) -> u64 {
        self.interval
    }

    fn mark_head_branch(&mut self) {
        let mut marks = vec![false; self.parents.len()];
        let mut cur = self.head();
        while cur.0 > 0 {
            marks[cur.index()] = true;
            cur = self.parent_of(cur).unwrap_or(Seq(0));
        }
        marks[0] = true;
        self.on_head_branch = marks;
    }

    /// The last seq (0 when empty).
    #[must_use]
    pub fn head(&self) -> Seq {
        Seq(self.parents.len().saturating_sub(1) as u64)
    }

    /// The seq the panes show.
    #[must_use]
    pub fn cursor(&self) -> Seq {
        self.cursor
    }

    /// Whether the cursor is at head.
    #[must_use]
    pub fn is_at_head(&self) -> bool {
        self.cursor == self.head()
    }

    /// The memory at the cursor.
    #[must_use]
    pub fn memory(&self) -> &Memory {
        &self.memory
    }

    /// The memory at head.
    #[must_use]
    pub fn head_memory(&self) -> &Memory {
        &self.head_memory
    }

    /// The entry at a seq (none for 0), read from its page.
    #[must_use]
    pub fn entry(&self, seq: Seq) -> Option<EventRecord> {
        if seq.0 == 0 || seq > self.head() {
            return None;
        }
        self.pages.get(seq, self.head())
    }

    /// Every entry in seq order, read page by page (nothing kept).
    pub fn records(&self) -> impl Iterator<Item = EventRecord> + '_ {
        self.pages.scan(self.head())
    }

    /// Every entry, read from the file into one vector: for tests and rare user actions, never
    /// per frame or per step (use [`Timeline::entry`] and [`Timeline::chain_back`]).
    #[must_use]
    pub fn entries(&self) -> Vec<EventRecord> {
        self.records().collect()
    }

    /// The last error reading the log, if a page could not be read.
    #[must_use]
    pub fn read_error(&self) -> Option<String> {
        self.pages.error()
    }

    /// The parent of a seq.
    #[must_use]
    pub fn parent_of(&self, seq: Seq) -> Option<Seq> {
        if seq.0 == 0 {
            return None;
        }
        self.parents.get(seq.index()).copied()
    }

    /// Whether a seq is on the head's ancestor chain; entries off it belong to branches a
    /// rollback left behind.
    #[must_use]
    pub fn is_on_head_branch(&self, seq: Seq) -> bool {
        self.on_head_branch.get(seq.index()).copied().unwrap_or(false)
    }

    /// Moves the cursor (clamped to the log) and folds the memory there.
    pub fn seek(&mut self, seq: Seq) {
        let seq = Seq(seq.0.min(self.head().0));
        if seq == self.cursor {
            return;
        }
        if self.parent_of(seq) == Some(self.cursor) {
            // A step along the chain: one apply, no copy of the memory.
            if let Some(r) = self.entry(seq) {
                self.memory.apply(&r.event);
            }
        } else if seq == self.head() {
            self.memory = self.head_memory.clone();
        } else {
            self.memory = self.fold_to(seq, Some((self.cursor, &self.memory)));
        }
        self.cursor = seq;
    }

    /// One seq back; false at 0.
    pub fn step_back(&mut self) -> bool {
        if self.cursor.0 == 0 {
            return false;
        }
        self.seek(Seq(self.cursor.0 - 1));
        true
    }

    /// One seq forward; false at head.
    pub fn step_forward(&mut self) -> bool {
        if self.is_at_head() {
            return false;
        }
        self.seek(Seq(self.cursor.0 + 1));
        true
    }

    /// The memory at a seq, without moving the cursor.
    #[must_use]
    pub fn memory_at(&self, seq: Seq) -> Memory {
        if seq == self.cursor {
            return self.memory.clone();
        }
        self.fold_to(seq, Some((self.cursor, &self.memory)))
    }

    /// Folds the ancestor chain of `seq`, starting from the nearest of: a known memory on the
    /// chain, a snapshot, the head, or the empty memory.
    fn fold_to(&self, seq: Seq, known: Option<(Seq, &Memory)>) -> Memory {
        let mut pending = Vec::new();
        let mut cur = seq;
        let mut memory = loop {
            if let Some((at, m)) = known
                && at == cur
            {
                break m.clone();
            }
            if cur.0 == 0 {
                break Memory::new();
            }
            if let Some(m) = self.snapshots.get(&cur) {
                break m.clone();
            }
            if cur == self.head() {
                break self.head_memory.clone();
            }
            pending.push(cur);
            cur = self.parent_of(cur).unwrap_or(Seq(0));
        };
        pending.reverse();
        for r in self.pages.chain(&pending, self.head()) {
            memory.apply(&r.event);
        }
        memory
    }

    /// The operator firing or proposal nearest before `from` (exclusive), in seq order.
    #[must_use]
    pub fn prev_firing(&self, from: Seq) -> Option<Seq> {
        let end = from.index().min(self.firing.len());
        self.firing[..end]
            .iter()
            .rposition(|f| *f)
            .filter(|i| *i > 0)
            .map(|i| Seq(i as u64))
    }

    /// The operator firing or proposal nearest after `from` (exclusive), in seq order.
    #[must_use]
    pub fn next_firing(&self, from: Seq) -> Option<Seq> {
        let start = (from.index() + 1).min(self.firing.len());
        self.firing[start..]
            .iter()
            .position(|f| *f)
            .map(|i| Seq((start + i) as u64))
    }

    /// The firings and proposals on the head's branch, newest first, read from their pages: what
    /// a search for a firing or proposal at head walks instead of the whole chain.
    pub fn head_branch_firings(&self) -> impl Iterator<Item = EventRecord> + '_ {
        (1..self.firing.len())
            .rev()
            .filter(|i| self.firing[*i] && self.on_head_branch.get(*i).copied().unwrap_or(false))
            .filter_map(|i| self.entry(Seq(i as u64)))
    }

    /// The latest firing or proposal on the ancestor chain of `seq`, at or before it, looking
    /// back at most `limit` entries.
    #[must_use]
    pub fn firing_at_or_before(&self, seq: Seq, limit: usize) -> Option<EventRecord> {
        let mut cur = seq;
        for _ in 0..limit {
            if cur.0 == 0 {
                return None;
            }
            if self.firing.get(cur.index()).copied().unwrap_or(false) {
                return self.entry(cur);
            }
            cur = self.parent_of(cur).unwrap_or(Seq(0));
        }
        None
    }

    /// The entries on the ancestor chain of `seq`, newest first.
    pub fn chain_back(&self, seq: Seq) -> impl Iterator<Item = EventRecord> + '_ {
        let mut cur = seq;
        std::iter::from_fn(move || {
            let r = self.entry(cur)?;
            cur = r.parent;
            Some(r)
        })
    }
}

/// Folds a log from the start and yields the snapshots a [`Timeline`] opened at head lacks, in
/// batches; runs wherever the caller likes (the inspector: a background thread).
pub struct SnapshotBuilder {
    parents: Vec<Seq>,
    interval: u64,
}

impl SnapshotBuilder {
    /// A builder for a log with these parents (index = seq), snapshotting every `interval`.
    #[must_use]
    pub fn new(parents: Vec<Seq>, interval: u64) -> Self {
        Self {
            parents,
            interval: interval.max(1),
        }
    }

    /// Reads the log through `source` in seq order and hands over snapshots, `batch` at a time.
    /// Stops early (returning `Ok`) when `send` returns false.
    pub fn run(
        self,
        source: Box<dyn EventSource>,
        batch: usize,
        send: &mut dyn FnMut(Vec<(Seq, Memory)>) -> bool,
    ) -> Result<()> {
        let head = Seq(self.parents.len().saturating_sub(1) as u64);
        // Its own timeline over the same log, grown as the records are read; a record whose
        // parent is not the previous one (after a rollback) folds from its own snapshots.
        let mut t = Timeline::open(Memory::new(), vec![Seq(0)], Vec::new(), source, self.interval);
        let mut out = Vec::new();
        let mut from = 1u64;
        while from <= head.0 {
            let to = (from + 4095).min(head.0);
            let records = t.pages.range(Seq(from), Seq(to))?;
            for r in &records {
                t.push(std::slice::from_ref(r));
                if r.seq.0 % self.interval == 0 {
                    out.push((r.seq, t.head_memory.clone()));
                    if out.len() >= batch && !send(std::mem::take(&mut out)) {
                        return Ok(());
                    }
                }
            }
            from = to + 1;
        }
        if !out.is_empty() {
            send(out);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::fold;

    fn record(seq: u64, parent: u64, event: Event) -> EventRecord {
        EventRecord {
            seq: Seq(seq),
            parent: Seq(parent),
            event,
        }
    }

    fn theta(n: u32) -> Event {
        Event::ThresholdsChanged {
            theta_inf: n,
            theta_sum: n * 2,
        }
    }

    fn turn(i: u32) -> Event {
        Event::TurnIngested {
            turn: i,
            speaker: "user".into(),
            text: format!("turn {i}"),
            time: None,
            session: 1,
            source_ref: None,
            attachments: Vec::new(),
            dates: Vec::new(),
        }
    }

    /// 1..=10 linear turns, then a rollback to 4 and two more turns on the new branch.
    fn branched() -> Vec<EventRecord> {
        let mut v = vec![record(1, 0, theta(3))];
        for s in 2..=10 {
            v.push(record(s, s - 1, turn(s as u32)));
        }
        v.push(record(11, 4, Event::RolledBack { to: Seq(4) }));
        v.push(record(12, 11, turn(100)));
        v.push(record(13, 12, turn(101)));
        v
    }

    fn chain_fold(records: &[EventRecord], seq: Seq) -> Memory {
        let mut chain = Vec::new();
        let mut cur = seq;
        while cur.0 > 0 {
            let r = &records[cur.index() - 1];
            chain.push(&r.event);
            cur = r.parent;
        }
        chain.reverse();
        fold(chain)
    }

    #[test]
    fn seek_equals_fold_of_the_ancestor_chain_for_every_seq() {
        let records = branched();
        for interval in [1, 3, 256] {
            let mut t = Timeline::from_records(&records, interval);
            for s in (0..=13).rev().chain(0..=13) {
                t.seek(Seq(s));
                assert_eq!(t.memory(), &chain_fold(&records, Seq(s)), "interval {interval} seq {s}");
            }
        }
    }

    #[test]
    fn back_then_forward_is_identity() {
        let records = branched();
        let mut t = Timeline::from_records(&records, 4);
        let before = t.memory().clone();
        assert!(t.step_back());
        assert_ne!(t.memory(), &before);
        assert!(t.step_forward());
        assert_eq!(t.memory(), &before);
        assert!(!t.step_forward());
    }

    #[test]
    fn rollback_branch_is_off_the_head_chain() {
        let t = Timeline::from_records(&branched(), 4);
        assert!(t.is_on_head_branch(Seq(4)));
        assert!(!t.is_on_head_branch(Seq(7)));
        assert!(t.is_on_head_branch(Seq(13)));
        assert_eq!(t.head_memory().turns.len(), 5);
    }

    #[test]
    fn opened_at_head_seeks_like_a_full_timeline_before_and_after_its_snapshots_arrive() {
        let records = branched();
        let full = Timeline::from_records(&records, 2);
        let mut parents = vec![Seq(0)];
        parents.extend(records.iter().map(|r| r.parent));
        let firings: Vec<Seq> = records.iter().filter(|r| is_firing(&r.event)).map(|r| r.seq).collect();
        let open = |records: &[EventRecord]| {
            Timeline::open(
                full.head_memory().clone(),
                parents.clone(),
                firings.clone(),
                Box::new(Records::from(records.to_vec())),
                2,
            )
        };
        let mut t = open(&records);
        assert_eq!((t.cursor(), t.snapshot_count()), (Seq(13), 0));
        for s in (0..=13).rev() {
            t.seek(Seq(s));
            assert_eq!(t.memory(), &chain_fold(&records, Seq(s)), "without snapshots, seq {s}");
        }
        let mut batches = Vec::new();
        SnapshotBuilder::new(parents.clone(), 2)
            .run(Box::new(Records::from(records.clone())), 2, &mut |b| {
                batches.push(b);
                true
            })
            .unwrap();
        assert!(batches.len() > 1, "sent in batches");
        let mut t = open(&records);
        for b in batches {
            t.add_snapshots(b);
        }
        assert_eq!(t.snapshot_count(), full.snapshot_count());
        for s in (0..=13).rev().chain(0..=13) {
            t.seek(Seq(s));
            assert_eq!(t.memory(), &chain_fold(&records, Seq(s)), "with snapshots, seq {s}");
        }
        assert!(!t.is_on_head_branch(Seq(7)) && t.is_on_head_branch(Seq(12)));
    }

    #[test]
    fn entries_are_paged_and_a_long_log_is_read_back_whole() {
        let mut records = vec![record(1, 0, theta(3))];
        for s in 2..=3000 {
            records.push(record(s, s - 1, turn(s as u32)));
        }
        let mut t = Timeline::from_records(&records, 512);
        assert_eq!(t.records().count(), 3000);
        assert_eq!(t.entry(Seq(2999)).map(|r| r.seq), Some(Seq(2999)));
        assert_eq!(t.entry(Seq(3001)), None);
        t.seek(Seq(5));
        t.seek(Seq(2700));
        assert_eq!(t.memory().turns.len(), 2699);
        assert_eq!(t.chain_back(Seq(10)).count(), 10);
    }

    #[test]
    fn push_extends_and_keeps_the_cursor() {
        let records = branched();
        let mut t = Timeline::from_records(&records[..5], 2);
        t.seek(Seq(2));
        t.push(&records[5..]);
        assert_eq!(t.cursor(), Seq(2));
        assert_eq!(t.head(), Seq(13));
        assert_eq!(t.head_memory(), &chain_fold(&records, Seq(13)));
        t.seek(Seq(9));
        assert_eq!(t.memory(), &chain_fold(&records, Seq(9)));
    }
}
