//! The Σ/Δ pane: the before and after of the operator firing under the cursor as a coloured,
//! syntax-highlighted word-level diff with its trigger; in approval mode, the pending proposals
//! and the selected one's diff; with the tree focused, the selected concept's details.

use super::highlight::Highlighter;
use super::{concept_tree, pane_block};
use crate::tui::app::{App, Focus};
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use rgmem::diff::{Change, Section, abstraction_diff};
use rgmem::event::{Abstraction, Event, EventRecord, Trigger};
use rgmem::ids::Seq;
use rgmem::timeline::Timeline;

/// Draws the pane.
pub fn render(frame: &mut Frame<'_>, area: Rect, app: &App, focused: bool) {
    let (title, lines) = if app.focus == Focus::Tree && !app.maximised {
        match app.selected_concept() {
            Some(c) => concept_tree::detail(app.timeline.memory(), c, app.theme),
            None => (app.views.diff_title.clone(), app.views.diff.clone()),
        }
    } else {
        (app.views.diff_title.clone(), app.views.diff.clone())
    };
    let p = Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .scroll((app.diff_scroll, 0))
        .block(pane_block(title, focused, app.theme));
    frame.render_widget(p, area);
}

/// Shown before any firing.
#[must_use]
pub fn empty_view(theme: Theme) -> Vec<Line<'static>> {
    vec![
        Line::styled("No operator has fired at this point of the log.", theme.dim),
        Line::styled(
            "RK1 fires when a relation's mentions reach θ_inf; RK2 when a concept's score reaches θ_sum.",
            theme.dim,
        ),
    ]
}

/// The firing (or proposal) `record`, seen from the cursor.
#[must_use]
pub fn firing_view(record: &EventRecord, cursor: Seq, theme: Theme) -> (String, Vec<Line<'static>>) {
    let Some((operator, target, trigger, before, after)) = parts(&record.event) else {
        return ("Σ/Δ diff".into(), empty_view(theme));
    };
    let proposed = matches!(record.event, Event::AbstractionProposed { .. });
    let title = format!(
        "Σ/Δ · {} {} {target}{}",
        record.seq,
        operator,
        if proposed { " (proposed)" } else { "" }
    );
    let mut lines = vec![trigger_line(record.seq, operator, trigger, theme)];
    if cursor != record.seq {
        lines.push(Line::styled(
            format!("the latest firing at or before the cursor {cursor}"),
            theme.dim,
        ));
    }
    lines.extend(sections_lines(&abstraction_diff(before, after), theme));
    (title, lines)
}

/// The pending proposals, with the diff of the selected one.
#[must_use]
pub fn proposal_view(
    timeline: &Timeline,
    proposals: &[Seq],
    selected: Seq,
    theme: Theme,
) -> (String, Vec<Line<'static>>) {
    let mut lines = vec![Line::styled(
        "Pending proposals: ↑↓ select · a approve · x reject",
        theme.title,
    )];
    for seq in proposals {
        let Some(r) = timeline.entry(*seq) else { continue };
        let style = if *seq == selected { theme.selected } else { Style::new() };
        let marker = if *seq == selected { "▶ " } else { "  " };
        lines.push(Line::styled(
            format!("{marker}{}", super::timeline::row_text(&r)),
            style,
        ));
    }
    lines.push(Line::raw(""));
    if let Some(r) = timeline.entry(selected) {
        let (_, body) = firing_view(&r, selected, theme);
        lines.extend(body);
    }
    (format!("Approval · {} pending", proposals.len()), lines)
}

type Parts<'a> = (&'static str, &'a str, &'a Trigger, &'a Abstraction, &'a Abstraction);

fn parts(event: &Event) -> Option<Parts<'_>> {
    match event {
        Event::OperatorFired {
            operator,
            target,
            trigger,
            before,
            after,
            ..
        }
        | Event::AbstractionProposed {
            operator,
            target,
            trigger,
            before,
            after,
            ..
        } => Some((operator.label(), target, trigger, before, after)),
        _ => None,
    }
}

fn trigger_line(seq: Seq, operator: &str, trigger: &Trigger, theme: Theme) -> Line<'static> {
    let theta = match trigger.counter.as_str() {
        "mentions" => "θ_inf",
        "score" => "θ_sum",
        _ => "threshold",
    };
    Line::from(vec![
        Span::styled(format!("{seq} {operator} "), theme.firing),
        Span::raw(format!(
            "trigger: {} {} ≥ {theta} {}",
            trigger.counter, trigger.value, trigger.threshold
        )),
    ])
}

fn sections_lines(sections: &[Section], theme: Theme) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    for s in sections {
        let change = if s.is_unchanged() {
            "unchanged".to_string()
        } else {
            format!("+{} −{} words", s.added, s.removed)
        };
        out.push(Line::styled(format!("── {} ({change}) ──", s.title), theme.title));
        let mut hl = Highlighter::new();
        for line in &s.lines {
            out.push(diff_line(line, &mut hl, theme));
        }
    }
    out
}

/// One diff line: kept words in syntax colours, added and removed words in theirs (or marked
/// with `{+ +}` / `[- -]` without colour).
fn diff_line(segments: &[rgmem::diff::Segment], hl: &mut Highlighter, theme: Theme) -> Line<'static> {
    let full: String = segments.iter().map(|s| s.text.as_str()).collect();
    let runs = if theme.color { hl.line(&full) } else { Vec::new() };
    let mut spans = Vec::new();
    let mut offset = 0;
    for seg in segments {
        let range = offset..offset + seg.text.len();
        offset = range.end;
        match seg.change {
            Change::Added if !theme.color => spans.push(Span::styled(format!("{{+{}+}}", seg.text), theme.added)),
            Change::Removed if !theme.color => spans.push(Span::styled(format!("[-{}-]", seg.text), theme.removed)),
            Change::Added => spans.push(Span::styled(seg.text.clone(), theme.added)),
            Change::Removed => spans.push(Span::styled(seg.text.clone(), theme.removed)),
            Change::Kept if runs.is_empty() => spans.push(Span::raw(seg.text.clone())),
            Change::Kept => {
                for (color, run) in &runs {
                    let start = run.start.max(range.start);
                    let end = run.end.min(range.end);
                    if start < end && full.is_char_boundary(start) && full.is_char_boundary(end) {
                        spans.push(Span::styled(full[start..end].to_string(), Style::new().fg(*color)));
                    }
                }
            }
        }
    }
    Line::from(spans)
}
