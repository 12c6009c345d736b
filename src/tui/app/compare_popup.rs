//! Branch compare as plain data: the memory at a marked point beside the memory at the cursor,
//! one row per concept, relation or bullet that differs, the mark's side on the left.
//! `ui::compare` lays the rows out in two columns.

use rgmem::diff::{BulletChange, Change, DiffLine, bullet_diff};
use rgmem::history::{Presence, memory_diff};
use rgmem::ids::Seq;
use rgmem::memory::Memory;
use rgmem::timeline::Timeline;

/// One row: a heading across both columns, or a bullet with its text on each side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CompareRow {
    /// A concept or relation that differs, with what moved.
    Heading(String),
    /// A bullet: its fate (`+ − ~ ↕`), its text at the mark and at the cursor (empty where absent).
    Bullet {
        /// The gutter mark.
        mark: char,
        /// At the mark.
        left: String,
        /// At the cursor.
        right: String,
    },
}

/// The open compare popup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComparePopup {
    /// The marked point.
    pub mark: Seq,
    /// The cursor.
    pub cursor: Seq,
    /// What differs.
    pub rows: Vec<CompareRow>,
    /// Rows scrolled.
    pub scroll: usize,
    /// What the two sides are, when they are not points of the log (the phase view's θ).
    pub labels: Option<(String, String)>,
}

fn side(line: &DiffLine, skip: Change) -> String {
    line.segments
        .iter()
        .filter(|s| s.change != skip)
        .map(|s| s.text.as_str())
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn bullets(rows: &mut Vec<CompareRow>, title: &str, before: &str, after: &str) {
    for line in bullet_diff(before, after)
        .iter()
        .filter(|l| l.change != BulletChange::Kept)
    {
        let (left, right) = match line.change {
            BulletChange::Added => (String::new(), side(line, Change::Removed)),
            BulletChange::Removed => (side(line, Change::Added), String::new()),
            _ => (side(line, Change::Added), side(line, Change::Removed)),
        };
        let titled = |text: String| {
            if text.is_empty() {
                text
            } else {
                format!("{title} {text}").trim_start().to_string()
            }
        };
        rows.push(CompareRow::Bullet {
            mark: line.change.mark(),
            left: titled(left),
            right: titled(right),
        });
    }
}

impl ComparePopup {
    /// The memory at `mark` against the memory at the cursor.
    #[must_use]
    pub fn between(timeline: &Timeline, mark: Seq) -> Self {
        let cursor = timeline.cursor();
        let before = timeline.memory_at(mark);
        Self::diff(mark, &before, cursor, timeline.memory(), false)
    }

    /// Two memories that are not points of one log: the left labelled `left`, the right `right`.
    #[must_use]
    pub fn between_memories(left: String, before: &Memory, right: String, after: &Memory) -> Self {
        let mut popup = Self::diff(Seq(0), before, Seq(0), after, true);
        popup.labels = Some((left, right));
        popup
    }

    fn diff(mark: Seq, before: &Memory, cursor: Seq, after: &Memory, labelled: bool) -> Self {
        let diff = memory_diff(mark, before, cursor, after);
        let mut rows = Vec::new();
        let presence = |p: Presence| match p {
            Presence::Added if labelled => "only on the right",
            Presence::Removed if labelled => "only on the left",
            Presence::Added => "only at the cursor",
            Presence::Removed => "only at the mark",
            Presence::Kept => "changed",
        };
        for c in &diff.concepts {
            if !c.text_changed() && c.presence == Presence::Kept {
                continue;
            }
            rows.push(CompareRow::Heading(format!("{} · {}", c.path, presence(c.presence))));
            bullets(&mut rows, "Σ", &c.sigma.0, &c.sigma.1);
            bullets(&mut rows, "Δ", &c.delta.0, &c.delta.1);
        }
        for r in diff.relations.iter().filter(|r| r.summary.0 != r.summary.1) {
            rows.push(CompareRow::Heading(format!("{} · {}", r.name, presence(r.presence))));
            bullets(&mut rows, "", &r.summary.0, &r.summary.1);
        }
        if !diff.counters.is_empty() {
            let moved: Vec<String> = diff
                .counters
                .iter()
                .map(|c| format!("{} {} → {}", c.name, c.before, c.after))
                .collect();
            rows.push(CompareRow::Heading(moved.join(" · ")));
        }
        Self {
            mark,
            cursor,
            rows,
            scroll: 0,
            labels: None,
        }
    }
}

impl super::App {
    /// Remembers the cursor as the point the compare popup measures from.
    pub(super) fn set_mark(&mut self) {
        let seq = self.timeline.cursor();
        self.mark = Some(seq);
        self.notice = Some(format!("mark set at {seq}; move the cursor and press D to compare"));
    }

    /// Opens the memory at the mark beside the memory at the cursor.
    pub(super) fn open_compare(&mut self) {
        let Some(mark) = self.mark else {
            self.notice = Some("press M to mark a point first, then move the cursor and press D".into());
            return;
        };
        self.compare = Some(ComparePopup::between(&self.timeline, mark));
    }

    /// Keys while the compare popup is open: ↑↓ PgUp PgDn scroll, Esc closes.
    pub(super) fn compare_key(&mut self, key: crossterm::event::KeyEvent) {
        use crossterm::event::KeyCode;
        let Some(popup) = self.compare.as_mut() else { return };
        let last = popup.rows.len().saturating_sub(1);
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => popup.scroll = popup.scroll.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => popup.scroll = (popup.scroll + 1).min(last),
            KeyCode::PageUp => popup.scroll = popup.scroll.saturating_sub(10),
            KeyCode::PageDown => popup.scroll = (popup.scroll + 10).min(last),
            KeyCode::Esc | KeyCode::Char('q' | 'D') => self.compare = None,
            _ => {}
        }
    }
}
