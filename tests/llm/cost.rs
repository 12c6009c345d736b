//! The closing-note numbers: model calls and tokens per turn at θ_inf = 1, 3 and 6, counted by
//! the fake server. Run with `cargo test --test llm cost -- --nocapture` to see the table.

use crate::fake::{Fake, ingest, openai};
use rgmem::log::cost::CostReport;
use rgmem::memory::Thresholds;

const SESSIONS: [&str; 5] = [
    "sample_sessions/strength_training_injury.jsonl",
    "sample_sessions/career_change.jsonl",
    "sample_sessions/diet_change.jsonl",
    "sample_sessions/trip_planning.jsonl",
    "sample_sessions/one_off_mentions.jsonl",
];

#[test]
fn calls_and_tokens_per_turn_fall_as_theta_inf_rises() {
    println!(
        "{:<28} {:>5} {:>5} {:>7} {:>10} {:>11} {:>9} {:>16}",
        "session", "θ_inf", "turns", "calls", "calls/turn", "tokens", "tok/turn", "RK1/RK2/RK3 calls"
    );
    for session in SESSIONS {
        let mut per_turn = Vec::new();
        for theta_inf in [1, 3, 6] {
            let theta = Thresholds::new(theta_inf, None);
            let fake = Fake::new(session, theta);
            let dir = tempfile::tempdir().unwrap();
            let (engine, turns) = ingest(&dir.path().join("c.db"), openai(fake.config()), session, theta);
            let records = engine.log().all().unwrap();
            let report = CostReport::from_events(records.iter().map(|r| &r.event));
            let state = fake.state.lock().unwrap();
            // The server's counts and the log's agree.
            assert_eq!(state.requests, report.total.calls as usize);
            assert_eq!(state.tokens_in + state.tokens_out, report.total.tokens());
            let ops = |name: &str| {
                report
                    .by_operator
                    .iter()
                    .find(|r| r.name == name)
                    .map_or(0, |r| r.calls)
            };
            let tokens = state.tokens_in + state.tokens_out;
            let turns_f = turns as f64;
            println!(
                "{:<28} {:>5} {:>5} {:>7} {:>10.2} {:>11} {:>9.0} {:>16}",
                session
                    .trim_start_matches("sample_sessions/")
                    .trim_end_matches(".jsonl"),
                theta_inf,
                turns,
                state.requests,
                state.requests as f64 / turns_f,
                tokens,
                tokens as f64 / turns_f,
                format!("{}/{}/{}", ops("RK1"), ops("RK2"), ops("RK3")),
            );
            per_turn.push((state.requests, ops("RK1") + ops("RK2") + ops("RK3")));
        }
        let (ops_1, ops_6) = (per_turn[0].1, per_turn[2].1);
        assert!(ops_1 >= ops_6, "{session}: operator calls {per_turn:?}");
    }
}
