//! Following a log that other processes write (an MCP server, the CLI, another inspector): what
//! they appended since this engine last read the file, with the memory folded to the new head.

use super::Engine;
use crate::error::Result;
use crate::event::EventRecord;
use crate::ids::Seq;
use crate::log::EventStore;

impl<L: EventStore> Engine<L> {
    /// The records other processes appended since the engine last read the file (none when it
    /// did not move), the memory now at the file's head.
    pub fn follow(&mut self) -> Result<Vec<EventRecord>> {
        let before = self.log.head();
        self.refresh_memory()?;
        records_after(&self.log, before)
    }
}

/// The records of `log` after `known`, up to its head as last read.
pub fn records_after<S: EventStore + ?Sized>(log: &S, known: Seq) -> Result<Vec<EventRecord>> {
    let head = log.head();
    if head <= known {
        return Ok(Vec::new());
    }
    log.range(Seq(known.0.saturating_add(1)), head)
}

/// `records` with whatever `log` holds between `known` and them put first, so a reader that
/// extends its copy of the log record by record never meets a gap (another process appended
/// while this one planned its step). `known` moves to the last record.
pub fn without_gaps<S: EventStore + ?Sized>(
    log: &mut S,
    known: &mut Seq,
    records: Vec<EventRecord>,
) -> Result<Vec<EventRecord>> {
    let mut out = Vec::with_capacity(records.len());
    for r in records {
        if r.seq.0 <= known.0 {
            continue;
        }
        if r.seq.0 > known.0.saturating_add(1) {
            log.refresh()?;
            out.extend(log.range(Seq(known.0.saturating_add(1)), Seq(r.seq.0.saturating_sub(1)))?);
        }
        *known = r.seq;
        out.push(r);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::session::TurnInput;
    use crate::log::Log;
    use crate::rules::OfflineModel;

    fn turn(index: u32, text: &str) -> TurnInput {
        TurnInput {
            speaker: "user".into(),
            text: text.into(),
            time: None,
            session: 1,
            index,
            source_ref: None,
            attachments: Vec::new(),
        }
    }

    #[test]
    fn an_engine_follows_what_another_appends_and_a_reader_never_meets_a_gap() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.db");
        let open = || Engine::open(Log::open(&path).unwrap(), Box::new(OfflineModel)).unwrap();
        let (mut a, mut b) = (open(), open());
        a.ingest(&turn(0, "I play the cello every evening."), "Robin").unwrap();
        assert_eq!(b.follow().unwrap().len(), a.log().head().0 as usize);
        assert!(b.follow().unwrap().is_empty(), "nothing new: nothing returned");

        let before = b.log().head();
        let theirs = a.ingest(&turn(1, "I also bake bread on Sundays."), "Robin").unwrap();
        let followed = b.follow().unwrap();
        assert_eq!(followed, theirs);
        assert_eq!(b.memory(), a.memory());
        assert_eq!(b.memory(), &b.log().memory_at(b.log().head()).unwrap());

        // A reader that knew `before` and is handed only b's next step gets a's records first.
        let mut known = before;
        a.ingest(&turn(2, "My sister visits in May."), "Robin").unwrap();
        let mine = b.ingest(&turn(3, "I repaired my bicycle."), "Robin").unwrap();
        let mut reader = Log::open_read_only(&path).unwrap();
        let all = without_gaps(&mut reader, &mut known, [followed.clone(), mine.clone()].concat()).unwrap();
        let seqs: Vec<u64> = all.iter().map(|r| r.seq.0).collect();
        let want: Vec<u64> = (before.0 + 1..=b.log().head().0).collect();
        assert_eq!(seqs, want);
        assert_eq!(known, b.log().head());
    }
}
