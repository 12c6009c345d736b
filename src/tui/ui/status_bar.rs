//! The status bar: database, model, θ_inf/θ_sum, cursor/head, the mode, and the last error or
//! notice in one line; while a prompt is open, the prompt.

use super::clip;
use crate::tui::app::{App, Prompt};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::UnicodeWidthStr;

/// Spinner frames while the engine works.
const SPINNER: [&str; 8] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧"];

/// The spinner frame for a tick count.
#[must_use]
pub fn spinner(ticks: u64) -> &'static str {
    SPINNER[(ticks % SPINNER.len() as u64) as usize]
}

/// Draws the bar.
pub fn render(frame: &mut Frame<'_>, area: Rect, app: &App) {
    let theme = app.theme;
    let width = usize::from(area.width);
    if let Some(prompt) = &app.prompt {
        let (lead, text) = match prompt {
            Prompt::Filter(t) => ("/", t),
            Prompt::Command(t) => (":", t),
        };
        let line = Line::from(vec![
            Span::styled(lead, theme.title),
            Span::raw(text.clone()),
            Span::styled("█", theme.dim),
            Span::styled(
                match prompt {
                    Prompt::Filter(_) => "  Enter keeps the filter · Esc clears it",
                    Prompt::Command(_) => "  Tab completes · Enter runs · Esc cancels",
                },
                theme.dim,
            ),
        ]);
        frame.render_widget(Paragraph::new(line).style(theme.status), area);
        return;
    }
    let m = app.timeline.head_memory();
    let t = m.thresholds;
    let db = std::path::Path::new(&app.db)
        .file_name()
        .map_or_else(|| app.db.clone(), |f| f.to_string_lossy().into_owned());
    let busy = if app.busy > 0 || app.chat.pending.is_some() {
        format!(" {}", spinner(app.ticks))
    } else {
        String::new()
    };
    let replay = app
        .replay
        .as_ref()
        .map(|r| format!(" {}", r.label(width >= 120)))
        .unwrap_or_default();
    let left = format!(
        " {db} · {} · θ_inf {} θ_sum {} · {}/{}{} · {}{replay}{busy} ",
        app.model,
        t.theta_inf,
        t.theta_sum,
        app.timeline.cursor(),
        app.timeline.head(),
        if app.follow { " follow" } else { "" },
        app.mode().to_uppercase(),
    );
    let (msg, style) = match app.message() {
        Some((_, true)) => ("✗ error above · :messages".to_string(), theme.error),
        _ => ("? help · Tab focus · q quit".to_string(), theme.status),
    };
    let rest = width.saturating_sub(left.width());
    let line = Line::from(vec![
        Span::styled(left, theme.status.patch(theme.title)),
        Span::styled(clip(&msg, rest), style),
    ]);
    frame.render_widget(Paragraph::new(line).style(theme.status), area);
}
