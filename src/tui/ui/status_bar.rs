//! The status bar, in words: the mode (and the replay's state and speed), the model, θ_inf/θ_sum,
//! where the cursor is, where the memory file is (cut to fit), and a hint or the error marker;
//! while a prompt is open, the prompt.

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
    let busy = if app.busy > 0 || app.chat.pending.is_some() {
        format!(" {} working", spinner(app.ticks))
    } else {
        String::new()
    };
    // Narrow bars say the same in fewer words.
    let wide = width >= 120;
    let replay = app.replay.as_ref().map(|r| r.label(wide));
    let at = match (app.follow, wide) {
        (true, true) => format!("{} following", app.timeline.head()),
        (true, false) => format!("{} follow", app.timeline.head()),
        (false, true) => format!("at {} of {}", app.timeline.cursor(), app.timeline.head()),
        (false, false) => format!("{}/{}", app.timeline.cursor(), app.timeline.head()),
    };
    // A replay's label says whether it plays; other modes are named.
    let mode = match replay {
        Some(label) if !app.approval => label,
        Some(label) => format!("APPROVAL · {label}"),
        None => app.mode().to_uppercase(),
    };
    let left = format!(
        " {mode}{busy} · {} · θ_inf {} θ_sum {} · {at} · ",
        app.model, t.theta_inf, t.theta_sum,
    );
    let (msg, style) = match app.message() {
        Some((_, true)) => ("✗ error above · :messages".to_string(), theme.error),
        _ => ("? help · Tab focus · q quit".to_string(), theme.status),
    };
    // The memory file's place comes next, cut from the left to fit (its name is kept longest);
    // the hint gets what is left.
    let rest = width.saturating_sub(left.width());
    let hint_room = if msg.width() + 2 <= rest / 2 {
        msg.width() + 2
    } else {
        8.min(rest / 3)
    };
    let path = fit_path(&app.db, rest.saturating_sub(hint_room));
    let rest = rest.saturating_sub(path.width());
    let line = Line::from(vec![
        Span::styled(left, theme.status.patch(theme.title)),
        Span::styled(path, theme.status),
        Span::raw(if rest > 2 { "  " } else { "" }),
        Span::styled(clip(&msg, rest.saturating_sub(2)), style),
    ]);
    frame.render_widget(Paragraph::new(line).style(theme.status), area);
}

/// A path in at most `width` columns: whole if it fits, else "…/" and as many of its last
/// components as fit (the file name alone, cut, at worst).
#[must_use]
pub fn fit_path(path: &str, width: usize) -> String {
    if path.width() <= width {
        return path.to_string();
    }
    let parts: Vec<&str> = path.split(['/', '\\']).filter(|p| !p.is_empty()).collect();
    let mut tail = String::new();
    for part in parts.iter().rev() {
        let next = if tail.is_empty() {
            (*part).to_string()
        } else {
            format!("{part}/{tail}")
        };
        if next.width() + 2 > width {
            break;
        }
        tail = next;
    }
    if tail.is_empty() {
        return clip(parts.last().copied().unwrap_or(path), width);
    }
    format!("…/{tail}")
}

#[cfg(test)]
mod tests {
    use super::fit_path;

    #[test]
    fn a_long_path_keeps_its_last_components() {
        assert_eq!(fit_path("/home/alex/notes/memory.db", 40), "/home/alex/notes/memory.db");
        assert_eq!(fit_path("/home/alex/notes/memory.db", 18), "…/notes/memory.db");
        assert_eq!(fit_path("/home/alex/notes/memory.db", 11), "…/memory.db");
        assert_eq!(fit_path("/home/alex/notes/memory.db", 6), "memor…");
    }
}
