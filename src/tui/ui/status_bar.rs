//! The status bar, in words: the mode (and the replay's state and speed), the model, θ_inf/θ_sum,
//! where the cursor is, where the memory file is, and hints naming keys that work where the focus
//! is (or the error marker); while a prompt is open, the prompt. When the bar is too narrow, whole
//! parts go, least important first: a word is never cut.

use crate::tui::app::{App, Prompt};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use unicode_width::UnicodeWidthStr;

/// Spinner frames while the engine works.
const SPINNER: [&str; 8] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧"];

/// The rank of the memory file's place: the first part to go.
const PATH_RANK: u8 = 8;

/// Between two parts of one side.
const SEP: &str = " · ";
/// Between the left side (state) and the right side (hints).
const GAP: &str = "  ";

/// The spinner frame for a tick count.
#[must_use]
pub fn spinner(ticks: u64) -> &'static str {
    SPINNER[(ticks % SPINNER.len() as u64) as usize]
}

/// Which side of the bar a part is on, and so its style.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The state: mode, model, thresholds, cursor, file.
    Left,
    /// A hint or the error marker.
    Right,
}

/// One part of the bar: its text, and its rank (0 is kept longest).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// The words shown.
    pub text: String,
    /// Lower ranks are dropped last.
    pub rank: u8,
    /// Where it goes.
    pub side: Side,
    /// Drawn in the error style.
    pub error: bool,
}

impl Part {
    fn new(text: impl Into<String>, rank: u8, side: Side) -> Self {
        Self {
            text: text.into(),
            rank,
            side,
            error: false,
        }
    }
}

/// The bar's text as laid out: " left · parts  right · parts".
fn laid_out(parts: &[&Part]) -> (String, String) {
    let join = |side: Side| {
        parts
            .iter()
            .filter(|p| p.side == side)
            .map(|p| p.text.as_str())
            .collect::<Vec<_>>()
            .join(SEP)
    };
    (format!(" {}", join(Side::Left)), join(Side::Right))
}

fn width_of(parts: &[&Part]) -> usize {
    let (left, right) = laid_out(parts);
    if right.is_empty() {
        left.width()
    } else {
        left.width() + GAP.width() + right.width()
    }
}

/// The parts that fit in `width`: the highest rank goes first (the latest of equals first), until
/// the rest fit. The part of rank 0 always stays.
#[must_use]
pub fn fit(parts: &[Part], width: usize) -> Vec<&Part> {
    let mut kept: Vec<&Part> = parts.iter().collect();
    while width_of(&kept) > width {
        let Some(drop) = kept
            .iter()
            .enumerate()
            .filter(|(_, p)| p.rank > 0)
            .max_by_key(|(i, p)| (p.rank, *i))
            .map(|(i, _)| i)
        else {
            break;
        };
        kept.remove(drop);
    }
    kept
}

/// The bar's parts for the app's state, at this width (wide bars say some parts in more words).
#[must_use]
pub fn parts(app: &App, width: usize) -> Vec<Part> {
    let m = app.timeline.head_memory();
    let t = m.thresholds;
    let busy = if app.busy > 0 || app.chat.pending.is_some() {
        format!(" {} working", spinner(app.ticks))
    } else {
        String::new()
    };
    let wide = width >= 120;
    let replay = app.replay.as_ref().map(|r| r.label(wide));
    let at = match (app.follow, wide) {
        (true, true) => format!("{} following", app.timeline.head()),
        (true, false) => format!("{} follow", app.timeline.head()),
        (false, true) => format!("at {} of {}", app.timeline.cursor(), app.timeline.head()),
        (false, false) => format!("{}/{}", app.timeline.cursor(), app.timeline.head()),
    };
    // A replay's label says whether it plays; other modes are named.
    let mode = match replay {
        Some(label) if !app.approval => label,
        Some(label) => format!("APPROVAL · {label}"),
        None => app.mode().to_uppercase(),
    };
    let mut out = vec![
        Part::new(format!("{mode}{busy}"), 0, Side::Left),
        Part::new(app.model.clone(), 6, Side::Left),
        Part::new(format!("θ_inf {} θ_sum {}", t.theta_inf, t.theta_sum), 4, Side::Left),
        Part::new(at, 2, Side::Left),
        Part::new(app.db.clone(), PATH_RANK, Side::Left),
    ];
    if app.message().is_some_and(|(_, error)| error) {
        out.push(Part {
            error: true,
            ..Part::new("✗ error above · :messages", 1, Side::Right)
        });
    }
    out.extend(app.hints().into_iter().map(|h| Part::new(h.text, h.rank, Side::Right)));
    out
}

/// Draws the bar.
pub fn render(frame: &mut Frame<'_>, area: Rect, app: &App) {
    let theme = app.theme;
    if let Some(prompt) = &app.prompt {
        let (lead, text) = match prompt {
            Prompt::Filter(t) => ("/", t),
            Prompt::Command(t) => (":", t),
        };
        let line = Line::from(vec![
            Span::styled(lead, theme.title),
            Span::raw(text.clone()),
            Span::styled("█", theme.dim),
            Span::styled(
                match prompt {
                    Prompt::Filter(_) => "  Enter keeps the filter · Esc clears it",
                    Prompt::Command(_) => "  Tab completes · Enter runs · Esc cancels",
                },
                theme.dim,
            ),
        ]);
        frame.render_widget(Paragraph::new(line).style(theme.status), area);
        return;
    }
    let width = usize::from(area.width);
    let all = parts(app, width);
    let mut kept = fit(&all, width);
    // A file's place that did not fit whole may still fit as its last components ("…/m.db").
    let short;
    if let Some(path) = all.iter().find(|p| p.rank == PATH_RANK)
        && !kept.iter().any(|p| p.rank == PATH_RANK)
    {
        let room = width.saturating_sub(width_of(&kept) + SEP.width());
        short = Part {
            text: fit_path(&path.text, room),
            ..path.clone()
        };
        if short.text.starts_with("…/") {
            let at = kept.iter().filter(|p| p.side == Side::Left).count();
            kept.insert(at, &short);
        }
    }
    let mut spans: Vec<Span<'static>> = Vec::new();
    let left: Vec<&&Part> = kept.iter().filter(|p| p.side == Side::Left).collect();
    let right: Vec<&&Part> = kept.iter().filter(|p| p.side == Side::Right).collect();
    let strong = theme.status.patch(theme.title);
    spans.push(Span::styled(" ", strong));
    for (i, p) in left.iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled(SEP, strong));
        }
        // The file's place is plain; the state is in the title style.
        let style = if p.rank == PATH_RANK { theme.status } else { strong };
        spans.push(Span::styled(p.text.clone(), style));
    }
    if !right.is_empty() {
        spans.push(Span::raw(GAP));
    }
    for (i, p) in right.iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled(SEP, theme.status));
        }
        let style: Style = if p.error { theme.error } else { theme.status };
        spans.push(Span::styled(p.text.clone(), style));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)).style(theme.status), area);
}

/// A path in at most `width` columns: whole if it fits, else "…/" and as many of its last
/// components as fit, else nothing ("" when not even the file name fits whole).
#[must_use]
pub fn fit_path(path: &str, width: usize) -> String {
    if path.width() <= width {
        return path.to_string();
    }
    let parts: Vec<&str> = path.split(['/', '\\']).filter(|p| !p.is_empty()).collect();
    let mut tail = String::new();
    for part in parts.iter().rev() {
        let next = if tail.is_empty() {
            (*part).to_string()
        } else {
            format!("{part}/{tail}")
        };
        if next.width() + 2 > width {
            break;
        }
        tail = next;
    }
    if tail.is_empty() {
        return String::new();
    }
    format!("…/{tail}")
}

#[cfg(test)]
mod tests {
    use super::{Part, Side, fit, fit_path, laid_out};

    #[test]
    fn a_long_path_keeps_its_last_components() {
        assert_eq!(fit_path("/home/alex/notes/memory.db", 40), "/home/alex/notes/memory.db");
        assert_eq!(fit_path("/home/alex/notes/memory.db", 18), "…/notes/memory.db");
        assert_eq!(fit_path("/home/alex/notes/memory.db", 11), "…/memory.db");
        assert_eq!(fit_path("/home/alex/notes/memory.db", 6), "");
    }

    fn bar(parts: &[Part], width: usize) -> String {
        let kept = fit(parts, width);
        let (left, right) = laid_out(&kept);
        if right.is_empty() {
            left
        } else {
            format!("{left}  {right}")
        }
    }

    #[test]
    fn the_least_important_parts_go_first_and_whole() {
        let parts = vec![
            Part::new("⏸ paused 0/110 · 4 turns/s", 0, Side::Left),
            Part::new("offline", 6, Side::Left),
            Part::new("θ_inf 3 θ_sum 6", 4, Side::Left),
            Part::new("#0 follow", 2, Side::Left),
            Part::new("~/notes/memory.db", 8, Side::Left),
            Part::new("Space play", 1, Side::Right),
            Part::new(". one turn", 5, Side::Right),
            Part::new("? help", 1, Side::Right),
            Part::new("Tab focus", 5, Side::Right),
            Part::new("q quit", 9, Side::Right),
        ];
        let all = bar(&parts, 500);
        for width in [60, 80, 100, 120, 160] {
            let text = bar(&parts, width);
            assert!(
                unicode_width::UnicodeWidthStr::width(text.as_str()) <= width,
                "{width}: {text}"
            );
            // Every part shown is whole: the text is the full bar with whole parts taken out.
            for p in &parts {
                let shown = text.contains(p.text.as_str());
                if p.rank <= 1 {
                    assert!(shown, "{width}: {} kept: {text}", p.text);
                }
            }
            assert!(!text.contains('…'), "{width}: nothing is cut: {text}");
        }
        assert!(bar(&parts, 160).contains("~/notes/memory.db"), "all fits at 160: {all}");
        let at80 = bar(&parts, 80);
        assert!(!at80.contains("memory.db") && !at80.contains("q quit"), "{at80}");
        assert!(at80.contains("Space play") && at80.contains("? help"), "{at80}");
    }
}
