//! Correcting from the Σ/Δ pane. `X` lists the Σ bullets and Δ items (at head) of the concept the
//! pane shows; ↑↓ select; `X` again puts `:correct ITEM ` on the command line for the reason
//! (and `=> NEW TEXT` to replace rather than retire); Enter asks in a popup before
//! `item_corrected` is appended. Esc leaves the list.

use super::{App, Confirm, DiffRow, DiffView, Prompt};
use crate::tui::command::{Command, EngineRequest};
use crate::tui::focus::Focus;
use rgmem::event::{Event, ItemRef, Subject};
use rgmem::ids::ConceptId;

/// The item list in the Σ/Δ pane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Correcting {
    /// The concept whose items are listed.
    pub concept: ConceptId,
    /// The selected item.
    pub index: usize,
}

impl App {
    /// `X` in the Σ/Δ pane: list the shown concept's items, or ask for the selected one's reason.
    pub(super) fn correct_key(&mut self) {
        match self.correcting {
            None => match self.shown_concept() {
                Some(concept) if !self.items_of(concept).is_empty() => {
                    self.correcting = Some(Correcting { concept, index: 0 });
                    self.focus = Focus::Diff;
                    self.diff_scroll = 0;
                }
                Some(concept) => {
                    let name = self.timeline.head_memory().concept(concept).name.clone();
                    self.notice = Some(format!("{name} has no Σ bullet or Δ item at head to correct"));
                }
                None => {
                    self.notice = Some(
                        "X corrects the concept the Σ/Δ pane shows: put the cursor on an RK2/RK3 firing, or select a concept in the tree".into(),
                    );
                }
            },
            Some(c) => {
                if let Some((item, _)) = self.items_of(c.concept).get(c.index) {
                    self.prompt = Some(Prompt::Command(format!("correct {item} ")));
                    self.notice =
                        Some("type why it is wrong (=> NEW TEXT replaces it), then Enter; a popup asks first".into());
                }
            }
        }
    }

    /// ↑↓ in the item list.
    pub(super) fn correcting_move(&mut self, down: bool) {
        let Some(c) = self.correcting else { return };
        let n = self.items_of(c.concept).len();
        let index = if down {
            (c.index + 1).min(n.saturating_sub(1))
        } else {
            c.index.saturating_sub(1)
        };
        self.correcting = Some(Correcting { index, ..c });
    }

    /// `:correct ITEM REASON [=> NEW TEXT]`: checked against the memory at head, then asked in
    /// a popup.
    pub(super) fn ask_correct(&mut self, item: ItemRef, reason: String, text: Option<String>) {
        if rgmem::engine::item_text(self.timeline.head_memory(), item).is_none() {
            self.last_error = Some(format!("no {} {item} in the memory at head", item.noun()));
            return;
        }
        self.pending_correction = Some((item, reason, text));
        self.confirm = Some(Confirm::Correct(item));
    }

    /// `:uncorrect K`: a correction in force at head, asked in a popup.
    pub(super) fn ask_uncorrect(&mut self, k: rgmem::ids::CorrectionId) {
        if self.timeline.head_memory().active_corrections().any(|c| c.id == k) {
            self.confirm = Some(Confirm::Uncorrect(k));
        } else {
            self.last_error = Some(format!("no correction {k} in force at head"));
        }
    }

    /// The undo popup's words.
    pub(super) fn uncorrect_text(&self, k: rgmem::ids::CorrectionId) -> (String, String) {
        let what = self
            .timeline
            .head_memory()
            .corrections
            .get(&k)
            .map(|c| format!(" ({} {}: {})", c.item.noun(), c.item, rgmem::text::clip(&c.was, 80)))
            .unwrap_or_default();
        (
            "Undo the correction?".into(),
            format!(
                "Undo {k}{what}? This appends correction_undone: what it changed reads as before, wherever nothing rewrote it since."
            ),
        )
    }

    /// `y` on the popup.
    pub(super) fn confirm_correct(&mut self, out: &mut Vec<Command>) {
        if let Some((item, reason, text)) = self.pending_correction.take() {
            self.correcting = None;
            self.engine(out, EngineRequest::Correct { item, reason, text });
        }
    }

    /// The popup's words.
    pub(super) fn correct_text(&self, item: ItemRef) -> (String, String) {
        let was = rgmem::engine::item_text(self.timeline.head_memory(), item).unwrap_or_default();
        let (reason, text) = self
            .pending_correction
            .as_ref()
            .map(|(_, r, t)| (r.as_str(), t.as_deref()))
            .unwrap_or_default();
        let was = rgmem::text::clip(&was, 120);
        let noun = item.noun();
        let after = "This appends item_corrected: the old text leaves recall, what it was built from never re-enters a summary, and `rgmem correct --undo K` takes it back.";
        match text {
            None => (
                "Retire this item?".into(),
                format!("Retire {noun} {item} “{was}” because “{reason}”? {after}"),
            ),
            Some(t) => (
                "Replace this item's text?".into(),
                format!("Replace {noun} {item} “{was}” with “{t}” because “{reason}”? {after}"),
            ),
        }
    }

    /// The Σ/Δ pane while the list is open.
    #[must_use]
    pub fn correction_view(&self) -> Option<DiffView> {
        let c = self.correcting?;
        let m = self.timeline.head_memory();
        let name = m.concept(c.concept).name.clone();
        let mut rows = vec![DiffRow::Heading(
            "Correct an item at head: ↑↓ select · X give the reason · Esc back".into(),
        )];
        for (i, (item, text)) in self.items_of(c.concept).iter().enumerate() {
            let selected = i == c.index;
            let marker = if selected { "▶ " } else { "  " };
            rows.push(DiffRow::Proposal {
                text: format!("{marker}{item} {text}"),
                selected,
            });
        }
        let done: Vec<_> = m
            .active_corrections()
            .filter(|k| k.item.concept() == Some(c.concept))
            .collect();
        if !done.is_empty() {
            rows.push(DiffRow::Blank);
            rows.push(DiffRow::Heading("Corrections in force".into()));
            for k in done {
                let what = if k.retires() { "retired" } else { "replaced" };
                rows.push(DiffRow::Note(format!(
                    "{} {} {what}: {} ({})",
                    k.id, k.item, k.was, k.reason
                )));
            }
        }
        Some(DiffView {
            title: format!("Correct · {name}"),
            rows,
            firing: None,
        })
    }

    /// The Σ bullets and Δ items of `concept` at head, with their ids.
    fn items_of(&self, concept: ConceptId) -> Vec<(ItemRef, String)> {
        rgmem::engine::items(self.timeline.head_memory())
            .into_iter()
            .filter(|(item, _)| item.concept() == Some(concept))
            .collect()
    }

    /// The concept the Σ/Δ pane shows: the one selected in the tree when its details are up,
    /// else the subject of the firing or proposal shown.
    fn shown_concept(&self) -> Option<ConceptId> {
        if self.concept_detail
            && let Some(id) = self.selected_concept()
        {
            return Some(ConceptId(id));
        }
        let record = self.timeline.entry(self.views.diff.firing?)?;
        let concept = match record.event {
            Event::OperatorFired {
                subject: Subject::Concept(c),
                ..
            } => c,
            Event::AbstractionProposed { concept, .. } => concept,
            _ => return None,
        };
        (concept.index() < self.timeline.head_memory().concepts.len()).then_some(concept)
    }
}
