//! The PostgreSQL schema, versioned in `rgmem_schema_version`: one migration per version,
//! applied in order the first time a newer build opens the database.

use super::errors::query_error;
use crate::error::{Error, Result};
use postgres::Client;

/// The schema, one entry per version; applied in order under a database-wide advisory lock, so
/// two processes opening a fresh database at once do not both create it.
const MIGRATIONS: &[&str] = &[
    // 1: events and the inputs steps consumed, per person.
    "CREATE TABLE rgmem_events (
        person TEXT NOT NULL,
        seq BIGINT NOT NULL,
        parent BIGINT NOT NULL,
        kind TEXT NOT NULL,
        version INTEGER NOT NULL,
        body TEXT NOT NULL,
        logged_at TEXT NOT NULL,
        PRIMARY KEY (person, seq)
    );
    CREATE TABLE rgmem_replayed (
        person TEXT NOT NULL,
        seq BIGINT NOT NULL,
        source TEXT NOT NULL,
        position BIGINT NOT NULL,
        PRIMARY KEY (person, seq)
    );
    CREATE INDEX rgmem_replayed_source ON rgmem_replayed (person, source);",
    // 2: a person's events by kind, for retrieval's episodes (see `EventStore::seqs_of_kind`).
    "CREATE INDEX rgmem_events_kind ON rgmem_events (person, kind, seq);",
    // 3: checkpoints of the folded memory, in the file's chunked form (see `checkpoints`).
    "CREATE TABLE rgmem_checkpoint_chunks (
        person TEXT NOT NULL,
        id BIGINT NOT NULL,
        body BYTEA NOT NULL,
        PRIMARY KEY (person, id)
    );
    CREATE TABLE rgmem_checkpoints (
        person TEXT NOT NULL,
        seq BIGINT NOT NULL,
        manifest TEXT NOT NULL,
        PRIMARY KEY (person, seq)
    );",
];

/// The advisory lock key that guards migrations (any constant no other user of the database
/// takes).
const MIGRATION_LOCK: i64 = 0x7267_6d65_6d00;

/// Brings the database's schema up to date: every migration it lacks, in one transaction under
/// a database-wide advisory lock.
pub(super) fn migrate(client: &mut Client, shown: &str) -> Result<()> {
    let fail = |e: postgres::Error| query_error(shown, &e);
    let mut tx = client.transaction().map_err(fail)?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .map_err(fail)?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS rgmem_schema_version (version INTEGER NOT NULL)")
        .map_err(fail)?;
    let at: i32 = tx
        .query_one("SELECT COALESCE(MAX(version), 0) FROM rgmem_schema_version", &[])
        .and_then(|r| r.try_get(0))
        .map_err(fail)?;
    let known = i32::try_from(MIGRATIONS.len()).unwrap_or(i32::MAX);
    if at > known {
        return Err(Error::Postgres(format!(
            "{shown} holds schema version {at}, newer than this build's {known}: upgrade rgmem"
        )));
    }
    for (version, sql) in (1..).zip(MIGRATIONS).skip(usize::try_from(at).unwrap_or(0)) {
        tx.batch_execute(sql).map_err(fail)?;
        tx.execute("INSERT INTO rgmem_schema_version (version) VALUES ($1)", &[&version])
            .map_err(fail)?;
    }
    tx.commit().map_err(fail)
}
