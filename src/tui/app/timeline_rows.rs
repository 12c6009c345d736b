//! The timeline pane's rows as plain data: which seqs fit around the cursor, how each reads
//! (names, not ids, from a memory on the row's own branch), and how it is marked.

use super::App;
use rgmem::event::EventRecord;
use rgmem::ids::Seq;
use rgmem::memory::Memory;

/// Where a row's names come from.
enum RowNames {
    Cursor,
    Head,
    Own(std::rc::Rc<Memory>),
}

/// How a timeline row is marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowKind {
    /// The row under the cursor.
    Cursor,
    /// An event on a branch a rollback left behind.
    Abandoned,
    /// An operator firing.
    Firing,
    /// Anything else.
    Plain,
}

/// One row of the timeline pane.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimelineRow {
    /// The seq, or `None` for the "empty memory" row at #0.
    pub seq: Option<Seq>,
    /// The text, with the cursor (▶), head (◆) and abandoned (╎) marks.
    pub text: String,
    /// How to mark it.
    pub kind: RowKind,
}

impl App {
    /// The seqs shown in a pane of `height` rows, around the cursor.
    fn timeline_window(&self, height: usize) -> Vec<Seq> {
        let cursor = self.timeline.cursor();
        match &self.views.timeline {
            Some(filtered) => {
                let at = filtered.partition_point(|s| *s <= cursor);
                let start = at
                    .saturating_sub(height / 2 + 1)
                    .min(filtered.len().saturating_sub(height));
                filtered.iter().skip(start).take(height).copied().collect()
            }
            None => {
                let head = self.timeline.head().0;
                let half = (height / 2) as u64;
                let last = (cursor.0 + half).max(height as u64).min(head);
                let first = (last + 1).saturating_sub(height as u64).max(1);
                (first..=last).map(Seq).collect()
            }
        }
    }

    /// The rows of a timeline pane with `height` inner rows.
    #[must_use]
    pub fn timeline_rows(&self, height: usize) -> Vec<TimelineRow> {
        let cursor = self.timeline.cursor();
        let head = self.timeline.head();
        let mut rows = Vec::new();
        if cursor.0 == 0 {
            rows.push(TimelineRow {
                seq: None,
                text: "▶ #0 the empty memory".into(),
                kind: RowKind::Cursor,
            });
        }
        let window = self.timeline_window(height.saturating_sub(rows.len()));
        let records: Vec<EventRecord> = window.iter().filter_map(|s| self.timeline.entry(*s)).collect();
        let names = self.row_memories(&records);
        for (r, names) in records.iter().zip(names) {
            let seq = r.seq;
            let on_branch = self.timeline.is_on_head_branch(seq);
            let mark = match (seq == cursor, seq == head) {
                (true, true) => "▶◆",
                (true, false) => "▶ ",
                (false, true) => " ◆",
                (false, false) if !on_branch => " ╎",
                _ => "  ",
            };
            let kind = if seq == cursor {
                RowKind::Cursor
            } else if !on_branch {
                RowKind::Abandoned
            } else if r.event.operator().is_some() {
                RowKind::Firing
            } else {
                RowKind::Plain
            };
            let memory = match &names {
                RowNames::Cursor => self.timeline.memory(),
                RowNames::Head => self.timeline.head_memory(),
                RowNames::Own(m) => m,
            };
            rows.push(TimelineRow {
                seq: Some(seq),
                text: format!("{mark}{}", row_text_named(r, memory)),
                kind,
            });
        }
        rows
    }

    /// Which memory names each row's ids: one on the row's own branch, at or after it. The
    /// cursor's for its ancestors, the head's for the head branch, and for a run of rows on an
    /// abandoned branch, the memory at the run's last row.
    fn row_memories(&self, records: &[EventRecord]) -> Vec<RowNames> {
        let Some(first) = records.first().map(|r| r.seq) else {
            return Vec::new();
        };
        let mut cursor_chain = std::collections::HashSet::new();
        let mut cur = self.timeline.cursor();
        while cur >= first && cur.0 > 0 {
            cursor_chain.insert(cur);
            cur = self.timeline.parent_of(cur).unwrap_or(Seq(0));
        }
        let mut out: Vec<RowNames> = Vec::with_capacity(records.len());
        let mut i = 0;
        while i < records.len() {
            let seq = records[i].seq;
            if cursor_chain.contains(&seq) {
                out.push(RowNames::Cursor);
                i += 1;
            } else if self.timeline.is_on_head_branch(seq) {
                out.push(RowNames::Head);
                i += 1;
            } else {
                // The run: following rows whose parent is the row before.
                let mut end = i;
                while end + 1 < records.len()
                    && records[end + 1].parent == records[end].seq
                    && !cursor_chain.contains(&records[end + 1].seq)
                    && !self.timeline.is_on_head_branch(records[end + 1].seq)
                {
                    end += 1;
                }
                let memory = std::rc::Rc::new(self.timeline.memory_at(records[end].seq));
                for _ in i..=end {
                    out.push(RowNames::Own(memory.clone()));
                }
                i = end + 1;
            }
        }
        out
    }

    /// The seq drawn at inner row `row` of a timeline pane with `height` inner rows (mouse clicks).
    #[must_use]
    pub fn timeline_seq_at(&self, height: usize, row: usize) -> Option<Seq> {
        self.timeline_rows(height).get(row).and_then(|r| r.seq)
    }
}

/// "#433 operator_fired   RK2 Fitness (score 8/6)".
#[must_use]
pub fn row_text(r: &EventRecord) -> String {
    format!("{:>5} {:<16} {}", r.seq.to_string(), r.event.kind(), r.event.detail())
}

/// Like [`row_text`], with concept, relation and proposal ids named from `memory`.
#[must_use]
pub fn row_text_named(r: &EventRecord, memory: &Memory) -> String {
    format!(
        "{:>5} {:<16} {}",
        r.seq.to_string(),
        r.event.kind(),
        r.event.detail_named(memory)
    )
}
