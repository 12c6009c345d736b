//! `ask --context`: the whole context for people, the plan, then each item with its layer,
//! scores, why it is there and where it came from.

use rgmem::model::parse::Retrieve;
use rgmem::retrieval::Context;

/// The context for people: the plan, then each item with why it is there.
pub fn describe(context: &Context) -> String {
    let mut out = format!("plan ({}):", context.plan.source);
    for i in &context.plan.items {
        if i.retrieve.is_empty() {
            out.push_str(&format!(" {}", i.name));
        } else {
            let layers: Vec<&str> = i.retrieve.iter().map(Retrieve::as_str).collect();
            out.push_str(&format!(" {}[{}]", i.name, layers.join(",")));
        }
    }
    out.push('\n');
    if let Some(p) = &context.person {
        out.push_str(&format!("person: {p}\n"));
    }
    out.push_str(&format!(
        "context: {} items, {} tokens{}\n",
        context.items.len(),
        context.tokens(),
        if context.trimmed > 0 {
            format!(", {} dropped by the budget", context.trimmed)
        } else {
            String::new()
        }
    ));
    for item in &context.items {
        let mut scores = Vec::new();
        if let Some(b) = item.scores.bm25 {
            scores.push(format!("bm25 {b:.3}"));
        }
        if let Some(c) = item.scores.cosine {
            scores.push(format!("cos {c:.2}"));
        }
        scores.push(format!("value {:.2}", item.value));
        let p = &item.provenance;
        let ids = |v: Vec<String>| {
            if v.len() > 8 {
                format!("{} … ({} in all)", v[..8].join(" "), v.len())
            } else {
                v.join(" ")
            }
        };
        let mut parts: Vec<String> = Vec::new();
        if !p.turns.is_empty() || !p.source_refs.is_empty() {
            let mut turns = format!("turns {}", ids(p.turns.iter().map(ToString::to_string).collect()));
            if !p.source_refs.is_empty() {
                turns.push_str(&format!(" [{}]", ids(p.source_refs.clone())));
            }
            parts.push(turns.trim().to_string());
        }
        if !p.episodes.is_empty() {
            parts.push(format!(
                "episodes {}",
                ids(p.episodes.iter().map(ToString::to_string).collect())
            ));
        }
        if !p.relations.is_empty() {
            parts.push(format!(
                "relations {}",
                ids(p.relations.iter().map(ToString::to_string).collect())
            ));
        }
        if !p.concepts.is_empty() {
            parts.push(format!(
                "concepts {}",
                ids(p.concepts.iter().map(ToString::to_string).collect())
            ));
        }
        let prov = parts.join(" ← ");
        out.push_str(&format!(
            "\n[{:?}] {}, {} tokens\n  {}\n  why: {}\n  from: {prov}\n",
            item.layer,
            scores.join(", "),
            item.tokens,
            rgmem::text::clip(&item.text, 300),
            item.reason
        ));
    }
    out
}
