//! The evidence pane: every relation's mention counter as a gauge against θ_inf, the ones that
//! just fired first (flashing, with their reset shown), then the ones closest to firing.

use super::{clip, pane_block};
use crate::tui::app::{App, EvidenceRow};
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::UnicodeWidthStr;

/// Cells of a gauge in a wide pane, and in a narrow one.
const GAUGE_WIDE: usize = 10;
const GAUGE_NARROW: usize = 5;

/// Draws the pane.
pub fn render(frame: &mut Frame<'_>, area: Rect, app: &App, focused: bool) {
    let rows = &app.views.evidence;
    let memory = app.timeline.memory();
    let due = rows.iter().filter(|r| r.mentions >= r.theta && r.mentions > 0).count();
    let title = format!(
        "Evidence · {} relations · θ_inf {}{}",
        rows.len(),
        memory.thresholds.theta_inf,
        if due > 0 {
            format!(" · {due} due")
        } else {
            String::new()
        }
    );
    let width = usize::from(area.width.saturating_sub(2));
    let height = usize::from(area.height.saturating_sub(2));
    let blink_off = app.flash_ticks % 2 == 1;
    let lines: Vec<Line<'static>> = if rows.is_empty() {
        vec![Line::styled(
            "No relations yet: mentions are counted here.",
            app.theme.dim,
        )]
    } else {
        rows.iter()
            .skip(app.evidence_scroll)
            .take(height)
            .map(|r| {
                let mut line = row_line(r, width, app.theme, blink_off);
                if let (Some(style), Some(name)) = (
                    super::coverage::relation_style(app.coverage.as_ref(), r.relation, app.theme),
                    line.spans.get_mut(1),
                ) {
                    name.style = style;
                }
                line
            })
            .collect()
    };
    frame.render_widget(Paragraph::new(lines).block(pane_block(title, focused, app.theme)), area);
}

/// One counter: name, gauge, value/θ, and the reset when RK1 just fired.
#[must_use]
pub fn row_line(r: &EvidenceRow, width: usize, theme: Theme, blink_off: bool) -> Line<'static> {
    let gauge = if width >= 56 { GAUGE_WIDE } else { GAUGE_NARROW };
    let theta = r.theta.max(1) as usize;
    let filled = ((r.mentions as usize * gauge) / theta).min(gauge);
    let count = format!(" {}/{}", r.mentions, r.theta);
    let tail = match r.fired_at {
        Some(v) => format!(" ↺ {v}→0"),
        None if r.mentions >= r.theta && r.mentions > 0 => " due".to_string(),
        None => format!(" ×{}", r.total),
    };
    let tail = format!("{tail:<7}");
    let fixed = 2 + gauge + count.width() + tail.width() + 1;
    let name = clip(&r.name, width.saturating_sub(fixed).max(4));
    let pad = width.saturating_sub(fixed + name.width());
    let full = r.mentions >= r.theta && r.mentions > 0;
    let fill_style = if full { theme.gauge_full } else { theme.gauge_fill };
    let (lead, name_style) = match r.fired_at {
        Some(_) if !blink_off => ("↯", theme.flash),
        Some(_) => ("↯", theme.firing),
        None => (" ", ratatui::style::Style::new()),
    };
    Line::from(vec![
        Span::styled(format!("{lead} "), name_style),
        Span::styled(name, name_style),
        Span::raw(" ".repeat(pad + 1)),
        Span::styled("█".repeat(filled), fill_style),
        Span::styled("░".repeat(gauge - filled), theme.gauge_empty),
        Span::styled(
            count,
            if full {
                theme.gauge_full
            } else {
                ratatui::style::Style::new()
            },
        ),
        Span::styled(tail, if r.fired_at.is_some() { theme.firing } else { theme.dim }),
    ])
}
