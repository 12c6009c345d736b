//! The SQLite event store: append-only, WAL, numbered migrations, each step atomic (one
//! transaction, or a savepoint in a bulk ingest's group of steps, see [`group`]), and
//! checkpoints of the folded memory so a seek replays at most about one interval of events.
//!
//! Every event has a `seq` and a `parent`. A rollback appends `rolled_back` whose parent is the
//! target, so the history is a tree and nothing is ever deleted. The memory at a seq is the fold
//! of its ancestor chain.
// Input, files and other processes reach this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

mod checkpoint;
mod copy;
// Cost accounting sums counters for display; it is not held to the input-facing lints above.
mod busy;
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)]
pub mod cost;
pub mod export;
pub mod group;
#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod group_tests;
mod holders;
mod immediate;
mod pack;
mod path;
#[cfg(feature = "postgres")]
pub mod pg;
mod queries;
mod reader;
pub mod recorded;
mod schema;
mod store;
#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests;

pub use checkpoint::chunk_body;
pub use copy::copy;
pub use holders::holders;
pub use reader::Reader;
pub use store::{EventStore, StoredMark, redact};

use busy::{busy_timeout, busy_to_in_use, retry_busy};
use immediate::{StepGuard, write_step};
use path::{immutable_uri, literal_path};

use crate::error::{Error, Result};
use crate::event::{self, Event, EventRecord};
use crate::ids::Seq;
use crate::memory::Memory;
use crate::time::Timestamp;
use rusqlite::{Connection, OpenFlags};
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Events between checkpoints, unless [`Log::open_with`] asks for another interval.
pub const CHECKPOINT_INTERVAL: u64 = 1000;

/// WAL pages between automatic checkpoints (SQLite's default is 1,000).
const WAL_AUTOCHECKPOINT: i64 = 4000;

/// The writer's page cache, in KiB when negative (SQLite's default is -2000).
const PAGE_CACHE_KIB: i64 = -16384;

/// An open event log.
pub struct Log {
    conn: Connection,
    path: PathBuf,
    /// `parents[seq]` is the parent of `seq`; index 0 is the empty root.
    parents: Vec<Seq>,
    checkpoints: BTreeSet<Seq>,
    interval: u64,
    read_only: bool,
    /// The last checkpoint written or read, which the next one refers to for what is unchanged.
    base: RefCell<Option<checkpoint::Base>>,
    /// Which lines of event bodies the file already holds, for packing appended events.
    packer: pack::Packer,
    /// Lines of packed bodies read so far.
    texts: pack::TextCache,
    /// SQLite's `data_version` when [`Log::refresh`] last read the file: it changes only when
    /// another connection commits, so while it holds, nothing new can be there to read.
    data_version: Option<i64>,
    /// Steps sharing the open transaction, if a bulk ingest asked for group commits.
    group: group::Group,
}

impl Log {
    /// Opens (creating if needed) a log file and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Self> {
        Self::open_with(path, CHECKPOINT_INTERVAL)
    }

    /// Like [`Log::open`], checkpointing every `interval` events (at least 1). Tests use a small
    /// interval so seeks cross many checkpoints; the interval only decides where new checkpoints
    /// go, so a file may be reopened with another.
    ///
    /// The path is always a file name: `:memory:` and `file:…` are not taken as SQLite's special
    /// names or URIs. A file whose permissions make it read-only is opened for reading only.
    pub fn open_with(path: &Path, interval: u64) -> Result<Self> {
        let read_only = std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly());
        if read_only {
            return Self::open_read_only(path).map(|log| log.with_interval(interval));
        }
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| Error::Io {
                path: dir.display().to_string(),
                source,
            })?;
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(literal_path(path), flags)?;
        conn.busy_timeout(busy_timeout())?;
        let display = path.display().to_string();
        // SQLite answers "busy" without waiting in a few places (switching a fresh file to WAL
        // while another process opens it too, WAL recovery), so opening retries for the same
        // bounded time the busy handler waits.
        retry_busy(path, || {
            schema::version(&conn, &display)?;
            let mode: String = conn.query_row("PRAGMA journal_mode", [], |r| r.get(0))?;
            if !mode.eq_ignore_ascii_case("wal") {
                conn.pragma_update(None, "journal_mode", "WAL")?;
            }
            conn.pragma_update(None, "synchronous", "NORMAL")?;
            // Each step commits a few pages; checkpointing every 4,000 WAL pages (16 MB) rather
            // than SQLite's 1,000 copies a page rewritten by many steps once per interval.
            conn.pragma_update(None, "wal_autocheckpoint", WAL_AUTOCHECKPOINT)?;
            // A group of steps (see `group`) writes a few MB; SQLite's 2 MB page cache would
            // spill it to the WAL before the commit, and spill again the pages the next steps
            // change.
            conn.pragma_update(None, "cache_size", PAGE_CACHE_KIB)?;
            // A step in a group is a savepoint, whose journal (the pages it changes, as they
            // were) SQLite spills to a temporary file past 64 KB: a sixth of a bulk ingest's
            // writes went there and were never read back. Kept in memory, it is a step's pages.
            conn.pragma_update(None, "temp_store", "MEMORY")?;
            schema::migrate(&conn, &display)
        })?;
        Self::load(conn, path, false).map(|log| log.with_interval(interval))
    }

    /// Opens an existing log for reading only (`log`, `show` and `export` on a file the user
    /// may not write); appending fails with [`Error::ReadOnly`].
    ///
    /// A WAL file needs its `-shm` beside it; when that cannot be created (the directory is not
    /// writable either) the file is read as immutable, which is exact once its last writer has
    /// closed it (SQLite then folds the WAL back in and removes it).
    pub fn open_read_only(path: &Path) -> Result<Self> {
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let display = path.display().to_string();
        let conn = Connection::open_with_flags(literal_path(path), flags)?;
        conn.busy_timeout(busy_timeout())?;
        let conn = match retry_busy(path, || schema::version(&conn, &display)) {
            Err(Error::Sqlite(rusqlite::Error::SqliteFailure(f, _)))
                if matches!(f.code, rusqlite::ErrorCode::ReadOnly | rusqlite::ErrorCode::CannotOpen) =>
            {
                drop(conn);
                Connection::open_with_flags(immutable_uri(path)?, flags | OpenFlags::SQLITE_OPEN_URI)?
            }
            _ => conn,
        };
        if retry_busy(path, || schema::version(&conn, &display))? == 0 {
            return Err(Error::ReadOnly { path: display });
        }
        Self::load(conn, path, true)
    }

    fn with_interval(mut self, interval: u64) -> Self {
        self.interval = interval.max(1);
        self
    }

    /// Reads the parent table, refusing a damaged one: every parent is a seq before its own,
    /// so every ancestor walk ends.
    fn load(conn: Connection, path: &Path, read_only: bool) -> Result<Self> {
        let mut log = Self {
            conn,
            path: path.to_path_buf(),
            parents: vec![Seq(0)],
            checkpoints: BTreeSet::new(),
            interval: CHECKPOINT_INTERVAL,
            read_only,
            base: RefCell::new(None),
            packer: pack::Packer::default(),
            texts: pack::TextCache::default(),
            data_version: None,
            group: group::Group::default(),
        };
        retry_busy(path, || log.refresh())?;
        if !read_only {
            let no_texts: bool = log
                .conn
                .query_row("SELECT NOT EXISTS (SELECT 1 FROM texts)", [], |r| r.get(0))?;
            log.packer.set_complete(no_texts);
        }
        Ok(log)
    }

    /// Reads what other processes appended since this log last looked; returns whether
    /// anything was.
    pub fn refresh(&mut self) -> Result<bool> {
        let version = self.data_version()?;
        if self.data_version == Some(version) {
            return Ok(false);
        }
        self.packer.others_wrote();
        let before = self.parents.len();
        {
            let mut stmt = self
                .conn
                .prepare_cached("SELECT seq, parent FROM events WHERE seq > ?1 ORDER BY seq")?;
            let rows = stmt.query_map([to_i64(self.head())], |r| {
                Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?))
            })?;
            for row in rows {
                let (seq, parent) = row?;
                store::push_parent(&mut self.parents, seq, parent)?;
            }
        }
        let mut stmt = self.conn.prepare_cached("SELECT seq FROM checkpoints WHERE seq > ?1")?;
        let rows = stmt.query_map([i64::try_from(before.saturating_sub(1)).unwrap_or(i64::MAX)], |r| {
            r.get::<_, i64>(0)
        })?;
        for seq in rows {
            let seq = seq?;
            match u64::try_from(seq)
                .ok()
                .map(Seq)
                .filter(|s| s.0 > 0 && self.contains(*s))
            {
                Some(s) => {
                    self.checkpoints.insert(s);
                }
                None => {
                    return Err(Error::InvalidRecord {
                        seq: Seq(u64::try_from(seq).unwrap_or(0)),
                        message: "a checkpoint for a seq the log does not hold".into(),
                    });
                }
            }
        }
        self.data_version = Some(version);
        Ok(self.parents.len() != before)
    }

    /// SQLite's count of other connections' commits to the file, as seen by this one.
    fn data_version(&self) -> Result<i64> {
        Ok(self
            .conn
            .prepare_cached("PRAGMA data_version")?
            .query_row([], |r| r.get(0))?)
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
        Seq(u64::try_from(self.parents.len().saturating_sub(1)).unwrap_or(u64::MAX))
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
            cur = self.parent_of(cur).unwrap_or(Seq(0));
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
            cur = self.parent_of(cur).unwrap_or(Seq(0));
        }
        out.reverse();
        out
    }

    /// Appends one step's events in one transaction, and a checkpoint of `memory_after` when the
    /// step crossed a checkpoint boundary. The first event's parent is the head, except for a
    /// rollback, whose parent is its target.
    pub fn append_step(&mut self, events: &[Event], memory_after: &Memory) -> Result<Vec<EventRecord>> {
        self.append_marked(events.to_vec(), memory_after, None)
    }

    /// Like [`Log::append_step`], recording in the same transaction that the step consumed
    /// `mark.position` of the input `mark.source`, so a rerun resumes after it.
    ///
    /// The head is read again inside the write transaction (`BEGIN IMMEDIATE`): if another
    /// process appended since this log last looked, nothing is written and the error is
    /// [`Error::LogMoved`], for the engine to reload and redo the step. A lock held longer than
    /// the busy wait is [`Error::InUse`], naming the holder.
    pub fn append_marked(
        &mut self,
        events: Vec<Event>,
        memory_after: &Memory,
        mark: Option<SourceMark<'_>>,
    ) -> Result<Vec<EventRecord>> {
        if events.is_empty() {
            return Ok(Vec::new());
        }
        if self.read_only {
            return Err(Error::ReadOnly {
                path: self.path.display().to_string(),
            });
        }
        let start = self.head();
        let path = self.path.clone();
        if !self.group.is_open() {
            immediate::begin(&self.conn).map_err(|e| busy_to_in_use(e.into(), &path))?;
            self.group.began(self.parents.len());
            // Another process may have committed texts since this log last looked.
            if self.data_version().ok() != self.data_version || self.data_version.is_none() {
                self.packer.others_wrote();
            }
        }
        self.packer.begin();
        let written = {
            let step = StepGuard::new(&self.conn, self.group.grouping())?;
            let base = self.base.get_mut().as_ref();
            let written = write_step(
                &step,
                &mut self.packer,
                base,
                self.interval,
                events,
                memory_after,
                mark,
                start,
            );
            match written {
                Ok(w) => step.release().map(|()| w).map_err(Error::from),
                Err(e) => Err(e),
            }
        };
        let (records, checkpoint) = match written {
            Ok(w) => w,
            Err(e) => {
                // Undone by the step's guard; a transaction that held only this step ends too.
                if self.group.is_empty() || self.conn.is_autocommit() {
                    self.rollback_group();
                }
                return Err(match e {
                    Error::LogMoved { .. } => Error::LogMoved {
                        path: path.display().to_string(),
                    },
                    e => e,
                });
            }
        };
        self.packer.step_released();
        let end = records.last().map_or(start, |r| r.seq);
        self.parents.extend(records.iter().map(|r| r.parent));
        if let Some(base) = checkpoint {
            self.checkpoints.insert(end);
            *self.base.get_mut() = Some(base);
        }
        if self.group.stepped() {
            self.flush()?;
        }
        Ok(records)
    }

    /// The last position of `source` a step on the current branch consumed (see
    /// [`Log::append_marked`]), if any.
    pub fn replayed(&self, source: &str) -> Result<Option<u32>> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT seq, position FROM replayed WHERE source = ?1 ORDER BY seq DESC")?;
        let rows = stmt.query_map([source], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, u32>(1)?)))?;
        for row in rows {
            let (seq, position) = row?;
            let seq = Seq(u64::try_from(seq).unwrap_or(0));
            if self.is_ancestor(seq, self.head()) {
                return Ok(Some(position));
            }
        }
        Ok(None)
    }

    /// One event.
    pub fn event(&self, seq: Seq) -> Result<EventRecord> {
        read_range(&self.conn, &self.texts, seq, seq)?
            .pop()
            .ok_or(Error::UnknownSeq(seq))
    }

    /// Events with seq in `from..=to`, in order.
    pub fn range(&self, from: Seq, to: Seq) -> Result<Vec<EventRecord>> {
        read_range(&self.conn, &self.texts, from, to)
    }

    /// Every event.
    pub fn all(&self) -> Result<Vec<EventRecord>> {
        self.range(Seq(1), self.head())
    }

    /// The memory at a seq: the nearest checkpointed ancestor, then the rest of the chain.
    pub fn memory_at(&self, seq: Seq) -> Result<Memory> {
        store::seek(self, seq, |s| self.checkpoints.contains(&s), |s| self.checkpoint(s))
    }

    /// The seqs that hold a checkpoint, ascending.
    pub fn checkpoints(&self) -> impl Iterator<Item = Seq> + '_ {
        self.checkpoints.iter().copied()
    }

    /// A checkpoint's memory. The latest one read becomes the base the next checkpoint written
    /// refers to, so a reopened log does not store its memory again.
    fn checkpoint(&self, seq: Seq) -> Result<Memory> {
        checkpoint::adopt(seq, checkpoint::read(&self.conn, seq)?, &self.base)
    }

    /// The latest checkpoint this log wrote or read, with its memory (sharing structure with
    /// it, so the copy is cheap): after [`Log::memory_at`] of the head, the checkpoint the head
    /// was folded from, which a reader of the history can start from instead of the empty memory.
    #[must_use]
    pub fn last_checkpoint(&self) -> Option<(Seq, Memory)> {
        self.base.borrow().as_ref().map(|b| (b.seq(), b.memory().clone()))
    }
}

/// Events with seq in `from..=to` as the file stores them, decoded: JSON text bodies as they
/// are, packed ones unpacked through `texts` first.
fn read_range(conn: &Connection, texts: &pack::TextCache, from: Seq, to: Seq) -> Result<Vec<EventRecord>> {
    let mut stmt = conn.prepare_cached(
        "SELECT seq, parent, kind, version, body FROM events WHERE seq >= ?1 AND seq <= ?2 ORDER BY seq",
    )?;
    let rows = stmt.query_map([to_i64(from), to_i64(to)], |r| {
        let body = match r.get_ref(4)? {
            rusqlite::types::ValueRef::Text(t) => Stored::Json(String::from_utf8(t.to_vec())),
            rusqlite::types::ValueRef::Blob(b) => Stored::Packed(b.to_vec()),
            _ => Stored::Neither,
        };
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, i64>(1)?,
            r.get::<_, String>(2)?,
            r.get::<_, u32>(3)?,
            body,
        ))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (seq, parent, kind, version, body) = row?;
        let seq = Seq(u64::try_from(seq).unwrap_or(0));
        let body = match body {
            Stored::Json(Ok(text)) => text,
            Stored::Json(Err(e)) => return Err(Error::Codec(format!("{seq}: the body is not UTF-8: {e}"))),
            Stored::Packed(bytes) => texts
                .unpack(conn, &bytes)
                .map_err(|e| Error::Codec(format!("{seq}: {e}")))?,
            Stored::Neither => return Err(Error::Codec(format!("{seq}: the body is neither text nor packed"))),
        };
        let event = event::decode(&kind, version, &body).map_err(|e| Error::Codec(format!("{seq}: {e}")))?;
        out.push(EventRecord {
            seq,
            parent: Seq(u64::try_from(parent).unwrap_or(0)),
            event,
        });
    }
    Ok(out)
}

/// An event body as read from the file.
enum Stored {
    /// Written before migration 5: the codec's JSON text.
    Json(std::result::Result<String, std::string::FromUtf8Error>),
    /// A [`pack`]ed body.
    Packed(Vec<u8>),
    /// Anything else (a damaged file).
    Neither,
}

/// What a step consumed of an input: position `position` of the source `source` (a content
/// hash).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SourceMark<'a> {
    /// The input's identity, e.g. the SHA-256 of a session file.
    pub source: &'a str,
    /// 0-based position of the turn in that input.
    pub position: u32,
}

fn to_i64(seq: Seq) -> i64 {
    i64::try_from(seq.0).unwrap_or(i64::MAX)
}

/// Wall-clock time of an append; the only clock in the engine, and it never reaches the fold.
fn now() -> String {
    Timestamp::now().to_string()
}
