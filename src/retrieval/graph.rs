//! The graph's items for a question: concept Σ/Δ by cosine to the plan's graph targets, relation
//! summaries for `inference`, and the segments of matching relations as turn sources for `history`.

use super::assemble::{Retriever, Source};
use super::context::{Item, Layer, Scores};
use super::embed::{self, cosine};
use super::{Budgets, Plan};
use crate::ids::ConceptId;
use crate::memory::Memory;
use crate::model::parse::Retrieve;
use crate::model::{Model, Profile, ProfileBullet, Shows, Told};
use crate::text::entity_key;

/// Value of a concept's Σ/Δ per unit of cosine to the plan's graph targets. A concept's prose
/// holds few answer words that the turns do not (on the dev split at 1,000 tokens, 0.02–0.16
/// answer words per 1,000 tokens found nowhere else in the context, against 0.25–0.5 for turns),
/// so at a tight budget it goes in after the densest turns; the person's own words, stance and
/// instances carry their own values. With room, every picked concept still goes in.
const CONCEPT_VALUE: f64 = 0.15;
/// Value of a relation summary per unit of cosine.
const RELATION_VALUE: f64 = 0.4;

/// The plan's keywords without the people's names, which every item about a person holds.
fn without_names(m: &Memory, plan: &Plan) -> Vec<String> {
    let names: Vec<String> = m.roots().map(|r| entity_key(&r.name)).collect();
    plan.keywords()
        .into_iter()
        .filter(|k| !names.contains(&entity_key(k)))
        .collect()
}

impl Retriever<'_> {
    /// Concepts (Σ/Δ) by cosine, relation summaries for `inference`, and relation evidence for `history`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn graph_items(
        &self,
        question: &str,
        plan: &Plan,
        root: Option<ConceptId>,
        budgets: &Budgets,
        model: &mut dyn Model,
        items: &mut Vec<Item>,
        sources: &mut Vec<Source>,
    ) {
        let m = self.memory;
        let keywords = &without_names(m, plan);
        let mut targets: Vec<String> = plan.elite().map(|i| i.name.clone()).collect();
        if targets.is_empty() {
            targets = plan.keywords().into_iter().take(3).collect();
        }
        if targets.is_empty() {
            return;
        }
        let on_person = |c: ConceptId| root.is_none_or(|r| m.concept(c).person == r);
        let without = budgets.without;
        let concepts: Vec<ConceptId> = m
            .concepts
            .iter()
            .filter(|_| !without.contains(Layer::Concept))
            .filter(|c| c.level.is_abstract() && !(c.sigma.is_empty() && c.delta.is_empty()) && on_person(c.id))
            .map(|c| c.id)
            .collect();
        let relations: Vec<_> = m
            .relations
            .iter()
            .filter(|_| !without.contains(Layer::Relation))
            .filter(|r| on_person(r.source) && (r.total_mentions > 0))
            .map(|r| r.id)
            .collect();
        let mut texts = targets.clone();
        texts.extend(concepts.iter().map(|c| m.concept(*c).name.clone()));
        texts.extend(relations.iter().map(|r| m.concept(m.relation(*r).target).name.clone()));
        let (vectors, _) = embed::embed(model, &texts);
        let (queries, rest) = vectors.split_at(targets.len());
        let (concept_vecs, relation_vecs) = rest.split_at(concepts.len());
        let best = |v: &[f32]| queries.iter().map(|q| cosine(q, v)).fold(0.0f32, f32::max);
        let mut picked: Vec<(ConceptId, f32)> = concepts
            .iter()
            .zip(concept_vecs)
            .map(|(c, v)| (*c, best(v)))
            .filter(|(_, cos)| *cos >= budgets.min_cosine)
            .collect();
        picked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        // Each gathered clause once: a parent concept's Σ holds its child's bullets, and the
        // list of the person's gathered mentions the concepts' own.
        let mut seen = super::concept_text::Seen::default();
        let mut near: Vec<String> = targets.clone();
        for (c, cos) in picked.into_iter().take(budgets.concepts) {
            near.push(m.concept(c).name.clone());
            let node = m.concept(c);
            // Only the Σ/Δ bullets and gathered mentions that hold a keyword and no item before
            // carries, so the item is worth its tokens.
            let path = m.path_of(c).join(" / ");
            let (text, kept) =
                super::concept_text::concept_text_unseen(&path, &node.sigma, &node.delta, keywords, &mut seen);
            if text == format!("{path}:") {
                continue;
            }
            let mut prov = self.episode_provenance(&node.episodes.iter().copied().collect::<Vec<_>>());
            prov.concepts = vec![c];
            prov.relations.clone_from(&node.relations);
            items.push(
                Item::new(
                    Layer::Concept,
                    text,
                    Scores {
                        bm25: None,
                        cosine: Some(cos),
                    },
                    f64::from(cos) * CONCEPT_VALUE,
                    format!(
                        "concept {} is within cosine {cos:.2} of a planned graph target",
                        node.name
                    ),
                    prov,
                )
                .showing(Shows::Profile(kept)),
            );
        }
        // The person's gathered mentions that hold a keyword, or the person's own activities.
        super::profile::person_items(m, root, question, &concepts, &relations, keywords, &near, &seen, items);
        let mut rels: Vec<(crate::ids::RelationId, f32)> = relations
            .iter()
            .zip(relation_vecs)
            .map(|(r, v)| (*r, best(v)))
            .filter(|(_, cos)| *cos >= budgets.min_cosine)
            .collect();
        rels.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        if plan.wants(&Retrieve::Inference) {
            for (r, cos) in rels
                .iter()
                .filter(|(r, _)| !m.relation(*r).summary.is_empty())
                .take(budgets.relations)
            {
                let rel = m.relation(*r);
                let mut prov = self.episode_provenance(&rel.episodes.iter().copied().collect::<Vec<_>>());
                prov.relations = vec![*r];
                prov.concepts = vec![rel.source, rel.target, rel.owner];
                let summary = rel.summary.render();
                let summary: Vec<&str> = summary.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
                // As data: the summary's sentences with its mentions, then its inferences. A
                // relation has no path: each sentence is about whom it names.
                let kept = Profile {
                    path: Vec::new(),
                    bullets: vec![
                        ProfileBullet {
                            text: rel.summary.fact.clone(),
                            told: rel.summary.mentions.iter().map(Told::of).collect(),
                            ..ProfileBullet::default()
                        },
                        ProfileBullet {
                            text: rel.summary.inferences.join(" "),
                            ..ProfileBullet::default()
                        },
                    ],
                };
                items.push(
                    Item::new(
                        Layer::Relation,
                        format!("{}: {}", m.relation_name(*r), summary.join(" ")),
                        Scores {
                            bm25: None,
                            cosine: Some(*cos),
                        },
                        f64::from(*cos) * RELATION_VALUE,
                        format!(
                            "relation {} matches a planned `inference` target (cosine {cos:.2})",
                            m.relation_name(*r)
                        ),
                        prov,
                    )
                    .showing(Shows::Profile(kept)),
                );
            }
        }
        if plan.wants(&Retrieve::History) {
            for (r, cos) in rels.iter().take(budgets.relations) {
                let rel = m.relation(*r);
                for e in rel.episodes.iter().rev().take(3) {
                    sources.push(Source {
                        episode: *e,
                        value: f64::from(*cos) * 0.7,
                        why: format!("mention of {}", m.relation_name(*r)),
                        direct: Vec::new(),
                    });
                }
            }
        }
    }
}
