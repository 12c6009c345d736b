//! Numbered schema migrations, tracked in `PRAGMA user_version`. Append new ones; never edit old.
// Input, files and other processes reach this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use crate::error::{Error, Result};
use rusqlite::Connection;

/// L2's keyword index: migration 2 of a memory file, and the whole schema of the in-memory
/// index a store without SQLite builds (see [`super::EventStore::keyword_index`]).
pub(crate) const KEYWORD_INDEX: &str = "CREATE VIRTUAL TABLE memory_fts USING fts5(
        text, evidence, date, kind UNINDEXED, seq UNINDEXED, item UNINDEXED,
        tokenize = 'porter unicode61'
    );
    CREATE TABLE memory_fts_rows (seq INTEGER PRIMARY KEY);";

/// Each entry upgrades the schema by one version.
const MIGRATIONS: &[&str] = &[
    // 1: the event log and its checkpoints.
    "CREATE TABLE events (
        seq INTEGER PRIMARY KEY,
        parent INTEGER NOT NULL,
        kind TEXT NOT NULL,
        version INTEGER NOT NULL,
        body TEXT NOT NULL,
        logged_at TEXT NOT NULL
    );
    CREATE INDEX events_kind ON events (kind);
    CREATE TABLE checkpoints (
        seq INTEGER PRIMARY KEY,
        memory TEXT NOT NULL
    );",
    // 2: L2's keyword index over L0 facts (with the person's own words they came from) and
    // conclusions. Rows are keyed by the seq of their `episode_recorded` event, which never changes,
    // and filtered to the ancestor chain at query time, so rollback branches share one index
    // (see `retrieval::index`).
    KEYWORD_INDEX,
    // 3: which input (a session file by content hash) fed which step, written in the step's own
    // transaction, so a second replay of the same file resumes after the last committed turn.
    "CREATE TABLE replayed (
        seq INTEGER PRIMARY KEY,
        source TEXT NOT NULL,
        position INTEGER NOT NULL
    );
    CREATE INDEX replayed_source ON replayed (source);",
    // 4: checkpoints that cost what changed: the memory's chunks and graph nodes, each stored
    // once and referred to by id from every checkpoint that holds it (see `log::checkpoint`).
    "CREATE TABLE checkpoint_chunks (
        id INTEGER PRIMARY KEY,
        body TEXT NOT NULL
    );",
    // 5: event bodies packed: lines stored once in `texts` (looked up by the first 8 bytes of
    // their SHA-256, compared whole), the rest deflated; a packed body is a BLOB in
    // `events.body`, so bodies written before stay JSON text and read as they are (see
    // `log::pack`).
    "CREATE TABLE texts (
        id INTEGER PRIMARY KEY,
        hash INTEGER NOT NULL,
        body BLOB NOT NULL
    );
    CREATE INDEX texts_hash ON texts (hash);",
    // 6: the parent table as a covering index, so opening a long log reads a few bytes per
    // event instead of every event's row (see `Log::refresh`).
    "CREATE INDEX IF NOT EXISTS events_parents ON events (seq, parent);",
    // 7: nothing in the tables changes, but from here on bodies, texts and checkpoint chunks
    // may be sealed with LZ4 (storage tag 2, see `log::pack`), which builds before it cannot
    // read. They know versions up to 6, so they refuse the file as newer instead of calling
    // its bodies damaged. Every file before this version still reads as it is.
    "SELECT 1",
];

/// The file's schema version, refusing one newer than this build knows: its writer may store
/// what this build would misread or overwrite.
pub fn version(conn: &Connection, path: &str) -> Result<usize> {
    let found: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    match usize::try_from(found) {
        Ok(v) if v <= MIGRATIONS.len() => Ok(v),
        _ => Err(Error::NewerSchema {
            path: path.to_string(),
            found,
            known: MIGRATIONS.len(),
        }),
    }
}

/// Brings a database up to the latest schema, one transaction per migration. The version is
/// read again inside each write transaction, so two processes opening a fresh file at once do
/// not both run a migration.
pub fn migrate(conn: &Connection, path: &str) -> Result<()> {
    for (i, sql) in MIGRATIONS.iter().enumerate() {
        if version(conn, path)? > i {
            continue;
        }
        conn.execute_batch("BEGIN IMMEDIATE")?;
        let result = (|| {
            if version(conn, path)? > i {
                return Ok(());
            }
            conn.execute_batch(&format!("{sql}; PRAGMA user_version = {};", i.saturating_add(1)))?;
            Ok(())
        })();
        match result {
            Ok(()) => conn.execute_batch("COMMIT")?,
            Err(e) => {
                let _ = conn.execute_batch("ROLLBACK");
                return Err(e);
            }
        }
    }
    Ok(())
}
