//! L2 multi-scale retrieval (paper §3.4, C.7): a question is planned into keywords with layers,
//! L0 facts and conclusions are ranked by BM25 through SQLite FTS5 in the memory file itself,
//! up to three L1 concepts are picked by cosine ≥ 0.5 with their Σ/Δ, relation summaries answer
//! `inference`, raw turns answer `history`, and every item carries its layer, its scores
//! and its provenance down to the turn ids. An optional token budget keeps the highest-value items.

mod assemble;
mod concept_text;
mod context;
mod dense;
pub mod embed;
mod floor;
mod graph;
pub mod index;
mod long_turn;
#[cfg(test)]
mod long_turn_tests;
mod never;
mod pack;
mod profile;
mod route;
#[cfg(test)]
mod setting_tests;
mod shape;
mod slots;
mod standing;
#[cfg(test)]
mod tests;
mod topics;
mod turn_text;
mod turns;

pub use assemble::{Retriever, person_in};
pub use context::{Context, Item, Layer, Layers, PassageRef, Provenance, Scores};
pub use turns::{said, turn_line};

use crate::model::parse::{PlanItem, Retrieve};

/// The paper's budgets, plus the token cap.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budgets {
    /// λ_fact items (paper: 5).
    pub facts: usize,
    /// Λ_conc items (paper: 30).
    pub conclusions: usize,
    /// Concepts with Σ/Δ (paper: 3).
    pub concepts: usize,
    /// Minimum cosine for a concept or relation (paper: 0.5).
    pub min_cosine: f32,
    /// Relation summaries for `inference`.
    pub relations: usize,
    /// Raw turns.
    pub turns: usize,
    /// Ranked facts whose source turns are candidate turns (only `facts` of them are shown).
    pub turn_sources: usize,
    /// Cap on the whole context, in estimated tokens.
    pub tokens: Option<u32>,
    /// Layers left out (an ablation): neither shown nor used to rank anything else.
    pub without: Layers,
}

impl Default for Budgets {
    fn default() -> Self {
        Self {
            facts: 5,
            conclusions: 30,
            concepts: 3,
            min_cosine: 0.5,
            relations: 5,
            turns: 60,
            turn_sources: 15,
            tokens: None,
            without: Layers::NONE,
        }
    }
}

/// A plan: the planner's items, and whether they came from rules or a model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// `{name, retrieve}` items.
    pub items: Vec<PlanItem>,
    /// The model's name, or "rules" when its plan was unusable and the offline rules stood in.
    pub source: String,
}

impl Plan {
    /// The offline model's rule-based plan, standing in for a plan a model failed to give.
    fn rules(question: &str) -> Self {
        Self {
            items: crate::rules::OfflineModel::plan(question),
            source: "rules".into(),
        }
    }

    /// The plan a model writes (`Task::Plan`, parsed by `parse_plan`); the rules when the call or
    /// the parse fails, so a question is never left unplanned.
    pub fn by_model(model: &mut dyn crate::model::Model, question: &str) -> Self {
        let task = crate::model::Task::Plan {
            question: question.to_string(),
        };
        let request = crate::model::ModelRequest::for_model(task, model);
        let reply = model.complete(&request).ok().map(|c| c.reply);
        Self::from_reply(reply.as_deref(), question, model.name())
    }

    /// The plan in a planner reply, or the rules when there is no reply or it does not parse.
    #[must_use]
    pub fn from_reply(reply: Option<&str>, question: &str, source: String) -> Self {
        match reply.map(crate::model::parse::parse_plan) {
            // A plan about another question (a copied example) is worse than the rules.
            Some(Ok(items)) if !items.is_empty() && crate::model::grounding::plan(question, &items).is_ok() => {
                Self { items, source }
            }
            _ => Self::rules(question),
        }
    }

    /// Every keyword.
    #[must_use]
    pub fn keywords(&self) -> Vec<String> {
        self.items.iter().map(|i| i.name.clone()).collect()
    }

    /// Keywords that target the graph, with their layers.
    pub fn elite(&self) -> impl Iterator<Item = &PlanItem> {
        self.items.iter().filter(|i| !i.retrieve.is_empty())
    }

    /// Whether any keyword asks for a layer.
    #[must_use]
    pub fn wants(&self, layer: &Retrieve) -> bool {
        self.elite().any(|i| i.retrieve.contains(layer))
    }
}
