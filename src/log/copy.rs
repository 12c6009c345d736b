//! `copy`: a memory moved between stores (a SQLite file, a PostgreSQL person) event for event,
//! with the same seqs and parents, and with its input marks.

use super::{EventStore, SourceMark};
use crate::error::{Error, Result};
use crate::ids::Seq;
use crate::memory::Memory;
use std::time::Duration;

/// Events appended per transaction by [`copy`].
const COPY_BATCH: u64 = 256;

/// Copies every event of `from` into the empty `to`, in order, with the same seqs, parents and
/// events (so the copy seeks to the same memory everywhere), and its input marks (so a replay
/// into the copy resumes where one into the original would); returns how many events.
///
/// A batch ends at the latest at the next marked seq, so each mark is written in the
/// transaction of the events it follows, as a step writes it. Each batch carries the memory at
/// its end, folded as the copy goes (a fresh seek only where a rollback jumps), so the target
/// places its checkpoints as if it had been written step by step.
pub fn copy(from: &dyn EventStore, to: &mut dyn EventStore) -> Result<u64> {
    if to.head().0 > 0 {
        return Err(Error::Codec(format!(
            "{} already holds {} events; copy only into an empty log",
            to.location(),
            to.head().0
        )));
    }
    let head = from.head().0;
    let mut marks = from
        .marks()?
        .into_iter()
        .filter(|m| m.seq.0 >= 1 && m.seq.0 <= head)
        .peekable();
    // Batches share transactions where the target groups them; committed before returning.
    to.group_commits(super::group::MAX_GROUP_STEPS, Duration::from_secs(1))?;
    let mut memory = Memory::new();
    let mut at = Seq(0);
    let mut first = 1u64;
    while first <= head {
        let mut last = first.saturating_add(COPY_BATCH - 1).min(head);
        while marks.next_if(|m| m.seq.0 < first).is_some() {}
        let mark = marks.next_if(|m| m.seq.0 <= last);
        if let Some(m) = &mark {
            last = m.seq.0;
        }
        let records = from.range(Seq(first), Seq(last))?;
        for r in &records {
            if r.parent != at {
                memory = from.memory_at(r.parent)?;
            }
            memory.try_apply(&r.event).map_err(|e| Error::InvalidRecord {
                seq: r.seq,
                message: e.to_string(),
            })?;
            at = r.seq;
        }
        let events = records.into_iter().map(|r| r.event).collect();
        let mark = mark.as_ref().map(|m| SourceMark {
            source: &m.source,
            position: m.position,
        });
        let written = to.append_marked(events, &memory, mark)?;
        for (w, seq) in written.iter().zip(first..) {
            if w.seq != Seq(seq) || from.parent_of(w.seq) != Some(w.parent) {
                return Err(Error::Codec(format!(
                    "copying {}: event {seq} landed as {} with parent {}",
                    from.location(),
                    w.seq,
                    w.parent
                )));
            }
        }
        first = last.saturating_add(1);
    }
    to.group_commits(1, Duration::ZERO)?;
    Ok(head)
}
