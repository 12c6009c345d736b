//! The history popup as plain data: every firing, proposal, approval, rejection and revert that
//! touched one concept (or the relations it is in) on the chain of the cursor, the selected one's
//! diff, and the seq Enter moves the cursor to. `ui::history` only styles what this holds.

use super::diff_view::{DiffRow, DiffView, section_rows};
use rgmem::diff::abstraction_diff;
use rgmem::event::Subject;
use rgmem::history::{Firing, Tree, concept_history};
use rgmem::ids::{ConceptId, Seq};
use rgmem::timeline::Timeline;

/// One entry of the list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryEntry {
    /// Where it is in the log.
    pub seq: Seq,
    /// "#179 RK2 fired Fitness (score 6/6) 2024-04-02".
    pub text: String,
    /// Its trigger and the diff of its texts.
    pub diff: DiffView,
}

/// The open popup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryPopup {
    /// "History of Alex / Health and Wellness / Fitness".
    pub title: String,
    /// The entries, oldest first.
    pub entries: Vec<HistoryEntry>,
    /// The selected entry.
    pub selected: usize,
}

impl HistoryPopup {
    /// The history of a concept up to the cursor, with the latest entry at or before the cursor
    /// selected.
    #[must_use]
    pub fn of_concept(timeline: &Timeline, concept: ConceptId) -> Option<Self> {
        let memory = timeline.memory();
        let node = memory.concepts.get(concept.index())?;
        // The timeline pages its entries from the file; the history reads them once, here.
        let records: Vec<_> = timeline.records().collect();
        let tree = Tree::from_records(&records);
        let cursor = timeline.cursor();
        let firings = concept_history(&records, &tree, cursor, Subject::Concept(concept));
        let entries: Vec<HistoryEntry> = firings.iter().map(|f| entry(f, &tree)).collect();
        Some(Self {
            title: format!(
                "History of {} · {} entries up to {cursor}",
                memory.path_of(node.id).join(" / "),
                entries.len()
            ),
            selected: entries.len().saturating_sub(1),
            entries,
        })
    }

    /// Moves the selection, staying inside the list.
    pub fn step(&mut self, down: bool) {
        self.selected = if down {
            (self.selected + 1).min(self.entries.len().saturating_sub(1))
        } else {
            self.selected.saturating_sub(1)
        };
    }

    /// The selected entry.
    #[must_use]
    pub fn current(&self) -> Option<&HistoryEntry> {
        self.entries.get(self.selected)
    }
}

fn entry(f: &Firing, tree: &Tree) -> HistoryEntry {
    let when = tree
        .time_of(f.seq)
        .map(|t| format!("  {}", t.date()))
        .unwrap_or_default();
    let trigger = f.trigger.as_ref().map(|t| format!(" ({t})")).unwrap_or_default();
    let text = format!(
        "{} {} {} {}{trigger}{when}",
        f.seq,
        f.operator.label(),
        f.kind.label(),
        f.target
    );
    let mut rows = vec![DiffRow::Heading(text.clone())];
    if !f.kind.applies() {
        rows.push(DiffRow::Note(match f.kind {
            rgmem::history::FiringKind::Proposed => "proposed: nothing changed until it is approved".into(),
            _ => "rejected: the text stayed as it was".into(),
        }));
    }
    rows.extend(section_rows(&abstraction_diff(&f.before, &f.after)));
    HistoryEntry {
        seq: f.seq,
        text,
        diff: DiffView {
            title: format!("{} {}", f.seq, f.target),
            rows,
            firing: Some(f.seq),
        },
    }
}

impl super::App {
    /// Opens the history of the concept selected in the tree.
    pub(super) fn open_history(&mut self) {
        let Some(id) = self.selected_concept() else {
            self.notice = Some("select a concept in the tree first (Tab to the tree, ↑↓)".into());
            return;
        };
        self.history = HistoryPopup::of_concept(&self.timeline, ConceptId(id));
    }

    /// Keys while the popup is open: ↑↓ select, Enter moves the cursor to the entry, Esc closes.
    pub(super) fn history_key(&mut self, key: crossterm::event::KeyEvent) {
        use crossterm::event::KeyCode;
        let Some(popup) = self.history.as_mut() else { return };
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => popup.step(false),
            KeyCode::Down | KeyCode::Char('j') => popup.step(true),
            KeyCode::Enter => {
                let seq = popup.current().map(|e| e.seq);
                self.history = None;
                if let Some(seq) = seq {
                    self.seek(seq);
                }
            }
            KeyCode::Esc | KeyCode::Char('q' | 'H') => self.history = None,
            _ => {}
        }
    }
}
