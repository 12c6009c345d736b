//! The sweep as text: the table `rgmem sweep` prints, and the θ where the curve peaks.

use super::Point;

/// The sweep as a table; the θ where the balance peaks is marked.
#[must_use]
pub fn table(points: &[Point]) -> String {
    let mut out = format!(
        "{:>5} {:>5} {:>5} {:>5} {:>5} {:>6} {:>8} {:>8} {:>6}",
        "θ_inf", "θ_sum", "RK1", "RK2", "RK3", "calls", "tokens", "Σchurn", "Σsteps"
    );
    let with_truth = points.iter().any(|p| p.truth.is_some());
    let with_eval = points.iter().any(|p| p.eval.is_some());
    if with_truth {
        out.push_str(&format!(
            " {:>6} {:>5} {:>5} {:>6} {:>6} {:>6} {:>7}",
            "stab.", "Σ", "noise", "plast.", "lag", "timely", "balance"
        ));
    }
    if with_eval {
        out.push_str(&format!(
            " {:>8} {:>9} {:>7} {:>6} {:>7}",
            "rg.evid", "flat.evid", "rg.ans", "rg.F1", "rg.tok"
        ));
    }
    out.push('\n');
    let best = peak(points);
    for p in points {
        let mark = if Some(p.theta_inf) == best { "*" } else { " " };
        out.push_str(&format!(
            "{:>4}{mark} {:>5} {:>5} {:>5} {:>5} {:>6} {:>8} {:>8.4} {:>6}",
            p.theta_inf, p.theta_sum, p.rk1, p.rk2, p.rk3, p.model_calls, p.tokens, p.sigma_churn, p.sigma_changes
        ));
        if let Some(t) = p.truth {
            let lag = t.mean_lag.map_or_else(|| "-".to_string(), |l| format!("{l:.1}"));
            out.push_str(&format!(
                " {:>5.0}% {:>5} {:>5} {:>5.0}% {:>6} {:>5.0}% {:>6.0}%",
                t.stability * 100.0,
                t.sigma_bullets,
                t.noise_in_sigma,
                t.plasticity * 100.0,
                lag,
                t.timely_plasticity * 100.0,
                (t.balance * 100.0).abs()
            ));
        } else if with_truth {
            out.push_str(&format!(" {:>48}", "-"));
        }
        if let Some(e) = p.eval {
            let f1 = e
                .rgmem_f1
                .map_or_else(|| "-".to_string(), |f| format!("{:.1}", f * 100.0));
            out.push_str(&format!(
                " {:>7.1}% {:>8.1}% {:>6.1}% {:>6} {:>7.0}",
                e.rgmem_evidence_recall * 100.0,
                e.flat_bm25_evidence_recall * 100.0,
                e.rgmem_answer_token_recall * 100.0,
                f1,
                e.rgmem_context_tokens
            ));
        }
        out.push('\n');
    }
    match (best, with_truth) {
        (Some(b), true) => out.push_str(&format!(
            "* θ_inf = {b}: the balance of stability and lag-weighted plasticity peaks here\n"
        )),
        (Some(b), false) => out.push_str(&format!("* θ_inf = {b}: the best answer-token recall\n")),
        _ => {}
    }
    out
}

/// The θ_inf where the balance peaks (ground truth), else where rgmem's answer-token recall does;
/// the lowest θ wins a tie.
#[must_use]
pub fn peak(points: &[Point]) -> Option<u32> {
    let value = |p: &Point| {
        p.truth
            .map(|t| t.balance)
            .or_else(|| p.eval.map(|e| e.rgmem_answer_token_recall))
    };
    let mut best: Option<(u32, f64)> = None;
    for p in points {
        if let Some(v) = value(p)
            && best.is_none_or(|(_, b)| v > b + 1e-9)
        {
            best = Some((p.theta_inf, v));
        }
    }
    best.map(|(t, _)| t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::truth::Scores;

    fn point(theta_inf: u32, stability: f64, lag: Option<f64>) -> Point {
        let timely = lag.map_or(0.0, |l| {
            crate::eval::truth::LAG_HORIZON / (crate::eval::truth::LAG_HORIZON + l)
        });
        Point {
            theta_inf,
            theta_sum: theta_inf * 2,
            rk1: 1,
            rk2: 1,
            rk3: 1,
            model_calls: 3,
            tokens: 100,
            steps: 10,
            sigma_churn: 0.01,
            sigma_changes: 1,
            eval: None,
            truth: Some(Scores {
                stability,
                sigma_bullets: 4,
                noise_in_sigma: 0,
                plasticity: if lag.is_some() { 1.0 } else { 0.0 },
                mean_lag: lag,
                timely_plasticity: timely,
                balance: 2.0 * stability * timely / (stability + timely).max(1e-9),
            }),
        }
    }

    #[test]
    fn the_table_shows_timely_plasticity_and_marks_the_balance_peak() {
        // Too low a θ lets noise in; too high a θ lets the change arrive late, then not at all.
        let points = [
            point(1, 0.25, Some(0.0)),
            point(3, 1.0, Some(2.0)),
            point(6, 1.0, Some(40.0)),
            point(8, 1.0, None),
        ];
        let table = table(&points);
        let lines: Vec<&str> = table.lines().collect();
        assert!(lines[0].ends_with("plast.    lag timely balance"), "{table}");
        assert!(lines[2].starts_with("   3*"), "{table}");
        assert!(lines[2].ends_with("100%    2.0    91%     95%"), "{table}");
        assert!(lines[3].ends_with("100%   40.0    33%     50%"), "{table}");
        assert!(lines[4].ends_with("0%      -     0%      0%"), "{table}");
        assert_eq!(
            lines.last().copied(),
            Some("* θ_inf = 3: the balance of stability and lag-weighted plasticity peaks here")
        );
        let widths: Vec<usize> = lines.iter().take(5).map(|l| l.chars().count()).collect();
        assert!(
            widths.iter().all(|w| *w == widths[0]),
            "columns line up: {widths:?}\n{table}"
        );
    }
}
