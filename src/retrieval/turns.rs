//! Raw turns for a question: reciprocal rank fusion of the turn-level and segment-level lists,
//! each turn rendered under its session's header, and its brief (the sentences that hold the
//! question's keywords) for packing.

use super::Budgets;
use super::assemble::{OTHER_PERSON, Retriever, Source};
use super::context::{Item, Layer, Scores};
use super::embed::{self, cosine};
use super::floor::Reserve;
use super::long_turn::{self, TurnHit};
use super::pack::Facets;
use super::route::Route;
use super::shape::{Wants, carries_turn, person_words};
use super::turn_text::{asks_only, brief, filler, question_before, speaker_name};
use crate::ids::{ConceptId, EpisodeId, TurnId};
use crate::memory::Memory;
use crate::model::Said;
use crate::text::{content_words, words};
use std::collections::{HashMap, HashSet};

/// A brief longer than this (a long reply that holds the keywords throughout) is cut from the
/// passage that matched instead of the whole turn. Below it the whole turn's brief is kept: on
/// the BEAM dev split, cutting every long reply's brief to one passage (400 tokens) let those
/// cheaper assistant briefs crowd the person's own messages out (source recall at 1,000 tokens
/// 50.3 → 44.1).
const LONG_BRIEF_TOKENS: u32 = 1_000;
/// Weight of a segment's other turns, relative to the turn an item was taken from.
const SEGMENT: f64 = 0.5;
/// The part of a segment turn's weight that does not depend on its resemblance to the question.
const SEGMENT_BASE: f64 = 0.25;
/// Reciprocal rank fusion's constant: a turn ranked r in a list adds 1 / (RRF_K + r).
const RRF_K: f64 = 10.0;
/// Weight of the turn-level list ranked by the question's own words, against 1 for the list
/// ranked by the plan's keywords and their synonyms.
pub(super) const ASKED: f64 = 2.0;
/// Weight of the dense list (the embedder's cosine to the question, `dense`).
pub(super) const DENSE: f64 = 0.5;
/// Weight of the turns next to a turn-level hit in its segment (a question's answer is often
/// the next turn).
const NEIGHBOUR: f64 = 0.5;
/// Weight of the turn after a turn-level hit (the reply to what matched).
const REPLY: f64 = 0.5;
/// Weight of the turn after a hit that asks a question: the answer to what matched.
const ANSWER: f64 = 1.0;
/// Weight of a turn that carries the shape of the answer a question asks for (a date or time
/// phrase for "when", a place name for "where", a length of time for "how long"), against 1
/// for one that does not (dev at 1000: +0.6 answer-token recall, held-out conv-48 +0.5).
const SHAPE: f64 = 1.3;
/// The same for a number or frequency ("how many", "how often"): a count is rarely said in the
/// question's words, so its shape weighs more.
const COUNT_SHAPE: f64 = 1.8;
/// Weight of a turn that says nothing of its own: each sentence asks something or holds at
/// most one content word ("Cool! What did it look like?"), so it only spends tokens.
const FILLER: f64 = 0.5;
/// Weight of a turn whose every sentence that holds a keyword asks something ("How did it make
/// you feel?"): it holds the question, and its answer ranks on its own (`ANSWER`).
const ASKS_ONLY: f64 = 0.5;
/// The static model's cosine between a question's keywords and an unrelated turn: its vectors
/// share a common direction (uncentred PCA, which keeps the paper's 0.5 concept threshold), so
/// unrelated texts sit near 0.3, not 0 as with the hashed embedder. Resemblance counts from
/// here up, rescaled to 0..1 (dev at 1000: evidence recall 80.5 -> 80.8 against the raw cosine).
const COSINE_FLOOR: f32 = 0.3;

/// A turn's resemblance to the question, 0 at the unrelated floor and 1 at the same text.
fn above_floor(cos: f32) -> f32 {
    ((cos - COSINE_FLOOR) / (1.0 - COSINE_FLOOR)).max(0.0)
}

/// What the other lists found, from which the turns are ranked.
#[derive(Clone, Copy)]
pub(super) struct Found<'a> {
    /// The L0 items and relation mentions whose turns are candidates.
    pub(super) sources: &'a [Source],
    /// The turn-level lists, each with its weight.
    pub(super) turn_hits: &'a [(f64, Vec<TurnHit>)],
    /// The turns that go in first, with the reserve each draws on (`floor`).
    pub(super) first: &'a [(TurnId, Reserve)],
}

impl Retriever<'_> {
    /// Raw turns, ranked by reciprocal rank fusion of two lists: the turn level (the turns' own
    /// BM25 rank, with their segment neighbours at half weight) and the segment level (the rank
    /// of the fact, conclusion or relation mention whose segment holds them; the turn an item
    /// was taken from at full weight, the rest of the segment as much as it resembles the
    /// question). A turn the question's person did not say weighs less; the reply to a hit that
    /// asks something weighs as much as the hit. With `dated` (a question about time) each line
    /// also shows the dates its relative phrases name.
    pub(super) fn turn_items(
        &self,
        keywords: &[String],
        (wants, route): (Wants, Route),
        root: Option<ConceptId>,
        budgets: &Budgets,
        found: &Found<'_>,
    ) -> Vec<Item> {
        let Found {
            sources,
            turn_hits,
            first,
        } = *found;
        let m = self.memory;
        // A question about time (`asks_when`) wants a time or a span.
        let dated = matches!(wants, Wants::Time | Wants::Span) || route.timeline;
        let query = embed::local(&keywords.join(" "));
        let speaker_of_root: Option<&str> =
            root.and_then(|r| m.speakers.iter().find(|(_, c)| *c == r).map(|(s, _)| s.as_str()));
        let own = |t: TurnId| speaker_of_root.is_none_or(|s| s == m.turns[t.index()].speaker.label());
        let person = |t: TurnId| if own(t) { 1.0 } else { OTHER_PERSON };
        let mut cosines: HashMap<TurnId, f32> = HashMap::new();
        let mut rel = |t: TurnId| {
            *cosines
                .entry(t)
                .or_insert_with(|| above_floor(cosine(&query, &embed::memo::local(&m.turns[t.index()].said()))))
        };
        // Best contribution per turn in each list, with the episode and reason that gave it.
        let mut turn_level: HashMap<TurnId, (f64, EpisodeId)> = HashMap::new();
        // The passage of a long turn that ranked best, in the question's own words first.
        let mut parts: HashMap<TurnId, (f64, usize)> = HashMap::new();
        for (lw, list) in turn_hits {
            let lw = *lw;
            let mut best: HashMap<TurnId, (f64, EpisodeId)> = HashMap::new();
            for (rank, hit) in list.iter().enumerate() {
                let (t, e) = (&hit.turn, &hit.episode);
                let part = parts.entry(*t).or_insert((0.0, hit.part));
                if lw / (RRF_K + rank as f64) > part.0 {
                    *part = (lw / (RRF_K + rank as f64), hit.part);
                }
                let rrf = 1.0 / (RRF_K + rank as f64);
                let ep = m.episode(*e);
                let pos = ep.turns.iter().position(|x| x == t).unwrap_or(0);
                let around = [pos.checked_sub(1), Some(pos), pos.checked_add(1)];
                // A hit that asks something is answered by the turn after it.
                let asks = m.turns[t.index()].said().contains('?');
                for (i, p) in around.into_iter().enumerate() {
                    let Some(n) = p.and_then(|p| ep.turns.get(p)) else {
                        continue;
                    };
                    let w = match i {
                        1 => 1.0,
                        0 => NEIGHBOUR,
                        _ if asks => ANSWER,
                        _ => REPLY,
                    };
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
        // The turns that go in first are candidates whatever their rank here (see `floor`).
        let last = ranked.last().map_or(0.0, |r| r.1.0);
        for (t, reserve) in first {
            if !ranked.iter().any(|(r, _)| r == t)
                && let Some(e) = m.episodes.iter().find(|e| e.turns.contains(t))
            {
                ranked.push((*t, (last, e.id, reserve.why().to_string())));
            }
        }
        let names = person_words(m);
        let stems: Vec<String> = keywords
            .iter()
            .flat_map(|k| content_words(k))
            .map(|w| crate::text::stem::stem(&w))
            .collect();
        for (t, (score, _, _)) in &mut ranked {
            if asks_only(m, *t, &stems) {
                *score *= ASKS_ONLY;
            }
            if carries_turn(m, *t, wants, &names) {
                *score *= if wants == Wants::Count { COUNT_SHAPE } else { SHAPE };
            }
            if filler(m, *t) {
                *score *= FILLER;
            }
        }
        ranked.sort_by(|a, b| b.1.0.total_cmp(&a.1.0).then(a.0.cmp(&b.0)));
        let top = ranked.first().map_or(1.0, |r| r.1.0).max(1e-12);
        ranked.sort_by_key(|(t, _)| *t);
        let mut items = Vec::new();
        for (t, (score, e, why)) in ranked {
            let turn = &m.turns[t.index()];
            let mut prov = self.episode_provenance(&[e]);
            prov.turns = vec![t];
            prov.source_refs = turn.source_ref.iter().cloned().collect();
            // A long turn stays whole as the item (it goes in whole only where it fits); what
            // a tight budget keeps of it, its brief, is cut from the passage that matched.
            let why = match long_turn::pick(m, t, parts.get(&t).map(|p| p.1), &stems) {
                Some((part, _)) => {
                    prov.passage = Some(part);
                    format!("{why} (passage {} of {})", part.index.saturating_add(1), part.of)
                }
                None => why,
            };
            items.push(
                Item::turn(
                    said(m, t, dated),
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
        items
    }

    /// What packing needs of each item: the plan's keywords it holds (weighted by how rare they
    /// are among the items) and its session.
    pub(super) fn facets(&self, items: &[Item], keywords: &[String], first: &[(TurnId, Reserve)]) -> Vec<Facets> {
        let m = self.memory;
        let keys: Vec<String> = keywords
            .iter()
            .flat_map(|k| content_words(k))
            .map(|w| crate::text::stem::stem(&w))
            .collect::<HashSet<_>>()
            .into_iter()
            .collect();
        let held: Vec<HashSet<String>> = items
            .iter()
            .map(|i| {
                let mut stems: HashSet<String> = words(&i.text).map(|w| crate::text::stem::stem(&w)).collect();
                // A reply covers what the question it answers asked, in words of its own.
                if let Some(q) = i.provenance.turns.first().and_then(|t| question_before(m, *t)) {
                    stems.extend(words(&q).map(|w| crate::text::stem::stem(&w)));
                }
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
                    Layer::Turn => i.provenance.turns.first().and_then(|t| {
                        // A brief that is itself long (a long reply that holds the keywords
                        // throughout) is cut from the passage that matched instead.
                        let whole = brief(m, *t, &keys, None);
                        match (&whole, i.provenance.passage) {
                            (Some(b), Some(p)) if crate::text::estimate_tokens(b) > LONG_BRIEF_TOKENS => {
                                let quoted = long_turn::passage_of(m, *t, p);
                                brief(m, *t, &keys, quoted.as_deref()).or(whole)
                            }
                            _ => whole,
                        }
                    }),
                    _ => None,
                },
                keywords: h.iter().map(|k| (k.clone(), weight(k))).collect(),
                first: match i.layer {
                    Layer::Turn => i.provenance.turns.first().and_then(|t| {
                        first
                            .iter()
                            .position(|(f, _)| f == t)
                            .and_then(|r| first.get(r).map(|(_, reserve)| (*reserve, r)))
                    }),
                    _ => None,
                },
                session: match i.layer {
                    Layer::Turn | Layer::Fact | Layer::Conclusion => {
                        i.provenance.turns.first().map(|t| m.turns[t.index()].session)
                    }
                    Layer::Concept | Layer::Relation => None,
                },
            })
            .collect()
    }
}

/// A turn as a context line: speaker and text (its date is its group's header), then what its
/// relative time phrases resolve to against that date ("… last week. (last week: the week before
/// 9 June 2023)"): the words as said stay whole, and a "when" question finds the date beside them.
#[must_use]
pub fn turn_line(m: &Memory, t: TurnId) -> String {
    dated_line(m, t, true)
}

/// [`turn_line`], with the dates of its relative phrases only when `dates`.
fn dated_line(m: &Memory, t: TurnId, dates: bool) -> String {
    let said = said(m, t, dates);
    format!("{}: {}", said.speaker, said.words)
}

/// Who said turn `t`, when, and its words as a context shows them: with the dates of its
/// relative phrases after them only when `dates`.
#[must_use]
pub fn said(m: &Memory, t: TurnId, dates: bool) -> Said {
    let turn = &m.turns[t.index()];
    let mut words = turn.said();
    if dates && let Some(dates) = resolved_dates(m, t, &words) {
        words.push_str(&format!(" ({dates})"));
    }
    Said::new(speaker_name(m, t), turn.time, words)
}

/// Whether a question asks about time ("When…", "How long ago…", "What year…"): then the dates
/// a turn's relative phrases name are worth their tokens.
#[must_use]
pub fn asks_when(question: &str) -> bool {
    let toks: Vec<String> = words(question).collect();
    let has = |w: &str| toks.iter().any(|t| t == w);
    has("when")
        || has("ago")
        || has("since")
        || (has("how") && has("long"))
        || ((has("what") || has("which"))
            && ["year", "month", "date", "day", "week", "weekend", "time"]
                .iter()
                .any(|w| has(w)))
}

/// "yesterday: 7 May 2023; next month: June 2023" for the relative time phrases of `text`, said
/// in turn `t`; `None` when it has none (dates already written out need no gloss).
fn resolved_dates(m: &Memory, t: TurnId, text: &str) -> Option<String> {
    let anchor = m.turns[t.index()]
        .time
        .and_then(|ts| crate::relative_date::anchor_of(&ts.date()))?;
    let (_, spans) = crate::relative_date::resolve_spans(text, Some(anchor));
    let mut glosses: Vec<String> = Vec::new();
    for (span, became) in spans {
        let phrase = span.phrase.trim_matches(|c: char| !c.is_alphanumeric());
        let date = became.trim_matches(|c: char| !c.is_alphanumeric());
        let date = ["on ", "in ", "On ", "In "]
            .iter()
            .find_map(|p| date.strip_prefix(p))
            .unwrap_or(date);
        let gloss = format!("{phrase}: {date}");
        if date != phrase && !phrase.is_empty() && !glosses.contains(&gloss) {
            glosses.push(gloss);
        }
    }
    (!glosses.is_empty()).then(|| glosses.join("; "))
}

/// The header a turn shares with the other turns of its session: the session's date, or its
/// number when the turns carry no time.
#[must_use]
pub fn turn_group(m: &Memory, t: TurnId) -> String {
    let turn = &m.turns[t.index()];
    turn.time
        .map_or_else(|| format!("session {}", turn.session), |ts| ts.human_date())
}
