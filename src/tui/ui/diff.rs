//! The Σ/Δ pane: the before and after of the operator firing under the cursor as a coloured,
//! syntax-highlighted word-level diff with its trigger; in approval mode, the pending proposals
//! and the selected one's diff; with the tree focused, the selected concept's details.

use super::highlight::Highlighter;
use super::{concept_tree, pane_block};
use crate::tui::app::App;
use crate::tui::app::{DiffRow, DiffView};
use crate::tui::focus::Focus;
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use rgmem::diff::{BulletChange, Change, DiffLine};
use rgmem::event::Event;
use rgmem::ids::Seq;
use unicode_width::UnicodeWidthStr;

/// Draws the pane.
pub fn render(frame: &mut Frame<'_>, area: Rect, app: &App, focused: bool) {
    let (title, lines) = if let Some(view) = app.correction_view() {
        (view.title.clone(), lines(&view, app.theme))
    } else if app.focus == Focus::Tree && app.concept_detail && !app.maximised {
        match app.selected_concept() {
            Some(c) => concept_tree::detail(app.timeline.memory(), c, app.theme),
            None => (app.views.diff.title.clone(), lines(&app.views.diff, app.theme)),
        }
    } else if app.approval {
        approval(app, area)
    } else {
        (app.views.diff.title.clone(), lines(&app.views.diff, app.theme))
    };
    let p = Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .scroll((app.diff_scroll, 0))
        .block(pane_block(title, focused, app.theme));
    frame.render_widget(p, area);
}

/// Below this many rows the pending list shrinks to the selected proposal, so its Σ/Δ diff
/// stays in view: what is approved must be visible.
const FULL_LIST_ROWS: u16 = 16;

/// The pane in approval mode: with nothing pending, what approval mode waits for; with a short
/// pane, only the selected proposal's line above its diff.
fn approval(app: &App, area: Rect) -> (String, Vec<Line<'static>>) {
    let view = &app.views.diff;
    let theme = app.theme;
    let proposals = &app.views.proposals;
    let off_branch = !app.timeline.is_on_head_branch(app.timeline.cursor()) && !app.timeline.is_at_head();
    let mut out = Vec::new();
    if proposals.is_empty() {
        out.push(Line::styled(
            format!(
                "Approval mode: no pending proposal. {}.",
                capitalised(&app.no_proposal_yet())
            ),
            theme.title,
        ));
        out.push(Line::raw(""));
        out.extend(lines(view, theme));
        return (view.title.clone(), out);
    }
    if off_branch {
        out.push(Line::styled(
            "On a branch a rollback left behind: r rolls back here to decide these.",
            theme.warn,
        ));
    }
    if area.height >= FULL_LIST_ROWS {
        out.extend(lines(view, theme));
        return (view.title.clone(), out);
    }
    // Short pane: the keys go to the title, the selected proposal keeps one line (its trigger is
    // in it), and the rest of the pane is its Σ/Δ diff.
    let index = app.proposal_index.min(proposals.len() - 1);
    let compact = DiffView {
        rows: view
            .rows
            .iter()
            .filter_map(|row| match row {
                DiffRow::Proposal { text, selected: true } => Some(DiffRow::Proposal {
                    text: proposal_line(app, view.firing).unwrap_or_else(|| text.clone()),
                    selected: true,
                }),
                DiffRow::Heading(h) if h.starts_with("Pending proposals") => None,
                DiffRow::Proposal { .. } | DiffRow::Blank | DiffRow::Trigger { .. } => None,
                other => Some(other.clone()),
            })
            .collect(),
        ..view.clone()
    };
    out.extend(lines(&compact, theme));
    // The longest title that fits beside the focus marker and the borders.
    let n = proposals.len();
    let at = format!("Approval {}/{n}", index + 1);
    let title = [
        format!("{at} · ↑↓ · a approve · x reject"),
        format!("{at} · a approve · x reject"),
        format!("{at} · a/x"),
    ]
    .into_iter()
    .filter(|t| n > 1 || !t.contains('↑'))
    .find(|t| t.width() + 6 <= usize::from(area.width))
    .unwrap_or(at);
    (title, out)
}

/// "▶ p0 RK2 Fitness (score 4, θ_sum 4)": the selected proposal in one short line (its seq is in
/// the timeline).
fn proposal_line(app: &App, seq: Option<Seq>) -> Option<String> {
    let seq = seq?;
    match app.timeline.entry(seq)?.event {
        Event::AbstractionProposed {
            proposal,
            operator,
            target,
            trigger,
            ..
        } => Some(format!(
            "▶ {proposal} {} {target} ({})",
            operator.label(),
            trigger.words()
        )),
        _ => None,
    }
}

/// A sentence's first letter in capitals.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The pane's lines: headings, notes and the trigger in their styles, diff lines with kept words
/// syntax-highlighted (one highlighter per section, so state never leaks between Σ and Δ).
#[must_use]
pub fn lines(view: &DiffView, theme: Theme) -> Vec<Line<'static>> {
    let mut hl = Highlighter::new();
    view.rows
        .iter()
        .map(|row| match row {
            DiffRow::Note(text) => Line::styled(text.clone(), theme.dim),
            DiffRow::Heading(text) => {
                hl = Highlighter::new();
                Line::styled(text.clone(), theme.title)
            }
            DiffRow::Trigger { firing, text } => Line::from(vec![
                Span::styled(firing.clone(), theme.firing),
                Span::raw(text.clone()),
            ]),
            DiffRow::Proposal { text, selected } => {
                Line::styled(text.clone(), if *selected { theme.selected } else { Style::new() })
            }
            DiffRow::Blank => Line::raw(""),
            DiffRow::Diff(segments) => diff_line(segments, &mut hl, theme),
        })
        .collect()
}

/// One bullet: a gutter mark (`+` added, `−` removed, `~` changed, `↕` moved) that reads without
/// colour, then the text. Kept words are in syntax colours; a whole added or removed bullet is in
/// its colour; inside a changed bullet the added and removed words are coloured (or marked with
/// `{+ +}` / `[- -]` without colour).
fn diff_line(line: &DiffLine, hl: &mut Highlighter, theme: Theme) -> Line<'static> {
    let gutter_style = match line.change {
        BulletChange::Kept => Style::new(),
        BulletChange::Moved | BulletChange::Changed => theme.warn,
        BulletChange::Added => theme.added,
        BulletChange::Removed => theme.removed,
    };
    let mut spans = vec![Span::styled(format!("{} ", line.change.mark()), gutter_style)];
    let full: String = line.segments.iter().map(|s| s.text.as_str()).collect();
    let runs = if theme.color { hl.line(&full) } else { Vec::new() };
    let marked = !theme.color && line.change == BulletChange::Changed;
    let mut offset = 0;
    for seg in &line.segments {
        let range = offset..offset + seg.text.len();
        offset = range.end;
        match seg.change {
            Change::Added if marked => spans.push(Span::styled(format!("{{+{}+}}", seg.text), theme.added)),
            Change::Removed if marked => spans.push(Span::styled(format!("[-{}-]", seg.text), theme.removed)),
            Change::Added => spans.push(Span::styled(seg.text.clone(), theme.added)),
            Change::Removed => spans.push(Span::styled(seg.text.clone(), theme.removed)),
            Change::Kept if runs.is_empty() => spans.push(Span::raw(seg.text.clone())),
            Change::Kept => {
                for (color, run) in &runs {
                    let start = run.start.max(range.start);
                    let end = run.end.min(range.end);
                    if let Some(text) = full.get(start..end).filter(|t| !t.is_empty()) {
                        spans.push(Span::styled(text.to_string(), Style::new().fg(*color)));
                    }
                }
            }
        }
    }
    Line::from(spans)
}
