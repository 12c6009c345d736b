//! The history popup: the entries that touched a concept, the selected one marked, and its
//! trigger and Σ/Δ diff below, styled as the Σ/Δ pane styles a firing.

use super::{centered, pane_block};
use crate::tui::app::HistoryPopup;
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Wrap};

/// Draws the popup over most of the screen.
pub fn render(frame: &mut Frame<'_>, area: Rect, popup: &HistoryPopup, theme: Theme) {
    let rect = centered(area, area.width.saturating_sub(4), area.height.saturating_sub(2));
    frame.render_widget(Clear, rect);
    let block = pane_block(popup.title.clone(), true, theme);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    if popup.entries.is_empty() {
        let note = Line::styled(
            "No operator has touched this concept on the way to the cursor.",
            theme.dim,
        );
        frame.render_widget(Paragraph::new(note), inner);
        return;
    }
    // The list takes what it needs, up to a third of the popup; the diff gets the rest.
    let list_height = u16::try_from(popup.entries.len())
        .unwrap_or(u16::MAX)
        .min(inner.height / 3)
        .max(1);
    let [list, gap, diff] = Layout::vertical([
        Constraint::Length(list_height),
        Constraint::Length(1),
        Constraint::Min(0),
    ])
    .areas(inner);
    let first = popup
        .selected
        .saturating_sub(usize::from(list_height).saturating_sub(1));
    let rows: Vec<Line<'static>> = popup
        .entries
        .iter()
        .enumerate()
        .skip(first)
        .take(usize::from(list_height))
        .map(|(i, e)| {
            if i == popup.selected {
                Line::styled(format!("▶ {}", e.text), theme.selected)
            } else {
                Line::raw(format!("  {}", e.text))
            }
        })
        .collect();
    frame.render_widget(Paragraph::new(rows), list);
    let keys = "── ↑↓ select · Enter moves the cursor there · Esc close ";
    let rule = format!(
        "{keys}{}",
        "─".repeat(usize::from(gap.width).saturating_sub(keys.chars().count()))
    );
    frame.render_widget(Paragraph::new(Line::styled(rule, theme.dim)), gap);
    if let Some(current) = popup.current() {
        let lines = super::diff::lines(&current.diff, theme);
        frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), diff);
    }
}

#[cfg(test)]
mod tests {
    use crate::tui::app::fixture::{self, Variant};
    use crate::tui::app::tests::Harness;
    use crate::tui::focus::Focus;
    use crate::tui::msg::Msg;
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use rgmem::event::Operator;
    use rgmem::ids::Seq;

    fn key(h: &mut Harness, code: KeyCode) {
        h.send(Msg::Key(KeyEvent::new(code, KeyModifiers::NONE)));
    }

    #[test]
    fn h_on_a_concept_lists_its_firings_and_enter_moves_the_cursor_there() {
        let mut h = fixture::open(Variant::Plain);
        let path = super::super::tests::path_to(&h, "Fitness");
        h.app.tree_state.select(path);
        h.app.focus = Focus::Tree;
        key(&mut h, KeyCode::Char('H'));
        let popup = h.app.history.clone().expect("H opens the history");
        // RK1 on Fitness → Running and RK2 on Fitness are listed, in order; the latest is selected.
        let listed: Vec<Seq> = popup.entries.iter().map(|e| e.seq).collect();
        let rk1 = super::super::tests::first(&h, Operator::Rk1);
        let rk2 = super::super::tests::first(&h, Operator::Rk2);
        assert!(listed.contains(&rk1) && listed.contains(&rk2), "{listed:?}");
        assert!(listed.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(popup.selected, listed.len() - 1);
        for (w, ht) in super::super::tests::SIZES {
            insta::assert_snapshot!(
                format!("history_fitness_{w}x{ht}"),
                super::super::tests::fixture_screen(&mut h.app, w, ht)
            );
        }

        key(&mut h, KeyCode::Up);
        let target = listed[listed.len() - 2];
        key(&mut h, KeyCode::Enter);
        assert!(h.app.history.is_none(), "Enter closes the popup");
        assert_eq!(h.app.timeline.cursor(), target, "and moves the cursor to the entry");

        // Typed keys do nothing else while it is open; Esc closes it.
        key(&mut h, KeyCode::Char('H'));
        let before = h.engine.log().head();
        key(&mut h, KeyCode::Char('r'));
        key(&mut h, KeyCode::Char('y'));
        assert_eq!(h.engine.log().head(), before);
        key(&mut h, KeyCode::Esc);
        assert!(h.app.history.is_none());
    }
}
