//! Where each pane goes on the screen: two columns below [`WIDE`] columns, three above, or one
//! maximised pane. Shared by drawing and by mouse hit-testing, so a click lands where it was drawn.

use super::focus::Focus;
use ratatui::layout::{Constraint, Layout, Position, Rect};

/// Terminals at least this wide get the three-column layout.
pub const WIDE: u16 = 140;

/// Where each pane is drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Areas {
    panes: Vec<(Focus, Rect)>,
    /// The status bar.
    pub status: Rect,
    /// The message line above it (empty when there is no message).
    pub message: Rect,
}

impl Areas {
    /// A pane's rectangle (empty when hidden by a maximised pane).
    #[must_use]
    pub fn rect(&self, focus: Focus) -> Rect {
        self.panes
            .iter()
            .find(|(f, _)| *f == focus)
            .map_or(Rect::ZERO, |(_, r)| *r)
    }

    /// The pane under a screen position.
    #[must_use]
    pub fn pane_at(&self, at: Position) -> Option<Focus> {
        self.panes.iter().find(|(_, r)| r.contains(at)).map(|(f, _)| *f)
    }
}

/// Lines the message line takes for `text` on a screen `width` columns wide (at most 3).
#[must_use]
pub fn message_rows(text: Option<&str>, width: u16) -> u16 {
    text.map_or(0, |t| {
        let lines = super::text::wrap(t, usize::from(width.max(1))).len();
        u16::try_from(lines.clamp(1, 3)).unwrap_or(3)
    })
}

/// Lays out the panes of a screen of size `area`, or gives `maximised` all of it; `message`
/// lines above the status bar are kept for the message line.
#[must_use]
pub fn areas(area: Rect, maximised: Option<Focus>, message: u16) -> Areas {
    let [main, message, status] =
        Layout::vertical([Constraint::Min(3), Constraint::Length(message), Constraint::Length(1)]).areas(area);
    if let Some(f) = maximised {
        return Areas {
            panes: vec![(f, main)],
            status,
            message,
        };
    }
    let panes = if area.width >= WIDE {
        let [left, mid, right] = Layout::horizontal([
            Constraint::Percentage(30),
            Constraint::Percentage(34),
            Constraint::Percentage(36),
        ])
        .areas(main);
        let [tree, evidence] = Layout::vertical([Constraint::Percentage(60), Constraint::Percentage(40)]).areas(mid);
        let [diff, timeline] = Layout::vertical([Constraint::Percentage(58), Constraint::Percentage(42)]).areas(right);
        vec![
            (Focus::Chat, left),
            (Focus::Tree, tree),
            (Focus::Evidence, evidence),
            (Focus::Diff, diff),
            (Focus::Timeline, timeline),
        ]
    } else {
        let [left, right] = Layout::horizontal([Constraint::Percentage(48), Constraint::Percentage(52)]).areas(main);
        let [tree, chat] = Layout::vertical([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(left);
        let [evidence, diff, timeline] = Layout::vertical([
            Constraint::Percentage(30),
            Constraint::Percentage(40),
            Constraint::Percentage(30),
        ])
        .areas(right);
        vec![
            (Focus::Tree, tree),
            (Focus::Chat, chat),
            (Focus::Evidence, evidence),
            (Focus::Diff, diff),
            (Focus::Timeline, timeline),
        ]
    };
    Areas { panes, status, message }
}
