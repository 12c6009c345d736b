//! What the model calls in a log cost: calls, failures, tokens and time, summed per operator
//! and per purpose (`rgmem log --cost`). This answers the paper's cost question: how much
//! threshold-triggered updating spends per observed turn.

use crate::event::{Event, Purpose};
use serde::Serialize;
use std::collections::BTreeMap;

/// The sums for one operator or purpose.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct CostRow {
    /// Operator group or purpose name.
    pub name: String,
    /// Answered calls.
    pub calls: u32,
    /// Failed calls and replies that never parsed.
    pub failures: u32,
    /// Prompt tokens.
    pub tokens_in: u64,
    /// Reply tokens.
    pub tokens_out: u64,
    /// Summed latency.
    pub latency_ms: u64,
}

impl CostRow {
    fn add(&mut self, other: &Self) {
        self.calls += other.calls;
        self.failures += other.failures;
        self.tokens_in += other.tokens_in;
        self.tokens_out += other.tokens_out;
        self.latency_ms += other.latency_ms;
    }

    /// Prompt plus reply tokens.
    #[must_use]
    pub fn tokens(&self) -> u64 {
        self.tokens_in + self.tokens_out
    }
}

/// The whole report.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct CostReport {
    /// Turns ingested.
    pub turns: u32,
    /// Per operator: ingest (f_synth and f_extract), RK1, RK2, RK3, answers.
    pub by_operator: Vec<CostRow>,
    /// Per purpose, repairs on their own row.
    pub by_purpose: Vec<CostRow>,
    /// Everything.
    pub total: CostRow,
}

/// The operator a purpose's calls are spent on.
#[must_use]
pub fn operator_of(purpose: Purpose) -> &'static str {
    match purpose {
        Purpose::Synth | Purpose::Entities | Purpose::Relations => "ingest",
        Purpose::Rk1 => "RK1",
        Purpose::Rk2 => "RK2",
        Purpose::Rk3 => "RK3",
        Purpose::Planner | Purpose::Answer | Purpose::Judge | Purpose::Embed | Purpose::Repair => "answers",
    }
}

const OPERATOR_ORDER: [&str; 5] = ["ingest", "RK1", "RK2", "RK3", "answers"];

impl CostReport {
    /// Sums a sequence of events. A repair is charged to the operator of the call before it,
    /// the one whose reply it repairs.
    pub fn from_events<'a>(events: impl IntoIterator<Item = &'a Event>) -> Self {
        let mut by_purpose: BTreeMap<Purpose, CostRow> = BTreeMap::new();
        let mut by_operator: BTreeMap<&'static str, CostRow> = BTreeMap::new();
        let mut turns = 0;
        let mut last_operator = "answers";
        for event in events {
            let (purpose, row) = match event {
                Event::TurnIngested { .. } => {
                    turns += 1;
                    continue;
                }
                Event::ModelCalled {
                    purpose,
                    tokens_in,
                    tokens_out,
                    latency_ms,
                    ..
                } => (
                    *purpose,
                    CostRow {
                        calls: 1,
                        tokens_in: u64::from(*tokens_in),
                        tokens_out: u64::from(*tokens_out),
                        latency_ms: *latency_ms,
                        ..CostRow::default()
                    },
                ),
                Event::ModelFailed { purpose, .. } => (
                    *purpose,
                    CostRow {
                        failures: 1,
                        ..CostRow::default()
                    },
                ),
                _ => continue,
            };
            let operator = if purpose == Purpose::Repair {
                last_operator
            } else {
                operator_of(purpose)
            };
            last_operator = operator;
            by_purpose.entry(purpose).or_default().add(&row);
            by_operator.entry(operator).or_default().add(&row);
        }
        let mut total = CostRow {
            name: "total".into(),
            ..CostRow::default()
        };
        let by_purpose: Vec<CostRow> = by_purpose
            .into_iter()
            .map(|(p, mut row)| {
                p.name().clone_into(&mut row.name);
                total.add(&row);
                row
            })
            .collect();
        let by_operator = OPERATOR_ORDER
            .iter()
            .filter_map(|name| {
                by_operator.remove(name).map(|mut row| {
                    (*name).clone_into(&mut row.name);
                    row
                })
            })
            .collect();
        Self {
            turns,
            by_operator,
            by_purpose,
            total,
        }
    }

    /// Calls per ingested turn.
    #[must_use]
    pub fn calls_per_turn(&self) -> f64 {
        f64::from(self.total.calls) / f64::from(self.turns.max(1))
    }

    /// Tokens (in plus out) per ingested turn.
    #[must_use]
    pub fn tokens_per_turn(&self) -> f64 {
        self.total.tokens() as f64 / f64::from(self.turns.max(1))
    }

    /// The report as aligned text tables.
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let header = format!(
            "{:<12} {:>7} {:>8} {:>11} {:>11} {:>10}\n",
            "", "calls", "failed", "tokens in", "tokens out", "time ms"
        );
        let line = |r: &CostRow| {
            format!(
                "{:<12} {:>7} {:>8} {:>11} {:>11} {:>10}\n",
                r.name, r.calls, r.failures, r.tokens_in, r.tokens_out, r.latency_ms
            )
        };
        out.push_str("per operator\n");
        out.push_str(&header);
        self.by_operator.iter().for_each(|r| out.push_str(&line(r)));
        out.push_str(&line(&self.total));
        out.push_str("\nper purpose\n");
        out.push_str(&header);
        self.by_purpose.iter().for_each(|r| out.push_str(&line(r)));
        out.push_str(&format!(
            "\n{} turns: {:.2} calls and {:.0} tokens per turn\n",
            self.turns,
            self.calls_per_turn(),
            self.tokens_per_turn()
        ));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn called(purpose: Purpose, tokens: u32) -> Event {
        Event::ModelCalled {
            purpose,
            model: "m".into(),
            prompt: String::new(),
            reply: String::new(),
            tokens_in: tokens,
            tokens_out: 1,
            latency_ms: 10,
            mode: crate::model::OutputMode::Text,
        }
    }

    #[test]
    fn sums_per_operator_and_charges_repairs_to_their_operator() {
        let events = [
            Event::TurnIngested {
                turn: 0,
                speaker: "user".into(),
                text: "hi".into(),
                time: None,
                session: 1,
                source_ref: None,
                attachments: Vec::new(),
                dates: Vec::new(),
            },
            called(Purpose::Synth, 100),
            called(Purpose::Rk1, 50),
            called(Purpose::Repair, 20),
            Event::ModelFailed {
                purpose: Purpose::Rk2,
                model: "m".into(),
                prompt: String::new(),
                reply: String::new(),
                error: "x".into(),
                failure: crate::event::FailureKind::Call,
            },
        ];
        let r = CostReport::from_events(&events);
        assert_eq!(r.turns, 1);
        let names: Vec<&str> = r.by_operator.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["ingest", "RK1", "RK2"]);
        assert_eq!((r.by_operator[1].calls, r.by_operator[1].tokens_in), (2, 70));
        assert_eq!(r.by_operator[2].failures, 1);
        assert_eq!((r.total.calls, r.total.tokens(), r.total.latency_ms), (3, 173, 30));
        assert!(r.to_text().contains("3.00 calls and 173 tokens per turn"));
    }
}
