//! A second, read-only connection to a log file, for readers beside the engine's own
//! connection: the inspector's timeline pages and its background snapshot fold.

use super::{pack, read_range};
use crate::error::Result;
use crate::event::EventRecord;
use crate::ids::Seq;
use crate::timeline::EventSource;
use rusqlite::{Connection, OpenFlags};
use std::path::Path;

/// A read-only connection to a log.
pub struct Reader {
    conn: Connection,
    texts: pack::TextCache,
}

impl Reader {
    /// Opens an existing log for reading.
    pub fn open(path: &Path) -> Result<Self> {
        let conn =
            Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        Ok(Self {
            conn,
            texts: pack::TextCache::default(),
        })
    }

    /// The seqs of operator firings and proposals, ascending.
    pub fn firings(&self) -> Result<Vec<Seq>> {
        let mut stmt = self
            .conn
            .prepare("SELECT seq FROM events WHERE kind IN ('operator_fired', 'abstraction_proposed') ORDER BY seq")?;
        let rows = stmt.query_map([], |r| r.get::<_, i64>(0))?;
        rows.map(|r| Ok(Seq(u64::try_from(r?).unwrap_or(0)))).collect()
    }
}

impl EventSource for Reader {
    fn range(&self, from: Seq, to: Seq) -> Result<Vec<EventRecord>> {
        read_range(&self.conn, &self.texts, from, to)
    }
}
