//! A stable, self-describing JSON view of a memory, for `rgmem show --json` and for tests.

use super::{Level, Memory};
use crate::event::{Abstraction, DeltaItem};
use serde_json::{Value, json};

/// A Δ item as the view has always shown it (every field, `group` for its branch), with the
/// turns behind it.
fn delta_item(item: &DeltaItem) -> Value {
    json!({
        "group": item.group,
        "tag": item.tag,
        "text": item.text,
        "date": item.date,
        "status": item.status,
        "status_date": item.status_date,
        "turns": item.turns.iter().map(|t| t.0).collect::<Vec<_>>(),
    })
}

/// Σ/Δ or a summary in its text form, as the view shows them.
fn abstraction_text(a: &Abstraction) -> Value {
    match a {
        Abstraction::Profile { sigma, delta } => json!({"sigma": sigma.render(), "delta": delta.render()}),
        Abstraction::Summary { summary } => json!({"summary": summary.render()}),
    }
}

/// A proposal with its before and after in text form.
fn proposal(p: &super::Proposal) -> Value {
    let mut v = serde_json::to_value(p).unwrap_or(Value::Null);
    if let Value::Object(o) = &mut v {
        o.insert("before".into(), abstraction_text(&p.before));
        o.insert("after".into(), abstraction_text(&p.after));
    }
    v
}

impl Memory {
    /// The memory as JSON: thresholds, concepts with Σ/Δ, relations with mentions against θ_inf,
    /// episodes with provenance, and proposals.
    #[must_use]
    pub fn to_view(&self) -> Value {
        let concepts: Vec<Value> = self
            .concepts
            .iter()
            .map(|c| {
                json!({
                    "id": c.id.0,
                    "name": c.name,
                    "level": c.level,
                    "parent": c.parent.map(|p| p.0),
                    "path": self.path_of(c.id).join(" / "),
                    "score": c.score,
                    "theta_sum": self.thresholds.theta_sum,
                    "sigma": c.sigma.render(),
                    "delta": c.delta.render(),
                    "sigma_parts": c.sigma,
                    "delta_parts": c.delta,
                    "delta_items": self.delta_items(c.id).iter().map(delta_item).collect::<Vec<_>>(),
                    "dirty": c.dirty,
                    "pending": c.pending.map(|p| p.0),
                    "episodes": c.episodes.iter().map(|e| e.0).collect::<Vec<_>>(),
                })
            })
            .collect();
        let relations: Vec<Value> = self
            .relations
            .iter()
            .map(|r| {
                json!({
                    "id": r.id.0,
                    "name": self.relation_name(r.id),
                    "source": r.source.0,
                    "target": r.target.0,
                    "mentions": r.mentions,
                    "theta_inf": self.thresholds.theta_inf,
                    "total_mentions": r.total_mentions,
                    "rk1_firings": r.rk1_firings,
                    "label": r.label,
                    "summary": r.summary.render(),
                    "summary_parts": r.summary,
                    "episodes": r.episodes.iter().map(|e| e.0).collect::<Vec<_>>(),
                })
            })
            .collect();
        let episodes: Vec<Value> = self
            .episodes
            .iter()
            .map(|e| {
                json!({
                    "id": e.id.0,
                    "person": self.concept(e.person).name,
                    "turns": e.turns.iter().map(|t| t.0).collect::<Vec<_>>(),
                    "fact": e.fact,
                    "base_conclusions": e.base_conclusions,
                    "salient_conclusions": e.salient_conclusions,
                    "time": e.time,
                    "session": e.session,
                })
            })
            .collect();
        let persons: Vec<Value> = self
            .roots()
            .map(|r| json!({"id": r.id.0, "name": r.name, "sigma": r.sigma.render(), "delta": r.delta.render()}))
            .collect();
        json!({
            "thresholds": {"theta_inf": self.thresholds.theta_inf, "theta_sum": self.thresholds.theta_sum},
            "turns": self.turns.len(),
            "open_segment": self.open_segment.iter().map(|t| t.0).collect::<Vec<_>>(),
            "persons": persons,
            "concepts": concepts,
            "relations": relations,
            "episodes": episodes,
            "proposals": self.proposals.values().map(proposal).collect::<Vec<_>>(),
            "firings": {"RK1": self.firings[0], "RK2": self.firings[1], "RK3": self.firings[2]},
            "usage": self.usage,
        })
    }

    /// The concept tree as indented text, with scores against θ_sum, markers and Σ/Δ; relations as
    /// counters only.
    #[must_use]
    pub fn to_tree_text(&self) -> String {
        self.to_tree_text_with(false)
    }

    /// The tree as text with, under each relation's counter, its current RK1 summary (`show`):
    /// what the memory concluded about a relation is otherwise visible only through `history`.
    #[must_use]
    pub fn to_tree_text_with(&self, summaries: bool) -> String {
        let mut out = String::new();
        for root in self.roots() {
            self.write_node(&mut out, root.id, 0, summaries);
        }
        out
    }

    fn write_node(&self, out: &mut String, id: crate::ids::ConceptId, depth: usize, summaries: bool) {
        let c = self.concept(id);
        let pad = "  ".repeat(depth);
        let mut marks = String::new();
        if c.dirty {
            marks.push_str(" *dirty");
        }
        if let Some(p) = c.pending {
            marks.push_str(&format!(" *pending {p}"));
        }
        let score = if c.level.is_abstract() && c.level != Level::Root {
            format!(" [score {}/{}]", c.score, self.thresholds.theta_sum)
        } else {
            String::new()
        };
        let shows = !(c.level == Level::Base && c.children.is_empty() && c.sigma.is_empty());
        if shows {
            out.push_str(&format!("{pad}{} ({}){score}{marks}\n", c.name, c.level));
            for line in c.sigma.render().lines().filter(|l| !l.trim().is_empty()) {
                out.push_str(&format!("{pad}  Σ {line}\n"));
            }
            // Δ with each item's status as of the latest turn (an ended restriction reads resolved).
            let mut group: Option<String> = None;
            for item in self.delta_items(id) {
                if group.as_deref() != Some(item.group.as_str()) {
                    out.push_str(&format!("{pad}  Δ Regarding {}:\n", item.group));
                    group = Some(item.group.clone());
                }
                out.push_str(&format!("{pad}  Δ - {}\n", item.render()));
            }
            if c.level == Level::Root {
                for line in self.slot_lines(id) {
                    out.push_str(&format!("{pad}  ● {line}\n"));
                }
            }
            for r in c.relations.iter().map(|r| self.relation(*r)).filter(|r| r.source == id) {
                out.push_str(&format!(
                    "{pad}  ↳ {} mentions {}/{} (total {}, RK1×{})\n",
                    self.concept(r.target).name,
                    r.mentions,
                    self.thresholds.theta_inf,
                    r.total_mentions,
                    r.rk1_firings
                ));
                if summaries {
                    for line in r.summary.render().lines().filter(|l| !l.trim().is_empty()) {
                        out.push_str(&format!("{pad}      {line}\n"));
                    }
                }
            }
        }
        for child in &c.children {
            if self.concept(*child).level.is_abstract() {
                self.write_node(out, *child, depth + 1, summaries);
            }
        }
    }
}
