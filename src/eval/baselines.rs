//! The baselines rgmem is measured against in the same run: `flat_bm25`, BM25 (SQLite FTS5) over
//! the raw turns filled to a token budget, and `full_context`, every turn.

use crate::error::Result;
use crate::formats::locomo::Conversation;
use crate::model::{AnswerContext, ContextItem, Said, Shows};
use crate::retrieval::index::match_expr;
use crate::text::{content_words, estimate_tokens};
use rusqlite::{Connection, params};

/// One raw turn as both baselines show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawTurn {
    /// LoCoMo `dia_id`.
    pub dia: String,
    /// The rendered line: id, session date, speaker, text.
    pub line: String,
    /// Who said it, when, and its words: what the answerer reads.
    pub said: Said,
}

impl RawTurn {
    /// A turn with source id `dia`, shown as `[dia date] speaker: words`.
    #[must_use]
    pub fn new(dia: String, said: Said) -> Self {
        let date = said.day.map(|t| format!(" {}", t.human_date())).unwrap_or_default();
        Self {
            line: format!("[{dia}{date}] {}: {}", said.speaker, said.words),
            dia,
            said,
        }
    }
}

/// The turns of a conversation, rendered like rgmem's event items.
#[must_use]
pub fn raw_turns(conv: &Conversation) -> Vec<RawTurn> {
    conv.sessions
        .iter()
        .flat_map(|s| {
            s.turns
                .iter()
                .map(move |t| RawTurn::new(t.dia.clone(), Said::new(t.speaker.clone(), s.time, t.said())))
        })
        .collect()
}

/// Turns as a context: one section of turn items.
#[must_use]
pub fn context(turns: &[&RawTurn]) -> AnswerContext {
    AnswerContext {
        items: turns
            .iter()
            .map(|t| ContextItem::new("Turns", t.line.clone(), Shows::Turn(t.said.clone())))
            .collect(),
    }
}

/// Renders turns as a context section ([`context`] as text).
#[must_use]
pub fn render(turns: &[&RawTurn]) -> String {
    if turns.is_empty() {
        return "# Turns\n".to_string();
    }
    context(turns).render()
}

/// BM25 over raw turns, in its own in-memory FTS5 table (the baseline keeps no memory).
pub struct FlatBm25 {
    conn: Connection,
    turns: Vec<RawTurn>,
    /// Each turn's line in tokens, plus its line break: counted once, not at every fill step.
    costs: Vec<u32>,
}

impl FlatBm25 {
    /// Indexes the turns.
    pub fn new(turns: Vec<RawTurn>) -> Result<Self> {
        let conn = Connection::open_in_memory()?;
        conn.execute_batch("CREATE VIRTUAL TABLE turns USING fts5(line, tokenize = 'porter unicode61');")?;
        {
            let mut insert = conn.prepare("INSERT INTO turns (rowid, line) VALUES (?1, ?2)")?;
            for (i, t) in turns.iter().enumerate() {
                insert.execute(params![i64::try_from(i).unwrap_or(i64::MAX), t.line])?;
            }
        }
        let costs = turns.iter().map(|t| estimate_tokens(&t.line) + 1).collect();
        Ok(Self { conn, turns, costs })
    }

    /// The turns, ranked by BM25 against the question's content words, added best first while
    /// the rendered context stays within `budget` tokens.
    pub fn retrieve<'a>(&'a self, question: &str, budget: u32) -> Result<Vec<&'a RawTurn>> {
        let Some(expr) = match_expr(&content_words(question)) else {
            return Ok(Vec::new());
        };
        let mut stmt = self
            .conn
            .prepare_cached("SELECT rowid FROM turns WHERE turns MATCH ?1 ORDER BY bm25(turns)")?;
        let ids: Vec<i64> = stmt.query_map([expr], |r| r.get(0))?.collect::<rusqlite::Result<_>>()?;
        let ranked: Vec<usize> = ids.into_iter().filter_map(|i| usize::try_from(i).ok()).collect();
        let mut used = estimate_tokens("# Turns");
        let mut taken = vec![false; self.turns.len()];
        let mut out = Vec::new();
        let mut take = |i: usize, used: &mut u32, out: &mut Vec<&'a RawTurn>| {
            let (Some(t), Some(&cost)) = (self.turns.get(i), self.costs.get(i)) else {
                return;
            };
            if !taken[i] && *used + cost <= budget {
                *used += cost;
                taken[i] = true;
                out.push(t);
            }
        };
        for &i in &ranked {
            take(i, &mut used, &mut out);
        }
        // When BM25 has no more matching turns, the budget is filled with the neighbours of the
        // best matches, nearest first, so the baseline always gets the tokens rgmem used.
        let mut d = 1;
        while d < self.turns.len() && budget.saturating_sub(used) > 8 && !ranked.is_empty() {
            let mut in_range = false;
            for &i in &ranked {
                for j in [i.checked_sub(d), i.checked_add(d)].into_iter().flatten() {
                    in_range |= j < self.turns.len();
                    take(j, &mut used, &mut out);
                }
            }
            if !in_range {
                break;
            }
            d += 1;
        }
        Ok(out)
    }

    /// Every turn.
    #[must_use]
    pub fn all(&self) -> Vec<&RawTurn> {
        self.turns.iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turns() -> Vec<RawTurn> {
        [
            "I love pottery classes",
            "Running a marathon next week",
            "Pottery again today, more pottery",
            "hello",
        ]
        .iter()
        .enumerate()
        .map(|(i, t)| RawTurn {
            dia: format!("D1:{i}"),
            line: (*t).to_string(),
            said: Said::new("Sam".into(), None, (*t).to_string()),
        })
        .collect()
    }

    #[test]
    fn ranks_by_bm25_and_respects_the_budget() {
        let flat = FlatBm25::new(turns()).unwrap();
        let got: Vec<&str> = flat
            .retrieve("pottery?", 1000)
            .unwrap()
            .iter()
            .map(|t| t.dia.as_str())
            .collect();
        assert_eq!(
            got,
            vec!["D1:2", "D1:0", "D1:1", "D1:3"],
            "the turn with more pottery ranks first; neighbours fill the rest"
        );
        let tight = flat.retrieve("pottery?", 12).unwrap();
        assert_eq!(tight.len(), 1);
        assert!(estimate_tokens(&render(&tight)) <= 12);
        assert_eq!(flat.all().len(), 4);
    }
}
