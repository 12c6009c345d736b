//! Σ, Δ and relation summaries as data: bullets with their branch, text, gathered mentions
//! (each dated, with the turns behind it), status and source turns. Operators record these in
//! their events; the text form exists only at the edges (prompts, panes, `show`, contexts) and
//! is written and read by [`super::profile_text`].
//!
//! Logs and checkpoints written before these were typed hold the text form; each type also
//! deserialises from a string by parsing it, so they open as they are.

use super::profile_text;
use crate::ids::TurnId;
use serde::{Deserialize, Serialize};

/// One mention a Σ bullet or a relation summary gathered: what was said about the branch, when,
/// and the turns it came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mention {
    /// The clause, in the third person ("Melanie went camping at the beach").
    pub text: String,
    /// When it was said, `YYYY-MM-DD`, if known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The turns behind it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turns: Vec<TurnId>,
}

/// One Σ bullet: a branch of the concept and what is stable about it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SigmaBullet {
    /// The branch ("Strength Training"); empty for a bullet that names none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub branch: String,
    /// Its own sentences, without the gathered mentions.
    pub text: String,
    /// The mentions it gathered, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mentions: Vec<Mention>,
    /// The turns behind the bullet as a whole.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turns: Vec<TurnId>,
}

/// Σ: the stable core of a concept.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(from = "Stored<SigmaFields>")]
pub struct Sigma {
    /// Lines before the bullets: RK3's law ("Health is shaped by Fitness and Diet.").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub overview: Vec<String>,
    /// The bullets, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bullets: Vec<SigmaBullet>,
}

/// Where a Δ item stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeltaStatus {
    /// Still holds.
    #[default]
    Active,
    /// Over: the injury healed, the restriction ended, the planned thing happened.
    Resolved,
    /// Replaced by a later change on the same branch.
    Superseded,
}

impl DeltaStatus {
    /// The word shown.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Self::Active => "active",
            Self::Resolved => "resolved",
            Self::Superseded => "superseded",
        }
    }

    fn is_active(&self) -> bool {
        *self == Self::Active
    }
}

/// One Δ item: a restriction, injury, change or tension on a branch.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeltaItem {
    /// The branch it is about ("Strength Training").
    #[serde(rename = "branch")]
    pub group: String,
    /// Its tag without brackets ("injury"), if tagged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag: Option<String>,
    /// The sentence.
    pub text: String,
    /// When it was said, `YYYY-MM-DD`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Its status.
    #[serde(default, skip_serializing_if = "DeltaStatus::is_active")]
    pub status: DeltaStatus,
    /// When it was resolved or superseded, or until when it holds, `YYYY-MM-DD`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status_date: Option<String>,
    /// The turns it came from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turns: Vec<TurnId>,
}

/// How a Δ is laid out as text: RK2 groups items under "Regarding X:", RK3 prefixes each with
/// its branch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeltaLayout {
    /// "Regarding X:" then "- item" lines.
    #[default]
    Grouped,
    /// "- X: item" lines.
    Prefixed,
}

impl DeltaLayout {
    fn is_grouped(&self) -> bool {
        *self == Self::Grouped
    }
}

/// Δ: a concept's exceptions, restrictions and tension.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(from = "Stored<DeltaFields>")]
pub struct Delta {
    /// The items, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<DeltaItem>,
    /// How the text form lays them out.
    #[serde(default, skip_serializing_if = "DeltaLayout::is_grouped")]
    pub layout: DeltaLayout,
}

/// T_e, a relation's RK1 summary: the fact, what its mentions said, and the inferred traits.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(from = "Stored<SummaryFields>")]
pub struct RelationSummary {
    /// The Fact Summary's own sentences.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fact: String,
    /// The mentions it gathered, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mentions: Vec<Mention>,
    /// The Actionable Inferences ("Alex enjoys swimming.").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inferences: Vec<String>,
}

impl DeltaItem {
    /// The bullet as printed (without the "- " and the branch).
    #[must_use]
    pub fn render(&self) -> String {
        profile_text::render_item(self)
    }

    /// The status once the memory has reached `as_of` (`YYYY-MM-DD…`): an active item with an
    /// end date in the past is resolved.
    #[must_use]
    pub fn status_at(&self, as_of: Option<&str>) -> (DeltaStatus, Option<String>) {
        match (self.status, &self.status_date, as_of) {
            (DeltaStatus::Active, Some(until), Some(now)) if now.get(..10).unwrap_or(now) >= until.as_str() => {
                (DeltaStatus::Resolved, Some(until.clone()))
            }
            (s, d, _) => (s, d.clone()),
        }
    }
}

impl Mention {
    fn map_text(&mut self, f: &impl Fn(&str) -> String) {
        self.text = f(&self.text);
    }
}

impl Sigma {
    /// Every sentence passed through `f` (a renamed person), the structure kept.
    pub fn map_text(&mut self, f: &impl Fn(&str) -> String) {
        for line in &mut self.overview {
            *line = f(line);
        }
        for b in &mut self.bullets {
            b.text = f(&b.text);
            b.mentions.iter_mut().for_each(|m| m.map_text(f));
        }
    }

    /// Whether it holds nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.overview.is_empty() && self.bullets.is_empty()
    }

    /// Whether it says the same as `other`, whatever turns stand behind either: a rewrite that
    /// only adds provenance is not a change to flow up.
    #[must_use]
    pub fn says_same(&self, other: &Self) -> bool {
        let mention = |a: &Mention, b: &Mention| a.text == b.text && a.date == b.date;
        self.overview == other.overview
            && self.bullets.len() == other.bullets.len()
            && self.bullets.iter().zip(&other.bullets).all(|(a, b)| {
                a.branch == b.branch
                    && a.text == b.text
                    && a.mentions.len() == b.mentions.len()
                    && a.mentions.iter().zip(&b.mentions).all(|(x, y)| mention(x, y))
            })
    }

    /// The text form.
    #[must_use]
    pub fn render(&self) -> String {
        profile_text::render_sigma(self)
    }

    /// Reads a text form (an old log's, or a model's reply already cleaned).
    #[must_use]
    pub fn parse(text: &str) -> Self {
        profile_text::parse_sigma(text)
    }
}

impl Delta {
    /// Every item's sentence passed through `f`.
    pub fn map_text(&mut self, f: &impl Fn(&str) -> String) {
        for item in &mut self.items {
            item.text = f(&item.text);
        }
    }

    /// Whether it holds nothing.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Whether it says the same as `other`, whatever turns stand behind either.
    #[must_use]
    pub fn says_same(&self, other: &Self) -> bool {
        let strip = |d: &Self| -> Vec<DeltaItem> {
            d.items
                .iter()
                .map(|i| DeltaItem {
                    turns: Vec::new(),
                    ..i.clone()
                })
                .collect()
        };
        self.layout == other.layout && strip(self) == strip(other)
    }

    /// The text form.
    #[must_use]
    pub fn render(&self) -> String {
        profile_text::render_delta(self)
    }

    /// Reads a text form.
    #[must_use]
    pub fn parse(text: &str) -> Self {
        profile_text::parse_delta(text)
    }
}

impl RelationSummary {
    /// Whether nothing was inferred yet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.fact.is_empty() && self.mentions.is_empty() && self.inferences.is_empty()
    }

    /// The text form.
    #[must_use]
    pub fn render(&self) -> String {
        profile_text::render_summary(self)
    }

    /// Reads a text form.
    #[must_use]
    pub fn parse(text: &str) -> Self {
        profile_text::parse_summary(text)
    }
}

impl std::fmt::Display for Sigma {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render())
    }
}

impl std::fmt::Display for Delta {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render())
    }
}

impl std::fmt::Display for RelationSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render())
    }
}

/// A stored Σ, Δ or summary: the typed fields, or (before codec version 2) their text.
#[derive(Deserialize)]
#[serde(untagged)]
enum Stored<T> {
    Text(String),
    Typed(T),
}

#[derive(Deserialize)]
struct SigmaFields {
    #[serde(default)]
    overview: Vec<String>,
    #[serde(default)]
    bullets: Vec<SigmaBullet>,
}

#[derive(Deserialize)]
struct DeltaFields {
    #[serde(default)]
    items: Vec<DeltaItem>,
    #[serde(default)]
    layout: DeltaLayout,
}

#[derive(Deserialize)]
struct SummaryFields {
    #[serde(default)]
    fact: String,
    #[serde(default)]
    mentions: Vec<Mention>,
    #[serde(default)]
    inferences: Vec<String>,
}

impl From<Stored<SigmaFields>> for Sigma {
    fn from(s: Stored<SigmaFields>) -> Self {
        match s {
            Stored::Text(t) => Self::parse(&t),
            Stored::Typed(f) => Self {
                overview: f.overview,
                bullets: f.bullets,
            },
        }
    }
}

impl From<Stored<DeltaFields>> for Delta {
    fn from(s: Stored<DeltaFields>) -> Self {
        match s {
            Stored::Text(t) => Self::parse(&t),
            Stored::Typed(f) => Self {
                items: f.items,
                layout: f.layout,
            },
        }
    }
}

impl From<Stored<SummaryFields>> for RelationSummary {
    fn from(s: Stored<SummaryFields>) -> Self {
        match s {
            Stored::Text(t) => Self::parse(&t),
            Stored::Typed(f) => Self {
                fact: f.fact,
                mentions: f.mentions,
                inferences: f.inferences,
            },
        }
    }
}

/// The text form, read: for fixtures and tests that write Σ/Δ as a reader sees it.
impl From<&str> for Sigma {
    fn from(text: &str) -> Self {
        Self::parse(text)
    }
}

/// The text form, read (see `From<&str> for Sigma`).
impl From<&str> for Delta {
    fn from(text: &str) -> Self {
        Self::parse(text)
    }
}

/// The text form, read (see `From<&str> for Sigma`).
impl From<&str> for RelationSummary {
    fn from(text: &str) -> Self {
        Self::parse(text)
    }
}

/// Compares the text form: what a reader would see.
impl PartialEq<&str> for Sigma {
    fn eq(&self, other: &&str) -> bool {
        self.render() == *other
    }
}

/// Compares the text form.
impl PartialEq<&str> for Delta {
    fn eq(&self, other: &&str) -> bool {
        self.render() == *other
    }
}

/// Compares the text form.
impl PartialEq<&str> for RelationSummary {
    fn eq(&self, other: &&str) -> bool {
        self.render() == *other
    }
}

/// Compares the text form.
impl PartialEq<str> for Sigma {
    fn eq(&self, other: &str) -> bool {
        self.render() == other
    }
}

/// Compares the text form.
impl PartialEq<str> for Delta {
    fn eq(&self, other: &str) -> bool {
        self.render() == other
    }
}

/// Compares the text form.
impl PartialEq<str> for RelationSummary {
    fn eq(&self, other: &str) -> bool {
        self.render() == other
    }
}
