//! Word-level diffs of operator texts (a relation summary, or a concept's Σ and Δ) for the Σ/Δ
//! pane. Pure: it never sees a terminal; the pane only colours what this returns.
//!
//! Lines are diffed first, so whole added or removed lines stay whole; inside a block of changed
//! lines the words are diffed, laid out along the *new* text's lines (a removed line break shows
//! as a space), so the reader sees the after-text with the removed words struck in place.

use crate::event::Abstraction;
use similar::{ChangeTag, DiffOp, TextDiff};

/// What happened to a piece of text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// In both texts.
    Kept,
    /// Only in the after-text.
    Added,
    /// Only in the before-text.
    Removed,
}

/// A run of text with one change; it never contains a line break.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    /// Kept, added or removed.
    pub change: Change,
    /// The words (and the spaces between them).
    pub text: String,
}

/// One display line of a diff.
pub type DiffLine = Vec<Segment>;

/// The diff of one text: the summary, Σ or Δ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// "summary", "Σ" or "Δ".
    pub title: &'static str,
    /// The lines to show.
    pub lines: Vec<DiffLine>,
    /// Words added.
    pub added: usize,
    /// Words removed.
    pub removed: usize,
}

impl Section {
    /// Whether before and after are the same text.
    #[must_use]
    pub fn is_unchanged(&self) -> bool {
        self.added == 0 && self.removed == 0
    }
}

/// Diffs an operator's before and after: one section for an RK1 summary, Σ and Δ for a profile.
#[must_use]
pub fn abstraction_diff(before: &Abstraction, after: &Abstraction) -> Vec<Section> {
    match (before, after) {
        (Abstraction::Profile { sigma: s0, delta: d0 }, Abstraction::Profile { sigma: s1, delta: d1 }) => {
            vec![section("Σ", s0, s1), section("Δ", d0, d1)]
        }
        (before, after) => vec![section("summary", &before.text(), &after.text())],
    }
}

fn section(title: &'static str, before: &str, after: &str) -> Section {
    let lines = word_diff(before, after);
    let count = |change| {
        lines
            .iter()
            .flatten()
            .filter(|s| s.change == change)
            .map(|s| s.text.split_whitespace().count())
            .sum()
    };
    Section {
        title,
        added: count(Change::Added),
        removed: count(Change::Removed),
        lines,
    }
}

/// The word-level diff of two texts, as display lines.
#[must_use]
pub fn word_diff(before: &str, after: &str) -> Vec<DiffLine> {
    let old: Vec<&str> = before.lines().collect();
    let new: Vec<&str> = after.lines().collect();
    let mut out = Builder::default();
    for op in similar::capture_diff_slices(similar::Algorithm::Myers, &old, &new) {
        match op {
            DiffOp::Equal { old_index, len, .. } => {
                for line in &old[old_index..old_index + len] {
                    out.whole_line(Change::Kept, line);
                }
            }
            DiffOp::Delete { old_index, old_len, .. } => {
                for line in &old[old_index..old_index + old_len] {
                    out.whole_line(Change::Removed, line);
                }
            }
            DiffOp::Insert { new_index, new_len, .. } => {
                for line in &new[new_index..new_index + new_len] {
                    out.whole_line(Change::Added, line);
                }
            }
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => {
                let a = old[old_index..old_index + old_len].join("\n");
                let b = new[new_index..new_index + new_len].join("\n");
                let words = TextDiff::from_words(a.as_str(), b.as_str());
                if words.ratio() < MIN_WORD_RATIO {
                    for line in a.lines() {
                        out.whole_line(Change::Removed, line);
                    }
                    for line in b.lines() {
                        out.whole_line(Change::Added, line);
                    }
                    continue;
                }
                let mut runs = Runs::default();
                for change in words.iter_all_changes() {
                    let value = change.value();
                    match change.tag() {
                        ChangeTag::Equal if value.trim().is_empty() && runs.is_open() => runs.space.push_str(value),
                        ChangeTag::Equal => {
                            runs.flush(&mut out);
                            out.words(Change::Kept, value);
                        }
                        ChangeTag::Delete => runs.push(true, value),
                        ChangeTag::Insert => runs.push(false, value),
                    }
                }
                runs.flush(&mut out);
                out.end_line();
            }
        }
    }
    out.end_line();
    out.lines
}

/// Below this share of common words, a changed block reads better as whole removed lines then
/// whole added lines than as interleaved words.
const MIN_WORD_RATIO: f32 = 0.5;

/// Consecutive changed words, gathered so a changed phrase reads as one removed run followed by
/// one added run instead of alternating words; spaces between changes join both runs.
#[derive(Default)]
struct Runs {
    removed: String,
    added: String,
    space: String,
}

impl Runs {
    fn is_open(&self) -> bool {
        !self.removed.is_empty() || !self.added.is_empty()
    }

    fn push(&mut self, removed: bool, text: &str) {
        let space = std::mem::take(&mut self.space);
        for run in [&mut self.removed, &mut self.added] {
            if !run.is_empty() {
                run.push_str(&space);
            }
        }
        if removed {
            self.removed.push_str(text);
        } else {
            self.added.push_str(text);
        }
    }

    fn flush(&mut self, out: &mut Builder) {
        if self.is_open() {
            let removed = std::mem::take(&mut self.removed);
            let added = std::mem::take(&mut self.added);
            out.words(Change::Removed, &removed);
            if !removed.is_empty() && !added.is_empty() {
                out.words(Change::Kept, " ");
            }
            out.words(Change::Added, &added);
        }
        let space = std::mem::take(&mut self.space);
        out.words(Change::Kept, &space);
    }
}

#[derive(Default)]
struct Builder {
    lines: Vec<DiffLine>,
    current: DiffLine,
}

impl Builder {
    fn whole_line(&mut self, change: Change, line: &str) {
        self.end_line();
        self.push(change, line);
        self.lines.push(std::mem::take(&mut self.current));
    }

    fn words(&mut self, change: Change, text: &str) {
        let mut parts = text.split('\n').peekable();
        while let Some(part) = parts.next() {
            self.push(change, part);
            if parts.peek().is_some() {
                if change == Change::Removed {
                    self.push(change, " ");
                } else {
                    self.lines.push(std::mem::take(&mut self.current));
                }
            }
        }
    }

    fn push(&mut self, change: Change, text: &str) {
        if text.is_empty() {
            return;
        }
        match self.current.last_mut() {
            Some(last) if last.change == change => last.text.push_str(text),
            _ => self.current.push(Segment {
                change,
                text: text.to_string(),
            }),
        }
    }

    fn end_line(&mut self) {
        if !self.current.is_empty() {
            self.lines.push(std::mem::take(&mut self.current));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(lines: &[DiffLine]) -> String {
        lines
            .iter()
            .map(|l| {
                l.iter()
                    .map(|s| match s.change {
                        Change::Kept => s.text.clone(),
                        Change::Added => format!("{{+{}+}}", s.text),
                        Change::Removed => format!("[-{}-]", s.text),
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn changed_word_is_removed_then_added_in_place() {
        let d = word_diff("lifts four days a week", "lifts two days a week");
        assert_eq!(render(&d), "lifts [-four-] {+two+} days a week");
    }

    #[test]
    fn a_changed_phrase_is_one_removed_run_then_one_added_run() {
        let d = word_diff(
            "- Fitness: lifts four days a week",
            "- Fitness: swims three times a week",
        );
        assert_eq!(
            render(&d),
            "- Fitness: [-lifts four days-] {+swims three times+} a week"
        );
    }

    #[test]
    fn unrelated_lines_are_replaced_whole() {
        let d = word_diff("alpha beta gamma", "one two three");
        assert_eq!(render(&d), "[-alpha beta gamma-]\n{+one two three+}");
    }

    #[test]
    fn whole_lines_stay_whole() {
        let d = word_diff("- a\n- b", "- a\n- b\n- c");
        assert_eq!(render(&d), "- a\n- b\n{+- c+}");
        let d = word_diff("- a\n- b\n- c", "- a\n- c");
        assert_eq!(render(&d), "- a\n[-- b-]\n- c");
    }

    #[test]
    fn identical_texts_have_no_changes() {
        let s = section("Σ", "x y\nz", "x y\nz");
        assert!(s.is_unchanged());
        assert_eq!(render(&s.lines), "x y\nz");
    }

    #[test]
    fn empty_before_is_all_added_and_counted() {
        let s = section("Δ", "", "no lifting\nfor now");
        assert_eq!(s.added, 4);
        assert_eq!(s.removed, 0);
        assert!(s.lines.iter().flatten().all(|seg| seg.change == Change::Added));
    }

    #[test]
    fn profile_diffs_sigma_and_delta_separately() {
        let before = Abstraction::Profile {
            sigma: "- lifts".into(),
            delta: String::new(),
        };
        let after = Abstraction::Profile {
            sigma: "- lifts".into(),
            delta: "- injured".into(),
        };
        let sections = abstraction_diff(&before, &after);
        assert_eq!(sections.len(), 2);
        assert!(sections[0].is_unchanged());
        assert_eq!(sections[1].added, 2);
        let summary = abstraction_diff(
            &Abstraction::Summary { summary: "a".into() },
            &Abstraction::Summary { summary: "b".into() },
        );
        assert_eq!(summary[0].title, "summary");
    }
}
