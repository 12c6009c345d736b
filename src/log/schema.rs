//! Numbered schema migrations, tracked in `PRAGMA user_version`. Append new ones; never edit old.

use rusqlite::Connection;

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
    "CREATE VIRTUAL TABLE memory_fts USING fts5(
        text, evidence, date, kind UNINDEXED, seq UNINDEXED, item UNINDEXED,
        tokenize = 'porter unicode61'
    );
    CREATE TABLE memory_fts_rows (seq INTEGER PRIMARY KEY);",
    // 3: checkpoints that cost what changed: the memory's chunks and graph nodes, each stored
    // once and referred to by id from every checkpoint that holds it (see `log::checkpoint`).
    "CREATE TABLE checkpoint_chunks (
        id INTEGER PRIMARY KEY,
        body TEXT NOT NULL
    );",
];

/// Brings a database up to the latest schema, one transaction per migration.
pub fn migrate(conn: &Connection) -> rusqlite::Result<()> {
    let current: usize = conn
        .query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0))?
        .try_into()
        .unwrap_or(0);
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(current) {
        conn.execute_batch(&format!("BEGIN; {sql}; PRAGMA user_version = {}; COMMIT;", i + 1))?;
    }
    Ok(())
}
