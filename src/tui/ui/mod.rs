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
pub mod status_bar;
pub mod timeline;

use super::app::{App, Confirm};
use super::focus::Focus;
use super::layout::areas;
use super::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

/// Draws the whole screen.
pub fn render(frame: &mut Frame<'_>, app: &mut App) {
    let area = frame.area();
    let layout = areas(area, app.maximised.then_some(app.focus));
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
    status_bar::render(frame, layout.status, app);
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

fn render_confirm(frame: &mut Frame<'_>, area: Rect, app: &App, confirm: Confirm) {
    let (title, text) = match confirm {
        Confirm::Rollback(to) => (
            "Roll back?",
            format!(
                "Roll back to {to}? This appends rolled_back; the events after {to} stay visible as an abandoned branch, and new input grows a new one."
            ),
        ),
        Confirm::Revert(seq) => (
            "Revert?",
            format!(
                "Revert the abstraction applied at {seq}? This appends abstraction_reverted and restores the Σ/Δ from before it."
            ),
        ),
    };
    let rect = centered(area, 60, 7);
    frame.render_widget(Clear, rect);
    let body = vec![
        Line::raw(text),
        Line::raw(""),
        Line::from(vec![
            Span::styled("y", app.theme.title),
            Span::raw(" yes   "),
            Span::styled("n", app.theme.title),
            Span::raw(" / Esc no"),
        ]),
    ];
    frame.render_widget(
        Paragraph::new(body)
            .wrap(Wrap { trim: true })
            .block(pane_block(title.into(), true, app.theme)),
        rect,
    );
}

/// Greedy word wrap to `width` display columns (long words are cut).
#[must_use]
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    use unicode_width::UnicodeWidthStr;
    let width = width.max(1);
    let mut lines = Vec::new();
    for para in text.split('\n') {
        let mut line = String::new();
        for word in para.split(' ') {
            let extra = usize::from(!line.is_empty());
            if !line.is_empty() && line.width() + extra + word.width() > width {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
            while line.width() > width {
                let cut = cut_at_width(&line, width);
                let rest = line.split_off(cut);
                lines.push(std::mem::replace(&mut line, rest));
            }
        }
        lines.push(line);
    }
    lines
}

/// The byte index where `s` reaches `width` columns.
#[must_use]
pub fn cut_at_width(s: &str, width: usize) -> usize {
    use unicode_width::UnicodeWidthChar;
    let mut w = 0;
    for (i, ch) in s.char_indices() {
        w += ch.width().unwrap_or(0);
        if w > width {
            return i.max(ch.len_utf8().min(s.len()));
        }
    }
    s.len()
}

/// `s` cut to `width` columns, with "…" when cut.
#[must_use]
pub fn clip(s: &str, width: usize) -> String {
    use unicode_width::UnicodeWidthStr;
    if s.width() <= width {
        return s.to_string();
    }
    if width == 0 {
        return String::new();
    }
    let cut = cut_at_width(s, width - 1);
    format!("{}…", s.get(..cut).unwrap_or_default())
}

#[cfg(test)]
mod tests;
