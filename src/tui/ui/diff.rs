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

/// Draws the pane.
pub fn render(frame: &mut Frame<'_>, area: Rect, app: &App, focused: bool) {
    let (title, lines) = if let Some(view) = app.correction_view() {
        (view.title.clone(), lines(&view, app.theme))
    } else if app.focus == Focus::Tree && app.concept_detail && !app.maximised {
        match app.selected_concept() {
            Some(c) => concept_tree::detail(app.timeline.memory(), c, app.theme),
            None => (app.views.diff.title.clone(), lines(&app.views.diff, app.theme)),
        }
    } else {
        (app.views.diff.title.clone(), lines(&app.views.diff, app.theme))
    };
    let p = Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .scroll((app.diff_scroll, 0))
        .block(pane_block(title, focused, app.theme));
    frame.render_widget(p, area);
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
