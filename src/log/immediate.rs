//! The write transaction steps append in: `BEGIN IMMEDIATE` … `COMMIT`, each step inside it
//! guarded so that a failed or panicking step leaves nothing of itself behind.

use super::checkpoint;
use super::pack;
use super::{SourceMark, now, to_i64};
use crate::error::{Error, Result};
use crate::event::{self, Event, EventRecord};
use crate::ids::Seq;
use crate::memory::Memory;
use rusqlite::{Connection, params};

/// Opens the write transaction. `BEGIN` and `COMMIT` are cached statements: a step is at most
/// one transaction, and parsing the two each time was a visible share of appending.
pub(super) fn begin(conn: &Connection) -> rusqlite::Result<()> {
    conn.prepare_cached("BEGIN IMMEDIATE")?.execute([]).map(|_| ())
}

pub(super) fn commit(conn: &Connection) -> rusqlite::Result<()> {
    conn.prepare_cached("COMMIT")?.execute([]).map(|_| ())
}

/// Ends the open transaction without keeping anything of it; nothing to do when none is open.
pub(super) fn rollback(conn: &Connection) {
    if !conn.is_autocommit() {
        // Nothing to report to: the caller already has the error that ended the transaction.
        let _ = conn.prepare_cached("ROLLBACK").and_then(|mut s| s.execute([]));
    }
}

/// One step's writes inside the open transaction. Dropped before [`StepGuard::release`] (an
/// error or a panic in the step), it undoes them: back to its savepoint when earlier steps of
/// a group share the transaction, or the whole transaction when the step has it to itself.
pub(super) struct StepGuard<'c> {
    conn: &'c Connection,
    savepoint: bool,
    released: bool,
}

impl<'c> StepGuard<'c> {
    /// `savepoint`: earlier steps' writes share the transaction and must survive this one.
    pub(super) fn new(conn: &'c Connection, savepoint: bool) -> rusqlite::Result<Self> {
        if savepoint {
            conn.prepare_cached("SAVEPOINT step")?.execute([])?;
        }
        Ok(Self {
            conn,
            savepoint,
            released: false,
        })
    }

    /// The step's writes are whole: keep them in the transaction.
    pub(super) fn release(mut self) -> rusqlite::Result<()> {
        if self.savepoint {
            self.conn.prepare_cached("RELEASE step")?.execute([])?;
        }
        self.released = true;
        Ok(())
    }
}

impl std::ops::Deref for StepGuard<'_> {
    type Target = Connection;

    fn deref(&self) -> &Connection {
        self.conn
    }
}

impl Drop for StepGuard<'_> {
    fn drop(&mut self) {
        if self.released || self.conn.is_autocommit() {
            return;
        }
        if self.savepoint {
            let undo = self
                .conn
                .prepare_cached("ROLLBACK TO step")
                .and_then(|mut s| s.execute([]))
                .and_then(|_| self.conn.prepare_cached("RELEASE step")?.execute([]));
            if undo.is_ok() {
                return;
            }
        }
        rollback(self.conn);
    }
}

/// Writes one step's events (and a checkpoint when the step crosses an interval boundary)
/// inside the open transaction; returns their records and the checkpoint's base.
#[allow(clippy::too_many_arguments)]
pub(super) fn write_step(
    tx: &Connection,
    packer: &mut pack::Packer,
    base: Option<&checkpoint::Base>,
    interval: u64,
    events: Vec<Event>,
    memory_after: &Memory,
    mark: Option<SourceMark<'_>>,
    start: Seq,
) -> Result<(Vec<EventRecord>, Option<checkpoint::Base>)> {
    let logged_at = now();
    let in_file: i64 = tx
        .prepare_cached("SELECT coalesce(max(seq), 0) FROM events")?
        .query_row([], |r| r.get(0))?;
    if in_file != to_i64(start) {
        return Err(Error::LogMoved { path: String::new() });
    }
    let mut records = Vec::with_capacity(events.len());
    let mut prev = start;
    {
        let mut stmt = tx.prepare_cached(
            "INSERT INTO events (seq, parent, kind, version, body, logged_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?;
        for e in events {
            let seq = Seq(prev
                .0
                .checked_add(1)
                .ok_or_else(|| Error::Codec("the log is full".into()))?);
            let parent = match e {
                Event::RolledBack { to } => to,
                _ => prev,
            };
            let (kind, version, body) = event::encode(&e)?;
            let body = packer
                .pack(tx, &body)
                .map_err(|e| Error::Codec(format!("{seq}: {e}")))?;
            stmt.execute(params![to_i64(seq), to_i64(parent), kind, version, body, logged_at])?;
            records.push(EventRecord { seq, parent, event: e });
            prev = seq;
        }
    }
    let end = prev;
    let checkpoint = end.0.checked_div(interval) > start.0.checked_div(interval);
    let base = if checkpoint {
        Some(checkpoint::write(tx, end, memory_after, base)?)
    } else {
        None
    };
    if let Some(mark) = mark {
        tx.prepare_cached("INSERT INTO replayed (seq, source, position) VALUES (?1, ?2, ?3)")?
            .execute(params![to_i64(end), mark.source, mark.position])?;
    }
    Ok((records, base))
}
