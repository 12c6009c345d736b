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
use rgmem::diff::Change;

/// Draws the pane.
pub fn render(frame: &mut Frame<'_>, area: Rect, app: &App, focused: bool) {
    let (title, lines) = if app.focus == Focus::Tree && !app.maximised {
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

/// One diff line: kept words in syntax colours, added and removed words in theirs (or marked
/// with `{+ +}` / `[- -]` without colour).
fn diff_line(segments: &[rgmem::diff::Segment], hl: &mut Highlighter, theme: Theme) -> Line<'static> {
    let full: String = segments.iter().map(|s| s.text.as_str()).collect();
    let runs = if theme.color { hl.line(&full) } else { Vec::new() };
    let mut spans = Vec::new();
    let mut offset = 0;
    for seg in segments {
        let range = offset..offset + seg.text.len();
        offset = range.end;
        match seg.change {
            Change::Added if !theme.color => spans.push(Span::styled(format!("{{+{}+}}", seg.text), theme.added)),
            Change::Removed if !theme.color => spans.push(Span::styled(format!("[-{}-]", seg.text), theme.removed)),
            Change::Added => spans.push(Span::styled(seg.text.clone(), theme.added)),
            Change::Removed => spans.push(Span::styled(seg.text.clone(), theme.removed)),
            Change::Kept if runs.is_empty() => spans.push(Span::raw(seg.text.clone())),
            Change::Kept => {
                for (color, run) in &runs {
                    let start = run.start.max(range.start);
                    let end = run.end.min(range.end);
                    if start < end && full.is_char_boundary(start) && full.is_char_boundary(end) {
                        spans.push(Span::styled(full[start..end].to_string(), Style::new().fg(*color)));
                    }
                }
            }
        }
    }
    Line::from(spans)
}
