//! The `BEGIN IMMEDIATE` transaction one step of the log appends in.

use rusqlite::Connection;

/// A `BEGIN IMMEDIATE` transaction whose `BEGIN` and `COMMIT` are cached statements (a step
/// is one transaction, and parsing the two each time was a visible share of appending). Dropped
/// uncommitted, or after a failed commit, it rolls back, as `rusqlite::Transaction` does.
pub(super) struct Immediate<'c> {
    conn: &'c Connection,
}

impl<'c> Immediate<'c> {
    pub(super) fn begin(conn: &'c Connection) -> rusqlite::Result<Self> {
        conn.prepare_cached("BEGIN IMMEDIATE")?.execute([])?;
        Ok(Self { conn })
    }

    pub(super) fn commit(self) -> rusqlite::Result<()> {
        self.conn.prepare_cached("COMMIT")?.execute([]).map(|_| ())
    }
}

impl std::ops::Deref for Immediate<'_> {
    type Target = Connection;

    fn deref(&self) -> &Connection {
        self.conn
    }
}

impl Drop for Immediate<'_> {
    fn drop(&mut self) {
        if !self.conn.is_autocommit() {
            // Nothing to report to: the caller already has the error that ended the step.
            let _ = self.conn.execute_batch("ROLLBACK");
        }
    }
}
