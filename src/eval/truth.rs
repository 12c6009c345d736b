//! Ground truth a session file's header may carry (`"truth"`), and how a memory is scored against
//! it: **stability** (the share of Σ bullets that are true traits, with the one-off noise that got
//! into Σ counted), **plasticity** (the share of real changes that reached Δ, and how many turns
//! each took to arrive) and their balance.
//!
//! ```json
//! {"rgmem_session": 1, "title": "...", "truth": {
//!   "traits":  [{"name": "Strength training", "keywords": ["strength training", "lifting"]}],
//!   "changes": [{"name": "Back injury", "turn": 62, "keywords": ["back", "injury"]}],
//!   "noise":   [{"name": "Pottery voucher", "keywords": ["pottery"]}]}}
//! ```
//! `turn` is the 0-based index of the turn among the file's turns (as `rgmem log` numbers them).
//! Keywords match whole words, case-insensitively, in a bullet's label or text.

use crate::memory::Memory;
use crate::text::entity_key;
use serde::{Deserialize, Serialize};

/// One labelled thing and the words that name it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Truth {
    /// What it is.
    pub name: String,
    /// Words or phrases that name it in Σ/Δ.
    pub keywords: Vec<String>,
    /// For a change: the turn where it happens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<u32>,
}

/// The header's `"truth"` object.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroundTruth {
    /// Stable traits that belong in Σ.
    #[serde(default)]
    pub traits: Vec<Truth>,
    /// Real changes that belong in Δ, each with its turn.
    #[serde(default)]
    pub changes: Vec<Truth>,
    /// One-off mentions that belong in neither.
    #[serde(default)]
    pub noise: Vec<Truth>,
}

impl GroundTruth {
    /// The truth in a session file's first line, if it has one. A malformed truth is an error
    /// naming the file.
    pub fn from_session_text(text: &str, origin: &str) -> crate::Result<Option<Self>> {
        let Some(first) = text.lines().find(|l| !l.trim().is_empty()) else {
            return Ok(None);
        };
        let Ok(value) = serde_json::from_str::<serde_json::Value>(first) else {
            return Ok(None);
        };
        let Some(truth) = value.get("truth") else {
            return Ok(None);
        };
        serde_json::from_value(truth.clone())
            .map(Some)
            .map_err(|e| crate::Error::BadInput {
                path: origin.to_string(),
                line: 1,
                message: format!("the header's \"truth\" is malformed: {e}"),
            })
    }
}

fn mentions_any(text: &str, keywords: &[String]) -> bool {
    let hay = format!(" {} ", entity_key(text));
    keywords.iter().any(|k| {
        let k = entity_key(k);
        !k.is_empty() && hay.contains(&format!(" {k} "))
    })
}

/// The Σ bullets of every concept, deduplicated by label: (label, text). "Also mentioned" lists
/// things as not recurring, so it is not a claim of a trait and is left out.
fn sigma_bullets(memory: &Memory) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for c in memory.concepts.iter().filter(|c| !c.sigma.is_empty()) {
        for b in &c.sigma.bullets {
            let (label, text) = (b.branch.as_str(), b.text.as_str());
            if label == "Also mentioned" || text.starts_with("Nothing recurs") {
                continue;
            }
            let key = if label.is_empty() { text } else { label };
            if !out
                .iter()
                .any(|(l, t)| entity_key(if l.is_empty() { t } else { l }) == entity_key(key))
            {
                out.push((label.to_string(), text.to_string()));
            }
        }
    }
    out
}

/// Scores one memory's Σ against the truth: (true-trait bullets, all bullets, noise items in Σ).
#[must_use]
pub fn sigma_score(memory: &Memory, truth: &GroundTruth) -> (usize, usize, usize) {
    let bullets = sigma_bullets(memory);
    let true_traits = bullets
        .iter()
        .filter(|(l, t)| {
            truth
                .traits
                .iter()
                .any(|tr| mentions_any(l, &tr.keywords) || (l.is_empty() && mentions_any(t, &tr.keywords)))
        })
        .count();
    let noise = truth
        .noise
        .iter()
        .filter(|n| bullets.iter().any(|(l, _)| mentions_any(l, &n.keywords)))
        .count();
    (true_traits, bullets.len(), noise)
}

/// Which real changes are in some Δ now: for each change, whether an item naming it is there.
#[must_use]
pub fn changes_present(memory: &Memory, truth: &GroundTruth) -> Vec<bool> {
    let items: Vec<_> = memory
        .concepts
        .iter()
        .filter(|c| !c.delta.is_empty())
        .flat_map(|c| c.delta.items.iter().cloned())
        .collect();
    truth
        .changes
        .iter()
        .map(|ch| {
            items
                .iter()
                .any(|i| mentions_any(&i.text, &ch.keywords) || mentions_any(&i.group, &ch.keywords))
        })
        .collect()
}

/// Follows a replay: when each change first reached Δ at or after its turn.
#[derive(Debug, Clone, Default)]
pub struct Arrivals {
    /// Per change: the turn index at which it was first present, if it arrived.
    pub arrived_at: Vec<Option<u32>>,
}

impl Arrivals {
    /// Looks at the memory after `turn` was ingested.
    pub fn observe(&mut self, memory: &Memory, truth: &GroundTruth, turn: u32) {
        if self.arrived_at.len() != truth.changes.len() {
            self.arrived_at = vec![None; truth.changes.len()];
        }
        if self.arrived_at.iter().all(Option::is_some) {
            return;
        }
        for (i, present) in changes_present(memory, truth).into_iter().enumerate() {
            let due = truth.changes[i].turn.unwrap_or(0);
            if present && turn >= due && self.arrived_at[i].is_none() {
                self.arrived_at[i] = Some(turn);
            }
        }
    }
}

/// Turns after which a late change counts half (for the lag-weighted plasticity).
pub const LAG_HORIZON: f64 = 20.0;

/// The scores of one θ.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Scores {
    /// Share of Σ bullets that are true traits (1 when Σ is empty: nothing false was claimed).
    pub stability: f64,
    /// Σ bullets in all.
    pub sigma_bullets: usize,
    /// Noise items that got a Σ bullet.
    pub noise_in_sigma: usize,
    /// Share of real changes that reached Δ.
    pub plasticity: f64,
    /// Mean turns from a change to its arrival in Δ, over those that arrived.
    pub mean_lag: Option<f64>,
    /// Plasticity with each change weighted by `LAG_HORIZON / (LAG_HORIZON + lag)`.
    pub timely_plasticity: f64,
    /// Harmonic mean of stability and timely plasticity.
    pub balance: f64,
}

/// Scores a finished replay.
#[must_use]
pub fn score(memory: &Memory, truth: &GroundTruth, arrivals: &Arrivals) -> Scores {
    let (good, all, noise) = sigma_score(memory, truth);
    let stability = if all == 0 { 1.0 } else { good as f64 / all as f64 };
    let n = truth.changes.len();
    let lags: Vec<f64> = arrivals
        .arrived_at
        .iter()
        .zip(&truth.changes)
        .filter_map(|(a, c)| a.map(|t| f64::from(t.saturating_sub(c.turn.unwrap_or(0)))))
        .collect();
    let plasticity = if n == 0 { 1.0 } else { lags.len() as f64 / n as f64 };
    let timely = if n == 0 {
        1.0
    } else {
        // Folded from +0.0: `sum` of nothing is -0.0, which prints as "-0%".
        lags.iter()
            .map(|l| LAG_HORIZON / (LAG_HORIZON + l))
            .fold(0.0, |a, b| a + b)
            / n as f64
    };
    let balance = if stability + timely <= 0.0 {
        0.0
    } else {
        (2.0 * stability * timely / (stability + timely)).max(0.0)
    };
    Scores {
        stability,
        sigma_bullets: all,
        noise_in_sigma: noise,
        plasticity,
        mean_lag: (!lags.is_empty()).then(|| lags.iter().sum::<f64>() / lags.len() as f64),
        timely_plasticity: timely,
        balance,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truth_is_read_from_the_header_line() {
        let text = r#"{"rgmem_session": 1, "truth": {"traits": [{"name": "Lifting", "keywords": ["lifting"]}], "changes": [{"name": "Injury", "turn": 4, "keywords": ["back"]}]}}
{"speaker": "user", "text": "hi", "session": 1}"#;
        let t = GroundTruth::from_session_text(text, "x.jsonl").unwrap().unwrap();
        assert_eq!(t.traits.len(), 1);
        assert_eq!(t.changes[0].turn, Some(4));
        assert!(t.noise.is_empty());
        assert_eq!(
            GroundTruth::from_session_text("{\"rgmem_session\": 1}", "x").unwrap(),
            None
        );
        assert!(GroundTruth::from_session_text(r#"{"truth": {"traits": 3}}"#, "x").is_err());
    }

    #[test]
    fn a_change_that_never_arrived_scores_zero_not_minus_zero() {
        let text =
            r#"{"rgmem_session": 1, "truth": {"changes": [{"name": "Injury", "turn": 4, "keywords": ["back"]}]}}"#;
        let truth = GroundTruth::from_session_text(text, "x.jsonl").unwrap().unwrap();
        let arrivals = Arrivals { arrived_at: vec![None] };
        let s = score(&Memory::default(), &truth, &arrivals);
        assert_eq!(s.plasticity, 0.0);
        assert!(s.timely_plasticity.is_sign_positive(), "{}", s.timely_plasticity);
        assert_eq!(format!("{:.0}%", s.timely_plasticity * 100.0), "0%");
    }

    #[test]
    fn keywords_match_whole_words() {
        assert!(mentions_any("Strength Training", &["strength training".into()]));
        assert!(mentions_any("Alex hurt their back.", &["back".into()]));
        assert!(!mentions_any("Backstroke", &["back".into()]));
    }
}
