//! The evidence pane: every relation's mention counter as a gauge against θ_inf, the ones that
//! just fired first (flashing, with their reset shown), then the ones the open segment will add
//! mentions to (shown pending, `2+1/3`, and `due` when its close will fire RK1), then the ones
//! closest to firing.

use super::{clip, pane_block};
use crate::tui::app::{App, EvidenceRow};
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use rgmem::ingest::preview::Preview;
use unicode_width::UnicodeWidthStr;

/// Cells of a gauge in a wide pane, and in a narrow one.
const GAUGE_WIDE: usize = 10;
const GAUGE_NARROW: usize = 5;

/// Draws the pane.
pub fn render(frame: &mut Frame<'_>, area: Rect, app: &App, focused: bool) {
    let rows = &app.views.evidence;
    let memory = app.timeline.memory();
    let due = rows.iter().filter(|r| r.due()).count();
    let title = format!(
        "Evidence · {} · θ_inf {}{}",
        match rows.len() {
            1 => "1 relation".to_string(),
            n => format!("{n} relations"),
        },
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
    let mut lines: Vec<Line<'static>> = open_segment_line(&app.views.pending, width, app.theme)
        .into_iter()
        .chain(latest_line(app.views.latest.as_ref(), width, app.theme))
        .collect();
    let height = height.saturating_sub(lines.len());
    if rows.is_empty() {
        lines.push(Line::styled(
            "No relations yet: mentions are counted here.",
            app.theme.dim,
        ));
    } else {
        lines.extend(rows.iter().skip(app.evidence_scroll).take(height).map(|r| {
            let mut line = row_line(r, width, app.theme, blink_off);
            if let (Some(style), Some(name)) = (
                super::coverage::relation_style(app.coverage.as_ref(), r.relation, app.theme),
                line.spans.get_mut(1),
            ) {
                name.style = style;
            }
            line
        }));
    }
    frame.render_widget(Paragraph::new(lines).block(pane_block(title, focused, app.theme)), area);
}

/// The open segment's line: its turns and the mentions they will add when it closes.
fn open_segment_line(p: &Preview, width: usize, theme: Theme) -> Option<Line<'static>> {
    if p.turns == 0 {
        return None;
    }
    let turns = if p.turns == 1 {
        "1 turn".to_string()
    } else {
        format!("{} turns", p.turns)
    };
    let what = if p.failed {
        "mentions unknown (a model call failed)".to_string()
    } else {
        match p.total() {
            0 => "no mentions yet".to_string(),
            1 => "+1 mention pending".to_string(),
            n => format!("+{n} mentions pending"),
        }
    };
    let full = format!("▒ open segment · {turns} · {what}");
    let text = if full.width() <= width {
        full
    } else {
        format!(
            "▒ open: {turns} · {}",
            what.replace(" mentions", "").replace(" mention", "")
        )
    };
    Some(Line::styled(clip(&text, width), theme.warn))
}

/// What the latest turn touched by itself: "↳ latest turn: Fitness → Swimming".
fn latest_line(p: Option<&Preview>, width: usize, theme: Theme) -> Option<Line<'static>> {
    let p = p.filter(|p| !p.failed)?;
    let names: Vec<&str> = p.mentions.iter().map(|m| m.name.as_str()).collect();
    let what = if names.is_empty() {
        "no mentions".to_string()
    } else {
        names.join(", ")
    };
    Some(Line::styled(
        clip(&format!("  ↳ latest turn: {what}"), width),
        theme.dim,
    ))
}

/// One counter: name, gauge (▒ for the open segment's pending mentions), value(+pending)/θ, and
/// the reset when RK1 just fired, or `due` when the next close fires it.
#[must_use]
pub fn row_line(r: &EvidenceRow, width: usize, theme: Theme, blink_off: bool) -> Line<'static> {
    let gauge = if width >= 56 { GAUGE_WIDE } else { GAUGE_NARROW };
    let theta = r.theta.max(1) as usize;
    let filled = ((r.mentions as usize * gauge) / theta).min(gauge);
    let with_pending = ((r.mentions.saturating_add(r.pending) as usize * gauge) / theta).min(gauge);
    // A pending mention always shows, even when it fills less than a cell.
    let shaded = if r.pending > 0 {
        with_pending.max(filled + 1).min(gauge) - filled
    } else {
        0
    };
    let count = if r.pending > 0 {
        format!(" {}+{}/{}", r.mentions, r.pending, r.theta)
    } else {
        format!(" {}/{}", r.mentions, r.theta)
    };
    let tail = match r.fired_at {
        Some(v) => format!(" ↺ {v}→0"),
        None if r.due() => " due".to_string(),
        None if r.new => " new".to_string(),
        None => format!(" ×{}", r.total),
    };
    let tail = format!("{tail:<7}");
    let fixed = 2 + gauge + count.width() + tail.width() + 1;
    let name = clip(&r.name, width.saturating_sub(fixed).max(4));
    let pad = width.saturating_sub(fixed + name.width());
    let full = r.due();
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
        Span::styled("▒".repeat(shaded), theme.warn),
        Span::styled("░".repeat(gauge - filled - shaded), theme.gauge_empty),
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
