//! The phase view's screen at 80×24 and 160×48 from a small fixture: eight θ points written
//! here by hand over the fixture memory, so no change to the engine's or the offline model's
//! behaviour re-snaps it (the sweep's own numbers are checked against `sweep --json` in
//! `phase_tests`).

use super::fixture::{Variant, open};
use super::*;
use rgmem::eval::sweep::{Detail, Point};
use rgmem::eval::truth::Scores;

/// θ_inf, RK1, stability, timely plasticity, Σ bullets, each change's lag.
type Row = (u32, u32, f64, f64, usize, [Option<u32>; 2]);

const ROWS: [Row; 8] = [
    (1, 93, 0.24, 0.74, 25, [Some(8), Some(6)]),
    (2, 31, 0.55, 0.69, 11, [Some(8), Some(10)]),
    (3, 16, 0.86, 0.58, 7, [Some(18), Some(12)]),
    (4, 11, 1.0, 0.41, 5, [Some(46), Some(18)]),
    (5, 9, 1.0, 0.29, 5, [Some(66), Some(36)]),
    (6, 6, 1.0, 0.0, 1, [None, None]),
    (7, 5, 1.0, 0.0, 1, [None, None]),
    (8, 3, 1.0, 0.0, 1, [None, None]),
];

fn view(memory: &rgmem::memory::Memory) -> PhaseView {
    let runs = ROWS
        .iter()
        .map(|&(theta, rk1, stability, timely, sigma, lags)| {
            let arrived: Vec<f64> = lags.iter().flatten().map(|l| f64::from(*l)).collect();
            let balance = if stability + timely > 0.0 {
                2.0 * stability * timely / (stability + timely)
            } else {
                0.0
            };
            let point = Point {
                theta_inf: theta,
                theta_sum: 2 * theta,
                rk1,
                rk2: rk1 / 3,
                rk3: rk1 / 2,
                model_calls: 90 + rk1,
                tokens: 90_000 + 2_000 * u64::from(rk1),
                steps: 101,
                sigma_churn: 0.012,
                sigma_changes: 14 - u64::from(theta),
                eval: None,
                truth: Some(Scores {
                    stability,
                    sigma_bullets: sigma,
                    noise_in_sigma: if theta < 3 { 2 } else { 0 },
                    plasticity: arrived.len() as f64 / 2.0,
                    mean_lag: (!arrived.is_empty()).then(|| arrived.iter().sum::<f64>() / arrived.len() as f64),
                    timely_plasticity: timely,
                    balance,
                }),
            };
            let detail = Detail {
                memory: Some(memory.clone()),
                change_lags: vec![
                    ("Sprained ankle stops running".into(), lags[0]),
                    ("Coffee swapped for green tea".into(), lags[1]),
                ],
            };
            (point, detail)
        })
        .collect();
    PhaseView {
        id: 1,
        thetas: (1..=8).collect(),
        runs,
        running: false,
        stopped: None,
        cursor: 2,
        current: memory.thresholds.theta_inf,
        over: "fixture.jsonl".into(),
    }
}

#[test]
fn the_phase_view_at_80x24_and_160x48_from_a_small_fixture() {
    let mut h = open(Variant::Plain);
    let memory = h.app.timeline.head_memory().clone();
    h.app.phase = Some(view(&memory));
    for (w, ht) in [(80, 24), (160, 48)] {
        insta::assert_snapshot!(
            format!("phase_fixture_{w}x{ht}"),
            crate::tui::ui::tests::screen(&mut h.app, w, ht)
        );
    }
    // The cursor on θ 8: the changes never arrive, and the panel says so.
    h.app.phase.as_mut().unwrap().cursor = 7;
    let screen = crate::tui::ui::tests::screen(&mut h.app, 80, 24);
    assert!(
        screen.contains("θ_inf 8 · θ_sum 16") && screen.contains("never"),
        "{screen}"
    );
}
