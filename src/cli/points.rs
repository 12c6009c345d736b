//! Opening a log to ask it about its history: the records, the history tree, and points named the
//! same way by every command (`412`, `2024-05-01`, `head`, `branch:N`).

use super::Shared;
use super::store::{Access, Store};
use anyhow::{Context, Result};
use rgmem::event::EventRecord;
use rgmem::history::{Point, Tree};
use rgmem::ids::Seq;
use rgmem::memory::Memory;

/// A log opened for reading, with its whole history.
pub struct History {
    /// The log.
    pub log: Store,
    /// Every record, in seq order.
    pub records: Vec<EventRecord>,
    /// The history tree.
    pub tree: Tree,
}

/// Opens an existing memory file read-only: asking about history never writes, not even a
/// schema upgrade.
pub fn open_log(shared: &Shared) -> Result<Store> {
    super::store::open_with(&shared.db_path(), Access::ReadOnly)
}

impl History {
    /// Opens an existing memory file and reads its history.
    pub fn open(shared: &Shared) -> Result<Self> {
        Self::from_log(open_log(shared)?)
    }

    /// Reads the history of an open log.
    pub fn from_log(log: Store) -> Result<Self> {
        let records = log
            .all()
            .with_context(|| format!("reading the log {}", log.location()))?;
        let tree = Tree::from_records(&records);
        Ok(Self { log, records, tree })
    }

    /// The memory at a seq.
    pub fn memory_at(&self, seq: Seq) -> Result<Memory> {
        self.log
            .memory_at(seq)
            .with_context(|| format!("folding the memory at {seq}"))
    }
}

/// How a resolved point reads: `#412`, or `#412 (2024-05-01)` when it was named another way.
pub fn describe(point: &Point, seq: Seq) -> String {
    match point {
        Point::Seq(_) => seq.to_string(),
        p => format!("{seq} ({p})"),
    }
}
