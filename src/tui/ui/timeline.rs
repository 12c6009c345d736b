//! The timeline pane: the event log around the cursor with seq, kind, operator, target and the
//! cost of model calls; the cursor (▶) and head (◆) are marked, and entries on branches left by
//! a rollback are dimmed and marked ╎.

use super::{clip, pane_block};
use crate::tui::app::App;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use rgmem::event::{Event, EventRecord};
use rgmem::ids::Seq;
use rgmem::memory::Memory;

/// The seqs shown in a pane of `height` rows, around the cursor.
fn window(app: &App, height: usize) -> Vec<Seq> {
    let cursor = app.timeline.cursor();
    match &app.views.timeline {
        Some(filtered) => {
            let at = filtered.partition_point(|s| *s <= cursor);
            let start = at
                .saturating_sub(height / 2 + 1)
                .min(filtered.len().saturating_sub(height));
            filtered.iter().skip(start).take(height).copied().collect()
        }
        None => {
            let head = app.timeline.head().0;
            let half = (height / 2) as u64;
            let last = (cursor.0 + half).max(height as u64).min(head);
            let first = (last + 1).saturating_sub(height as u64).max(1);
            (first..=last).map(Seq).collect()
        }
    }
}

/// The seq drawn at a screen row of the pane, for mouse clicks.
#[must_use]
pub fn seq_at_row(app: &App, rect: Rect, row: u16) -> Option<Seq> {
    let inner_top = rect.y + 1;
    let height = usize::from(rect.height.saturating_sub(2));
    let i = usize::from(row.checked_sub(inner_top)?);
    window(app, height).get(i).copied()
}

/// Draws the pane.
pub fn render(frame: &mut Frame<'_>, area: Rect, app: &App, focused: bool) {
    let theme = app.theme;
    let height = usize::from(area.height.saturating_sub(2));
    let width = usize::from(area.width.saturating_sub(2));
    let cursor = app.timeline.cursor();
    let head = app.timeline.head();
    let mut lines: Vec<Line<'static>> = Vec::new();
    if cursor.0 == 0 {
        lines.push(Line::styled("▶ #0 the empty memory", theme.selected));
    }
    for seq in window(app, height.saturating_sub(lines.len())) {
        let Some(r) = app.timeline.entry(seq) else { continue };
        let on_branch = app.timeline.is_on_head_branch(seq);
        let mark = match (seq == cursor, seq == head) {
            (true, true) => "▶◆",
            (true, false) => "▶ ",
            (false, true) => " ◆",
            (false, false) if !on_branch => " ╎",
            _ => "  ",
        };
        let style = if seq == cursor {
            theme.selected
        } else if !on_branch {
            theme.abandoned
        } else if r.event.operator().is_some() {
            theme.firing
        } else {
            Style::new()
        };
        // Name ids from a memory on the row's own branch: the cursor's for rows up to it, the
        // head's for later rows on the head branch; rows on abandoned branches keep raw ids.
        let names = if seq <= cursor {
            Some(app.timeline.memory())
        } else {
            on_branch.then(|| app.timeline.head_memory())
        };
        let text = format!("{mark}{}", row_text_named(&r, names));
        lines.push(Line::from(Span::styled(clip(&text, width), style)));
    }
    let title = format!(
        "Timeline · {cursor} / head {head}{}{}",
        if app.follow { " · following" } else { "" },
        if app.filter.is_empty() {
            String::new()
        } else {
            format!(" · /{}", app.filter)
        }
    );
    frame.render_widget(Paragraph::new(lines).block(pane_block(title, focused, theme)), area);
}

/// "#433 operator_fired   RK2 Fitness score 8/6".
#[must_use]
pub fn row_text(r: &EventRecord) -> String {
    format!("{:>5} {:<16} {}", r.seq.to_string(), r.event.kind(), detail(&r.event))
}

/// Like [`row_text`], with concept and relation ids replaced by names from `memory`.
#[must_use]
pub fn row_text_named(r: &EventRecord, memory: Option<&Memory>) -> String {
    let named = memory.and_then(|m| match &r.event {
        Event::RelationAdded { source, target } => Some(format!(
            "{} → {}",
            m.concepts.get(source.index())?.name,
            m.concepts.get(target.index())?.name
        )),
        Event::MentionRecorded { relation, label, .. } => {
            m.relations.get(relation.index())?;
            Some(format!("{}: {label}", m.relation_name(*relation)))
        }
        _ => None,
    });
    match named {
        Some(d) => format!("{:>5} {:<16} {d}", r.seq.to_string(), r.event.kind()),
        None => row_text(r),
    }
}

/// The short description of an event: operator and target, trigger, or the model call's cost.
#[must_use]
pub fn detail(event: &Event) -> String {
    match event {
        Event::OperatorFired {
            operator,
            target,
            trigger,
            ..
        } => format!("{} {target} ({trigger})", operator.label()),
        Event::AbstractionProposed {
            proposal,
            operator,
            target,
            trigger,
            ..
        } => format!("{} {target} proposed {proposal} ({trigger})", operator.label()),
        Event::ModelCalled {
            purpose,
            model,
            tokens_in,
            tokens_out,
            latency_ms,
            ..
        } => format!(
            "{} {model} {tokens_in}+{tokens_out} tok {latency_ms} ms",
            purpose.name()
        ),
        Event::TurnIngested { speaker, text, .. } => format!("{speaker}: {text}"),
        Event::RolledBack { to } => format!("↶ back to {to}"),
        other => other.detail(),
    }
}
