//! The assembled context: items with layer, scores and provenance, how it renders for a model
//! and for people, and how a token budget trims it.

use super::Plan;
use crate::ids::{ConceptId, EpisodeId, RelationId, TurnId};
use crate::text::estimate_tokens;
use serde::Serialize;
use serde_json::{Value, json};

/// Which scale an item comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Layer {
    /// L0: an episode's λ_fact.
    Fact,
    /// L0: a conclusion Λ_conc.
    Conclusion,
    /// L1: a concept's Σ/Δ (`summary`).
    Concept,
    /// L1: a relation's RK1 summary (`inference`).
    Relation,
    /// L0: a raw turn with its session date (`history`).
    Turn,
}

impl Layer {
    /// Section heading.
    #[must_use]
    pub fn heading(self) -> &'static str {
        match self {
            Self::Concept => "Concept profiles (L1, Σ/Δ)",
            Self::Relation => "Relation inferences (L1)",
            Self::Fact => "Facts (L0)",
            Self::Conclusion => "Conclusions (L0)",
            Self::Turn => "Events: the turns behind them (L0)",
        }
    }
}

/// Why an item ranked where it did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Scores {
    /// FTS5 BM25 (higher is better), for facts and conclusions, or inherited by a turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bm25: Option<f64>,
    /// Cosine similarity, for concepts, relations and turns.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cosine: Option<f32>,
}

/// Where an item came from, through every scale.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Provenance {
    /// Concepts.
    pub concepts: Vec<ConceptId>,
    /// Relations.
    pub relations: Vec<RelationId>,
    /// Episodes.
    pub episodes: Vec<EpisodeId>,
    /// Turns.
    pub turns: Vec<TurnId>,
    /// The turns' source ids (LoCoMo `dia_id`), where known.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub source_refs: Vec<String>,
}

/// One context item.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Item {
    /// Its scale.
    pub layer: Layer,
    /// What it shows.
    pub text: String,
    /// Its scores.
    pub scores: Scores,
    /// How much it is worth keeping when the budget is tight (0..1).
    pub value: f64,
    /// Why it was retrieved, in words.
    pub reason: String,
    /// Where it came from.
    pub provenance: Provenance,
    /// Estimated tokens of its rendered line.
    pub tokens: u32,
}

impl Item {
    /// Builds an item and counts its tokens.
    #[must_use]
    pub fn new(layer: Layer, text: String, scores: Scores, value: f64, reason: String, provenance: Provenance) -> Self {
        let tokens = estimate_tokens(&text) + 1;
        Self {
            layer,
            text,
            scores,
            value,
            reason,
            provenance,
            tokens,
        }
    }
}

/// What a question retrieved.
#[derive(Debug, Clone, PartialEq)]
pub struct Context {
    /// The question.
    pub question: String,
    /// The plan it ran.
    pub plan: Plan,
    /// Items, grouped by layer in rendering order, best first inside a layer.
    pub items: Vec<Item>,
    /// The person the question names, if any.
    pub person: Option<String>,
    /// Items dropped by the token budget.
    pub trimmed: usize,
}

impl Context {
    /// The context as a model reads it: one section per layer, one line per item.
    #[must_use]
    pub fn render(&self) -> String {
        let mut out = String::new();
        let mut current = None;
        for item in &self.items {
            if current != Some(item.layer) {
                if current.is_some() {
                    out.push('\n');
                }
                out.push_str(&format!("# {}\n", item.layer.heading()));
                current = Some(item.layer);
            }
            out.push_str(&format!("- {}\n", item.text));
        }
        out
    }

    /// Estimated tokens of the rendered context.
    #[must_use]
    pub fn tokens(&self) -> u32 {
        estimate_tokens(&self.render())
    }

    /// Every turn any item came from, in first-seen order.
    #[must_use]
    pub fn turns(&self) -> Vec<TurnId> {
        let mut out: Vec<TurnId> = Vec::new();
        for t in self.items.iter().flat_map(|i| &i.provenance.turns) {
            if !out.contains(t) {
                out.push(*t);
            }
        }
        out
    }

    /// The scripting form.
    #[must_use]
    pub fn to_json(&self) -> Value {
        json!({
            "question": self.question,
            "person": self.person,
            "plan": {"source": self.plan.source, "items": self.plan.items},
            "tokens": self.tokens(),
            "trimmed": self.trimmed,
            "items": self.items,
        })
    }
}

/// Keeps the highest-value items whose tokens fit the budget (section headings included), in
/// their original order. Returns how many were dropped.
pub fn trim_to_budget(items: &mut Vec<Item>, budget: u32) -> usize {
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|a, b| items[*b].value.total_cmp(&items[*a].value).then(a.cmp(b)));
    let mut keep = vec![false; items.len()];
    let mut used = 0u32;
    let mut layers: Vec<Layer> = Vec::new();
    for i in order {
        let heading = if layers.contains(&items[i].layer) {
            0
        } else {
            estimate_tokens(items[i].layer.heading()) + 3
        };
        let cost = items[i].tokens + heading;
        if used + cost <= budget {
            used += cost;
            keep[i] = true;
            if heading > 0 {
                layers.push(items[i].layer);
            }
        }
    }
    let before = items.len();
    let mut k = keep.into_iter();
    items.retain(|_| k.next().unwrap_or(false));
    before - items.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(layer: Layer, words: usize, value: f64) -> Item {
        Item::new(
            layer,
            vec!["word"; words].join(" "),
            Scores::default(),
            value,
            String::new(),
            Provenance::default(),
        )
    }

    #[test]
    fn budget_keeps_the_most_valuable_items_in_order() {
        let mut items = vec![
            item(Layer::Fact, 40, 0.2),
            item(Layer::Fact, 40, 0.9),
            item(Layer::Conclusion, 40, 0.5),
            item(Layer::Turn, 40, 0.7),
        ];
        let dropped = trim_to_budget(&mut items, 150);
        assert_eq!(dropped, 2);
        let values: Vec<f64> = items.iter().map(|i| i.value).collect();
        assert_eq!(values, vec![0.9, 0.7], "original order kept, low-value items dropped");
        let ctx = Context {
            question: "q".into(),
            plan: Plan {
                items: Vec::new(),
                source: "rules".into(),
            },
            items,
            person: None,
            trimmed: dropped,
        };
        assert!(ctx.tokens() <= 150, "{}", ctx.tokens());
    }

    #[test]
    fn a_small_item_still_fits_after_a_large_one_is_skipped() {
        let mut items = vec![item(Layer::Concept, 200, 0.9), item(Layer::Fact, 10, 0.1)];
        trim_to_budget(&mut items, 50);
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].layer, Layer::Fact);
    }
}
