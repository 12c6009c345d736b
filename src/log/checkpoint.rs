//! Checkpoints of the folded memory that cost what changed: each chunk of the memory's shared
//! vectors (and each graph node) is a row of `checkpoint_chunks`, written once, and a checkpoint
//! row holds the rest of the memory with its vectors as chunk ids (see
//! [`crate::memory::shared::chunked`]). Storage then grows with the history, not with the
//! history times the number of checkpoints.
//!
//! Checkpoints written as one whole JSON memory (before this form) are read as they are.

use crate::error::{Error, Result};
use crate::ids::Seq;
use crate::memory::Memory;
use crate::memory::shared::chunked::{self, Stored};
use rusqlite::{Connection, params};
use std::collections::HashMap;

/// The memory of the last checkpoint written or read, kept alive so its chunks' addresses
/// identify what the next checkpoint can refer to instead of storing again. Its clones share
/// everything unchanged, so it costs only what changed since.
pub(super) struct Base {
    seq: Seq,
    _memory: Memory,
    stored: Stored,
}

/// Writes the checkpoint of `memory` at `seq` inside the caller's transaction. Returns the base
/// for the next one, to keep only once the transaction commits (its rows exist only then).
pub(super) fn write(conn: &Connection, seq: Seq, memory: &Memory, base: Option<&Base>) -> Result<Base> {
    let next_id: i64 = conn.query_row("SELECT COALESCE(MAX(id), 0) + 1 FROM checkpoint_chunks", [], |r| {
        r.get(0)
    })?;
    let known = base.map(|b| b.stored.clone()).unwrap_or_default();
    let written =
        chunked::write(memory, known, next_id).map_err(|e| Error::Codec(format!("checkpoint at {seq}: {e}")))?;
    {
        let mut stmt = conn.prepare_cached("INSERT INTO checkpoint_chunks (id, body) VALUES (?1, ?2)")?;
        for (id, body) in &written.fresh {
            stmt.execute(params![id, body])?;
        }
    }
    conn.execute(
        "INSERT OR REPLACE INTO checkpoints (seq, memory) VALUES (?1, ?2)",
        params![super::to_i64(seq), written.manifest],
    )?;
    Ok(Base {
        seq,
        _memory: memory.clone(),
        stored: written.stored,
    })
}

/// Reads the checkpoint at `seq` (its lookups not yet rebuilt), with the base it gives for
/// later writes.
pub(super) fn read(conn: &Connection, seq: Seq) -> Result<(Memory, Base)> {
    let codec = |e: &dyn std::fmt::Display| Error::Codec(format!("checkpoint at {seq}: {e}"));
    let manifest: String = conn.query_row(
        "SELECT memory FROM checkpoints WHERE seq = ?1",
        [super::to_i64(seq)],
        |r| r.get(0),
    )?;
    let mut bodies = HashMap::new();
    let mut todo = chunked::references(&manifest);
    {
        let mut stmt = conn.prepare_cached("SELECT body FROM checkpoint_chunks WHERE id = ?1")?;
        while let Some(id) = todo.pop() {
            if bodies.contains_key(&id) {
                continue;
            }
            let body: String = stmt
                .query_row([id], |r| r.get(0))
                .map_err(|e| codec(&format!("chunk {id}: {e}")))?;
            todo.extend(chunked::references(&body));
            bodies.insert(id, body);
        }
    }
    let (memory, stored): (Memory, Stored) = chunked::read(&manifest, bodies).map_err(|e| codec(&e))?;
    let base = Base {
        seq,
        _memory: memory.clone(),
        stored,
    };
    Ok((memory, base))
}

impl Base {
    /// The seq of the checkpoint it came from.
    pub(super) fn seq(&self) -> Seq {
        self.seq
    }
}
