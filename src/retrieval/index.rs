//! L0 keyword search: SQLite FTS5 (BM25) over episode facts, conclusions and turns, in the memory
//! file itself. A fact's row also holds, in a lower-weighted column, the person's own words it was
//! synthesised from: the offline fact quotes only the most informative sentences, and the rest must
//! stay findable. Each turn an episode's person said is a row of its own, so turns rank by
//! themselves (turn level) as well as through their segment's fact (segment level).
//!
//! Rows are keyed by the seq of the `episode_recorded` event that produced them. Events never change,
//! so a row never goes stale; what differs between rollback branches is which rows count, and that is
//! decided at query time from the ancestor chain of the seq being read ([`Lineage`]). One index serves
//! every branch, and nothing is ever deleted from it, like the log it mirrors.

use crate::error::{Error, Result};
use crate::ids::{EpisodeId, Seq, saturating_u32};
use crate::log::EventStore;
use crate::memory::Memory;
use crate::time::Timestamp;
use rusqlite::{Connection, params};
use std::collections::{HashMap, HashSet};

/// What an index row holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DocKind {
    /// An episode's λ_fact.
    Fact,
    /// One of an episode's conclusions.
    Conclusion,
    /// A passage of a turn its episode's person, or the assistant, said (a short turn is one
    /// passage, itself).
    Turn,
}

/// Turn rows number their passages inside `item`: position in the episode × `PART_SPAN` +
/// passage. (Rows of the older whole-turn kind, tagged "turn", are no longer read.)
const PART_SPAN: i64 = 1 << 20;
/// The marker of an episode whose passages are indexed: its seq, negated, minus this.
const PASSAGES_DONE: i64 = 1 << 40;

impl DocKind {
    fn tag(self) -> &'static str {
        match self {
            Self::Fact => "fact",
            Self::Conclusion => "conclusion",
            Self::Turn => "passage",
        }
    }
}

/// One ranked row.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hit {
    /// Fact or conclusion.
    pub kind: DocKind,
    /// The episode on the branch being read.
    pub episode: EpisodeId,
    /// For a conclusion: its position in [`crate::memory::Episode::conclusions`]; for a turn,
    /// its position in the episode's turns.
    pub item: usize,
    /// For a turn: which of its passages ([`crate::text::passage::passages`]) matched.
    pub part: usize,
    /// FTS5's bm25(), negated so that higher is better.
    pub bm25: f64,
}

/// Which index rows belong to the memory at one seq: the `episode_recorded` events on its
/// ancestor chain (its history branch), numbered in chain order exactly as the fold numbers
/// episodes.
#[derive(Debug, Clone, Default)]
pub struct Lineage {
    at: Seq,
    episodes: HashMap<i64, EpisodeId>,
}

impl Lineage {
    /// The lineage of the memory at `at`.
    pub fn of(log: &dyn EventStore, at: Seq) -> Result<Self> {
        let recorded: HashSet<i64> = log
            .seqs_of_kind("episode_recorded")?
            .into_iter()
            .map(|s| i64::try_from(s.0).unwrap_or(i64::MAX))
            .collect();
        let mut episodes = HashMap::new();
        for seq in log.chain(at) {
            let key = i64::try_from(seq.0).unwrap_or(i64::MAX);
            if recorded.contains(&key) {
                let id = EpisodeId(saturating_u32(episodes.len()));
                episodes.insert(key, id);
            }
        }
        Ok(Self { at, episodes })
    }

    /// The seq this lineage was read at.
    #[must_use]
    pub fn at(&self) -> Seq {
        self.at
    }

    /// Episodes on the lineage.
    #[must_use]
    pub fn len(&self) -> usize {
        self.episodes.len()
    }

    /// Whether the lineage holds no episode.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.episodes.is_empty()
    }
}

/// Indexes the episodes of `lineage` that are not in the index yet, reading their texts from
/// `memory`, the memory at the branch's seq (an episode's turns are on every branch that holds
/// the episode, so any such memory gives the same texts). Returns how many were added; cheap when
/// nothing is new, so callers sync before searching.
pub fn sync(conn: &Connection, lineage: &Lineage, memory: &Memory) -> Result<usize> {
    // A positive seq marks an episode's fact and conclusions as indexed, its negation less
    // `PASSAGES_DONE` the passages of its turns (indexes written before passages were rows get
    // them on their next sync).
    let done: HashSet<i64> = {
        let mut stmt = conn.prepare_cached("SELECT seq FROM memory_fts_rows")?;
        let rows = stmt.query_map([], |r| r.get::<_, i64>(0))?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    let mut todo: Vec<(i64, EpisodeId, bool, bool)> = lineage
        .episodes
        .iter()
        .map(|(s, e)| (*s, *e, !done.contains(s), !done.contains(&passages_mark(*s))))
        .filter(|(_, _, units, turns)| *units || *turns)
        .collect();
    if todo.is_empty() {
        return Ok(0);
    }
    todo.sort_unstable();
    let tx = conn.unchecked_transaction()?;
    {
        let mut insert = tx.prepare(
            "INSERT INTO memory_fts (text, evidence, date, kind, seq, item) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?;
        let mut mark = tx.prepare("INSERT INTO memory_fts_rows (seq) VALUES (?1)")?;
        for (seq, id, units, turns) in &todo {
            let Some(e) = memory.episodes.get(id.index()) else {
                return Err(Error::EpisodeNotInMemory { episode: *id });
            };
            let date = date_text(e.time);
            let said: Vec<(usize, bool, String)> = e
                .turns
                .iter()
                .enumerate()
                .filter_map(|(i, t)| memory.turns.get(t.index()).map(|t| (i, t)))
                .map(|(i, t)| (i, memory.person_for(&t.speaker) == Some(e.person), t))
                .filter(|(_, own, t)| *own || t.speaker.is_assistant())
                .map(|(i, own, t)| (i, own, t.said()))
                .collect();
            if *units {
                let words: Vec<&str> = said
                    .iter()
                    .filter(|(_, own, _)| *own)
                    .map(|(_, _, t)| t.as_str())
                    .collect();
                // An episode whose segment said nothing about the person has no fact to find.
                if !e.fact.is_empty() {
                    insert.execute(params![e.fact, words.join("\n"), date, DocKind::Fact.tag(), seq, 0])?;
                }
                for (i, (c, _)) in e.conclusions().enumerate() {
                    insert.execute(params![
                        c,
                        "",
                        date,
                        DocKind::Conclusion.tag(),
                        seq,
                        i64::try_from(i).unwrap_or(0)
                    ])?;
                }
                mark.execute([seq])?;
            }
            if *turns {
                for (i, _, text) in &said {
                    let position = i64::try_from(*i).unwrap_or(0).saturating_mul(PART_SPAN);
                    for (part, range) in crate::text::passage::passages(text).into_iter().enumerate() {
                        let part = i64::try_from(part).unwrap_or(0).min(PART_SPAN.saturating_sub(1));
                        insert.execute(params![
                            crate::text::passage::passage(text, range),
                            "",
                            date,
                            DocKind::Turn.tag(),
                            seq,
                            position.saturating_add(part)
                        ])?;
                    }
                }
                mark.execute([passages_mark(*seq)])?;
            }
        }
    }
    tx.commit()?;
    Ok(todo.len())
}

/// The marker row of an episode whose turn passages are indexed.
fn passages_mark(seq: i64) -> i64 {
    seq.saturating_neg().saturating_sub(PASSAGES_DONE)
}

/// The searchable date of a unit: `YYYY-MM-DD` plus "8 May 2023", so a query for the day, the
/// month ("2023-05", "May 2023") or the year matches it as a phrase.
#[must_use]
pub fn date_text(time: Option<Timestamp>) -> String {
    time.map(|t| format!("{} {}", t.date(), t.human_date()))
        .unwrap_or_default()
}

/// An FTS5 query that matches any of the keywords, each as a phrase of its words.
#[must_use]
pub fn match_expr<S: AsRef<str>>(keywords: &[S]) -> Option<String> {
    let mut phrases: Vec<String> = Vec::new();
    for k in keywords {
        let toks: Vec<String> = k
            .as_ref()
            .split(|c: char| !c.is_alphanumeric())
            .filter(|t| !t.is_empty())
            .map(str::to_lowercase)
            .collect();
        if toks.is_empty() {
            continue;
        }
        let phrase = format!("\"{}\"", toks.join(" "));
        if !phrases.contains(&phrase) {
            phrases.push(phrase);
        }
    }
    (!phrases.is_empty()).then(|| phrases.join(" OR "))
}

/// The best `limit` rows of one kind on the branch, best first.
pub fn search(conn: &Connection, lineage: &Lineage, expr: &str, kind: DocKind, limit: usize) -> Result<Vec<Hit>> {
    let mut fetch = limit.saturating_mul(4).max(64);
    loop {
        let mut stmt = conn.prepare_cached(
            "SELECT seq, item, bm25(memory_fts, 1.0, 0.6, 0.5) AS s FROM memory_fts
             WHERE memory_fts MATCH ?1 AND kind = ?2 ORDER BY s LIMIT ?3",
        )?;
        let rows = stmt.query_map(
            params![expr, kind.tag(), i64::try_from(fetch).unwrap_or(i64::MAX)],
            |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?, r.get::<_, f64>(2)?)),
        )?;
        let mut seen = 0;
        let mut out = Vec::new();
        // A long turn has a row per passage: it ranks once, at its best passage.
        let mut turns_seen: HashSet<(i64, i64)> = HashSet::new();
        for row in rows {
            let (seq, item, score) = row?;
            seen += 1;
            if let Some(episode) = lineage.episodes.get(&seq)
                && out.len() < limit
            {
                let (item, part) = match kind {
                    DocKind::Turn => (item.div_euclid(PART_SPAN), item.rem_euclid(PART_SPAN)),
                    DocKind::Fact | DocKind::Conclusion => (item, 0),
                };
                if kind == DocKind::Turn && !turns_seen.insert((seq, item)) {
                    continue;
                }
                out.push(Hit {
                    kind,
                    episode: *episode,
                    item: usize::try_from(item).unwrap_or(0),
                    part: usize::try_from(part).unwrap_or(0),
                    bm25: -score,
                });
            }
        }
        // Rows of other branches may have crowded the window; widen it until it is not full.
        if out.len() >= limit || seen < fetch {
            return Ok(out);
        }
        fetch = fetch.saturating_mul(4);
    }
}
