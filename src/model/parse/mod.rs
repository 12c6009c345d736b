//! One parser per prompt. Every model's reply goes through these, so the offline model and a
//! real LLM are held to the same formats. JSON is read leniently: code fences, leading prose,
//! trailing commas, single quotes and a missing closing bracket are all tolerated, because local
//! models produce all of them.
// Every slice here starts or ends at an index `find` returned for an ASCII marker (a fence,
// `</think>`, `Fact Summary`), which is always a character boundary; the fuzz test covers it.
#![allow(clippy::string_slice)]

use super::{clean, structured};
use crate::event::{Delta, RelationSummary, Sigma};
pub use json::lenient_json;
pub(crate) use json::strip_fences;
use json::wrapped_list;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use thiserror::Error;

/// Why a reply did not fit its format.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("{0}")]
pub struct ParseError(pub String);

/// One node of an entity path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PathNode {
    /// Entity name.
    pub name: String,
    /// "abstract" or "event".
    #[serde(rename = "type", default = "abstract_type")]
    pub kind: String,
}

fn abstract_type() -> String {
    "abstract".into()
}

impl PathNode {
    /// Whether the node is concrete: an activity or an occurrence (the prompt's type `event`,
    /// the paper's general and instance events), not an abstract concept.
    #[must_use]
    pub fn is_concrete(&self) -> bool {
        self.kind.trim().eq_ignore_ascii_case("event")
    }
}

/// One labelled edge from EXTRACT RELATIONS.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RelationTriple {
    /// Source entity.
    pub source: String,
    /// Target entity.
    pub target: String,
    /// The label (an event snapshot for event edges).
    #[serde(alias = "label", alias = "relation")]
    pub relationship: String,
    /// "classification" or "event".
    #[serde(alias = "relationship type", alias = "type", default)]
    pub relationship_type: String,
}

/// An f_synth reply.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SynthReply {
    /// λ_fact.
    pub fact: String,
    /// Λ_base.
    pub base: Vec<String>,
    /// Λ_rel.
    pub salient: Vec<String>,
}

/// One planner item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanItem {
    /// Keyword or entity.
    pub name: String,
    /// The layers it asks for.
    #[serde(default)]
    pub retrieve: Vec<Retrieve>,
}

/// A layer a planner item asks for (the planner prompt's `retrieve` values).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub enum Retrieve {
    /// `summary`: concept profiles (Σ/Δ).
    Summary,
    /// `inference`: relation summaries.
    Inference,
    /// `conclusions`: L0 conclusions.
    Conclusions,
    /// `history`: the raw turns behind what was found.
    History,
    /// A name the prompt does not offer. Kept as written, so the item still targets the graph
    /// and shows what the model asked for; it selects no layer.
    Other(String),
}

impl Retrieve {
    /// The four layers a planner can ask for, in prompt order.
    pub const ALL: [Self; 4] = [Self::Summary, Self::Inference, Self::Conclusions, Self::History];

    /// The name in the planner prompt.
    #[must_use]
    pub fn as_str(&self) -> &str {
        match self {
            Self::Summary => "summary",
            Self::Inference => "inference",
            Self::Conclusions => "conclusions",
            Self::History => "history",
            Self::Other(name) => name,
        }
    }
}

impl From<String> for Retrieve {
    fn from(name: String) -> Self {
        Self::ALL
            .into_iter()
            .find(|l| l.as_str() == name)
            .unwrap_or(Self::Other(name))
    }
}

impl From<Retrieve> for String {
    fn from(layer: Retrieve) -> Self {
        layer.as_str().to_string()
    }
}

impl std::fmt::Display for Retrieve {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// EXTRACT ENTITIES: a list of paths.
pub fn parse_paths(reply: &str) -> Result<Vec<Vec<PathNode>>, ParseError> {
    let v = lenient_json(reply)?;
    let list = match v {
        Value::Array(a) => a,
        Value::Object(o) => match wrapped_list(o, "paths") {
            Some(a) => a,
            None => return Err(ParseError("expected a JSON list of paths".into())),
        },
        _ => return Err(ParseError("expected a JSON list of paths".into())),
    };
    let mut paths = Vec::new();
    for (i, p) in list.into_iter().enumerate() {
        let nodes: Vec<PathNode> = match p {
            // The structured form: one base, one folder, one activity, one instance (any may be "").
            Value::Object(o) => {
                let field = |k: &str| whole_words(o.get(k).and_then(Value::as_str).unwrap_or_default(), name_cap(k));
                let node = |name: String, kind: &str| PathNode {
                    name,
                    kind: kind.into(),
                };
                vec![
                    node(field("base"), "abstract"),
                    node(field("folder"), "abstract"),
                    node(field("activity"), "event"),
                    node(field("instance"), "event"),
                ]
            }
            Value::Array(nodes) => nodes
                .into_iter()
                .map(|n| match n {
                    Value::String(name) => Ok(PathNode {
                        name,
                        kind: abstract_type(),
                    }),
                    other => serde_json::from_value(other),
                })
                .collect::<Result<_, _>>()
                .map_err(|e| ParseError(format!("path {i}: {e}")))?,
            _ => return Err(ParseError(format!("path {i} is not a list"))),
        };
        let nodes: Vec<PathNode> = nodes
            .into_iter()
            .filter_map(|n| {
                clean::item(&n.name).map(|name| PathNode {
                    name: name.trim_end_matches(['.', ':']).trim().to_string(),
                    kind: n.kind,
                })
            })
            .collect();
        if !nodes.is_empty() && !paths.contains(&nodes) {
            paths.push(nodes);
        }
    }
    Ok(paths)
}

/// The `maxLength` the entities schema gives a path field: a name this long was cut by the
/// grammar, probably in mid-word.
fn name_cap(field: &str) -> usize {
    super::schema::schema(crate::event::Purpose::Entities)
        .and_then(|s| s["properties"]["paths"]["items"]["properties"][field]["maxLength"].as_u64())
        .and_then(|n| usize::try_from(n).ok())
        .unwrap_or(usize::MAX)
}

/// A structured name cut back to its last whole word when it reached its cap ("Swimming Laps
/// at the City Pool This Mor" → "Swimming Laps at the City Pool"), without a dangling "at the".
fn whole_words(name: &str, cap: usize) -> String {
    let name = name.trim();
    if name.chars().count() < cap {
        return name.to_string();
    }
    let mut words: Vec<&str> = name.split_whitespace().collect();
    if words.len() > 1 {
        words.pop();
    }
    const DANGLING: [&str; 14] = [
        "a", "an", "the", "of", "at", "in", "on", "for", "to", "and", "with", "by", "from", "this",
    ];
    while words.len() > 1
        && words
            .last()
            .is_some_and(|w| DANGLING.contains(&w.to_lowercase().trim_end_matches([',', ';']).to_string().as_str()))
    {
        words.pop();
    }
    words.join(" ").trim_end_matches([',', ';', '-']).to_string()
}

/// EXTRACT RELATIONS: a list of labelled edges.
pub fn parse_relations(reply: &str) -> Result<Vec<RelationTriple>, ParseError> {
    let v = lenient_json(reply)?;
    let list = match v {
        Value::Array(a) => a,
        Value::Object(o) => match wrapped_list(o, "relations") {
            Some(a) => a,
            None => return Err(ParseError("expected a JSON list of relations".into())),
        },
        _ => return Err(ParseError("expected a JSON list of relations".into())),
    };
    let triples: Vec<RelationTriple> = list
        .into_iter()
        .enumerate()
        .map(|(i, r)| serde_json::from_value(r).map_err(|e| ParseError(format!("relation {i}: {e}"))))
        .collect::<Result<_, _>>()?;
    Ok(triples
        .into_iter()
        .map(|mut t| {
            t.relationship = clean::item(&t.relationship).unwrap_or_default();
            t
        })
        .collect())
}

/// The planner: a list of `{name, retrieve}`.
pub fn parse_plan(reply: &str) -> Result<Vec<PlanItem>, ParseError> {
    let list = match lenient_json(reply)? {
        Value::Array(a) => a,
        Value::Object(o) => wrapped_list(o, "keywords").ok_or_else(|| ParseError("expected a JSON list".into()))?,
        _ => return Err(ParseError("expected a JSON list".into())),
    };
    let mut items: Vec<PlanItem> = list
        .into_iter()
        .enumerate()
        .map(|(i, r)| serde_json::from_value(r).map_err(|e| ParseError(format!("item {i}: {e}"))))
        .collect::<Result<_, _>>()?;
    // A looping model repeats keywords; each is searched once.
    let mut seen = std::collections::HashSet::new();
    items.retain(|i| !i.name.trim().is_empty() && seen.insert(i.name.trim().to_lowercase()));
    Ok(items)
}

/// The judge: `{"label": "CORRECT" | "WRONG"}`.
pub fn parse_judge(reply: &str) -> Result<bool, ParseError> {
    let v = lenient_json(reply)?;
    match v
        .get("label")
        .and_then(Value::as_str)
        .map(str::to_ascii_uppercase)
        .as_deref()
    {
        Some("CORRECT") => Ok(true),
        Some("WRONG") => Ok(false),
        _ => Err(ParseError("expected {\"label\": \"CORRECT\"|\"WRONG\"}".into())),
    }
}

fn bullet(line: &str) -> Option<&str> {
    let t = line.trim();
    let t = t
        .strip_prefix("- ")
        .or_else(|| t.strip_prefix("* "))
        .or_else(|| t.strip_prefix("• "))?;
    let t = t.trim();
    (!t.is_empty()).then_some(t)
}

fn header_key(line: &str) -> String {
    line.trim()
        .trim_start_matches('#')
        .trim()
        .trim_matches('*')
        .trim_end_matches(':')
        .trim()
        .to_ascii_lowercase()
}

/// f_synth: `Fact:`, `Base Conclusions:` and `Salient Conclusions:`.
pub fn parse_synth(reply: &str) -> Result<SynthReply, ParseError> {
    let out = match structured::object(strip_fences(reply)) {
        Some(o) => structured::synth(&o)?,
        None => parse_synth_text(reply)?,
    };
    let mut seen = Vec::new();
    let base = clean::items(out.base, &mut seen);
    let salient = clean::items(out.salient, &mut seen);
    // "Fact: none": the segment says nothing about the person, and no episode is recorded.
    if says_nothing(&out.fact) {
        return Ok(SynthReply {
            fact: String::new(),
            base,
            salient,
        });
    }
    let fact = clean::item(&out.fact).ok_or_else(|| ParseError("the Fact is empty".into()))?;
    Ok(SynthReply { fact, base, salient })
}

/// Whether a Fact is the prompt's "none": the segment says nothing about the person.
fn says_nothing(fact: &str) -> bool {
    let word = fact.trim().trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
    matches!(word.as_str(), "none" | "nothing" | "n/a" | "na")
}

fn parse_synth_text(reply: &str) -> Result<SynthReply, ParseError> {
    let mut out = SynthReply::default();
    let mut section = 0;
    for line in strip_fences(reply).lines() {
        let key = header_key(line);
        if let Some(rest) = line.trim().trim_start_matches(['#', '*']).trim().strip_prefix("Fact:") {
            out.fact = rest.trim().trim_matches('*').trim().to_string();
            section = 0;
        } else if key.starts_with("base conclusion") {
            section = 1;
        } else if key.starts_with("salient conclusion") {
            section = 2;
        } else if let Some(b) = bullet(line) {
            match section {
                1 => out.base.push(b.to_string()),
                2 => out.salient.push(b.to_string()),
                _ => {}
            }
        }
    }
    if out.fact.is_empty() {
        return Err(ParseError("missing a `Fact:` line".into()));
    }
    Ok(out)
}

/// RK1: a Fact Summary plus `Inferred Trait/Interest:` bullets.
pub fn parse_rk1(reply: &str) -> Result<RelationSummary, ParseError> {
    rk1_text(reply).map(|t| RelationSummary::parse(&t))
}

/// The RK1 reply as one normalised text.
fn rk1_text(reply: &str) -> Result<String, ParseError> {
    let text = match structured::object(strip_fences(reply)) {
        Some(o) => structured::rk1(&o)?,
        None => parse_rk1_text(reply)?,
    };
    // Cleaned like every other block: the summary line stays, bullets lose markup and repeats.
    let (summary, rest) = text.split_once('\n').unwrap_or((&text, ""));
    let summary = clean::item(summary).ok_or_else(|| ParseError("empty Fact Summary".into()))?;
    if summary.trim_start_matches("Fact Summary:").trim().is_empty() {
        return Err(ParseError("empty Fact Summary".into()));
    }
    let rest = clean::block(rest);
    let bullets = rest.lines().filter(|l| l.starts_with("- ")).count();
    Ok(if bullets == 0 {
        summary
    } else {
        format!("{summary}\n{rest}")
    })
}

fn parse_rk1_text(reply: &str) -> Result<String, ParseError> {
    let body = strip_fences(reply);
    let Some(at) = body.find("Fact Summary") else {
        return Err(ParseError("missing `Fact Summary:`".into()));
    };
    let rest = body[at + "Fact Summary".len()..].trim_start_matches([':', '*', ' ']);
    let (summary, inferences) = match rest.find("Actionable Inferences") {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, ""),
    };
    let summary = summary.trim().trim_end_matches(['#', '*']).trim();
    if summary.is_empty() {
        return Err(ParseError("empty Fact Summary".into()));
    }
    let bullets: Vec<String> = inferences
        .lines()
        .filter_map(bullet)
        .map(|b| {
            let b = b.trim_matches('*').trim();
            let b = b.strip_prefix("Inferred Trait/Interest:").unwrap_or(b).trim();
            format!("- Inferred Trait/Interest: {b}")
        })
        .collect();
    let mut out = format!("Fact Summary: {summary}");
    if !bullets.is_empty() {
        out.push_str("\nActionable Inferences:\n");
        out.push_str(&bullets.join("\n"));
    }
    Ok(out)
}

/// Splits a reply on `#` headers, matching them case-insensitively against `names`.
fn sections(reply: &str, names: &[&str]) -> Vec<Option<String>> {
    let mut out: Vec<Option<Vec<&str>>> = vec![None; names.len()];
    let mut current: Option<usize> = None;
    for line in strip_fences(reply).lines() {
        let t = line.trim();
        if t.starts_with('#') || (t.starts_with("**") && t.ends_with("**")) {
            let key = header_key(t);
            if let Some(i) = names.iter().position(|n| key == n.to_ascii_lowercase()) {
                current = Some(i);
                out[i].get_or_insert_with(Vec::new);
                continue;
            }
        }
        if let Some(i) = current
            && let Some(v) = out[i].as_mut()
        {
            v.push(line.trim_end());
        }
    }
    out.into_iter()
        .map(|s| s.map(|lines| lines.join("\n").trim().to_string()))
        .collect()
}

/// RK2: `# General Core Facts` → Σ, `# Specific Domain Facts` → Δ.
pub fn parse_rk2(reply: &str) -> Result<(Sigma, Delta), ParseError> {
    let (sigma, delta) = match structured::object(strip_fences(reply)) {
        Some(o) => structured::rk2(&o)?,
        None => {
            let s = sections(reply, &["General Core Facts", "Specific Domain Facts"]);
            match (&s[0], &s[1]) {
                (Some(sigma), delta) => (sigma.clone(), delta.clone().unwrap_or_default()),
                (None, _) => return Err(ParseError("missing the `# General Core Facts` section".into())),
            }
        }
    };
    cleaned_pair(&sigma, &delta)
}

/// Σ and Δ cleaned and read; a reply with nothing left in either is not a summary.
fn cleaned_pair(sigma: &str, delta: &str) -> Result<(Sigma, Delta), ParseError> {
    let (sigma, delta) = (clean::block(sigma), clean::block(delta));
    if sigma.is_empty() && delta.is_empty() {
        return Err(ParseError("the summary is empty".into()));
    }
    Ok((Sigma::parse(&sigma), Delta::parse(&delta)))
}

/// The three RK3 headers.
pub const RK3_HEADERS: [&str; 3] = ["Macro-Law", "Core Traits", "Restrictions and Guidelines"];

/// RK3: Macro-Law and Core Traits → Σ, Restrictions and Guidelines → Δ.
pub fn parse_rk3(reply: &str) -> Result<(Sigma, Delta), ParseError> {
    let (sigma, delta) = match structured::object(strip_fences(reply)) {
        Some(o) => structured::rk3(&o)?,
        None => {
            let s = sections(reply, &RK3_HEADERS);
            let (Some(law), Some(traits)) = (&s[0], &s[1]) else {
                return Err(ParseError("missing `# Macro-Law` or `# Core Traits`".into()));
            };
            let sigma = format!("{law}\n{traits}").trim().to_string();
            (sigma, s[2].clone().unwrap_or_default())
        }
    };
    cleaned_pair(&sigma, &delta)
}

mod json;
#[cfg(test)]
mod tests;
