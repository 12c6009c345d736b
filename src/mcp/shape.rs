//! What the tools return: JSON shaped for an agent, each memory item with the id `correct` takes
//! (`e3`, `e3/c1`, `c12/s0`, `c12/d1`) and its provenance.

use rgmem::engine::Answer;
use rgmem::event::{Event, EventRecord, ItemRef, Subject};
use rgmem::history::Firing;
use rgmem::ids::ConceptId;
use rgmem::memory::{Correction, Memory};
use serde_json::{Value, json};

/// `remember`'s result: what was stored and the operator firings it caused.
pub fn remembered(m: &Memory, records: &[EventRecord], session: u32, turns: usize) -> Value {
    let firings: Vec<Value> = records
        .iter()
        .filter_map(|r| match &r.event {
            Event::OperatorFired {
                operator,
                target,
                trigger,
                ..
            } => Some(json!({"seq": r.seq.0, "operator": operator.label(), "target": target, "trigger": trigger.words(), "applied": true})),
            Event::AbstractionProposed {
                operator,
                target,
                trigger,
                ..
            } => Some(json!({"seq": r.seq.0, "operator": operator.label(), "target": target, "trigger": trigger.words(), "applied": false})),
            _ => None,
        })
        .collect();
    // Episodes are numbered in the order they are recorded: the new ones are the last.
    let recorded = records
        .iter()
        .filter(|r| matches!(r.event, Event::EpisodeRecorded { .. }))
        .count();
    let all = m.episodes.len();
    let episodes: Vec<String> = (all.saturating_sub(recorded)..all).map(|i| format!("e{i}")).collect();
    json!({
        "session": session,
        "turns_stored": turns,
        "events": records.len(),
        "head": records.last().map(|r| r.seq.0),
        "new_facts": episodes,
        "firings": firings,
    })
}

/// `recall`'s result: the context items (each fact and conclusion with its item id), the answer.
pub fn recalled(m: &Memory, answer: &Answer) -> Value {
    let mut v = answer.context.to_json();
    if let Some(items) = v.get_mut("items").and_then(Value::as_array_mut) {
        for (value, item) in items.iter_mut().zip(&answer.context.items) {
            if let Some(id) = item_id(m, item) {
                value["item"] = json!(id.to_string());
            }
        }
    }
    v["answer"] = json!(answer.text);
    v["support"] = json!(answer.support);
    v["person"] = json!(answer.person);
    v
}

/// The id of a fact or conclusion in a context.
fn item_id(m: &Memory, item: &rgmem::retrieval::Item) -> Option<ItemRef> {
    use rgmem::retrieval::Layer;
    let [episode] = item.provenance.episodes.as_slice() else {
        return None;
    };
    match item.layer {
        Layer::Fact => Some(ItemRef::Fact { episode: *episode }),
        Layer::Conclusion => m
            .episodes
            .get(episode.index())?
            .conclusions()
            .position(|(c, _)| c == item.text)
            .map(|i| ItemRef::Conclusion {
                episode: *episode,
                index: rgmem::ids::saturating_u32(i),
            }),
        _ => None,
    }
}

/// One concept's Σ/Δ, typed, with item ids; for a person, also the concepts that have one.
pub fn profile(m: &Memory, c: ConceptId) -> Value {
    let node = m.concept(c);
    let bullets: Vec<Value> = node
        .sigma
        .bullets
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let index = rgmem::ids::saturating_u32(i);
            json!({
                "item": ItemRef::Sigma { concept: c, index }.to_string(),
                "branch": b.branch,
                "text": b.text,
                "mentions": b.mentions.iter().map(|x| json!({"text": x.text, "date": x.date})).collect::<Vec<_>>(),
                "turns": b.turns.iter().map(ToString::to_string).collect::<Vec<_>>(),
            })
        })
        .collect();
    let items: Vec<Value> = m
        .delta_items(c)
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let index = rgmem::ids::saturating_u32(i);
            json!({
                "item": ItemRef::Delta { concept: c, index }.to_string(),
                "branch": d.group,
                "tag": d.tag,
                "text": d.text,
                "date": d.date,
                "status": d.status.word(),
                "status_date": d.status_date,
                "turns": d.turns.iter().map(ToString::to_string).collect::<Vec<_>>(),
            })
        })
        .collect();
    let mut v = json!({
        "concept": c.to_string(),
        "name": node.name,
        "path": m.path_of(c).join(" / "),
        "level": format!("{:?}", node.level),
        "person": m.concept(node.person).name,
        "sigma": {"overview": node.sigma.overview, "bullets": bullets},
        "delta": {"items": items},
        "corrections": corrections(m, |k| k.item.concept() == Some(c)),
    });
    if node.parent.is_none() {
        let with: Vec<Value> = m
            .concepts
            .iter()
            .filter(|n| n.person == c && n.id != c && !(n.sigma.is_empty() && n.delta.is_empty()))
            .map(|n| json!({"concept": n.id.to_string(), "path": m.path_of(n.id).join(" / "), "sigma_bullets": n.sigma.bullets.len(), "delta_items": n.delta.items.len()}))
            .collect();
        v["concepts_with_profiles"] = json!(with);
        v["corrections"] = corrections(m, |k| match k.item {
            ItemRef::Fact { episode } | ItemRef::Conclusion { episode, .. } => {
                m.episodes.get(episode.index()).is_some_and(|e| e.person == c)
            }
            ItemRef::Sigma { concept, .. } | ItemRef::Delta { concept, .. } => {
                m.concepts.get(concept.index()).is_some_and(|n| n.person == c)
            }
        });
    }
    v
}

/// The active corrections `keep` selects.
fn corrections(m: &Memory, keep: impl Fn(&Correction) -> bool) -> Value {
    Value::Array(m.active_corrections().filter(|k| keep(k)).map(correction).collect())
}

fn correction(k: &Correction) -> Value {
    json!({
        "correction": k.id.to_string(),
        "item": k.item.to_string(),
        "kind": k.item.noun(),
        "status": if k.retires() { "retired" } else { "replaced" },
        "was": k.was,
        "text": k.text,
        "reason": k.reason,
    })
}

/// `history`'s result.
pub fn history(m: &Memory, subject: Subject, firings: &[Firing]) -> Value {
    let (name, concept) = match subject {
        Subject::Concept(c) => (m.path_of(c).join(" / "), Some(c)),
        Subject::Relation(r) => (m.relation_name(r), None),
    };
    let entries: Vec<Value> = firings
        .iter()
        .map(|f| {
            json!({
                "seq": f.seq.0,
                "kind": f.kind.label(),
                "operator": f.operator.label(),
                "target": f.target,
                "trigger": f.trigger.as_ref().map(rgmem::event::Trigger::words),
                "evidence": f.evidence.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "before": f.before.text(),
                "after": f.after.text(),
            })
        })
        .collect();
    json!({
        "subject": name,
        "entries": entries,
        "corrections": corrections(m, |k| concept.is_some() && k.item.concept() == concept),
    })
}

/// `correct`'s and `undo_correction`'s result.
pub fn corrected(m: &Memory, records: &[EventRecord]) -> Value {
    let mut out = Vec::new();
    for r in records {
        match &r.event {
            Event::ItemCorrected {
                correction: id, quoted, ..
            } => {
                if let Some(k) = m.corrections.get(id) {
                    let mut v = correction(k);
                    v["seq"] = json!(r.seq.0);
                    v["hidden_turns"] = json!(quoted.iter().map(ToString::to_string).collect::<Vec<_>>());
                    out.push(v);
                }
            }
            Event::CorrectionUndone { correction: id } => {
                out.push(json!({"undone": id.to_string(), "seq": r.seq.0}));
            }
            _ => {}
        }
    }
    match <[Value; 1]>::try_from(out) {
        Ok([one]) => one,
        Err(many) => Value::Array(many),
    }
}
