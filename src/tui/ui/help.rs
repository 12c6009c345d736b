//! The help popup, generated from the keymap table and the command list, so it never drifts
//! from what the keys do.

use super::{centered, clip, pane_block};
use crate::tui::app::{App, COMMANDS};
use crate::tui::keymap::Context;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};
use unicode_width::UnicodeWidthStr;

/// The help's lines: bindings grouped by where they apply, then the `:` commands.
#[must_use]
pub fn lines(app: &App, width: usize) -> Vec<Line<'static>> {
    let theme = app.theme;
    let mut out = Vec::new();
    let sections: Vec<(Context, Vec<(String, &'static str)>)> = Context::ALL
        .into_iter()
        .map(|c| (c, app.keymap.help_rows(c)))
        .filter(|(_, rows)| !rows.is_empty())
        .collect();
    // Two spaces at least between the keys and what they do, so labels never run together.
    let label_width = sections
        .iter()
        .flat_map(|(_, rows)| rows.iter().map(|(keys, _)| keys.width()))
        .max()
        .unwrap_or(8)
        + 2;
    for (context, rows) in sections {
        out.push(Line::styled(format!("── {} ──", context.label()), theme.title));
        for (keys, desc) in rows {
            let pad = label_width.saturating_sub(keys.width());
            out.push(Line::from(vec![
                Span::styled(format!("{keys}{}", " ".repeat(pad)), theme.user),
                Span::raw(clip(desc, width.saturating_sub(label_width))),
            ]));
        }
        if context == Context::Chat {
            out.push(Line::raw(clip(
                "other keys type; a line starting with ':' runs a command",
                width,
            )));
        }
    }
    out.push(Line::styled("── : commands ──", theme.title));
    for c in COMMANDS {
        let aliases: String = c.aliases.iter().map(|a| format!(" / :{a}")).collect();
        out.push(Line::styled(
            format!("{}{aliases}", format!(":{} {}", c.name, c.usage).trim_end()),
            theme.user,
        ));
        out.push(Line::raw(clip(&format!("   {}", c.help), width)));
    }
    out
}

/// Draws the popup in one or two columns.
pub fn render(frame: &mut Frame<'_>, area: Rect, app: &App) {
    let rect = centered(
        area,
        area.width.saturating_sub(4).max(20),
        area.height.saturating_sub(2).max(5),
    );
    frame.render_widget(Clear, rect);
    // The block's borders take two columns and two rows; lay the text out first, so the title
    // can say which lines are shown and that the rest scrolls.
    let inner = Rect {
        x: rect.x.saturating_add(1),
        y: rect.y.saturating_add(1),
        width: rect.width.saturating_sub(2),
        height: rect.height.saturating_sub(2),
    };
    let two = inner.width >= 90;
    let cols: Vec<Rect> = if two {
        Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)])
            .split(inner)
            .to_vec()
    } else {
        vec![inner]
    };
    let width = usize::from(cols[0].width.saturating_sub(1));
    let all = lines(app, width);
    let per = usize::from(inner.height);
    let skip = app.help_scroll.min(all.len().saturating_sub(1));
    let last = skip.saturating_add(per.saturating_mul(cols.len())).min(all.len());
    let title = if skip == 0 && last == all.len() {
        "Help · Esc or ? closes".to_string()
    } else {
        format!(
            "Help · lines {}–{last} of {} · ↑↓ PgUp/PgDn scroll · Esc or ? closes",
            skip.saturating_add(1),
            all.len()
        )
    };
    let block = pane_block(title, true, app.theme);
    frame.render_widget(block, rect);
    for (i, col) in cols.iter().enumerate() {
        let chunk: Vec<Line<'static>> = all.iter().skip(skip + i * per).take(per).cloned().collect();
        frame.render_widget(Paragraph::new(chunk), *col);
    }
}
