//! Named styles for every pane, so no pane picks a colour inline. `NO_COLOR` (any value) gives a
//! monochrome theme that marks things with bold, underline, reverse and crossed-out instead, and
//! makes the Σ/Δ pane write diff markers (`{+added+}`, `[-removed-]`) so nothing relies on colour.

use ratatui::style::{Color, Modifier, Style};

/// The styles in use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// Whether colours are allowed.
    pub color: bool,
    /// A pane's border when it does not have focus.
    pub border: Style,
    /// The focused pane's border and title.
    pub border_focus: Style,
    /// A pane title.
    pub title: Style,
    /// Secondary text.
    pub dim: Style,
    /// The row under the cursor / the selected row.
    pub selected: Style,
    /// Words an operator added.
    pub added: Style,
    /// Words an operator removed.
    pub removed: Style,
    /// Operator firings (RK1/RK2/RK3).
    pub firing: Style,
    /// A relation that just fired.
    pub flash: Style,
    /// A gauge's filled part.
    pub gauge_fill: Style,
    /// A gauge at or over its threshold.
    pub gauge_full: Style,
    /// A gauge's empty part.
    pub gauge_empty: Style,
    /// The user's chat messages.
    pub user: Style,
    /// The assistant's chat messages.
    pub assistant: Style,
    /// Warnings, dirty and pending markers.
    pub warn: Style,
    /// Errors.
    pub error: Style,
    /// The status bar.
    pub status: Style,
    /// Entries on a branch a rollback left behind.
    pub abandoned: Style,
}

impl Theme {
    /// The theme the environment asks for: monochrome when `NO_COLOR` is set.
    #[must_use]
    pub fn from_env() -> Self {
        if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) {
            Self::monochrome()
        } else {
            Self::colored()
        }
    }

    /// The default colours (16-colour palette, so the terminal's scheme applies).
    #[must_use]
    pub fn colored() -> Self {
        let s = Style::new();
        Self {
            color: true,
            border: s.fg(Color::DarkGray),
            border_focus: s.fg(Color::Cyan).add_modifier(Modifier::BOLD),
            title: s.add_modifier(Modifier::BOLD),
            dim: s.fg(Color::DarkGray),
            selected: s.bg(Color::Blue).fg(Color::White).add_modifier(Modifier::BOLD),
            added: s.fg(Color::Green).add_modifier(Modifier::BOLD),
            removed: s.fg(Color::Red).add_modifier(Modifier::CROSSED_OUT),
            firing: s.fg(Color::Magenta).add_modifier(Modifier::BOLD),
            flash: s.bg(Color::Yellow).fg(Color::Black).add_modifier(Modifier::BOLD),
            gauge_fill: s.fg(Color::Cyan),
            gauge_full: s.fg(Color::Yellow).add_modifier(Modifier::BOLD),
            gauge_empty: s.fg(Color::DarkGray),
            user: s.fg(Color::Cyan).add_modifier(Modifier::BOLD),
            assistant: s.fg(Color::Green).add_modifier(Modifier::BOLD),
            warn: s.fg(Color::Yellow),
            error: s.fg(Color::Red).add_modifier(Modifier::BOLD),
            status: s.bg(Color::DarkGray).fg(Color::White),
            abandoned: s.fg(Color::DarkGray).add_modifier(Modifier::ITALIC),
        }
    }

    /// No colours: modifiers only.
    #[must_use]
    pub fn monochrome() -> Self {
        let s = Style::new();
        Self {
            color: false,
            border: s,
            border_focus: s.add_modifier(Modifier::BOLD),
            title: s.add_modifier(Modifier::BOLD),
            dim: s.add_modifier(Modifier::DIM),
            selected: s.add_modifier(Modifier::REVERSED),
            added: s.add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            removed: s.add_modifier(Modifier::CROSSED_OUT),
            firing: s.add_modifier(Modifier::BOLD),
            flash: s.add_modifier(Modifier::REVERSED | Modifier::BOLD),
            gauge_fill: s,
            gauge_full: s.add_modifier(Modifier::BOLD),
            gauge_empty: s.add_modifier(Modifier::DIM),
            user: s.add_modifier(Modifier::BOLD),
            assistant: s.add_modifier(Modifier::BOLD),
            warn: s.add_modifier(Modifier::BOLD),
            error: s.add_modifier(Modifier::BOLD),
            status: s.add_modifier(Modifier::REVERSED),
            abandoned: s.add_modifier(Modifier::DIM | Modifier::ITALIC),
        }
    }
}
