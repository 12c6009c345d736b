//! The phase view: the sweep's curve against θ_inf (a ratatui `Chart`), the current θ and the
//! θ cursor marked, the peak labelled, a gauge while it runs, and the cursor θ's figures beside it.

use super::pane_block;
use crate::tui::app::PhaseView;
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Style};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Chart, Clear, Dataset, Gauge, GraphType, Paragraph, Wrap};
use rgmem::eval::sweep::{Point, peak};

/// One curve: its legend name and its points (θ_inf, value in 0..=1).
pub type Series = (String, Vec<(f64, f64)>);

/// The curves drawn: stability, lag-weighted plasticity and balance with ground truth; else
/// firings, Σ churn and model tokens, each scaled to its largest value (the legend says it).
#[must_use]
pub fn series(points: &[Point]) -> Vec<Series> {
    let at = |f: &dyn Fn(&Point) -> f64| -> Vec<(f64, f64)> {
        points.iter().map(|p| (f64::from(p.theta_inf), f(p))).collect()
    };
    if points.iter().all(|p| p.truth.is_some()) && !points.is_empty() {
        let t = |f: fn(&rgmem::eval::truth::Scores) -> f64| move |p: &Point| p.truth.as_ref().map_or(0.0, f);
        return vec![
            ("stability".into(), at(&t(|s| s.stability))),
            ("plasticity".into(), at(&t(|s| s.timely_plasticity))),
            ("balance".into(), at(&t(|s| s.balance))),
        ];
    }
    let scaled = |name: &str, f: &dyn Fn(&Point) -> f64| -> Series {
        let max = points.iter().map(f).fold(0.0, f64::max);
        (name.to_string(), at(&|p| if max > 0.0 { f(p) / max } else { 0.0 }))
    };
    vec![
        scaled("firings", &|p| f64::from(p.rk1 + p.rk2 + p.rk3)),
        scaled("Σ churn", &|p| p.sigma_churn),
        scaled("tokens", &|p| p.tokens as f64),
    ]
}

const COLOURS: [Color; 3] = [Color::Cyan, Color::Magenta, Color::Yellow];

/// The key to the curves and the two marks, one line.
fn legend(view: &PhaseView, theme: Theme) -> Line<'static> {
    let points: Vec<Point> = view.runs.iter().map(|(p, _)| p.clone()).collect();
    let mut spans = Vec::new();
    for ((name, _), colour) in series(&points).into_iter().zip(COLOURS) {
        let letter = name.chars().next().unwrap_or('━');
        spans.push(Span::styled(format!("{letter}━ {name}  "), Style::default().fg(colour)));
    }
    if !points.iter().all(|p| p.truth.is_some()) || points.is_empty() {
        // Firings, churn and tokens share one axis, each divided by its largest value (the
        // cursor's own figures are in the side panel); kept short to fit 80 columns.
        spans.push(Span::styled("÷ max  ", theme.dim));
    }
    spans.push(Span::styled(format!("• live θ {}  ", view.current), theme.dim));
    spans.push(Span::styled("█ θ cursor", theme.title));
    Line::from(spans)
}

/// Draws the view over the screen, above the status bar.
pub fn render(frame: &mut Frame<'_>, area: Rect, view: &PhaseView, theme: Theme) {
    let rect = Rect {
        height: area.height.saturating_sub(1),
        ..area
    };
    frame.render_widget(Clear, rect);
    let title = "Phase · θ_inf sweep · ←→ θ · Enter compare · a apply · Esc close".to_string();
    let block = pane_block(title, true, theme);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let [top, key, body] =
        Layout::vertical([Constraint::Length(1), Constraint::Length(1), Constraint::Min(1)]).areas(inner);
    status_line(frame, top, view, theme);
    frame.render_widget(Paragraph::new(legend(view, theme)), key);
    let side = match body.width {
        140.. => 40,
        100.. => 34,
        _ => 26,
    };
    let [chart_area, side_area] = Layout::horizontal([Constraint::Min(20), Constraint::Length(side)]).areas(body);
    chart(frame, chart_area, view, theme);
    let text = figures(view);
    frame.render_widget(
        Paragraph::new(text)
            .wrap(Wrap { trim: true })
            .block(pane_block("θ cursor".into(), false, theme)),
        side_area,
    );
}

fn status_line(frame: &mut Frame<'_>, area: Rect, view: &PhaseView, theme: Theme) {
    let done = format!("{}/{} θ", view.runs.len(), view.thetas.len());
    if view.running {
        let gauge = Gauge::default()
            .ratio(view.progress().clamp(0.0, 1.0))
            .label(format!("sweeping θ_inf {}: {done} · Esc cancels", range(view)))
            .gauge_style(theme.title);
        frame.render_widget(gauge, area);
        return;
    }
    let points: Vec<Point> = view.runs.iter().map(|(p, _)| p.clone()).collect();
    let peak = peak(&points).map_or_else(String::new, |b| format!(" · peak θ {b}"));
    let text = match &view.stopped {
        Some(why) => format!("θ_inf {}: {done} · {why}{peak}", range(view)),
        None => format!(
            "θ_inf {} swept · {} · live θ {}{peak}",
            range(view),
            view.over,
            view.current
        ),
    };
    let style = if view.stopped.is_some() { theme.error } else { theme.dim };
    frame.render_widget(Paragraph::new(text).style(style), area);
}

fn range(view: &PhaseView) -> String {
    match (view.thetas.first(), view.thetas.last()) {
        (Some(a), Some(b)) => format!("{a}..{b}"),
        _ => "-".into(),
    }
}

fn chart(frame: &mut Frame<'_>, area: Rect, view: &PhaseView, theme: Theme) {
    let points: Vec<Point> = view.runs.iter().map(|(p, _)| p.clone()).collect();
    let curves = series(&points);
    let (lo, hi) = match (view.thetas.first(), view.thetas.last()) {
        (Some(a), Some(b)) => (f64::from(*a), f64::from(*b).max(f64::from(*a) + 1.0)),
        _ => (1.0, 8.0),
    };
    let colours = COLOURS;
    let vline = |x: f64| -> Vec<(f64, f64)> { (0..=10).map(|i| (x, f64::from(i) / 10.0)).collect() };
    let live = vline(f64::from(view.current));
    let cursor = view
        .selected()
        .map(|(p, _)| vline(f64::from(p.theta_inf)))
        .unwrap_or_default();
    let mut datasets: Vec<Dataset<'_>> = curves
        .iter()
        .zip(colours)
        .map(|((name, data), colour)| {
            Dataset::default()
                .name(name.clone())
                .marker(Marker::Braille)
                .graph_type(GraphType::Line)
                .style(Style::default().fg(colour))
                .data(data)
        })
        .collect();
    datasets.push(
        Dataset::default()
            .name(format!("live θ {}", view.current))
            .marker(Marker::Dot)
            .style(theme.dim)
            .data(&live),
    );
    datasets.push(
        Dataset::default()
            .name("θ cursor")
            .marker(Marker::Block)
            .style(theme.title)
            .data(&cursor),
    );
    let peak_label = peak(&points).map_or_else(String::new, |b| format!(" · peak θ {b}"));
    let block = pane_block(format!("θ_inf →{peak_label}"), false, theme);
    let plot = block.inner(area);
    let y_labels = vec![Line::from("0"), Line::from(".5"), Line::from("1")];
    let label_width = y_labels.iter().map(Line::width).max().unwrap_or(0);
    // Two empty x labels keep the axis line and its label row; the row is written below.
    let widget = Chart::new(datasets)
        .block(block)
        .x_axis(
            Axis::default()
                .bounds([lo, hi])
                .labels(vec![Line::from(""), Line::from("")]),
        )
        .y_axis(Axis::default().bounds([0.0, 1.0]).labels(y_labels))
        .legend_position(None);
    frame.render_widget(widget, area);
    let graph = Rect {
        x: plot.x.saturating_add(label_width as u16 + 1),
        width: plot.width.saturating_sub(label_width as u16 + 1),
        height: plot.height.saturating_sub(2),
        ..plot
    };
    letter_points(frame, graph, &curves, (lo, hi));
    let ticks = Rect {
        y: plot.bottom().saturating_sub(1),
        height: plot.height.min(1),
        ..plot
    };
    // The θ labels are placed here, each under its own column: the chart's own x labels are
    // spread evenly by count, which put "3" two columns left of the θ 3 cursor at 80×24.
    let graph_x = label_width + 1;
    let graph_width = usize::from(plot.width).saturating_sub(graph_x);
    let shown: Vec<u32> = if view.thetas.len() <= 12 {
        view.thetas.clone()
    } else {
        let mid = (lo + hi) / 2.0;
        vec![lo as u32, mid.round() as u32, hi as u32]
    };
    frame.render_widget(
        Paragraph::new(tick_line(&shown, (lo, hi), graph_x, graph_width)).style(theme.dim),
        ticks,
    );
}

/// Each curve's initial at each of its points, in its colour, so the curves are told apart
/// where they cross and without colour (`NO_COLOR`, a pasted screen). The cell is the one the
/// chart's Braille line passes through.
fn letter_points(frame: &mut Frame<'_>, graph: Rect, curves: &[Series], (lo, hi): (f64, f64)) {
    if graph.width == 0 || graph.height == 0 {
        return;
    }
    let span = (hi - lo).max(1.0);
    let (w, h) = (f64::from(graph.width) * 2.0, f64::from(graph.height) * 4.0);
    for ((name, data), colour) in curves.iter().zip(COLOURS) {
        let Some(letter) = name.chars().next() else { continue };
        for &(x, y) in data {
            let col = (((x - lo) / span * (w - 1.0)).max(0.0) / 2.0) as u16;
            let row = (((1.0 - y.clamp(0.0, 1.0)) * (h - 1.0)).max(0.0) / 4.0) as u16;
            let at = (graph.x + col.min(graph.width - 1), graph.y + row.min(graph.height - 1));
            if let Some(cell) = frame.buffer_mut().cell_mut(at) {
                cell.set_char(letter).set_fg(colour);
            }
        }
    }
}

/// The θ labels as one line: each θ's number centred on the column the chart draws it at
/// (`graph_x` columns of y labels and axis first, then `width` columns of graph).
#[must_use]
pub fn tick_line(thetas: &[u32], (lo, hi): (f64, f64), graph_x: usize, width: usize) -> String {
    let mut cells: Vec<char> = vec![' '; graph_x + width];
    let span = (hi - lo).max(1.0);
    for &t in thetas {
        let label: Vec<char> = t.to_string().chars().collect();
        let at = ((f64::from(t) - lo) / span * width.saturating_sub(1) as f64).round() as usize;
        let start = (graph_x + at)
            .saturating_sub(label.len() / 2)
            .min(cells.len().saturating_sub(label.len()));
        if cells
            .get(start.saturating_sub(1)..start + label.len())
            .is_some_and(|c| c.iter().all(|c| *c == ' '))
        {
            for (i, ch) in label.into_iter().enumerate() {
                if let Some(cell) = cells.get_mut(start + i) {
                    *cell = ch;
                }
            }
        }
    }
    cells.into_iter().collect::<String>().trim_end().to_string()
}

/// The θ cursor's figures, as lines.
fn figures(view: &PhaseView) -> Vec<Line<'static>> {
    let Some((p, detail)) = view.selected() else {
        return vec![Line::from("no θ swept yet")];
    };
    let mut lines = vec![
        Line::from(format!("θ_inf {} · θ_sum {}", p.theta_inf, p.theta_sum)),
        Line::from(format!("RK1 {} · RK2 {} · RK3 {}", p.rk1, p.rk2, p.rk3)),
    ];
    if let Some(memory) = &detail.memory {
        // With ground truth, the count the sweep table scores (every concept, one per label);
        // else the lines of the persons' Σ.
        let sigma = p.truth.map_or_else(
            || memory.roots().map(|r| r.sigma.render().lines().count()).sum(),
            |t| t.sigma_bullets,
        );
        let delta: usize = memory.roots().map(|r| r.delta.render().lines().count()).sum();
        lines.push(Line::from(format!("Σ bullets {sigma} · Δ items {delta}")));
    }
    lines.push(Line::from(format!("Σ churn {:.4}", p.sigma_churn)));
    lines.push(Line::from(format!("tokens {}", p.tokens)));
    if let Some(t) = p.truth {
        lines.push(Line::from(format!(
            "stab. {:.0}% · plast. {:.0}%",
            t.stability * 100.0,
            t.timely_plasticity * 100.0
        )));
        lines.push(Line::from(format!("balance {:.0}%", t.balance * 100.0)));
    }
    for (name, lag) in &detail.change_lags {
        let lag = lag.map_or_else(|| "never".to_string(), |l| format!("lag {l}"));
        lines.push(Line::from(format!("{name}: {lag}")));
    }
    lines
}
