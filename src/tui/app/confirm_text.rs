//! What each confirmation popup asks, in words, and what is due at the cursor that a rollback
//! would run.

use super::{App, Confirm};
use rgmem::ids::Seq;

impl App {
    /// What a confirmation popup asks, in words: its title and its question.
    #[must_use]
    pub fn confirm_text(&self, confirm: Confirm) -> (String, String) {
        let name = |seq: Seq| {
            self.timeline
                .entry(seq)
                .map(|r| format!("{} ({})", seq, r.event.detail()))
                .unwrap_or_else(|| seq.to_string())
        };
        match confirm {
            Confirm::Rollback(to) => {
                let due = self.due_at_cursor();
                let due = if due.is_empty() {
                    String::new()
                } else {
                    format!(" {to} is inside a step: what is due there ({due}) runs with the rollback.")
                };
                (
                    "Roll back?".into(),
                    format!(
                        "Roll back to {to}? This appends rolled_back; the events after {to} stay visible as an abandoned branch, and new input grows a new one.{due}"
                    ),
                )
            }
            Confirm::Revert(seq) => (
                "Revert?".into(),
                format!(
                    "Revert {}? This appends abstraction_reverted and restores the Σ/Δ from before it.",
                    name(seq)
                ),
            ),
            Confirm::Approve(seq) => (
                "Approve?".into(),
                format!(
                    "Approve {}? This appends abstraction_approved and applies its Σ/Δ.",
                    name(seq)
                ),
            ),
            Confirm::Reject(seq) => (
                "Reject?".into(),
                format!(
                    "Reject {}? This appends abstraction_rejected; the Σ/Δ stay as they are.",
                    name(seq)
                ),
            ),
            Confirm::Thresholds(t) => {
                let now = self.timeline.head_memory().thresholds;
                (
                    "Change thresholds?".into(),
                    format!(
                        "Set θ_inf {} → {} and θ_sum {} → {}? This appends thresholds_changed and runs the operators that become due.",
                        now.theta_inf, t.theta_inf, now.theta_sum, t.theta_sum
                    ),
                )
            }
            Confirm::Correct(item) => self.correct_text(item),
            Confirm::Uncorrect(k) => self.uncorrect_text(k),
            Confirm::Sweep(lo, hi) => self.sweep_text(lo, hi),
            Confirm::Restart(start) => (
                "Restart the replay?".into(),
                format!(
                    "Restart the replay? This rolls back to {start} (appends rolled_back) and replays the session from its first turn on a new branch."
                ),
            ),
        }
    }

    /// The operators due in the memory at the cursor, in words ("RK1 Fitness → Swimming, RK2
    /// Fitness"): a cursor inside a step, between a counter reaching its threshold and the
    /// firing. Empty at a step's end, where nothing is ever left due.
    pub(super) fn due_at_cursor(&self) -> String {
        let m = self.timeline.memory();
        let relations = m
            .due_relations()
            .into_iter()
            .map(|r| format!("RK1 {}", m.relation_name(r)));
        let concepts = m
            .due_concepts()
            .into_iter()
            .filter_map(|c| m.concepts.get(c.index()).map(|c| format!("RK2 {}", c.name)));
        let all: Vec<String> = relations.chain(concepts).collect();
        let shown: Vec<&str> = all.iter().take(3).map(String::as_str).collect();
        match all.len() {
            0..=3 => shown.join(", "),
            n => format!("{} and {} more", shown.join(", "), n - 3),
        }
    }
}
