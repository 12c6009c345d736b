//! UPDATE_GRAPH: entity paths become nodes, adjacent pairs with an activity or occurrence among
//! them become relations, and each relation an episode touches gets exactly one mention from it.

use crate::rules::words::nouns::CLASSIFICATION_LABELS;

use crate::event::Event;
use crate::ids::{ConceptId, EpisodeId, RelationId, saturating_u32};
use crate::memory::{BASE_CONCEPTS, Level};
use crate::model::parse::{PathNode, RelationTriple};
use crate::step::Step;
use crate::text::entity_key;

/// Adds the paths of one episode to the person's graph and records its mentions.
pub fn update(
    step: &mut Step<'_>,
    person: ConceptId,
    episode: EpisodeId,
    paths: &[Vec<PathNode>],
    triples: &[RelationTriple],
) {
    let mut mentioned: Vec<(RelationId, String)> = Vec::new();
    // Each triple's source and target keys, made once rather than once per edge looked up.
    let triple_keys: Vec<(String, String)> = triples
        .iter()
        .map(|r| (entity_key(&r.source), entity_key(&r.target)))
        .collect();
    for path in paths {
        let nodes = strip_root(step, person, path);
        let Some((first, rest)) = nodes.split_first() else {
            continue;
        };
        let (cur, rest) = match base_of(&first.name) {
            Some(base) => (base_node(step, person, base), rest),
            // A path that skips its base node still belongs somewhere: under the identity base.
            None => (base_node(step, person, BASE_CONCEPTS[0]), nodes),
        };
        let (mut cur, rest) = kept_place(step, person, cur, rest).unwrap_or((cur, rest));
        let mut seen_concrete = false;
        for node in rest {
            let name = node.name.trim();
            if name.is_empty() {
                continue;
            }
            let level = match (node.is_concrete(), seen_concrete) {
                (true, false) => Level::Activity,
                (_, true) => Level::Occurrence,
                (false, false) => Level::Abstract,
            };
            seen_concrete |= node.is_concrete();
            let id = match step.memory.find_concept(person, level, name) {
                Some(id) => id,
                None => {
                    step.emit(Event::concept_added(name, level, cur));
                    ConceptId(saturating_u32(step.memory.concepts.len() - 1))
                }
            };
            if id == cur {
                continue;
            }
            let is_relation =
                !step.memory.concept(cur).level.is_abstract() || !step.memory.concept(id).level.is_abstract();
            if is_relation {
                let rel = match step.memory.find_relation(cur, id) {
                    Some(r) => r,
                    None => {
                        step.emit(Event::RelationAdded {
                            source: cur,
                            target: id,
                        });
                        RelationId(saturating_u32(step.memory.relations.len() - 1))
                    }
                };
                if !mentioned.iter().any(|(r, _)| *r == rel) {
                    let label = label_for(step, episode, cur, id, triples, &triple_keys);
                    mentioned.push((rel, label));
                }
            }
            cur = id;
        }
    }
    for (relation, label) in mentioned {
        step.emit(Event::MentionRecorded {
            relation,
            episode,
            label,
        });
    }
}

/// A name keeps the place it was first filed in: a path that would file a known activity
/// under another concept ("spaCy" under Personal Goals, where it already sits under Technical
/// Skills) is walked from the activity's own parent instead, so its mentions gather on one
/// relation. `None` when the path's activity is new or already in its place.
fn kept_place<'p>(
    step: &Step<'_>,
    person: ConceptId,
    cur: ConceptId,
    rest: &'p [PathNode],
) -> Option<(ConceptId, &'p [PathNode])> {
    let at = rest.iter().position(PathNode::is_concrete)?;
    let node = rest.get(at)?;
    let known = step.memory.find_concept(person, Level::Activity, node.name.trim())?;
    let parent = step.memory.concept(known).parent?;
    let before = match at.checked_sub(1) {
        Some(j) => step
            .memory
            .find_concept(person, Level::Abstract, rest.get(j)?.name.trim()),
        None => Some(cur),
    };
    (before != Some(parent) && step.memory.concept(parent).level.is_abstract())
        .then(|| (parent, rest.get(at..).unwrap_or_default()))
}

fn strip_root<'p>(step: &Step<'_>, person: ConceptId, path: &'p [PathNode]) -> &'p [PathNode] {
    let root = entity_key(&step.memory.concept(person).name);
    match path.split_first() {
        Some((first, rest))
            if matches!(entity_key(&first.name).as_str(), "user") || entity_key(&first.name) == root =>
        {
            rest
        }
        _ => path,
    }
}

fn base_of(name: &str) -> Option<&'static str> {
    let key = entity_key(name);
    BASE_CONCEPTS.iter().copied().find(|b| entity_key(b) == key)
}

fn base_node(step: &Step<'_>, person: ConceptId, base: &str) -> ConceptId {
    step.memory
        .concept(person)
        .children
        .iter()
        .copied()
        .find(|c| step.memory.concept(*c).name == base)
        .unwrap_or(person)
}

fn label_for(
    step: &Step<'_>,
    episode: EpisodeId,
    source: ConceptId,
    target: ConceptId,
    triples: &[RelationTriple],
    triple_keys: &[(String, String)],
) -> String {
    let (s, t) = (&step.memory.concept(source).name, &step.memory.concept(target).name);
    let (sk, tk) = (entity_key(s), entity_key(t));
    let generative = step.generative();
    let label = triples
        .iter()
        .zip(triple_keys)
        .find(|(_, (rs, rt))| *rs == sk && *rt == tk)
        .map(|(r, _)| r.relationship.trim().to_string())
        .filter(|l| !l.is_empty())
        .filter(|l| !generative || is_snapshot(l, &tk));
    if let Some(label) = label {
        return label;
    }
    // No event snapshot from a language model: the episode's own sentence about the target.
    if generative && let Some(sentence) = fact_sentence(&step.memory.episode(episode).fact, t) {
        return sentence;
    }
    // No label from the model: a plain one, naming the person as every prompt does.
    format!(
        "{} engages in {t}",
        step.memory.concept(step.memory.concept(source).person).name
    )
}

/// Whether a model's label is an event snapshot: a few words about what happened, not a
/// classification label or the target's own name.
fn is_snapshot(label: &str, target_key: &str) -> bool {
    let key = entity_key(label);
    key.split(' ').count() >= 3 && !CLASSIFICATION_LABELS.contains(&key.as_str()) && key != target_key
}

/// The sentence of an episode's fact that shares the most words with `target` (the first
/// sentence when none does), as a relation label.
fn fact_sentence(fact: &str, target: &str) -> Option<String> {
    let wanted = super::canon::content_roots(target);
    let sentences = crate::text::sentences(fact);
    let hits = |s: &String| {
        let roots: Vec<String> = crate::text::words(s).map(|w| super::canon::root(&w)).collect();
        wanted.iter().filter(|w| roots.contains(w)).count()
    };
    let best = sentences.iter().rev().max_by_key(|s| hits(s))?;
    let best = best.trim();
    (!best.is_empty()).then(|| best.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classification_labels_and_bare_names_are_not_event_snapshots() {
        assert!(is_snapshot("Rowan swims forty lengths at the city pool", "swimming"));
        for generic in ["has subclass", "Has profile in", "event", "Swimming", "swims daily"] {
            assert!(!is_snapshot(generic, "swimming"), "{generic}");
        }
    }

    fn path(names: &[(&str, bool)]) -> Vec<PathNode> {
        names
            .iter()
            .map(|(name, concrete)| PathNode {
                name: (*name).into(),
                kind: if *concrete { "event" } else { "abstract" }.into(),
            })
            .collect()
    }

    /// The activities filed under `sub` (by name), as `show` lists them.
    fn under(m: &crate::memory::Memory, sub: &str) -> Vec<String> {
        m.relations
            .iter()
            .filter(|r| m.concept(r.source).name == sub)
            .map(|r| m.concept(r.target).name.clone())
            .collect()
    }

    #[test]
    fn a_name_keeps_the_place_it_was_first_filed_in() {
        let mut m = crate::memory::Memory::new();
        m.apply(&Event::person_tracked("Alex", "user"));
        let person = ConceptId(0);
        let mut model = crate::rules::OfflineModel;
        for (i, sub) in ["Technical Skills", "Personal Goals", "Technical Skills"]
            .iter()
            .enumerate()
        {
            let mut step = Step::new(&mut m, &mut model, false);
            step.emit(Event::EpisodeRecorded {
                person,
                turns: vec![],
                fact: format!("Alex uses spaCy ({i})."),
                base_conclusions: vec![],
                salient_conclusions: vec![],
                time: None,
                session: 1,
            });
            let episode = EpisodeId(saturating_u32(step.memory.episodes.len() - 1));
            let base = if *sub == "Personal Goals" {
                "Goals and Plans"
            } else {
                "Work and Study"
            };
            let paths = [path(&[("User", false), (base, false), (sub, false), ("spaCy", true)])];
            update(&mut step, person, episode, &paths, &[]);
        }
        assert_eq!(under(&m, "Technical Skills"), ["spaCy"]);
        assert!(
            under(&m, "Personal Goals").is_empty(),
            "{:?}",
            under(&m, "Personal Goals")
        );
        let spacy = m.find_concept(person, Level::Activity, "spaCy").expect("filed");
        let relation = m
            .concept(spacy)
            .parent
            .and_then(|p| m.find_relation(p, spacy))
            .expect("placed");
        assert_eq!(
            m.relation(relation).total_mentions,
            3,
            "every mention gathers on one relation"
        );
        // A new name is filed where its path says.
        let mut step = Step::new(&mut m, &mut model, false);
        let paths = [path(&[
            ("User", false),
            ("Goals and Plans", false),
            ("Personal Goals", false),
            ("Marathon", true),
        ])];
        update(&mut step, person, EpisodeId(0), &paths, &[]);
        assert_eq!(under(&m, "Personal Goals"), ["Marathon"]);
    }

    #[test]
    fn the_fallback_label_is_the_fact_sentence_about_the_target() {
        let fact = "On 2024-04-20 Rowan fell off his bike. The doctor says no swimming for six weeks.";
        assert_eq!(
            fact_sentence(fact, "Swimming Laps").as_deref(),
            Some("The doctor says no swimming for six weeks.")
        );
        assert_eq!(
            fact_sentence(fact, "Reading").as_deref(),
            Some("On 2024-04-20 Rowan fell off his bike.")
        );
        assert_eq!(fact_sentence("", "Reading"), None);
    }
}
