//! The timeline pane: the event log around the cursor with seq, kind, operator, target and the
//! cost of model calls; the cursor (▶) and head (◆) are marked, and entries on branches left by
//! a rollback are dimmed and marked ╎. The rows come from [`App::timeline_rows`].

use super::{clip, pane_block};
use crate::tui::app::{App, RowKind};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// Draws the pane.
pub fn render(frame: &mut Frame<'_>, area: Rect, app: &App, focused: bool) {
    let theme = app.theme;
    let height = usize::from(area.height.saturating_sub(2));
    let width = usize::from(area.width.saturating_sub(2));
    let lines: Vec<Line<'static>> = app
        .timeline_rows(height)
        .into_iter()
        .map(|row| {
            let style = match row.kind {
                RowKind::Cursor => theme.selected,
                RowKind::Abandoned => theme.abandoned,
                RowKind::Firing => theme.firing,
                RowKind::Plain => Style::new(),
            };
            Line::from(Span::styled(clip(&row.text, width), style))
        })
        .collect();
    let title = format!(
        "Timeline · {} / head {}{}{}",
        app.timeline.cursor(),
        app.timeline.head(),
        if app.follow { " · following" } else { "" },
        if app.filter.is_empty() {
            String::new()
        } else {
            format!(" · /{}", app.filter)
        }
    );
    frame.render_widget(Paragraph::new(lines).block(pane_block(title, focused, theme)), area);
}
