//! Drawing: the layout, and one module per pane. Panes read the [`App`] (mostly its cached
//! views); only widget state such as the tree selection is mutated while drawing.

pub mod chat;
pub mod compare;
pub mod concept_tree;
pub mod coverage;
pub mod diff;
pub mod evidence;
pub mod help;
mod highlight;
pub mod history;
pub mod phase;
pub mod status_bar;
pub mod timeline;

use super::app::{App, Confirm};
use super::focus::Focus;
use super::layout::areas;
pub use super::text::{clip, wrap};
use super::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

/// Draws the whole screen.
pub fn render(frame: &mut Frame<'_>, app: &mut App) {
    let area = frame.area();
    let message = app.message().map(|(t, e)| (t.to_string(), e));
    let rows = super::layout::message_rows(message.as_ref().map(|(t, _)| t.as_str()), area.width);
    let layout = areas(area, app.maximised.then_some(app.focus), rows);
    for focus in Focus::ORDER {
        let rect = layout.rect(focus);
        if rect.is_empty() {
            continue;
        }
        let focused = app.focus == focus;
        match focus {
            Focus::Chat => chat::render(frame, rect, app, focused),
            Focus::Tree => concept_tree::render(frame, rect, app, focused),
            Focus::Evidence => evidence::render(frame, rect, app, focused),
            Focus::Diff => diff::render(frame, rect, app, focused),
            Focus::Timeline => timeline::render(frame, rect, app, focused),
        }
    }
    if let Some((text, error)) = message {
        let (text, style) = if error {
            (format!("✗ {text}"), app.theme.error)
        } else {
            (text, app.theme.title)
        };
        frame.render_widget(
            Paragraph::new(text).style(style).wrap(Wrap { trim: true }),
            layout.message,
        );
    }
    status_bar::render(frame, layout.status, app);
    if let Some(view) = &app.phase {
        phase::render(frame, area, view, app.theme);
    }
    if let Some(confirm) = app.confirm {
        render_confirm(frame, area, app, confirm);
    }
    if let Some(popup) = &app.history {
        history::render(frame, area, popup, app.theme);
    }
    if let Some(popup) = &app.compare {
        compare::render(frame, area, popup, app.theme);
    }
    if app.show_help {
        help::render(frame, area, app);
    }
    if app.show_messages {
        render_messages(frame, area, app);
    }
}

/// A pane's frame: title, focus highlight and the maximise hint.
#[must_use]
pub fn pane_block(title: String, focused: bool, theme: Theme) -> Block<'static> {
    let (style, marker) = if focused {
        (theme.border_focus, "▶ ")
    } else {
        (theme.border, "")
    };
    Block::bordered().border_style(style).title(Line::from(vec![
        Span::styled(format!(" {marker}"), style),
        Span::styled(title, if focused { theme.border_focus } else { theme.title }),
        Span::raw(" "),
    ]))
}

/// A rectangle of at most `w`×`h` centred in `area`.
#[must_use]
pub fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(area.x + (area.width - w) / 2, area.y + (area.height - h) / 2, w, h)
}

/// The `:messages` popup: the last errors and notices, newest at the bottom.
fn render_messages(frame: &mut Frame<'_>, area: Rect, app: &App) {
    let rect = centered(area, area.width.saturating_sub(4), area.height.saturating_sub(4));
    frame.render_widget(Clear, rect);
    let height = usize::from(rect.height.saturating_sub(2));
    let lines: Vec<Line<'static>> = if app.messages.is_empty() {
        vec![Line::styled("No errors or notices yet.", app.theme.dim)]
    } else {
        let start = app.messages.len().saturating_sub(height);
        app.messages[start..]
            .iter()
            .map(|m| {
                if m.error {
                    Line::styled(format!("✗ {}", m.text), app.theme.error)
                } else {
                    Line::raw(format!("· {}", m.text))
                }
            })
            .collect()
    };
    let title = format!("Messages · {} · Esc closes", app.messages.len());
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(pane_block(title, true, app.theme)),
        rect,
    );
}

fn render_confirm(frame: &mut Frame<'_>, area: Rect, app: &App, confirm: Confirm) {
    let (title, text) = app.confirm_text(confirm);
    let rect = centered(area, 64, 9);
    frame.render_widget(Clear, rect);
    let body = vec![
        Line::raw(text),
        Line::raw(""),
        Line::from(vec![
            Span::styled("y", app.theme.title),
            Span::raw(" yes   "),
            Span::styled("n", app.theme.title),
            Span::raw(" / Esc / any other key: no"),
        ]),
    ];
    frame.render_widget(
        Paragraph::new(body)
            .wrap(Wrap { trim: true })
            .block(pane_block(title, true, app.theme)),
        rect,
    );
}

#[cfg(test)]
mod first_minutes_tests;
#[cfg(test)]
mod golden_tests;
#[cfg(test)]
pub(crate) mod tests;
