//! `rgmem sweep FILE --theta-inf A..B [--json] [--plot out.svg]`: the phase-transition demo. Each
//! θ_inf (θ_sum = 2·θ_inf) ingests FILE (a session file or a LoCoMo file) into a fresh memory;
//! the table, JSON and plot show firings, model calls and tokens, Σ churn and, on LoCoMo, the
//! eval metrics, with θ_inf = 3 marked.

use super::Shared;
use anyhow::{Context, Result, bail};
use plotters::prelude::*;
use rgmem::eval::sweep::{self, Input, Point};
use rgmem::session::SessionFile;
use std::path::{Path, PathBuf};

/// Options of `sweep`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A session file (`.jsonl`) or a LoCoMo JSON file.
    file: PathBuf,
    /// The θ_inf range, `A..B` inclusive (written `--theta-inf A..B`).
    #[arg(long = "theta-range", value_name = "A..B", value_parser = parse_range)]
    theta_range: (u32, u32),
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

fn parse_range(s: &str) -> Result<(u32, u32), String> {
    let (a, b) = s.split_once("..").ok_or_else(|| format!("expected A..B, got {s:?}"))?;
    let a: u32 = a.trim().parse().map_err(|_| format!("{a:?} is not a number"))?;
    let b: u32 = b
        .trim()
        .trim_start_matches('=')
        .parse()
        .map_err(|_| format!("{b:?} is not a number"))?;
    if a == 0 || b < a || b - a > 50 {
        return Err(format!("need 1 ≤ A ≤ B ≤ A+50, got {a}..{b}"));
    }
    Ok((a, b))
}

/// `sweep` takes `--theta-inf A..B`, while every other subcommand's global `--theta-inf` is one
/// number; the range is renamed before clap sees it.
pub fn rewrite_args(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    if !args.iter().any(|a| a == "sweep") {
        return args;
    }
    args.into_iter()
        .map(|a| match a.to_str() {
            Some("--theta-inf") => "--theta-range".into(),
            Some(s) if s.starts_with("--theta-inf=") => s.replacen("--theta-inf=", "--theta-range=", 1).into(),
            _ => a,
        })
        .collect()
}

/// Runs `sweep`.
pub fn run(shared: &Shared, args: &Args) -> Result<()> {
    let thetas: Vec<u32> = (args.theta_range.0..=args.theta_range.1).collect();
    let work_dir = std::env::temp_dir().join(format!("rgmem-sweep-{}", std::process::id()));
    let is_locomo = std::fs::read_to_string(&args.file)
        .with_context(|| format!("reading {}", args.file.display()))?
        .trim_start()
        .starts_with('[');
    let mut on_point = |p: &Point| {
        eprintln!(
            "θ_inf={} done: RK1×{} RK2×{} RK3×{}, Σ churn {:.4}",
            p.theta_inf, p.rk1, p.rk2, p.rk3, p.sigma_churn
        );
    };
    let result = if is_locomo {
        let convs = rgmem::locomo::load(&args.file)?;
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
        let user = file.user_name();
        sweep::run(
            &Input::Session(&file.turns, &user),
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

/// The curves: Σ churn and, on LoCoMo, evidence recall, against θ_inf; θ_inf = 3 marked.
fn plot(points: &[Point], svg: &Path) -> Result<()> {
    if points.is_empty() {
        bail!("nothing to plot");
    }
    {
        let root = SVGBackend::new(svg, (800, 500)).into_drawing_area();
        draw(&root, points, true).map_err(|e| anyhow::anyhow!("drawing {}: {e}", svg.display()))?;
        root.present()
            .map_err(|e| anyhow::anyhow!("writing {}: {e}", svg.display()))?;
    }
    let (w, h) = (800u32, 500u32);
    let mut buffer = vec![0u8; (w * h * 3) as usize];
    {
        let root = BitMapBackend::with_buffer(&mut buffer, (w, h)).into_drawing_area();
        // The bitmap backend has no font without a system font library, so the PNG carries the
        // curves and the θ_inf = 3 marker; the SVG carries the labels.
        draw(&root, points, false).map_err(|e| anyhow::anyhow!("drawing the PNG: {e}"))?;
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

type DrawResult<B> = Result<(), DrawingAreaErrorKind<<B as DrawingBackend>::ErrorType>>;

fn draw<B: DrawingBackend>(
    root: &DrawingArea<B, plotters::coord::Shift>,
    points: &[Point],
    labels: bool,
) -> DrawResult<B> {
    root.fill(&WHITE)?;
    let lo = points.first().map_or(1, |p| p.theta_inf);
    let hi = points.last().map_or(1, |p| p.theta_inf).max(lo.saturating_add(1));
    let churn_max = points.iter().map(|p| p.sigma_churn).fold(0.0f64, f64::max).max(1e-6) * 1.1;
    let has_eval = points.iter().any(|p| p.eval.is_some());
    let mut builder = ChartBuilder::on(root);
    builder.margin(20);
    if labels {
        builder
            .caption(
                "θ sweep: Σ churn per step (blue), rgmem evidence recall (red, LoCoMo)",
                ("sans-serif", 18),
            )
            .x_label_area_size(40)
            .y_label_area_size(60);
    }
    let mut chart = builder.build_cartesian_2d(f64::from(lo) - 0.5..f64::from(hi) + 0.5, 0.0..1.0f64)?;
    if labels {
        chart
            .configure_mesh()
            .x_desc("θ_inf (θ_sum = 2·θ_inf)")
            .y_desc("normalised value")
            .draw()?;
    }
    let x = |p: &Point| f64::from(p.theta_inf);
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(3.0, 0.0), (3.0, 1.0)],
        ShapeStyle::from(&BLACK.mix(0.4)).stroke_width(2),
    )))?;
    chart.draw_series(LineSeries::new(
        points.iter().map(|p| (x(p), p.sigma_churn / churn_max)),
        BLUE.stroke_width(2),
    ))?;
    chart.draw_series(
        points
            .iter()
            .map(|p| Circle::new((x(p), p.sigma_churn / churn_max), 4, BLUE.filled())),
    )?;
    if has_eval {
        chart.draw_series(LineSeries::new(
            points
                .iter()
                .filter_map(|p| p.eval.map(|e| (x(p), e.rgmem_evidence_recall))),
            RED.stroke_width(2),
        ))?;
        chart.draw_series(LineSeries::new(
            points
                .iter()
                .filter_map(|p| p.eval.map(|e| (x(p), e.flat_bm25_evidence_recall))),
            RED.mix(0.4).stroke_width(1),
        ))?;
    }
    if labels {
        chart.draw_series(std::iter::once(Text::new(
            "θ_inf = 3 (paper)",
            (3.05, 0.97),
            ("sans-serif", 14).into_font().color(&BLACK),
        )))?;
    }
    Ok(())
}
