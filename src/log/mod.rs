//! The SQLite event store: append-only, WAL, numbered migrations, one transaction per step,
//! and checkpoints of the folded memory so a seek replays at most about one interval of events.
//!
//! Every event has a `seq` and a `parent`. A rollback appends `rolled_back` whose parent is the
//! target, so the history is a tree and nothing is ever deleted. The memory at a seq is the fold
//! of its ancestor chain.

mod checkpoint;
mod reader;
mod schema;

pub use reader::Reader;

use crate::error::{Error, Result};
use crate::event::{self, Event, EventRecord};
use crate::ids::Seq;
use crate::memory::Memory;
use crate::time::Timestamp;
use rusqlite::{Connection, OptionalExtension, params};
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Events between checkpoints, unless [`Log::open_with`] asks for another interval.
pub const CHECKPOINT_INTERVAL: u64 = 1000;

/// An open event log.
pub struct Log {
    conn: Connection,
    path: PathBuf,
    /// `parents[seq]` is the parent of `seq`; index 0 is the empty root.
    parents: Vec<Seq>,
    checkpoints: BTreeSet<Seq>,
    interval: u64,
    /// The last checkpoint written or read, which the next one refers to for what is unchanged.
    base: RefCell<Option<checkpoint::Base>>,
}

impl Log {
    /// Opens (creating if needed) a log file and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Self> {
        Self::open_with(path, CHECKPOINT_INTERVAL)
    }

    /// Like [`Log::open`], checkpointing every `interval` events (at least 1). Tests use a small
    /// interval so seeks cross many checkpoints; the interval only decides where new checkpoints
    /// go, so a file may be reopened with another.
    pub fn open_with(path: &Path, interval: u64) -> Result<Self> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| Error::Io {
                path: dir.display().to_string(),
                source,
            })?;
        }
        let conn = Connection::open(path)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        schema::migrate(&conn)?;
        let mut parents = vec![Seq(0)];
        {
            let mut stmt = conn.prepare("SELECT seq, parent FROM events ORDER BY seq")?;
            let rows = stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))?;
            for row in rows {
                let (seq, parent) = row?;
                if usize::try_from(seq).ok() != Some(parents.len()) {
                    return Err(Error::Codec(format!("gap in the log before seq {seq}")));
                }
                parents.push(Seq(u64::try_from(parent).unwrap_or(0)));
            }
        }
        let checkpoints = {
            let mut stmt = conn.prepare("SELECT seq FROM checkpoints")?;
            let rows = stmt.query_map([], |r| r.get::<_, i64>(0))?;
            rows.map(|r| r.map(|s| Seq(u64::try_from(s).unwrap_or(0))))
                .collect::<Result<BTreeSet<_>, _>>()?
        };
        Ok(Self {
            conn,
            path: path.to_path_buf(),
            parents,
            checkpoints,
            interval: interval.max(1),
            base: RefCell::new(None),
        })
    }

    /// The file behind the log.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The underlying connection, for modules that keep their own tables in the same file.
    #[must_use]
    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    /// The last appended event (Seq 0 when empty).
    #[must_use]
    pub fn head(&self) -> Seq {
        Seq((self.parents.len() - 1) as u64)
    }

    /// `parents[seq]` for every seq; index 0 is the empty root.
    #[must_use]
    pub fn parents(&self) -> &[Seq] {
        &self.parents
    }

    /// Whether a seq exists (0 always does).
    #[must_use]
    pub fn contains(&self, seq: Seq) -> bool {
        seq.index() < self.parents.len()
    }

    /// The parent of a seq.
    #[must_use]
    pub fn parent_of(&self, seq: Seq) -> Option<Seq> {
        self.parents.get(seq.index()).copied()
    }

    /// Whether `ancestor` is on the chain of `seq` (a seq is its own ancestor). Parents always
    /// have smaller seqs, so the walk stops as soon as it passes below `ancestor`.
    #[must_use]
    pub fn is_ancestor(&self, ancestor: Seq, seq: Seq) -> bool {
        if !self.contains(ancestor) || !self.contains(seq) {
            return false;
        }
        let mut cur = seq;
        while cur > ancestor {
            cur = self.parents[cur.index()];
        }
        cur == ancestor
    }

    /// The ancestor chain of `seq`, oldest first, excluding 0.
    #[must_use]
    pub fn chain(&self, seq: Seq) -> Vec<Seq> {
        let mut out = Vec::new();
        let mut cur = seq;
        while cur.0 > 0 && self.contains(cur) {
            out.push(cur);
            cur = self.parents[cur.index()];
        }
        out.reverse();
        out
    }

    /// Appends one step's events in one transaction, and a checkpoint of `memory_after` when the
    /// step crossed a checkpoint boundary. The first event's parent is the head, except for a
    /// rollback, whose parent is its target.
    pub fn append_step(&mut self, events: &[Event], memory_after: &Memory) -> Result<Vec<EventRecord>> {
        if events.is_empty() {
            return Ok(Vec::new());
        }
        let start = self.head();
        let logged_at = now();
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let mut records = Vec::with_capacity(events.len());
        {
            let mut stmt = tx.prepare_cached(
                "INSERT INTO events (seq, parent, kind, version, body, logged_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?;
            let mut prev = start;
            for (i, e) in events.iter().enumerate() {
                let seq = Seq(start.0 + 1 + i as u64);
                let parent = match e {
                    Event::RolledBack { to } => *to,
                    _ => prev,
                };
                let (kind, version, body) = event::encode(e)?;
                stmt.execute(params![to_i64(seq), to_i64(parent), kind, version, body, logged_at])?;
                records.push(EventRecord {
                    seq,
                    parent,
                    event: e.clone(),
                });
                prev = seq;
            }
        }
        let end = Seq(start.0 + events.len() as u64);
        let checkpoint = end.0 / self.interval > start.0 / self.interval;
        let base = if checkpoint {
            Some(checkpoint::write(&tx, end, memory_after, self.base.get_mut().as_ref())?)
        } else {
            None
        };
        tx.commit()?;
        self.parents.extend(records.iter().map(|r| r.parent));
        if let Some(base) = base {
            self.checkpoints.insert(end);
            *self.base.get_mut() = Some(base);
        }
        Ok(records)
    }

    /// One event.
    pub fn event(&self, seq: Seq) -> Result<EventRecord> {
        self.conn
            .query_row(
                "SELECT seq, parent, kind, version, body FROM events WHERE seq = ?1",
                [to_i64(seq)],
                read_record,
            )
            .optional()?
            .ok_or(Error::UnknownSeq(seq))?
    }

    /// Events with seq in `from..=to`, in order.
    pub fn range(&self, from: Seq, to: Seq) -> Result<Vec<EventRecord>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT seq, parent, kind, version, body FROM events WHERE seq >= ?1 AND seq <= ?2 ORDER BY seq",
        )?;
        let rows = stmt.query_map([to_i64(from), to_i64(to)], read_record)?;
        rows.map(|r| r?).collect()
    }

    /// Every event.
    pub fn all(&self) -> Result<Vec<EventRecord>> {
        self.range(Seq(1), self.head())
    }

    /// The memory at a seq: the nearest checkpointed ancestor, then the rest of the chain.
    pub fn memory_at(&self, seq: Seq) -> Result<Memory> {
        if !self.contains(seq) {
            return Err(Error::UnknownSeq(seq));
        }
        let mut pending = Vec::new();
        let mut cur = seq;
        while cur.0 > 0 && !self.checkpoints.contains(&cur) {
            pending.push(cur);
            cur = self.parents[cur.index()];
        }
        let mut memory = if cur.0 > 0 {
            self.checkpoint(cur)?
        } else {
            Memory::new()
        };
        pending.reverse();
        // The chain ascends; read it as runs of consecutive seqs, so a chain that jumps over an
        // abandoned branch never reads that branch's events.
        let mut rest = pending.as_slice();
        while let Some(first) = rest.first() {
            let run = rest.windows(2).take_while(|w| w[1].0 == w[0].0 + 1).count() + 1;
            for r in self.range(*first, rest[run - 1])? {
                memory.apply(&r.event);
            }
            rest = &rest[run..];
        }
        Ok(memory)
    }

    /// The seqs that hold a checkpoint, ascending.
    pub fn checkpoints(&self) -> impl Iterator<Item = Seq> + '_ {
        self.checkpoints.iter().copied()
    }

    /// A checkpoint's memory. The latest one read becomes the base the next checkpoint written
    /// refers to, so a reopened log does not store its memory again.
    fn checkpoint(&self, seq: Seq) -> Result<Memory> {
        let (memory, base) = checkpoint::read(&self.conn, seq)?;
        let mut kept = self.base.borrow_mut();
        if kept.as_ref().is_none_or(|b| b.seq() <= seq) {
            *kept = Some(base);
        }
        Ok(memory)
    }
}

fn read_record(r: &rusqlite::Row<'_>) -> rusqlite::Result<Result<EventRecord>> {
    let seq: i64 = r.get(0)?;
    let parent: i64 = r.get(1)?;
    let kind: String = r.get(2)?;
    let version: u32 = r.get(3)?;
    let body: String = r.get(4)?;
    let seq = Seq(u64::try_from(seq).unwrap_or(0));
    Ok(event::decode(&kind, version, &body)
        .map(|event| EventRecord {
            seq,
            parent: Seq(u64::try_from(parent).unwrap_or(0)),
            event,
        })
        .map_err(|e| Error::Codec(format!("{seq}: {e}"))))
}

fn to_i64(seq: Seq) -> i64 {
    i64::try_from(seq.0).unwrap_or(i64::MAX)
}

/// Wall-clock time of an append; the only clock in the engine, and it never reaches the fold.
fn now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0));
    Timestamp(secs).to_string()
}
