//! Context assembly: runs a plan against the memory at one seq and builds the items, with the
//! paper's budgets (top-5 facts, top-30 conclusions, ≤3 concepts at cosine ≥ 0.5), relation
//! summaries for `inference` and raw turns for `history` and as the evidence behind L0 items.

use super::context::{Context, Item, Layer, Provenance, Scores};
use super::embed::{self, cosine};
use super::index::{self, DocKind, Hit, Lineage};
use super::pack::{self, Facets};
use super::{Budgets, Plan};
use crate::error::{Error, Result};
use crate::ids::{ConceptId, EpisodeId, Seq, TurnId};
use crate::log::Log;
use crate::memory::{Level, Memory};
use crate::model::Model;
use crate::model::parse::Retrieve;
use crate::text::{content_words, entity_key, words};
use std::collections::{HashMap, HashSet};

/// Weight of an L0 item about someone other than the person the question names.
const OTHER_PERSON: f64 = 0.6;
/// Weight of a segment's other turns, relative to the turn an item was taken from.
const SEGMENT: f64 = 0.5;
/// The part of a segment turn's weight that does not depend on its resemblance to the question.
const SEGMENT_BASE: f64 = 0.25;
/// Reciprocal rank fusion's constant: a turn ranked r in a list adds 1 / (RRF_K + r).
const RRF_K: f64 = 10.0;
/// Value of the best fact relative to the best turn (1): packing spends tokens on a fact only
/// where it carries more per token than the turns it would displace.
const FACT_VALUE: f64 = 0.2;
/// Value of the best conclusion.
const CONCLUSION_VALUE: f64 = 0.1;
/// Value of a concept's Σ/Δ per unit of cosine to the plan's graph targets.
const CONCEPT_VALUE: f64 = 0.5;
/// Most gathered mentions in the item that lists them across a person's concepts.
const GATHERED: usize = 8;
/// Value of that item.
const GATHERED_VALUE: f64 = 0.4;
/// Most activities in the item that lists a person's most mentioned ones.
const ACTIVITIES: usize = 12;
/// Value of a relation summary per unit of cosine.
const RELATION_VALUE: f64 = 0.4;
/// Weight of the turn-level list ranked by the question's own words, against 1 for the list
/// ranked by the plan's keywords and their synonyms.
const ASKED: f64 = 2.0;
/// Weight of the turns next to a turn-level hit in its segment (a question's answer is often
/// the next turn).
const NEIGHBOUR: f64 = 0.5;

/// An L0 item or relation mention whose turns are candidates.
struct Source {
    episode: EpisodeId,
    value: f64,
    why: String,
    /// The turns the item's text was taken from.
    direct: Vec<TurnId>,
}

/// The plan's keywords without the people's names, which every item about a person holds.
fn without_names(m: &Memory, plan: &Plan) -> Vec<String> {
    let names: Vec<String> = m.roots().map(|r| entity_key(&r.name)).collect();
    plan.keywords()
        .into_iter()
        .filter(|k| !names.contains(&entity_key(k)))
        .collect()
}

/// Retrieval over the memory at one seq of one log.
pub struct Retriever<'a> {
    log: &'a Log,
    memory: &'a Memory,
    lineage: Lineage,
    /// Relations each episode mentioned, for provenance.
    episode_relations: Vec<Vec<crate::ids::RelationId>>,
}

impl<'a> Retriever<'a> {
    /// Brings the keyword index up to date and reads the branch of `at`, whose memory is `memory`.
    pub fn new(log: &'a Log, memory: &'a Memory, at: Seq) -> Result<Self> {
        let lineage = Lineage::of(log, at)?;
        if lineage.len() != memory.episodes.len() {
            return Err(Error::MemoryNotAt {
                at,
                memory: memory.episodes.len(),
                log: lineage.len(),
            });
        }
        index::sync(log.connection(), &lineage, memory)?;
        let mut episode_relations = vec![Vec::new(); memory.episodes.len()];
        for r in &memory.relations {
            for e in &r.episodes {
                if let Some(v) = episode_relations.get_mut(e.index()) {
                    v.push(r.id);
                }
            }
        }
        Ok(Self {
            log,
            memory,
            lineage,
            episode_relations,
        })
    }

    /// Retrieves the context for a question.
    pub fn retrieve(&self, question: &str, plan: Plan, budgets: &Budgets, model: &mut dyn Model) -> Result<Context> {
        let m = self.memory;
        let person = person_in(m, question);
        let root = person
            .as_ref()
            .and_then(|p| m.roots().find(|r| &r.name == p).map(|r| r.id));
        let names: Vec<String> = m.roots().map(|r| entity_key(&r.name)).collect();
        let keywords = without_names(m, &plan);
        let without = budgets.without;
        let mut items = Vec::new();
        let mut sources: Vec<Source> = Vec::new();
        // Two turn-level lists: the plan's keywords (with their synonyms), and the question's
        // own words, which rank the turn that says what was asked without the synonyms' noise.
        let asked: Vec<String> = content_words(question)
            .into_iter()
            .filter(|w| !names.contains(&entity_key(w)))
            .collect();
        let mut turn_hits: Vec<Vec<(TurnId, EpisodeId)>> = Vec::new();
        for list in [&keywords, &asked] {
            let Some(expr) = index::match_expr(list).filter(|_| !without.contains(Layer::Turn)) else {
                continue;
            };
            let conn = self.log.connection();
            let hits = self.ranked(
                index::search(conn, &self.lineage, &expr, DocKind::Turn, budgets.turns)?,
                root,
            );
            turn_hits.push(
                hits.into_iter()
                    .filter_map(|(hit, _)| m.episode(hit.episode).turns.get(hit.item).map(|t| (*t, hit.episode)))
                    .collect(),
            );
        }
        if let Some(expr) = index::match_expr(&keywords).filter(|_| !without.contains(Layer::Fact)) {
            let conn = self.log.connection();
            let facts = self.ranked(
                index::search(
                    conn,
                    &self.lineage,
                    &expr,
                    DocKind::Fact,
                    budgets.facts.max(budgets.turn_sources) * 4,
                )?,
                root,
            );
            for (rank, (hit, value)) in facts
                .into_iter()
                .take(budgets.facts.max(budgets.turn_sources))
                .enumerate()
            {
                let e = m.episode(hit.episode);
                sources.push(Source {
                    episode: e.id,
                    value,
                    why: format!("fact of {}", e.id),
                    direct: self.quoted_turns(e.id, &format!("{} {}", e.fact, keywords.join(" ")), 2),
                });
                if rank >= budgets.facts {
                    continue;
                }
                // The fact's date, so a "when" question finds it beside the fact.
                let text = e
                    .time
                    .map_or_else(|| e.fact.clone(), |t| format!("[{}] {}", t.human_date(), e.fact));
                items.push(Item::new(
                    Layer::Fact,
                    text,
                    Scores {
                        bm25: Some(hit.bm25),
                        cosine: None,
                    },
                    value * FACT_VALUE,
                    format!("BM25 match of the plan's keywords in the fact of episode {}", e.id),
                    self.episode_provenance(&[e.id]),
                ));
            }
        }
        if let Some(expr) = index::match_expr(&keywords).filter(|_| !without.contains(Layer::Conclusion)) {
            let conn = self.log.connection();
            let concl = self.ranked(
                index::search(conn, &self.lineage, &expr, DocKind::Conclusion, budgets.conclusions * 2)?,
                root,
            );
            for (hit, value) in concl.into_iter().take(budgets.conclusions) {
                let e = m.episode(hit.episode);
                let Some((text, _)) = e.conclusions().nth(hit.item) else {
                    continue;
                };
                sources.push(Source {
                    episode: e.id,
                    value: value * 0.9,
                    why: format!("conclusion of {}", e.id),
                    direct: self.quoted_turns(e.id, text, 1),
                });
                items.push(Item::new(
                    Layer::Conclusion,
                    text.to_string(),
                    Scores {
                        bm25: Some(hit.bm25),
                        cosine: None,
                    },
                    value * CONCLUSION_VALUE,
                    format!("BM25 match of the plan's keywords in a conclusion of episode {}", e.id),
                    self.episode_provenance(&[e.id]),
                ));
            }
        }
        self.graph_items(&plan, root, budgets, model, &mut items, &mut sources);
        if !without.contains(Layer::Turn) {
            self.turn_items(&keywords, root, budgets, &sources, &turn_hits, &mut items);
        }
        items.sort_by_key(|i| i.layer);
        let trimmed = budgets.tokens.map_or(0, |b| {
            let facets = self.facets(&items, &keywords);
            pack::pack(&mut items, &facets, b)
        });
        Ok(Context {
            question: question.to_string(),
            plan,
            items,
            person,
            trimmed,
        })
    }

    /// Hits re-weighted for the question's person and normalised to the best one (0..1].
    fn ranked(&self, hits: Vec<Hit>, root: Option<ConceptId>) -> Vec<(Hit, f64)> {
        let mut scored: Vec<(Hit, f64)> = hits
            .into_iter()
            .map(|h| {
                let own = root.is_none_or(|r| self.memory.episode(h.episode).person == r);
                let w = if own { 1.0 } else { OTHER_PERSON };
                (h, h.bm25.max(1e-9) * w)
            })
            .collect();
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        let top = scored.first().map_or(1.0, |s| s.1).max(1e-12);
        scored.into_iter().map(|(h, s)| (h, s / top)).collect()
    }

    /// Concepts (Σ/Δ) by cosine, relation summaries for `inference`, and relation evidence for `history`.
    fn graph_items(
        &self,
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
        for (c, cos) in picked.into_iter().take(budgets.concepts) {
            let node = m.concept(c);
            // Only the Σ/Δ bullets and gathered mentions that hold a keyword, so the item is
            // worth its tokens.
            let text = super::concept_text::concept_text(&m.path_of(c).join(" / "), &node.sigma, &node.delta, keywords);
            let mut prov = self.episode_provenance(&node.episodes.iter().copied().collect::<Vec<_>>());
            prov.concepts = vec![c];
            prov.relations.clone_from(&node.relations);
            items.push(Item::new(
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
            ));
        }
        // The person's gathered mentions that hold a keyword, across concepts: one dense item for
        // a question whose answer is spread over sessions.
        if !concepts.is_empty() {
            let texts: Vec<&str> = concepts
                .iter()
                .map(|c| m.concept(*c).sigma.as_str())
                .chain(relations.iter().map(|r| m.relation(*r).summary.as_str()))
                .collect();
            let found = super::concept_text::gathered_mentions(&texts, keywords, GATHERED);
            let who = root.map(|r| m.concept(r).name.clone());
            let prov = Provenance {
                concepts: concepts.clone(),
                ..Provenance::default()
            };
            if found.len() >= 2 {
                items.push(Item::new(
                    Layer::Concept,
                    format!(
                        "{}{}.",
                        who.as_ref().map_or_else(String::new, |w| format!("{w}: ")),
                        found.join("; ")
                    ),
                    Scores::default(),
                    GATHERED_VALUE,
                    format!(
                        "{} mentions gathered in Σ and relation summaries hold a keyword",
                        found.len()
                    ),
                    prov,
                ));
            } else if let Some(who) = who {
                // No gathered mention holds a keyword ("what activities does X do"): the person's
                // most mentioned activities answer it.
                let mut targets: Vec<(u32, String)> = m
                    .relations
                    .iter()
                    .filter(|r| on_person(r.source) && r.total_mentions > 1)
                    .map(|r| (r.total_mentions, m.concept(r.target).name.clone()))
                    .collect();
                targets.sort_by_key(|t| std::cmp::Reverse(t.0));
                let mut names: Vec<String> = Vec::new();
                for (_, n) in targets {
                    if !names.iter().any(|k| entity_key(k) == entity_key(&n)) && names.len() < ACTIVITIES {
                        names.push(n);
                    }
                }
                if names.len() >= 2 {
                    items.push(Item::new(
                        Layer::Concept,
                        format!("{who}'s most mentioned activities: {}.", names.join(", ")),
                        Scores::default(),
                        GATHERED_VALUE * 0.5,
                        "the person's most mentioned activities (no gathered mention holds a keyword)".to_string(),
                        prov,
                    ));
                }
            }
        }
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
                let summary: Vec<&str> = rel.summary.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
                items.push(Item::new(
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
                ));
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

    /// Raw turns, ranked by reciprocal rank fusion of two lists: the turn level (the turns' own
    /// BM25 rank, with their segment neighbours at half weight) and the segment level (the rank
    /// of the fact, conclusion or relation mention whose segment holds them; the turn an item
    /// was taken from at full weight, the rest of the segment as much as it resembles the
    /// question). A turn the question's person did not say weighs less.
    fn turn_items(
        &self,
        keywords: &[String],
        root: Option<ConceptId>,
        budgets: &Budgets,
        sources: &[Source],
        turn_hits: &[Vec<(TurnId, EpisodeId)>],
        items: &mut Vec<Item>,
    ) {
        let m = self.memory;
        let query = embed::builtin(&keywords.join(" "));
        let speaker_of_root: Option<&str> =
            root.and_then(|r| m.speakers.iter().find(|(_, c)| *c == r).map(|(s, _)| s.as_str()));
        let own = |t: TurnId| speaker_of_root.is_none_or(|s| s == m.turns[t.index()].speaker);
        let person = |t: TurnId| if own(t) { 1.0 } else { OTHER_PERSON };
        let mut cosines: HashMap<TurnId, f32> = HashMap::new();
        let mut rel = |t: TurnId| {
            *cosines
                .entry(t)
                .or_insert_with(|| cosine(&query, &embed::builtin(&m.turns[t.index()].text)))
        };
        // Best contribution per turn in each list, with the episode and reason that gave it.
        let mut turn_level: HashMap<TurnId, (f64, EpisodeId)> = HashMap::new();
        for (li, list) in turn_hits.iter().enumerate() {
            let lw = if li == 0 { 1.0 } else { ASKED };
            let mut best: HashMap<TurnId, (f64, EpisodeId)> = HashMap::new();
            for (rank, (t, e)) in list.iter().enumerate() {
                let rrf = 1.0 / (RRF_K + rank as f64);
                let ep = m.episode(*e);
                let pos = ep.turns.iter().position(|x| x == t).unwrap_or(0);
                let around = [pos.checked_sub(1), Some(pos), pos.checked_add(1)];
                for (i, p) in around.into_iter().enumerate() {
                    let Some(n) = p.and_then(|p| ep.turns.get(p)) else {
                        continue;
                    };
                    let w = if i == 1 { 1.0 } else { NEIGHBOUR };
                    let score = lw * rrf * w * person(*n);
                    let entry = best.entry(*n).or_insert((0.0, *e));
                    if score > entry.0 {
                        *entry = (score, *e);
                    }
                }
            }
            for (t, (score, e)) in best {
                turn_level.entry(t).or_insert((0.0, e)).0 += score;
            }
        }
        let mut order: Vec<&Source> = sources.iter().collect();
        order.sort_by(|a, b| b.value.total_cmp(&a.value));
        let mut segment_level: HashMap<TurnId, (f64, EpisodeId, &str)> = HashMap::new();
        for (rank, src) in order.iter().enumerate() {
            let rrf = 1.0 / (RRF_K + rank as f64);
            for t in &m.episode(src.episode).turns {
                let w = if src.direct.contains(t) {
                    1.0
                } else {
                    SEGMENT * (SEGMENT_BASE + f64::from(rel(*t)))
                };
                let score = rrf * w * person(*t);
                let entry = segment_level.entry(*t).or_insert((0.0, src.episode, src.why.as_str()));
                if score > entry.0 {
                    *entry = (score, src.episode, src.why.as_str());
                }
            }
        }
        let mut fused: HashMap<TurnId, (f64, EpisodeId, String)> = HashMap::new();
        for (t, (score, e)) in &turn_level {
            fused.insert(
                *t,
                (*score, *e, "turn-level BM25 match of the plan's keywords".to_string()),
            );
        }
        for (t, (score, e, why)) in &segment_level {
            let entry = fused.entry(*t).or_insert((0.0, *e, String::new()));
            entry.0 += score;
            entry.2 = if entry.2.is_empty() {
                format!("evidence of the {why}")
            } else {
                format!("{} and evidence of the {why}", entry.2)
            };
        }
        let mut ranked: Vec<(TurnId, (f64, EpisodeId, String))> = fused.into_iter().collect();
        ranked.sort_by(|a, b| b.1.0.total_cmp(&a.1.0).then(a.0.cmp(&b.0)));
        ranked.truncate(budgets.turns);
        let top = ranked.first().map_or(1.0, |r| r.1.0).max(1e-12);
        ranked.sort_by_key(|(t, _)| *t);
        for (t, (score, e, why)) in ranked {
            let turn = &m.turns[t.index()];
            let mut prov = self.episode_provenance(&[e]);
            prov.turns = vec![t];
            prov.source_refs = turn.source_ref.iter().cloned().collect();
            items.push(
                Item::new(
                    Layer::Turn,
                    turn_line(m, t),
                    Scores {
                        bm25: None,
                        cosine: Some(rel(t)),
                    },
                    0.9 * score / top,
                    format!("turn {t}: {why}"),
                    prov,
                )
                .in_group(turn_group(m, t)),
            );
        }
    }

    /// What packing needs of each item: the plan's keywords it holds (weighted by how rare they
    /// are among the items) and its session.
    fn facets(&self, items: &[Item], keywords: &[String]) -> Vec<Facets> {
        let m = self.memory;
        let keys: Vec<String> = keywords
            .iter()
            .flat_map(|k| content_words(k))
            .map(|w| crate::stem::stem(&w))
            .collect::<HashSet<_>>()
            .into_iter()
            .collect();
        let held: Vec<HashSet<String>> = items
            .iter()
            .map(|i| {
                let stems: HashSet<String> = words(&i.text).map(|w| crate::stem::stem(&w)).collect();
                keys.iter().filter(|k| stems.contains(*k)).cloned().collect()
            })
            .collect();
        let n = items.len() as f64;
        let weight = |k: &str| {
            let df = held.iter().filter(|h| h.contains(k)).count() as f64;
            (1.0 + n / (1.0 + df)).ln()
        };
        items
            .iter()
            .zip(&held)
            .map(|(i, h)| Facets {
                brief: match i.layer {
                    Layer::Turn => i.provenance.turns.first().and_then(|t| brief(m, *t, &keys)),
                    _ => None,
                },
                keywords: h.iter().map(|k| (k.clone(), weight(k))).collect(),
                session: match i.layer {
                    Layer::Turn | Layer::Fact | Layer::Conclusion => {
                        i.provenance.turns.first().map(|t| m.turns[t.index()].session)
                    }
                    Layer::Concept | Layer::Relation => None,
                },
            })
            .collect()
    }

    /// The turns of an episode's person that a derived text was taken from: those sharing the
    /// most content words with it (at most `n`, at least one shared word).
    fn quoted_turns(&self, e: EpisodeId, text: &str, n: usize) -> Vec<TurnId> {
        let m = self.memory;
        let ep = m.episode(e);
        let wanted: HashSet<String> = content_words(text).into_iter().collect();
        let mut scored: Vec<(usize, TurnId)> = ep
            .turns
            .iter()
            .filter(|t| m.person_for(&m.turns[t.index()].speaker) == Some(ep.person))
            .map(|t| {
                let have: HashSet<String> = content_words(&m.turns[t.index()].text).into_iter().collect();
                (wanted.intersection(&have).count(), *t)
            })
            .filter(|(n, _)| *n > 0)
            .collect();
        scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.into_iter().take(n).map(|(_, t)| t).collect()
    }

    fn episode_provenance(&self, episodes: &[EpisodeId]) -> Provenance {
        let m = self.memory;
        let mut turns: Vec<TurnId> = episodes
            .iter()
            .flat_map(|e| m.episode(*e).turns.iter().copied())
            .collect();
        turns.sort_unstable();
        turns.dedup();
        let source_refs = turns
            .iter()
            .filter_map(|t| m.turns[t.index()].source_ref.clone())
            .collect();
        let mut relations = Vec::new();
        let mut concepts = Vec::new();
        for e in episodes {
            for r in self.episode_relations.get(e.index()).into_iter().flatten() {
                if relations.contains(r) {
                    continue;
                }
                relations.push(*r);
                let rel = m.relation(*r);
                for c in [rel.owner, rel.target] {
                    if !concepts.contains(&c) {
                        concepts.push(c);
                    }
                }
            }
        }
        Provenance {
            concepts,
            relations,
            episodes: episodes.to_vec(),
            turns,
            source_refs,
        }
    }
}

/// A turn as a context line: speaker and text (its date is its group's header).
#[must_use]
pub fn turn_line(m: &Memory, t: TurnId) -> String {
    format!("{}: {}", speaker_name(m, t), m.turns[t.index()].text)
}

/// The header a turn shares with the other turns of its session: the session's date, or its
/// number when the turns carry no time.
#[must_use]
pub fn turn_group(m: &Memory, t: TurnId) -> String {
    let turn = &m.turns[t.index()];
    turn.time
        .map_or_else(|| format!("session {}", turn.session), |ts| ts.human_date())
}

fn speaker_name(m: &Memory, t: TurnId) -> String {
    let turn = &m.turns[t.index()];
    m.person_for(&turn.speaker)
        .map_or_else(|| turn.speaker.clone(), |r| m.concept(r).name.clone())
}

/// A turn cut to the sentences that hold one of the question's keyword stems, the gaps marked
/// "…"; `None` when every sentence (or none) holds one, so the brief would say nothing new.
fn brief(m: &Memory, t: TurnId, keys: &[String]) -> Option<String> {
    let sents = crate::text::sentences(&m.turns[t.index()].text);
    let holds: Vec<bool> = sents
        .iter()
        .map(|s| words(s).any(|w| keys.contains(&crate::stem::stem(&w))))
        .collect();
    if holds.iter().all(|h| *h) || !holds.iter().any(|h| *h) {
        return None;
    }
    let mut out = format!("{}:", speaker_name(m, t));
    let mut gap = false;
    for (s, h) in sents.iter().zip(&holds) {
        if *h {
            if gap {
                out.push_str(" …");
            }
            out.push(' ');
            out.push_str(s);
            gap = false;
        } else {
            gap = true;
        }
    }
    if gap {
        out.push_str(" …");
    }
    Some(out)
}

/// The tracked person a question names (first mention wins), matched on whole words.
#[must_use]
pub fn person_in(m: &Memory, question: &str) -> Option<String> {
    let toks: Vec<String> = words(question)
        .map(|w| w.strip_suffix("'s").map_or(w.clone(), str::to_string))
        .collect();
    let mut best: Option<(usize, String)> = None;
    for root in m.roots().filter(|r| r.level == Level::Root) {
        let first = words(&root.name).next().unwrap_or_default();
        if let Some(pos) = toks.iter().position(|t| *t == first)
            && best.as_ref().is_none_or(|(p, _)| pos < *p)
        {
            best = Some((pos, root.name.clone()));
        }
    }
    best.map(|(_, n)| n)
}
