//! The assembled context: items with layer, scores and provenance, how it renders for a model
//! and for people.

use super::Plan;
use crate::ids::{ConceptId, EpisodeId, RelationId, TurnId};
use crate::model::{AnswerContext, ContextItem, Said, Shows};
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
    /// Every layer, in rendering order.
    pub const ALL: [Self; 5] = [Self::Fact, Self::Conclusion, Self::Concept, Self::Relation, Self::Turn];

    /// The name `--ablate` takes.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Fact => "facts",
            Self::Conclusion => "conclusions",
            Self::Concept => "concepts",
            Self::Relation => "relations",
            Self::Turn => "turns",
        }
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }

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

/// A set of layers (the ones an ablation leaves out).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Layers(u8);

impl Layers {
    /// No layer.
    pub const NONE: Self = Self(0);

    /// Parses "relations,concepts" (the names of [`Layer::name`]).
    pub fn parse(list: &str) -> Result<Self, String> {
        let mut out = Self::NONE;
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let layer = Layer::ALL.into_iter().find(|l| l.name() == name).ok_or_else(|| {
                let known: Vec<&str> = Layer::ALL.iter().map(|l| l.name()).collect();
                format!("unknown layer {name:?} (known: {})", known.join(", "))
            })?;
            out = out.with(layer);
        }
        Ok(out)
    }

    /// This set and `layer`.
    #[must_use]
    pub fn with(self, layer: Layer) -> Self {
        Self(self.0 | layer.bit())
    }

    /// Whether `layer` is in the set.
    #[must_use]
    pub fn contains(self, layer: Layer) -> bool {
        self.0 & layer.bit() != 0
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl std::fmt::Display for Layers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = Layer::ALL
            .iter()
            .filter(|l| self.contains(**l))
            .map(|l| l.name())
            .collect();
        f.write_str(&names.join(","))
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
    /// For a passage of a long turn: which passage (0-based) and of how many.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub passage: Option<PassageRef>,
}

/// A passage of a long turn ([`crate::text::passage::passages`]): what a context quotes of a
/// reply longer than its budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PassageRef {
    /// Its position among the turn's passages, from 0.
    pub index: u32,
    /// How many passages the turn has.
    pub of: u32,
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
    /// The header it shares with the items next to it (a turn's session date), rendered once
    /// per run of items with the same header instead of on every line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// What it shows as data (a turn's speaker and day, a fact's day, a slot's holder and
    /// value), so an answerer reads them without parsing the line.
    #[serde(skip)]
    pub shows: Shows,
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
            group: None,
            shows: Shows::Text,
        }
    }

    /// A turn's item: `speaker: words`, carrying who said it and when.
    #[must_use]
    pub fn turn(said: Said, scores: Scores, value: f64, reason: String, provenance: Provenance) -> Self {
        let text = format!("{}: {}", said.speaker, said.words);
        Self {
            shows: Shows::Turn(said),
            ..Self::new(Layer::Turn, text, scores, value, reason, provenance)
        }
    }

    /// Shows a turn's brief (`speaker: ` and the sentences it keeps) instead of the whole turn.
    pub fn show_brief(&mut self, brief: &str, tokens: u32) {
        if let Shows::Turn(said) = &mut self.shows
            && let Some(words) = brief
                .strip_prefix(said.speaker.as_str())
                .and_then(|b| b.strip_prefix(": "))
        {
            said.words = words.to_string();
        }
        self.text = brief.to_string();
        self.tokens = tokens;
    }

    /// The item showing `shows` as data.
    #[must_use]
    pub fn showing(mut self, shows: Shows) -> Self {
        self.shows = shows;
        self
    }

    /// The item under a shared header.
    #[must_use]
    pub fn in_group(mut self, group: String) -> Self {
        self.group = Some(group);
        self
    }

    /// Estimated tokens of a group header line.
    #[must_use]
    pub fn group_tokens(group: &str) -> u32 {
        estimate_tokens(group) + 2
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
    /// What an answerer is given: each item under its layer's heading and its group, a turn
    /// with who said it and when.
    #[must_use]
    pub fn answer_context(&self) -> AnswerContext {
        AnswerContext {
            items: self
                .items
                .iter()
                .map(|item| ContextItem {
                    section: item.layer.heading().to_string(),
                    group: item.group.clone(),
                    text: item.text.clone(),
                    shows: item.shows.clone(),
                })
                .collect(),
        }
    }

    /// The context as a model reads it: one section per layer, one line per item, and a
    /// `## header` (a session's date) once over each run of items that share it (see
    /// [`AnswerContext::render`]).
    #[must_use]
    pub fn render(&self) -> String {
        self.answer_context().render()
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
