//! Checkpoints of a person's folded memory in PostgreSQL, in the memory file's chunked form (see
//! [`crate::log::checkpoint`]): each chunk of the memory's shared vectors is a row of
//! `rgmem_checkpoint_chunks`, written once per person, and a checkpoint row holds the rest of
//! the memory with its chunks as ids. A seek then folds at most about one interval of events,
//! as on a file, and storage grows with the history, not with it times the checkpoints.

use super::super::checkpoint::Base;
use super::super::pack;
use super::PgLog;
use super::errors::query_error;
use crate::error::{Error, Result};
use crate::ids::Seq;
use crate::memory::Memory;
use crate::memory::shared::chunked::{self, Stored};
use postgres::{Client, Transaction};
use std::collections::HashMap;

/// Writes the checkpoint of `memory` at `seq` for `person` inside the step's transaction; returns
/// the base for the next one, to keep once the transaction commits. `fail` names the server.
pub(super) fn write(
    tx: &mut Transaction<'_>,
    person: &str,
    seq: Seq,
    memory: &Memory,
    base: Option<&Base>,
    fail: &dyn Fn(postgres::Error) -> Error,
) -> Result<Base> {
    let next_id: i64 = tx
        .query_one(
            "SELECT COALESCE(MAX(id), 0) + 1 FROM rgmem_checkpoint_chunks WHERE person = $1",
            &[&person],
        )
        .and_then(|r| r.try_get(0))
        .map_err(fail)?;
    let known = base.map(|b| b.stored().clone()).unwrap_or_default();
    let written =
        chunked::write(memory, known, next_id).map_err(|e| Error::Codec(format!("checkpoint at {seq}: {e}")))?;
    let insert = tx
        .prepare("INSERT INTO rgmem_checkpoint_chunks (person, id, body) VALUES ($1, $2, $3)")
        .map_err(fail)?;
    for (id, body) in &written.fresh {
        tx.execute(&insert, &[&person, id, &pack::seal(body.as_bytes())])
            .map_err(fail)?;
    }
    tx.execute(
        "INSERT INTO rgmem_checkpoints (person, seq, manifest) VALUES ($1, $2, $3)
         ON CONFLICT (person, seq) DO UPDATE SET manifest = EXCLUDED.manifest",
        &[&person, &super::to_i64(seq), &written.manifest],
    )
    .map_err(fail)?;
    Ok(Base::new(seq, memory.clone(), written.stored))
}

/// Reads the checkpoint at `seq` (lookups not yet rebuilt), with the chunk addresses it gives
/// for later writes.
pub(super) fn read(
    client: &mut Client,
    person: &str,
    seq: Seq,
    fail: &dyn Fn(postgres::Error) -> Error,
) -> Result<(Memory, Stored)> {
    let codec = |e: &dyn std::fmt::Display| Error::Codec(format!("checkpoint at {seq}: {e}"));
    let manifest: String = client
        .query_one(
            "SELECT manifest FROM rgmem_checkpoints WHERE person = $1 AND seq = $2",
            &[&person, &super::to_i64(seq)],
        )
        .and_then(|r| r.try_get(0))
        .map_err(fail)?;
    let mut bodies: HashMap<i64, String> = HashMap::new();
    let mut level = chunked::references(&manifest);
    while !level.is_empty() {
        level.sort_unstable();
        level.dedup();
        level.retain(|id| !bodies.contains_key(id));
        if level.is_empty() {
            break;
        }
        let rows = client
            .query(
                "SELECT id, body FROM rgmem_checkpoint_chunks WHERE person = $1 AND id = ANY($2)",
                &[&person, &level],
            )
            .map_err(fail)?;
        let mut next = Vec::new();
        for row in rows {
            let id: i64 = row.try_get(0).map_err(fail)?;
            let sealed: &[u8] = row.try_get(1).map_err(fail)?;
            let body = pack::unseal(sealed)
                .map_err(|e| e.to_string())
                .and_then(|b| String::from_utf8(b).map_err(|e| e.to_string()))
                .map_err(|e| codec(&format!("chunk {id}: {e}")))?;
            next.extend(chunked::references(&body));
            bodies.insert(id, body);
        }
        if let Some(missing) = level.iter().find(|id| !bodies.contains_key(id)) {
            return Err(codec(&format!("chunk {missing} is missing")));
        }
        level = next;
    }
    chunked::read(&manifest, bodies).map_err(|e| codec(&e))
}

impl PgLog {
    /// A checkpoint's memory, which becomes the base the next checkpoint refers to.
    pub(super) fn checkpoint(&self, seq: Seq) -> Result<Memory> {
        let read = {
            let shown = &self.shown;
            let fail = |e: postgres::Error| query_error(shown, &e);
            read(&mut self.client.borrow_mut(), &self.person, seq, &fail)?
        };
        super::super::checkpoint::adopt(seq, read, &self.base)
    }
}
