//! What the [`super::EventStore`] trait asks of a SQLite file beside its events: the input marks
//! every branch recorded (for `copy`) and the seqs of one kind of event (for retrieval).

use super::{Log, StoredMark};
use crate::error::{Error, Result};
use crate::ids::Seq;

impl Log {
    /// Every input mark of every branch, by seq.
    pub fn marks(&self) -> Result<Vec<StoredMark>> {
        let mut stmt = self
            .connection()
            .prepare_cached("SELECT seq, source, position FROM replayed ORDER BY seq")?;
        let rows = stmt.query_map([], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, u32>(2)?))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (seq, source, position) = row?;
            out.push(StoredMark {
                seq: to_seq(seq)?,
                source,
                position,
            });
        }
        Ok(out)
    }

    /// The seqs of the events of one kind, ascending (read through the `kind` index).
    pub fn seqs_of_kind(&self, kind: &str) -> Result<Vec<Seq>> {
        let mut stmt = self
            .connection()
            .prepare_cached("SELECT seq FROM events WHERE kind = ?1 ORDER BY seq")?;
        let rows = stmt.query_map([kind], |r| r.get::<_, i64>(0))?;
        let mut out = Vec::new();
        for seq in rows {
            out.push(to_seq(seq?)?);
        }
        Ok(out)
    }
}

/// A stored seq, refusing a negative one (a damaged file).
pub(super) fn to_seq(seq: i64) -> Result<Seq> {
    u64::try_from(seq)
        .map(Seq)
        .map_err(|_| Error::Codec(format!("a negative seq {seq} in the log")))
}
