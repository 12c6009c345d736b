//! The timeline pane's rows as plain data: which seqs fit around the cursor, how each reads
//! (names, not ids, from a memory on the row's own branch), and how it is marked.

use super::App;
use rgmem::event::{Event, EventRecord};
use rgmem::ids::Seq;
use rgmem::memory::Memory;

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
        for seq in self.timeline_window(height.saturating_sub(rows.len())) {
            let Some(r) = self.timeline.entry(seq) else { continue };
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
            // Name ids from a memory on the row's own branch: the cursor's for rows up to it, the
            // head's for later rows on the head branch; rows on abandoned branches keep raw ids.
            let names = if seq <= cursor {
                Some(self.timeline.memory())
            } else {
                on_branch.then(|| self.timeline.head_memory())
            };
            rows.push(TimelineRow {
                seq: Some(seq),
                text: format!("{mark}{}", row_text_named(&r, names)),
                kind,
            });
        }
        rows
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

/// Like [`row_text`], with concept and relation ids replaced by names from `memory`.
#[must_use]
pub fn row_text_named(r: &EventRecord, memory: Option<&Memory>) -> String {
    let named = memory.and_then(|m| match &r.event {
        Event::RelationAdded { source, target } => Some(format!(
            "{} → {}",
            m.concepts.get(source.index())?.name,
            m.concepts.get(target.index())?.name
        )),
        Event::MentionRecorded { relation, label, .. } => {
            m.relations.get(relation.index())?;
            Some(format!("{}: {label}", m.relation_name(*relation)))
        }
        _ => None,
    });
    match named {
        Some(d) => format!("{:>5} {:<16} {d}", r.seq.to_string(), r.event.kind()),
        None => row_text(r),
    }
}
