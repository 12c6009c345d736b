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
    let title = format!(
        "Compare · mark {} (left) ↔ cursor {} (right) · ↑↓ scroll · Esc close",
        popup.mark, popup.cursor
    );
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
    use crate::tui::app::tests::Harness;
    use crate::tui::focus::Focus;
    use crate::tui::msg::Msg;
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use rgmem::event::Operator;

    fn key(h: &mut Harness, ch: char) {
        h.send(Msg::Key(KeyEvent::new(KeyCode::Char(ch), KeyModifiers::NONE)));
    }

    fn screen(h: &mut Harness, w: u16, ht: u16) -> String {
        super::super::tests::screen(&mut h.app, w, ht)
    }

    #[test]
    fn mark_the_old_head_roll_back_and_compare_the_branch_tips_side_by_side() {
        let mut h = Harness::new(false);
        h.play_all();
        h.app.focus = Focus::Timeline;
        let old_head = h.app.timeline.head();
        key(&mut h, 'M');
        assert_eq!(h.app.mark, Some(old_head));
        // Back to before the second RK2 on Fitness, then roll back there.
        let rk2 = h
            .app
            .timeline
            .entries()
            .iter()
            .filter(|r| r.event.operator() == Some(Operator::Rk2))
            .nth(1)
            .unwrap()
            .seq;
        // The start of its step (just before the turn behind it): a rollback into the middle
        // of the step would run the due RK2 again with the rollback.
        let turn = h
            .app
            .timeline
            .entries()
            .iter()
            .rfind(|r| r.seq < rk2 && r.event.kind() == "turn_ingested")
            .unwrap()
            .seq;
        h.app.seek(rgmem::ids::Seq(turn.0 - 1));
        key(&mut h, 'r');
        key(&mut h, 'y');
        let new_head = h.app.timeline.head();
        assert_eq!(new_head.0, old_head.0 + 1, "the rollback was appended");
        h.app.seek(new_head);
        key(&mut h, 'D');
        let popup = h.app.compare.clone().expect("D opens the compare popup");
        assert_eq!((popup.mark, popup.cursor), (old_head, new_head));
        // The abandoned branch's later Σ bullet is on the left only, or changed from the right.
        let left_only: Vec<&String> = popup
            .rows
            .iter()
            .filter_map(|r| match r {
                CompareRow::Bullet { left, .. } if left.contains("interrupted since") => Some(left),
                _ => None,
            })
            .collect();
        assert!(!left_only.is_empty(), "{:?}", popup.rows);
        assert!(
            popup
                .rows
                .iter()
                .all(|r| !matches!(r, CompareRow::Bullet { right, .. } if right.contains("interrupted since"))),
            "the new branch never had it"
        );
        insta::assert_snapshot!("compare_branch_tips_80x24", screen(&mut h, 80, 24));
        insta::assert_snapshot!("compare_branch_tips_160x48", screen(&mut h, 160, 48));
        key(&mut h, 'j');
        assert_eq!(h.app.compare.as_ref().unwrap().scroll, 1);
        h.send(Msg::Key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE)));
        assert!(h.app.compare.is_none());
    }
}
