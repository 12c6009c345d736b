//! Context assembly: runs a plan against the memory at one seq and builds the items, with the
//! paper's budgets (top-5 facts, top-30 conclusions, ≤3 concepts at cosine ≥ 0.5), relation
//! summaries for `inference` and raw turns for `history` and as the evidence behind L0 items.

use super::context::{Context, Item, Layer, Provenance, Scores};
use super::floor::Reserve;
use super::index::{self, DocKind, Hit, Lineage};
use super::long_turn::TurnHit;
use super::pack;
use super::{Budgets, Plan};
use crate::error::{Error, Result};
use crate::ids::{ConceptId, EpisodeId, Seq, TurnId};
use crate::log::EventStore;
use crate::memory::{Level, Memory};
use crate::model::{Model, Note, Shows};
use crate::text::{content_words, entity_key, words};
use std::collections::HashSet;

/// Weight of an L0 item about someone other than the person the question names.
pub(super) const OTHER_PERSON: f64 = 0.6;
/// Value of the best fact relative to the best turn (1): packing spends tokens on a fact only
/// where it carries more per token than the turns it would displace.
const FACT_VALUE: f64 = 0.2;
/// Value of the best conclusion.
const CONCLUSION_VALUE: f64 = 0.1;

/// An L0 item or relation mention whose turns are candidates.
pub(super) struct Source {
    pub(super) episode: EpisodeId,
    pub(super) value: f64,
    pub(super) why: String,
    /// The turns the item's text was taken from.
    pub(super) direct: Vec<TurnId>,
}

/// Retrieval over the memory at one seq of one log.
pub struct Retriever<'a> {
    pub(super) log: &'a dyn EventStore,
    pub(super) memory: &'a Memory,
    pub(super) lineage: Lineage,
    /// Relations each episode mentioned, for provenance.
    episode_relations: Vec<Vec<crate::ids::RelationId>>,
}

impl<'a> Retriever<'a> {
    /// Brings the keyword index up to date and reads the branch of `at`, whose memory is `memory`.
    pub fn new(log: &'a dyn EventStore, memory: &'a Memory, at: Seq) -> Result<Self> {
        let lineage = Lineage::of(log, at)?;
        if lineage.len() != memory.episodes.len() {
            return Err(Error::MemoryNotAt {
                at,
                memory: memory.episodes.len(),
                log: lineage.len(),
            });
        }
        index::sync(log.keyword_index()?, &lineage, memory)?;
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
        let mut names: Vec<String> = m.roots().map(|r| entity_key(&r.name)).collect();
        // "Deb" names Deborah: a short form matches every turn that greets her, not what was asked.
        names.extend(short_names(m, question).into_iter().map(|(w, _)| entity_key(&w)));
        let keywords: Vec<String> = plan
            .keywords()
            .into_iter()
            .filter(|k| !names.contains(&entity_key(k)))
            .collect();
        let without = budgets.without;
        let wants = super::shape::wants(question);
        let mut items = Vec::new();
        let mut sources: Vec<Source> = Vec::new();
        // Two turn-level lists: the plan's keywords (with their synonyms), and the question's
        // own words, which rank the turn that says what was asked without the synonyms' noise.
        let asked: Vec<String> = content_words(question)
            .into_iter()
            .filter(|w| !names.contains(&entity_key(w)))
            .collect();
        let mut turn_hits: Vec<(f64, Vec<TurnHit>)> = Vec::new();
        // An assistant's reply ranks by its own words only when the question is put to the
        // assistant ("What did you suggest…"); otherwise what the person said about themselves
        // is in their own turns, and replies come in as answers and segment turns (BEAM dev:
        // 41.7 / 49.3 source recall at 500 / 1,000 tokens, against 33.6 / 43.4 with replies
        // ranked for every question, and 36.5 / 50.0 never).
        let route = super::route::route(question);
        let to_assistant = route.to_assistant;
        for (weight, list) in [(1.0, &keywords), (super::turns::ASKED, &asked)] {
            let Some(expr) = index::match_expr(list).filter(|_| !without.contains(Layer::Turn)) else {
                continue;
            };
            let conn = self.log.keyword_index()?;
            let hits = self.ranked(
                index::search(conn, &self.lineage, &expr, DocKind::Turn, budgets.turns)?,
                root,
            );
            turn_hits.push((
                weight,
                hits.into_iter()
                    .filter_map(|(hit, _)| {
                        m.episode(hit.episode).turns.get(hit.item).map(|t| TurnHit {
                            turn: *t,
                            episode: hit.episode,
                            part: hit.part,
                        })
                    })
                    .filter(|h| to_assistant || !m.turns[h.turn.index()].speaker.is_assistant())
                    .collect(),
            ));
        }
        if !without.contains(Layer::Turn) {
            turn_hits.push((
                super::turns::DENSE,
                super::dense::hits(m, question, to_assistant, budgets.turns),
            ));
        }
        if let Some(expr) = index::match_expr(&keywords).filter(|_| !without.contains(Layer::Fact)) {
            let conn = self.log.keyword_index()?;
            let mut hits = index::search(
                conn,
                &self.lineage,
                &expr,
                DocKind::Fact,
                budgets.facts.max(budgets.turn_sources) * 4,
            )?;
            self.replaced(DocKind::Fact, &keywords, &mut hits);
            let facts = self.ranked(hits, root);
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
                // The fact's date, so a "when" question finds it beside the fact, once.
                let (text, note) = e.time.map_or_else(
                    || (e.fact.clone(), Note::on(None, e.fact.clone())),
                    |t| {
                        let day = t.human_date();
                        let said = e.fact.strip_prefix(&format!("On {day}: ")).unwrap_or(&e.fact);
                        (format!("[{day}] {said}"), Note::on(Some(t), said.to_string()))
                    },
                );
                items.push(
                    Item::new(
                        Layer::Fact,
                        text,
                        Scores {
                            bm25: Some(hit.bm25),
                            cosine: None,
                        },
                        value * FACT_VALUE,
                        format!("BM25 match of the plan's keywords in the fact of episode {}", e.id),
                        self.episode_provenance(&[e.id]),
                    )
                    .showing(Shows::Note(note)),
                );
            }
        }
        if let Some(expr) = index::match_expr(&keywords).filter(|_| !without.contains(Layer::Conclusion)) {
            let conn = self.log.keyword_index()?;
            let mut hits = index::search(conn, &self.lineage, &expr, DocKind::Conclusion, budgets.conclusions * 2)?;
            self.replaced(DocKind::Conclusion, &keywords, &mut hits);
            let concl = self.ranked(hits, root);
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
                items.push(
                    Item::new(
                        Layer::Conclusion,
                        text.to_string(),
                        Scores {
                            bm25: Some(hit.bm25),
                            cosine: None,
                        },
                        value * CONCLUSION_VALUE,
                        format!("BM25 match of the plan's keywords in a conclusion of episode {}", e.id),
                        self.episode_provenance(&[e.id]),
                    )
                    // A conclusion's line shows no day, so it carries none.
                    .showing(Shows::Note(Note::on(None, text.to_string()))),
                );
            }
        }
        let mut slot_turns = Vec::new();
        if !without.contains(Layer::Fact) {
            let (slots, turns) = self.slot_items(question, root);
            items.extend(slots);
            slot_turns = turns;
        }
        self.graph_items(question, &plan, root, budgets, model, &mut items, &mut sources);
        if !without.contains(Layer::Concept) {
            items.extend(self.topic_items(question, &keywords, root));
        }
        // Turns that go in first (see `floor` and `standing`), each with the reserve it draws on.
        let mut first: Vec<(TurnId, Reserve)> = Vec::new();
        if !without.contains(Layer::Turn) {
            // The turns that state a setting the question asks for: "retrieve by the fact, read
            // the turn".
            first.extend(slot_turns.into_iter().map(|t| (t, Reserve::Standing)));
            for t in self.standing(question, root) {
                if !first.iter().any(|(f, _)| *f == t) {
                    first.push((t, Reserve::Standing));
                }
            }
            for t in self.floor(&asked)? {
                if !first.iter().any(|(f, _)| *f == t) {
                    first.push((t, Reserve::Floor));
                }
            }
        }
        if !without.contains(Layer::Turn) {
            items.extend(self.turn_items(
                &keywords,
                (wants, route),
                root,
                budgets,
                &super::turns::Found {
                    sources: &sources,
                    turn_hits: &turn_hits,
                    first: &first,
                },
            ));
        }
        // What a person corrected away never comes back, whichever list found it.
        items.retain(|i| !self.corrected_away(i));
        items.sort_by_key(|i| i.layer);
        let trimmed = budgets.tokens.map_or(0, |b| {
            let facets = self.facets(&items, &keywords, &first);
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

    /// Facts and conclusions whose text a correction replaced, found by their new words (the
    /// keyword index holds the words they were recorded with): each that holds a keyword and
    /// is not among `hits` joins them, ranked with the best hit.
    fn replaced(&self, kind: DocKind, keywords: &[String], hits: &mut Vec<Hit>) {
        let m = self.memory;
        let wanted: HashSet<String> = keywords.iter().flat_map(|k| words(k)).collect();
        let best = hits.iter().map(|h| h.bm25).fold(1.0_f64, f64::max);
        for k in m.active_corrections() {
            let Some(text) = &k.text else { continue };
            let (episode, item) = match (kind, k.item) {
                (DocKind::Fact, crate::event::ItemRef::Fact { episode }) => (episode, 0),
                (DocKind::Conclusion, crate::event::ItemRef::Conclusion { episode, index }) => {
                    (episode, index as usize)
                }
                _ => continue,
            };
            let known = episode.index() < m.episodes.len();
            let said = words(text).any(|w| wanted.contains(&w));
            if known && said && !hits.iter().any(|h| h.episode == episode && h.item == item) {
                hits.push(Hit {
                    kind,
                    episode,
                    item,
                    part: 0,
                    bm25: best,
                });
            }
        }
    }

    /// Whether a correction took an item out of recall: a turn that said something corrected,
    /// or a retired fact.
    fn corrected_away(&self, item: &Item) -> bool {
        let m = self.memory;
        let p = &item.provenance;
        match item.layer {
            Layer::Turn => !p.turns.is_empty() && p.turns.iter().all(|t| m.turn_hidden(*t)),
            Layer::Fact => p.episodes.len() == 1 && p.episodes.iter().all(|e| m.fact_retired(*e)),
            Layer::Conclusion | Layer::Concept | Layer::Relation => false,
        }
    }

    /// Whether a correction took a ranked row out of recall: a retired fact or conclusion, a
    /// conclusion that repeats what a correction took out, a turn that said it.
    fn retired(&self, hit: &Hit) -> bool {
        let m = self.memory;
        match hit.kind {
            DocKind::Fact => m.fact_retired(hit.episode),
            DocKind::Conclusion => {
                m.conclusion_retired(hit.episode, hit.item)
                    || m.episode(hit.episode)
                        .conclusions()
                        .nth(hit.item)
                        .is_some_and(|(c, _)| m.says_corrected(c))
            }
            DocKind::Turn => m
                .episode(hit.episode)
                .turns
                .get(hit.item)
                .is_some_and(|t| m.turn_hidden(*t)),
        }
    }

    /// Hits re-weighted for the question's person and normalised to the best one (0..1]; rows a
    /// correction retired are left out.
    fn ranked(&self, hits: Vec<Hit>, root: Option<ConceptId>) -> Vec<(Hit, f64)> {
        let mut scored: Vec<(Hit, f64)> = hits
            .into_iter()
            .filter(|h| !self.retired(h))
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

    /// The turns of an episode's person that a derived text was taken from: those sharing the
    /// most content words with it (at most `n`, at least one shared word).
    pub(super) fn quoted_turns(&self, e: EpisodeId, text: &str, n: usize) -> Vec<TurnId> {
        let m = self.memory;
        let ep = m.episode(e);
        let wanted: HashSet<String> = content_words(text).into_iter().collect();
        let mut scored: Vec<(usize, TurnId)> = ep
            .turns
            .iter()
            .filter(|t| m.person_for(&m.turns[t.index()].speaker) == Some(ep.person))
            .map(|t| {
                let have: HashSet<String> = content_words(&m.turns[t.index()].said()).into_iter().collect();
                (wanted.intersection(&have).count(), *t)
            })
            .filter(|(n, _)| *n > 0)
            .collect();
        scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.into_iter().take(n).map(|(_, t)| t).collect()
    }

    pub(super) fn episode_provenance(&self, episodes: &[EpisodeId]) -> Provenance {
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
            passage: None,
        }
    }
}

/// The tracked person a question names (first mention wins), matched on whole words or on a
/// short form of the first name (see [`short_names`]).
#[must_use]
pub fn person_in(m: &Memory, question: &str) -> Option<String> {
    let toks: Vec<String> = words(question)
        .map(|w| w.strip_suffix("'s").map_or(w.clone(), str::to_string))
        .collect();
    let short = short_names(m, question);
    let mut best: Option<(usize, String)> = None;
    for root in m.roots().filter(|r| r.level == Level::Root) {
        let first = words(&root.name).next().unwrap_or_default();
        let named = |t: &String| *t == first || short.iter().any(|(w, n)| w == t && *n == root.name);
        if let Some(pos) = toks.iter().position(named)
            && best.as_ref().is_none_or(|(p, _)| pos < *p)
        {
            best = Some((pos, root.name.clone()));
        }
    }
    best.map(|(_, n)| n)
}

/// The words of a question that name a tracked person by a short form of the first name ("Deb"
/// for Deborah, "Mel" for Melanie), each with the person's name: capitalised, not the question's
/// first word, at least three letters, and the start of exactly one person's first name.
pub(super) fn short_names(m: &Memory, question: &str) -> Vec<(String, String)> {
    let firsts: Vec<(String, &str)> = m
        .roots()
        .filter(|r| r.level == Level::Root)
        .filter_map(|r| words(&r.name).next().map(|f| (f, r.name.as_str())))
        .collect();
    let mut out: Vec<(String, String)> = Vec::new();
    for raw in question
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .skip(1)
    {
        let lower = raw.to_lowercase();
        if !raw.starts_with(char::is_uppercase) || lower.chars().count() < 3 {
            continue;
        }
        let mut of = firsts.iter().filter(|(f, _)| f.starts_with(&lower) && *f != lower);
        if let (Some((_, name)), None) = (of.next(), of.next())
            && !out.iter().any(|(w, _)| *w == lower)
        {
            out.push((lower, (*name).to_string()));
        }
    }
    out
}
