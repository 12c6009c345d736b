//! The compare popup: the memory at the mark (left) beside the memory at the cursor (right), one
//! differing concept, relation or bullet per row, each side wrapped to its column so rows stay
//! aligned.

use super::{centered, pane_block, wrap};
use crate::tui::app::{ComparePopup, CompareRow};
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};

/// Draws the popup over most of the screen.
pub fn render(frame: &mut Frame<'_>, area: Rect, popup: &ComparePopup, theme: Theme) {
    let rect = centered(area, area.width.saturating_sub(4), area.height.saturating_sub(2));
    frame.render_widget(Clear, rect);
    let title = match &popup.labels {
        Some((left, right)) => format!("Compare · {left} (left) ↔ {right} (right) · ↑↓ scroll · Esc close"),
        None => format!(
            "Compare · mark {} (left) ↔ cursor {} (right) · ↑↓ scroll · Esc close",
            popup.mark, popup.cursor
        ),
    };
    let block = pane_block(title, true, theme);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let width = usize::from(inner.width);
    let column = width.saturating_sub(5) / 2;
    let mut lines: Vec<Line<'static>> = Vec::new();
    if popup.rows.is_empty() {
        lines.push(Line::styled("The memory is the same at both points.", theme.dim));
    }
    for row in popup.rows.iter().skip(popup.scroll) {
        match row {
            CompareRow::Heading(text) => {
                for l in wrap(text, width.max(1)) {
                    lines.push(Line::styled(l, theme.title));
                }
            }
            CompareRow::Bullet { mark, left, right } => {
                let (l, r) = (wrap(left, column.max(1)), wrap(right, column.max(1)));
                let style = |removed: bool| match mark {
                    '+' if !removed => theme.added,
                    '−' if removed => theme.removed,
                    '~' => {
                        if removed {
                            theme.removed
                        } else {
                            theme.added
                        }
                    }
                    _ => ratatui::style::Style::default(),
                };
                for i in 0..l.len().max(r.len()) {
                    let a = l.get(i).cloned().unwrap_or_default();
                    let b = r.get(i).cloned().unwrap_or_default();
                    let pad = column.saturating_sub(unicode_width::UnicodeWidthStr::width(a.as_str()));
                    let gutter = if i == 0 { format!("{mark} ") } else { "  ".into() };
                    lines.push(Line::from(vec![
                        Span::raw(gutter),
                        Span::styled(a, style(true)),
                        Span::raw(" ".repeat(pad)),
                        Span::styled(" │ ", theme.dim),
                        Span::styled(b, style(false)),
                    ]));
                }
            }
        }
        if lines.len() >= usize::from(inner.height) {
            break;
        }
    }
    frame.render_widget(Paragraph::new(lines), inner);
}

#[cfg(test)]
mod tests {
    use crate::tui::app::CompareRow;
    use crate::tui::app::fixture::{self, Variant};
    use crate::tui::app::tests::Harness;
    use crate::tui::focus::Focus;
    use crate::tui::msg::Msg;
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use rgmem::event::Event;

    fn key(h: &mut Harness, ch: char) {
        h.send(Msg::Key(KeyEvent::new(KeyCode::Char(ch), KeyModifiers::NONE)));
    }

    /// The fixture's branched log: the old head (the sprain, then ramen) was rolled back to
    /// before the sprain, and the new branch cycles instead.
    #[test]
    fn mark_the_old_head_and_compare_the_branch_tips_side_by_side() {
        let mut h = fixture::open(Variant::Branched);
        h.app.focus = Focus::Timeline;
        let rollback = h
            .app
            .timeline
            .records()
            .find(|r| matches!(r.event, Event::RolledBack { .. }))
            .unwrap()
            .seq;
        let old_head = rgmem::ids::Seq(rollback.0 - 1);
        let new_head = h.app.timeline.head();
        h.app.seek(old_head);
        key(&mut h, 'M');
        assert_eq!(h.app.mark, Some(old_head));
        h.app.seek(new_head);
        key(&mut h, 'D');
        let popup = h.app.compare.clone().expect("D opens the compare popup");
        assert_eq!((popup.mark, popup.cursor), (old_head, new_head));
        // The old branch's Gym bullet is on the left only; the new branch's Cycling on the right.
        let bullet = |f: &dyn Fn(&str, &str) -> bool| {
            popup
                .rows
                .iter()
                .any(|r| matches!(r, CompareRow::Bullet { left, right, .. } if f(left, right)))
        };
        assert!(bullet(&|l, r| l.contains("- Gym:") && r.is_empty()), "{:?}", popup.rows);
        assert!(
            bullet(&|l, r| l.is_empty() && r.contains("- Cycling:")),
            "{:?}",
            popup.rows
        );
        for (w, ht) in super::super::tests::SIZES {
            insta::assert_snapshot!(
                format!("compare_branch_tips_{w}x{ht}"),
                super::super::tests::fixture_screen(&mut h.app, w, ht)
            );
        }
        key(&mut h, 'j');
        assert_eq!(h.app.compare.as_ref().unwrap().scroll, 1);
        h.send(Msg::Key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE)));
        assert!(h.app.compare.is_none());
    }
}
