//! The concept tree pane (tui-tree-widget): person root → base concepts → sub-concepts →
//! general and instance events, each with its score against θ_sum and dirty / pending markers;
//! and the selected concept's Σ, Δ, relations and provenance.

use super::pane_block;
use crate::tui::app::{App, NodeKind, TreeRow};
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use rgmem::eval::coverage::MemoryCoverage;
use rgmem::memory::Memory;
use std::collections::BTreeSet;
use tui_tree_widget::{Tree, TreeItem};

/// Turns listed as provenance.
const PROVENANCE_TURNS: usize = 12;

/// The tree widget's items for the cached [`TreeRow`]s.
#[must_use]
pub fn items(rows: &[TreeRow], theme: Theme, coverage: Option<&MemoryCoverage>) -> Vec<TreeItem<'static, u32>> {
    rows.iter().map(|r| item(r, theme, coverage)).collect()
}

fn item(row: &TreeRow, theme: Theme, coverage: Option<&MemoryCoverage>) -> TreeItem<'static, u32> {
    let mut label = node_label(row, theme);
    label
        .spans
        .extend(super::coverage::concept_span(coverage, row.id, theme));
    if row.children.is_empty() {
        return TreeItem::new_leaf(row.id, label);
    }
    let children = items(&row.children, theme, coverage);
    // Ids are unique, so this cannot fail; fall back to a leaf rather than lose the node.
    TreeItem::new(row.id, label.clone(), children).unwrap_or_else(|_| TreeItem::new_leaf(row.id, label))
}

fn node_label(row: &TreeRow, theme: Theme) -> Line<'static> {
    let mut spans = vec![Span::raw(row.name.clone())];
    match row.kind {
        NodeKind::Scored {
            score,
            theta,
            sigma,
            delta,
        } => {
            let style = if score >= theta { theme.gauge_full } else { theme.dim };
            spans.push(Span::styled(format!(" {score}/{theta}"), style));
            if sigma {
                spans.push(Span::styled(" Σ", theme.assistant));
            }
            if delta {
                spans.push(Span::styled("Δ", theme.warn));
            }
        }
        NodeKind::Event => spans.push(Span::styled(" · recurring", theme.dim)),
        NodeKind::Instance => spans.push(Span::styled(" · one-off", theme.dim)),
        NodeKind::Person => spans.push(Span::styled(" · person", theme.dim)),
    }
    if row.dirty {
        spans.push(Span::styled(" ●", theme.warn));
    }
    if let Some(p) = row.pending {
        spans.push(Span::styled(format!(" ◆{p}"), theme.warn));
    }
    Line::from(spans)
}

/// Draws the pane; maximised, the selected concept's details sit beside the tree.
pub fn render(frame: &mut Frame<'_>, area: Rect, app: &mut App, focused: bool) {
    let (tree_area, detail_area) = if app.maximised && area.width >= 60 {
        let [a, b] = Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(area);
        (a, Some(b))
    } else {
        (area, None)
    };
    let memory = app.timeline.memory();
    let title = format!(
        "Concept tree · {} · θ_sum {}{}{}",
        memory.concepts.len(),
        memory.thresholds.theta_sum,
        if area.width >= 70 {
            " · ●dirty ◆pending"
        } else {
            ""
        },
        if app.filter.is_empty() {
            String::new()
        } else {
            format!(" · /{}", app.filter)
        }
    );
    let title = title + &super::coverage::legend(app.coverage.as_ref());
    let block = pane_block(title, focused, app.theme);
    let items = items(&app.views.tree, app.theme, app.coverage.as_ref());
    match Tree::new(&items) {
        Ok(tree) => {
            let tree = tree.block(block).highlight_style(app.theme.selected);
            frame.render_stateful_widget(tree, tree_area, &mut app.tree_state);
        }
        Err(e) => frame.render_widget(Paragraph::new(e.to_string()).block(block), tree_area),
    }
    if let (Some(rect), Some(c)) = (detail_area, app.selected_concept()) {
        let (title, lines) = detail(app.timeline.memory(), c, app.theme);
        frame.render_widget(
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .block(pane_block(title, false, app.theme)),
            rect,
        );
    }
}

/// A concept's Σ, Δ, relations and provenance turns.
#[must_use]
pub fn detail(memory: &Memory, id: u32, theme: Theme) -> (String, Vec<Line<'static>>) {
    let Some(c) = memory.concepts.get(id as usize) else {
        return (
            "Concept".into(),
            vec![Line::styled("not in the memory at the cursor", theme.dim)],
        );
    };
    let mut lines = vec![Line::styled(memory.path_of(c.id).join(" › "), theme.dim)];
    if c.level.is_abstract() {
        lines.push(Line::raw(format!(
            "{} · score {}/{} (θ_sum) · {} evidence items waiting",
            c.level,
            c.score,
            memory.thresholds.theta_sum,
            c.buffer.len()
        )));
    }
    if c.dirty {
        lines.push(Line::styled(
            "● dirty: a child's Σ/Δ changed; RK3 will flow it up",
            theme.warn,
        ));
    }
    if let Some(p) = c.pending {
        lines.push(Line::styled(format!("◆ proposal {p} waits for approval"), theme.warn));
    }
    for (tag, text) in [("Σ", c.sigma.render()), ("Δ", c.delta.render())] {
        lines.push(Line::styled(format!("── {tag} ──"), theme.title));
        if text.is_empty() {
            lines.push(Line::styled("(empty)", theme.dim));
        }
        lines.extend(text.lines().map(|l| Line::raw(l.to_string())));
    }
    let corrections: Vec<_> = memory
        .active_corrections()
        .filter(|k| k.item.concept() == Some(c.id))
        .collect();
    if !corrections.is_empty() {
        lines.push(Line::styled("── corrections (X in the Σ/Δ pane) ──", theme.title));
        for k in corrections {
            let what = if k.retires() { "retired" } else { "replaced" };
            lines.push(Line::styled(
                format!("{} {} {what}: {} (because: {})", k.id, k.item, k.was, k.reason),
                theme.dim,
            ));
        }
    }
    lines.push(Line::styled(
        format!("── relations ({}) ──", c.relations.len()),
        theme.title,
    ));
    for r in c.relations.iter().map(|r| memory.relation(*r)) {
        lines.push(Line::raw(format!(
            "{} · {}/{} mentions (total {}, RK1×{})",
            memory.relation_name(r.id),
            r.mentions,
            memory.thresholds.theta_inf,
            r.total_mentions,
            r.rk1_firings
        )));
    }
    let turns: BTreeSet<_> = c
        .episodes
        .iter()
        .filter_map(|e| memory.episodes.get(e.index()))
        .flat_map(|e| e.turns.iter().copied())
        .collect();
    lines.push(Line::styled(
        format!("── provenance ({} turns) ──", turns.len()),
        theme.title,
    ));
    for t in turns.iter().rev().take(PROVENANCE_TURNS) {
        if let Some(turn) = memory.turns.get(t.index()) {
            let date = turn.time.map(|t| t.date()).unwrap_or_default();
            lines.push(Line::from(vec![
                Span::styled(format!("{t} {} {date}: ", turn.speaker), theme.dim),
                Span::raw(turn.said()),
            ]));
        }
    }
    (format!("Concept · {}", c.name), lines)
}
