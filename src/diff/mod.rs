//! Diffs of operator texts (a relation summary, or a concept's Σ and Δ) by bullet, for the Σ/Δ
//! pane and `rgmem diff`. Pure: it never sees a terminal; callers only style what this returns.
//!
//! Operators write lists: one bullet (or heading) per line. A text is diffed as a list first, so
//! a bullet that only moved reads as moved, not as a rewrite of everything between. Each bullet
//! of the result is kept, moved, added, removed, or changed; only inside a changed bullet (an
//! old and a new bullet similar enough to be one edited statement) are words diffed.

use crate::event::profile_text;
use crate::event::{Abstraction, Delta, RelationSummary, Sigma};
use similar::{ChangeTag, TextDiff};

/// What happened to a run of words inside a line.
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

/// What happened to one bullet (one line of an operator text).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BulletChange {
    /// The same bullet, in the same order relative to the other kept ones.
    Kept,
    /// The same bullet, somewhere else in the list.
    Moved,
    /// Only in the after-text.
    Added,
    /// Only in the before-text.
    Removed,
    /// An edited bullet: its words are diffed.
    Changed,
}

impl BulletChange {
    /// A one-character gutter mark that reads without colour: ` `, `↕`, `+`, `−`, `~`.
    #[must_use]
    pub fn mark(self) -> char {
        match self {
            Self::Kept => ' ',
            Self::Moved => '↕',
            Self::Added => '+',
            Self::Removed => '−',
            Self::Changed => '~',
        }
    }
}

/// One display line of a diff: one bullet, or a heading that labels the bullets below it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiffLine {
    /// What happened to the bullet.
    pub change: BulletChange,
    /// A heading ("Regarding Walking:"): shown, never counted.
    pub heading: bool,
    /// Its text; only a changed bullet has added and removed runs.
    pub segments: Vec<Segment>,
}

impl DiffLine {
    fn whole(change: BulletChange, text: &str) -> Self {
        let words = match change {
            BulletChange::Added => Change::Added,
            BulletChange::Removed => Change::Removed,
            _ => Change::Kept,
        };
        Self {
            change,
            heading: is_heading(text),
            segments: vec![Segment {
                change: words,
                text: text.to_string(),
            }],
        }
    }

    /// The line as text with the gutter mark and, inside a changed bullet, `[-removed-]` and
    /// `{+added+}` markers: readable with no colour at all.
    #[must_use]
    pub fn plain(&self) -> String {
        let mut out = format!("{} ", self.change.mark());
        for s in &self.segments {
            match (self.change, s.change) {
                (BulletChange::Changed, Change::Added) => out.push_str(&format!("{{+{}+}}", s.text)),
                (BulletChange::Changed, Change::Removed) => out.push_str(&format!("[-{}-]", s.text)),
                _ => out.push_str(&s.text),
            }
        }
        out
    }
}

/// How many bullets had each fate.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Unchanged and in place.
    pub kept: usize,
    /// Unchanged but elsewhere.
    pub moved: usize,
    /// New.
    pub added: usize,
    /// Gone.
    pub removed: usize,
    /// Edited.
    pub changed: usize,
}

impl Counts {
    /// "1 changed · 2 added" (zeros left out), or "unchanged".
    #[must_use]
    pub fn summary(&self) -> String {
        let parts: Vec<String> = [
            (self.changed, "changed"),
            (self.added, "added"),
            (self.removed, "removed"),
            (self.moved, "moved"),
        ]
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, what)| format!("{n} {what}"))
        .collect();
        if parts.is_empty() {
            "unchanged".into()
        } else {
            parts.join(" · ")
        }
    }
}

/// The diff of one text: the summary, Σ or Δ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// "summary", "Σ" or "Δ".
    pub title: &'static str,
    /// The bullets to show, in the after-text's order, removed ones where they stood.
    pub lines: Vec<DiffLine>,
    /// Bullets per fate.
    pub counts: Counts,
}

impl Section {
    /// Whether before and after hold the same bullets in the same order.
    #[must_use]
    pub fn is_unchanged(&self) -> bool {
        let c = self.counts;
        c.added + c.removed + c.changed + c.moved == 0
    }

    /// The section as plain text: a `── Σ (…) ──` heading, then one marked line per bullet.
    #[must_use]
    pub fn plain(&self) -> String {
        let mut out = format!("── {} ({}) ──\n", self.title, self.counts.summary());
        for line in &self.lines {
            out.push_str(line.plain().trim_end());
            out.push('\n');
        }
        out
    }
}

/// Diffs an operator's before and after: one section for an RK1 summary, Σ and Δ for a profile.
#[must_use]
pub fn abstraction_diff(before: &Abstraction, after: &Abstraction) -> Vec<Section> {
    match (before, after) {
        (Abstraction::Profile { sigma: s0, delta: d0 }, Abstraction::Profile { sigma: s1, delta: d1 }) => {
            vec![
                lines_section("Σ", &sigma_lines(s0), &sigma_lines(s1)),
                lines_section("Δ", &delta_lines(d0), &delta_lines(d1)),
            ]
        }
        (before, after) => vec![lines_section(
            "summary",
            &abstraction_lines(before),
            &abstraction_lines(after),
        )],
    }
}

/// One line of a text to diff: what is shown, and the part two versions are compared on (a Σ
/// bullet without its gathered mentions, which are its appendix).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The line as printed.
    pub shown: String,
    /// What its similarity to another line is judged on.
    pub core: String,
}

impl Line {
    fn plain(text: &str) -> Self {
        Self {
            shown: text.to_string(),
            core: text.to_string(),
        }
    }
}

/// Σ's lines: the overview, then each bullet.
#[must_use]
pub fn sigma_lines(sigma: &Sigma) -> Vec<Line> {
    sigma
        .overview
        .iter()
        .map(|l| Line::plain(l))
        .chain(sigma.bullets.iter().map(|b| {
            let core = if b.branch.is_empty() {
                format!("- {}", b.text)
            } else {
                format!("- {}: {}", b.branch, b.text)
            };
            Line {
                shown: format!("- {}", profile_text::render_bullet(b)),
                core,
            }
        }))
        .collect()
}

/// Δ's lines, as printed.
#[must_use]
pub fn delta_lines(delta: &Delta) -> Vec<Line> {
    text_lines(&delta.render())
}

/// A relation summary's lines: the fact (compared without its mentions), then the inferences.
#[must_use]
pub fn summary_lines(summary: &RelationSummary) -> Vec<Line> {
    let mut out = Vec::new();
    let mut lines = summary
        .render()
        .lines()
        .map(str::to_string)
        .collect::<Vec<_>>()
        .into_iter();
    if let Some(first) = lines.next() {
        out.push(Line {
            shown: first,
            core: format!("Fact Summary: {}", summary.fact),
        });
    }
    out.extend(lines.map(|l| Line::plain(&l)));
    out
}

fn abstraction_lines(a: &Abstraction) -> Vec<Line> {
    match a {
        Abstraction::Summary { summary } => summary_lines(summary),
        Abstraction::Profile { .. } => text_lines(&a.text()),
    }
}

/// The lines of a plain text: its non-blank lines, trailing spaces dropped.
#[must_use]
pub fn text_lines(text: &str) -> Vec<Line> {
    text.lines()
        .map(str::trim_end)
        .filter(|l| !l.trim().is_empty())
        .map(Line::plain)
        .collect()
}

/// Diffs two texts bullet by bullet.
#[must_use]
pub fn section(title: &'static str, before: &str, after: &str) -> Section {
    lines_section(title, &text_lines(before), &text_lines(after))
}

/// Diffs two lists of lines bullet by bullet.
#[must_use]
pub fn lines_section(title: &'static str, before: &[Line], after: &[Line]) -> Section {
    let lines = line_diff(before, after);
    let mut counts = Counts::default();
    for l in lines.iter().filter(|l| !l.heading) {
        *match l.change {
            BulletChange::Kept => &mut counts.kept,
            BulletChange::Moved => &mut counts.moved,
            BulletChange::Added => &mut counts.added,
            BulletChange::Removed => &mut counts.removed,
            BulletChange::Changed => &mut counts.changed,
        } += 1;
    }
    Section { title, lines, counts }
}

/// Below this share of common words, an old and a new bullet are two statements (one removed,
/// one added), not one edited statement.
const MIN_WORD_RATIO: f32 = 0.5;

/// The share of words two bullets have in common (Dice over word multisets), after the list
/// mark, a `[tag]` and a short `Label:` they may share are set aside, so "- " and
/// "Inferred Trait/Interest:" never make two statements look alike.
fn similarity(a: &str, b: &str) -> f32 {
    let words = |s: &str| -> Vec<String> {
        content(s)
            .split_whitespace()
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
            .filter(|w| !w.is_empty())
            .collect()
    };
    let (a, mut b) = (words(a), words(b));
    let total = a.len() + b.len();
    if total == 0 {
        return 1.0;
    }
    let mut common = 0usize;
    for w in &a {
        if let Some(i) = b.iter().position(|x| x == w) {
            b.swap_remove(i);
            common += 1;
        }
    }
    // Word counts are small; the ratio only needs to compare with MIN_WORD_RATIO.
    #[allow(clippy::cast_precision_loss)]
    let ratio = (2 * common) as f32 / total as f32;
    ratio
}

/// A bullet without its list mark, `[tag]` and a `Label:` of at most four words.
fn content(bullet: &str) -> &str {
    let mut s = bullet.trim_start();
    for mark in ["- ", "* ", "• "] {
        if let Some(rest) = s.strip_prefix(mark) {
            s = rest.trim_start();
            break;
        }
    }
    if s.starts_with('[')
        && let Some((_, rest)) = s.split_once("] ")
    {
        s = rest.trim_start();
    }
    if let Some((head, rest)) = s.split_once(": ")
        && head.split_whitespace().count() <= 4
    {
        s = rest.trim_start();
    }
    s
}

/// Whether a line labels the bullets below it ("Regarding Walking:", "Actionable Inferences:").
fn is_heading(line: &str) -> bool {
    let t = line.trim();
    t.ends_with(':') && !["- ", "* ", "• "].iter().any(|m| t.starts_with(m))
}

/// Where an after-bullet came from.
#[derive(Clone, Copy)]
enum Origin {
    /// The same text at this before-index.
    Same(usize),
    /// An edit of the bullet at this before-index.
    Edited(usize),
    /// Nowhere.
    New,
}

/// The bullet diff of two texts, in the after-text's order with removed bullets where they stood.
#[must_use]
pub fn bullet_diff(before: &str, after: &str) -> Vec<DiffLine> {
    line_diff(&text_lines(before), &text_lines(after))
}

/// The bullet diff of two lists of lines (see [`bullet_diff`]).
#[must_use]
pub fn line_diff(before: &[Line], after: &[Line]) -> Vec<DiffLine> {
    let old: Vec<&str> = before.iter().map(|l| l.shown.as_str()).collect();
    let new: Vec<&str> = after.iter().map(|l| l.shown.as_str()).collect();
    let mut origin = vec![Origin::New; new.len()];
    let mut used = vec![false; old.len()];
    // 1. Identical bullets, each old one used once, first come first served.
    for (j, b) in new.iter().enumerate() {
        if let Some(i) = (0..old.len()).find(|&i| !used[i] && old[i] == *b) {
            used[i] = true;
            origin[j] = Origin::Same(i);
        }
    }
    // 2. Edits: the most similar remaining pairs first.
    let mut pairs: Vec<(f32, usize, usize)> = Vec::new();
    for (j, b) in new.iter().enumerate() {
        if !matches!(origin[j], Origin::New) {
            continue;
        }
        for (i, a) in old.iter().enumerate() {
            if !used[i] && !is_heading(a) && !is_heading(b) {
                let ratio = similarity(&before[i].core, &after[j].core);
                if ratio >= MIN_WORD_RATIO {
                    pairs.push((ratio, i, j));
                }
            }
        }
    }
    pairs.sort_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)).then(x.2.cmp(&y.2)));
    for (_, i, j) in pairs {
        if !used[i] && matches!(origin[j], Origin::New) {
            used[i] = true;
            origin[j] = Origin::Edited(i);
        }
    }
    // 3. Identical bullets in their old relative order are kept; the others moved. Headings
    // only label the bullets, so a matched heading is kept wherever it went.
    let same: Vec<(usize, usize)> = origin
        .iter()
        .enumerate()
        .filter_map(|(j, o)| match o {
            Origin::Same(i) if !is_heading(new[j]) => Some((j, *i)),
            _ => None,
        })
        .collect();
    let in_order = longest_increasing(&same.iter().map(|(_, i)| *i).collect::<Vec<_>>());
    let kept: Vec<usize> = in_order.iter().map(|k| same[*k].0).collect();
    // 4. Lay out: after-bullets in order; each removed bullet right after the output of the
    // nearest earlier old bullet that survived (or first).
    let mut removed_after: Vec<Vec<usize>> = vec![Vec::new(); new.len() + 1];
    let survivor_of = |i: usize| {
        origin.iter().position(|o| match o {
            Origin::Same(k) | Origin::Edited(k) => *k == i,
            Origin::New => false,
        })
    };
    for i in (0..old.len()).filter(|i| !used[*i]) {
        let slot = (0..i).rev().find_map(survivor_of).map_or(0, |j| j + 1);
        removed_after[slot].push(i);
    }
    let mut out = Vec::new();
    for j in 0..=new.len() {
        for &i in &removed_after[j] {
            out.push(DiffLine::whole(BulletChange::Removed, old[i]));
        }
        let Some(text) = new.get(j) else { break };
        out.push(match origin[j] {
            Origin::Same(_) if kept.contains(&j) || is_heading(text) => DiffLine::whole(BulletChange::Kept, text),
            Origin::Same(_) => DiffLine::whole(BulletChange::Moved, text),
            Origin::Edited(i) => DiffLine {
                change: BulletChange::Changed,
                heading: false,
                segments: word_diff(old[i], text),
            },
            Origin::New => DiffLine::whole(BulletChange::Added, text),
        });
    }
    out
}

/// Indices (into `xs`) of one longest strictly increasing subsequence.
fn longest_increasing(xs: &[usize]) -> Vec<usize> {
    // O(n²) is fine: an operator text has tens of bullets.
    let n = xs.len();
    let mut len = vec![1usize; n];
    let mut prev = vec![usize::MAX; n];
    for j in 0..n {
        for i in 0..j {
            if xs[i] < xs[j] && len[i] + 1 > len[j] {
                len[j] = len[i] + 1;
                prev[j] = i;
            }
        }
    }
    let Some(mut at) = (0..n).max_by_key(|&j| (len[j], std::cmp::Reverse(j))) else {
        return Vec::new();
    };
    let mut out = vec![at];
    while prev[at] != usize::MAX {
        at = prev[at];
        out.push(at);
    }
    out.reverse();
    out
}

/// The word-level diff of one edited bullet: a changed phrase reads as one removed run followed
/// by one added run, not as alternating words.
#[must_use]
pub fn word_diff(before: &str, after: &str) -> Vec<Segment> {
    let mut out = Vec::new();
    let mut runs = Runs::default();
    for change in TextDiff::from_words(before, after).iter_all_changes() {
        let value = change.value();
        match change.tag() {
            ChangeTag::Equal if value.trim().is_empty() && runs.is_open() => runs.space.push_str(value),
            ChangeTag::Equal => {
                runs.flush(&mut out);
                push(&mut out, Change::Kept, value);
            }
            ChangeTag::Delete => runs.push(true, value),
            ChangeTag::Insert => runs.push(false, value),
        }
    }
    runs.flush(&mut out);
    out
}

fn push(out: &mut Vec<Segment>, change: Change, text: &str) {
    if text.is_empty() {
        return;
    }
    match out.last_mut() {
        Some(last) if last.change == change => last.text.push_str(text),
        _ => out.push(Segment {
            change,
            text: text.to_string(),
        }),
    }
}

/// Consecutive changed words, gathered so a changed phrase reads as one removed run followed by
/// one added run; spaces between changes join both runs.
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

    fn flush(&mut self, out: &mut Vec<Segment>) {
        if self.is_open() {
            let removed = std::mem::take(&mut self.removed);
            let added = std::mem::take(&mut self.added);
            push(out, Change::Removed, &removed);
            if !removed.is_empty() && !added.is_empty() {
                push(out, Change::Kept, " ");
            }
            push(out, Change::Added, &added);
        }
        let space = std::mem::take(&mut self.space);
        push(out, Change::Kept, &space);
    }
}

#[cfg(test)]
mod tests;
