//! The cursor over the event log, for stepping through history: every entry in memory plus
//! periodic snapshots of the folded memory, so the memory at any seq (the fold of its ancestor
//! chain, so rollback branches fold correctly) is at most about one snapshot interval of applies
//! away. Pure and synchronous: it never touches the database.

use crate::event::{Event, EventRecord};
use crate::ids::Seq;
use crate::memory::Memory;
use std::collections::BTreeMap;

/// Default seqs between snapshots.
pub const SNAPSHOT_INTERVAL: u64 = 256;

/// Entries, snapshots, the cursor and the memory at the cursor.
#[derive(Debug, Clone)]
pub struct Timeline {
    /// `entries[i]` has seq `i + 1`.
    entries: Vec<EventRecord>,
    /// The memory at every seq that is a multiple of `interval`.
    snapshots: BTreeMap<Seq, Memory>,
    interval: u64,
    cursor: Seq,
    memory: Memory,
    /// The memory at head, kept so appends stay incremental.
    head_memory: Memory,
    /// Whether each seq lies on the head's ancestor chain (index = seq; 0 always does).
    on_head_branch: Vec<bool>,
}

impl Default for Timeline {
    fn default() -> Self {
        Self::new(SNAPSHOT_INTERVAL)
    }
}

impl Timeline {
    /// An empty timeline taking a snapshot every `interval` seqs.
    #[must_use]
    pub fn new(interval: u64) -> Self {
        Self {
            entries: Vec::new(),
            snapshots: BTreeMap::new(),
            interval: interval.max(1),
            cursor: Seq(0),
            memory: Memory::new(),
            head_memory: Memory::new(),
            on_head_branch: vec![true],
        }
    }

    /// A timeline over a whole log, with the cursor at head.
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
        for r in records {
            if r.seq.0 != self.entries.len() as u64 + 1 {
                continue;
            }
            let head = self.head();
            if r.parent != head {
                self.head_memory = self.memory_at(r.parent);
            }
            self.head_memory.apply(&r.event);
            self.entries.push(r.clone());
            if r.seq.0 % self.interval == 0 {
                self.snapshots.insert(r.seq, self.head_memory.clone());
            }
        }
        if !records.is_empty() {
            self.mark_head_branch();
        }
    }

    fn mark_head_branch(&mut self) {
        let mut marks = vec![false; self.entries.len() + 1];
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
        Seq(self.entries.len() as u64)
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

    /// Every entry, in seq order.
    #[must_use]
    pub fn entries(&self) -> &[EventRecord] {
        &self.entries
    }

    /// The entry at a seq (none for 0).
    #[must_use]
    pub fn entry(&self, seq: Seq) -> Option<&EventRecord> {
        seq.index().checked_sub(1).and_then(|i| self.entries.get(i))
    }

    /// The parent of a seq.
    #[must_use]
    pub fn parent_of(&self, seq: Seq) -> Option<Seq> {
        self.entry(seq).map(|r| r.parent)
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
            if let Some(r) = self.entries.get(seq.index() - 1) {
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
    /// chain, a snapshot, or the empty memory.
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
        for s in pending.iter().rev() {
            if let Some(r) = self.entry(*s) {
                memory.apply(&r.event);
            }
        }
        memory
    }

    /// The operator firing or proposal nearest before `from` (exclusive), in seq order.
    #[must_use]
    pub fn prev_firing(&self, from: Seq) -> Option<Seq> {
        (1..from.0).rev().map(Seq).find(|s| self.is_firing(*s))
    }

    /// The operator firing or proposal nearest after `from` (exclusive), in seq order.
    #[must_use]
    pub fn next_firing(&self, from: Seq) -> Option<Seq> {
        (from.0 + 1..=self.head().0).map(Seq).find(|s| self.is_firing(*s))
    }

    fn is_firing(&self, seq: Seq) -> bool {
        self.entry(seq)
            .is_some_and(|r| matches!(r.event, Event::OperatorFired { .. } | Event::AbstractionProposed { .. }))
    }

    /// The latest firing or proposal on the ancestor chain of `seq`, at or before it, looking
    /// back at most `limit` entries.
    #[must_use]
    pub fn firing_at_or_before(&self, seq: Seq, limit: usize) -> Option<&EventRecord> {
        self.chain_back(seq)
            .take(limit)
            .find(|r| matches!(r.event, Event::OperatorFired { .. } | Event::AbstractionProposed { .. }))
    }

    /// The entries on the ancestor chain of `seq`, newest first.
    pub fn chain_back(&self, seq: Seq) -> impl Iterator<Item = &EventRecord> + '_ {
        let mut cur = seq;
        std::iter::from_fn(move || {
            let r = self.entry(cur)?;
            cur = r.parent;
            Some(r)
        })
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
