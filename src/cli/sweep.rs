//! `rgmem sweep FILE --theta-inf A..B [--json] [--plot out.svg]`: the phase-transition demo. Each
//! θ_inf (θ_sum = 2·θ_inf) ingests FILE (a session file or a LoCoMo file) into a fresh memory;
//! the table, JSON and plot show firings, model calls and tokens, Σ churn, and stability,
//! plasticity and balance on a session whose header carries ground truth (on LoCoMo, the eval
//! metrics), with the peak marked.

use super::Shared;
use anyhow::{Context, Result, bail};
use plotters::prelude::*;
use rgmem::eval::sweep::{self, Input, Point};
use rgmem::eval::truth::GroundTruth;
use rgmem::formats::session::SessionFile;
use std::path::{Path, PathBuf};

/// Options of `sweep`. The range is the global `--theta-inf`, given as `A..B`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A session file (`.jsonl`) or a LoCoMo JSON file.
    file: PathBuf,
    /// Print the points as JSON.
    #[arg(long)]
    json: bool,
    /// Write the curve as SVG to this path, and as PNG next to it.
    #[arg(long, value_name = "OUT.svg")]
    plot: Option<PathBuf>,
    /// With a LoCoMo file: only these conversations.
    #[arg(long, value_delimiter = ',', value_name = "ID,...")]
    conversations: Vec<String>,
}

/// Runs `sweep`.
pub fn run(shared: &Shared, args: &Args) -> Result<()> {
    let Some(range) = shared.theta_inf else {
        bail!("sweep needs the range to sweep: --theta-inf A..B (for example --theta-inf 1..8)");
    };
    let thetas: Vec<u32> = (range.lo..=range.hi).collect();
    let work_dir = std::env::temp_dir().join(format!("rgmem-sweep-{}", std::process::id()));
    let text = std::fs::read_to_string(&args.file).with_context(|| format!("reading {}", args.file.display()))?;
    let is_locomo = text.trim_start().starts_with('[');
    let mut on_point = |p: &Point| {
        let truth = p.truth.map_or_else(String::new, |t| {
            format!(
                ", stability {:.0}%, plasticity {:.0}%, balance {:.0}%",
                t.stability * 100.0,
                t.plasticity * 100.0,
                t.balance * 100.0
            )
        });
        eprintln!(
            "θ_inf={} done: RK1×{} RK2×{} RK3×{}, Σ churn {:.4}{truth}",
            p.theta_inf, p.rk1, p.rk2, p.rk3, p.sigma_churn
        );
    };
    let result = if is_locomo {
        let convs = rgmem::formats::locomo::load(&args.file)?;
        let convs = rgmem::eval::benchmark::select(convs, &args.conversations)?;
        sweep::run(
            &Input::Locomo(&convs),
            &thetas,
            &work_dir,
            &mut || shared.model().map_err(|e| rgmem::Error::ModelSetup(format!("{e:#}"))),
            &mut on_point,
        )
    } else {
        let file = SessionFile::read(&args.file)?;
        let truth = GroundTruth::from_session_text(&text, &args.file.display().to_string())?;
        let user = file.user_name();
        sweep::run(
            &Input::Session(&file.turns, &user, truth.as_ref()),
            &thetas,
            &work_dir,
            &mut || shared.model().map_err(|e| rgmem::Error::ModelSetup(format!("{e:#}"))),
            &mut on_point,
        )
    };
    let _ = std::fs::remove_dir_all(&work_dir);
    let points = result.context("running the sweep")?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&points)?);
    } else {
        print!("{}", sweep::table(&points));
    }
    if let Some(svg) = &args.plot {
        plot(&points, svg)?;
        eprintln!("wrote {} and {}", svg.display(), svg.with_extension("png").display());
    }
    Ok(())
}

/// DejaVu Sans (Bitstream Vera licence, `assets/fonts/DejaVuSans-LICENSE.txt`), so the PNG has the
/// same text as the SVG without a system font library.
static FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

fn register_font() -> Result<()> {
    static DONE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let ok = *DONE.get_or_init(|| plotters::style::register_font("sans-serif", FontStyle::Normal, FONT).is_ok());
    if !ok {
        bail!("the embedded plot font could not be loaded");
    }
    Ok(())
}

/// The curves against θ_inf: stability, plasticity and balance on a session with ground truth,
/// Σ churn always, and on LoCoMo evidence and answer-token recall; the peak marked.
fn plot(points: &[Point], svg: &Path) -> Result<()> {
    if points.is_empty() {
        bail!("nothing to plot");
    }
    register_font()?;
    {
        let root = SVGBackend::new(svg, (800, 500)).into_drawing_area();
        draw(&root, points).map_err(|e| anyhow::anyhow!("drawing {}: {e}", svg.display()))?;
        root.present()
            .map_err(|e| anyhow::anyhow!("writing {}: {e}", svg.display()))?;
    }
    let (w, h) = (800u32, 500u32);
    let mut buffer = vec![0u8; (w * h * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut buffer, (w, h)).into_drawing_area();
        draw(&root, points).map_err(|e| anyhow::anyhow!("drawing the PNG: {e}"))?;
        root.present().map_err(|e| anyhow::anyhow!("drawing the PNG: {e}"))?;
    }
    let png_path = svg.with_extension("png");
    let file = std::fs::File::create(&png_path).with_context(|| format!("creating {}", png_path.display()))?;
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder
        .write_header()
        .and_then(|mut writer| writer.write_image_data(&buffer))
        .with_context(|| format!("writing {}", png_path.display()))?;
    Ok(())
}

/// A named curve: label, colour, points.
type Series = (&'static str, RGBColor, Vec<(f64, f64)>);

type DrawResult<B> = Result<(), DrawingAreaErrorKind<<B as DrawingBackend>::ErrorType>>;

fn draw<B: DrawingBackend>(root: &DrawingArea<B, plotters::coord::Shift>, points: &[Point]) -> DrawResult<B> {
    root.fill(&WHITE)?;
    let lo = points.first().map_or(1, |p| p.theta_inf);
    let hi = points.last().map_or(1, |p| p.theta_inf).max(lo.saturating_add(1));
    let churn_max = points.iter().map(|p| p.sigma_churn).fold(0.0f64, f64::max).max(1e-6) * 1.1;
    let has_truth = points.iter().any(|p| p.truth.is_some());
    let has_eval = points.iter().any(|p| p.eval.is_some());
    let caption = if has_truth {
        "θ sweep: stability, plasticity and their balance"
    } else if has_eval {
        "θ sweep: rgmem recall on LoCoMo, and Σ churn"
    } else {
        "θ sweep: Σ churn per step"
    };
    let mut chart = ChartBuilder::on(root)
        .margin(20)
        .caption(caption, ("sans-serif", 20))
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(f64::from(lo) - 0.5..f64::from(hi) + 0.5, 0.0..1.05f64)?;
    chart
        .configure_mesh()
        .x_desc("θ_inf (θ_sum = 2·θ_inf)")
        .y_desc("share (churn: of its maximum)")
        .x_labels(usize::try_from(hi - lo + 1).unwrap_or(10).min(20))
        .x_label_formatter(&|x| format!("{x:.0}"))
        .label_style(("sans-serif", 14))
        .draw()?;
    let x = |p: &Point| f64::from(p.theta_inf);
    if let Some(peak) = sweep::peak(points) {
        let px = f64::from(peak);
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(px, 0.0), (px, 1.05)],
            ShapeStyle::from(&BLACK.mix(0.3)).stroke_width(2),
        )))?;
        chart.draw_series(std::iter::once(Text::new(
            format!("peak θ_inf = {peak}"),
            (px + 0.05, 1.02),
            ("sans-serif", 14).into_font().color(&BLACK),
        )))?;
    }
    let mut series: Vec<Series> = vec![(
        "Σ churn",
        RGBColor(150, 150, 150),
        points.iter().map(|p| (x(p), p.sigma_churn / churn_max)).collect(),
    )];
    if has_truth {
        let of = |f: fn(&rgmem::eval::truth::Scores) -> f64| -> Vec<(f64, f64)> {
            points
                .iter()
                .filter_map(|p| p.truth.as_ref().map(|t| (x(p), f(t))))
                .collect()
        };
        series.push(("stability", BLUE, of(|t| t.stability)));
        series.push(("plasticity (lag-weighted)", RED, of(|t| t.timely_plasticity)));
        series.push(("balance", RGBColor(0, 140, 0), of(|t| t.balance)));
    }
    if has_eval {
        let of = |f: fn(&rgmem::eval::sweep::EvalPoint) -> f64| -> Vec<(f64, f64)> {
            points
                .iter()
                .filter_map(|p| p.eval.as_ref().map(|e| (x(p), f(e))))
                .collect()
        };
        series.push(("rgmem evidence recall", MAGENTA, of(|e| e.rgmem_evidence_recall)));
        series.push((
            "rgmem answer-token recall",
            RGBColor(200, 120, 0),
            of(|e| e.rgmem_answer_token_recall),
        ));
        series.push(("flat_bm25 evidence recall", CYAN, of(|e| e.flat_bm25_evidence_recall)));
    }
    for (name, color, data) in series {
        chart
            .draw_series(LineSeries::new(data.clone(), color.stroke_width(2)))?
            .label(name)
            .legend(move |(lx, ly)| PathElement::new(vec![(lx, ly), (lx + 20, ly)], color.stroke_width(2)));
        chart.draw_series(data.into_iter().map(|pt| Circle::new(pt, 3, color.filled())))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK.mix(0.3))
        .label_font(("sans-serif", 13))
        .draw()?;
    Ok(())
}
