//! Checkpoints of the folded memory that cost what changed: each chunk of the memory's shared
//! vectors (and each graph node) is a row of `checkpoint_chunks`, written once, and a checkpoint
//! row holds the rest of the memory with its vectors as chunk ids (see
//! [`crate::memory::shared::chunked`]). Storage then grows with the history, not with the
//! history times the number of checkpoints.
//!
//! Checkpoints written as one whole JSON memory (before this form) are read as they are. A
//! chunk's body is sealed like an event's texts (see [`super::pack`]): a BLOB; chunks written
//! before that are JSON text and read as they are.

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
    memory: Memory,
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
            stmt.execute(params![id, super::pack::seal(body.as_bytes())])?;
        }
    }
    conn.execute(
        "INSERT OR REPLACE INTO checkpoints (seq, memory) VALUES (?1, ?2)",
        params![super::to_i64(seq), written.manifest],
    )?;
    Ok(Base {
        seq,
        memory: memory.clone(),
        stored: written.stored,
    })
}

/// Reads the checkpoint at `seq` (its lookups not yet rebuilt), with the chunk addresses it
/// gives for later writes (see [`Base::new`]).
pub(super) fn read(conn: &Connection, seq: Seq) -> Result<(Memory, Stored)> {
    let codec = |e: &dyn std::fmt::Display| Error::Codec(format!("checkpoint at {seq}: {e}"));
    let manifest: String = conn.query_row(
        "SELECT memory FROM checkpoints WHERE seq = ?1",
        [super::to_i64(seq)],
        |r| r.get(0),
    )?;
    let bodies = fetch(conn, chunked::references(&manifest)).map_err(|e| codec(&e))?;
    chunked::read(&manifest, bodies).map_err(|e| codec(&e))
}

/// Chunk ids asked for at once: well under SQLite's limit on a statement's length.
const BATCH: usize = 500;

/// The bodies of the chunks `ids` refer to and of every chunk those refer to, read level by
/// level with one query per batch of ids (a checkpoint of a long history has thousands).
fn fetch(conn: &Connection, ids: Vec<i64>) -> std::result::Result<HashMap<i64, String>, String> {
    let mut bodies: HashMap<i64, String> = HashMap::new();
    let mut level = ids;
    while !level.is_empty() {
        level.sort_unstable();
        level.dedup();
        level.retain(|id| !bodies.contains_key(id));
        let mut next = Vec::new();
        for batch in level.chunks(BATCH) {
            // The ids are integers parsed from the manifest, so they go into the text as numbers.
            let list = batch.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
            let mut stmt = conn
                .prepare(&format!("SELECT id, body FROM checkpoint_chunks WHERE id IN ({list})"))
                .map_err(|e| e.to_string())?;
            let rows = stmt
                .query_map([], |r| Ok((r.get::<_, i64>(0)?, chunk_body(r.get_ref(1)?))))
                .map_err(|e| e.to_string())?;
            for row in rows {
                let (id, body) = row.map_err(|e| e.to_string())?;
                let body = body.map_err(|e| format!("chunk {id}: {e}"))?;
                next.extend(chunked::references(&body));
                bodies.insert(id, body);
            }
            if let Some(missing) = batch.iter().find(|id| !bodies.contains_key(id)) {
                return Err(format!("chunk {missing} is missing"));
            }
        }
        level = next;
    }
    Ok(bodies)
}

/// The JSON text of a stored chunk: a sealed BLOB, or text as chunks were stored before.
pub fn chunk_body(value: rusqlite::types::ValueRef<'_>) -> std::result::Result<String, String> {
    use rusqlite::types::ValueRef;
    match value {
        ValueRef::Text(t) => String::from_utf8(t.to_vec()).map_err(|e| e.to_string()),
        ValueRef::Blob(b) => super::pack::unseal(b)
            .map_err(|e| e.to_string())
            .and_then(|t| String::from_utf8(t).map_err(|e| e.to_string())),
        other => Err(format!("a chunk body of type {}", other.data_type())),
    }
}

/// A checkpoint's memory as read back, checked and with its lookups rebuilt; the latest one
/// read becomes `kept`, the base the next checkpoint written refers to, so a reopened log does
/// not store its memory again. Both backends read checkpoints through it.
pub(super) fn adopt(
    seq: Seq,
    (mut memory, stored): (Memory, Stored),
    kept: &std::cell::RefCell<Option<Base>>,
) -> Result<Memory> {
    memory.check_consistent().map_err(|e| Error::InvalidRecord {
        seq,
        message: format!("its checkpoint: {e}"),
    })?;
    memory.rebuild_index();
    let mut kept = kept.borrow_mut();
    if kept.as_ref().is_none_or(|b| b.seq() <= seq) {
        *kept = Some(Base::new(seq, memory.clone(), stored));
    }
    Ok(memory)
}

impl Base {
    /// The base of a checkpoint read back: its memory (lookups rebuilt) and the addresses
    /// [`read`] gave its chunks.
    pub(super) fn new(seq: Seq, memory: Memory, stored: Stored) -> Self {
        Self { seq, memory, stored }
    }

    /// The seq of the checkpoint it came from.
    pub(super) fn seq(&self) -> Seq {
        self.seq
    }

    /// The ids its chunks were stored under, by address (what the next checkpoint refers to).
    #[cfg(feature = "postgres")]
    pub(super) fn stored(&self) -> &Stored {
        &self.stored
    }

    /// Its memory: a clone shares every chunk with it.
    pub(super) fn memory(&self) -> &Memory {
        &self.memory
    }
}
