//! The timeline of topics, as a carrier. A question about order or progress ("In what order did
//! I bring up these topics?", "How did my understanding develop over time?", "Summarize my
//! journey so far") is answered by what the person talked about and when each thing first came
//! up. The concept graph already holds both: each activity or occurrence the person mentioned,
//! and the episodes behind it in order. So each topic goes in as the day it first came up and
//! the person's own sentence that brought it up, oldest first, with that turn as provenance.
//! These are L1 items: `--ablate concepts` leaves them out.

use crate::rules::words::questions::PROGRESS_WORDS;
use crate::rules::words::questions::SPAN_WORDS;
use crate::rules::words::questions::SUMMARY_WORDS;

use super::assemble::Retriever;
use super::context::{Item, Layer, Provenance, Scores};
use crate::ids::{ConceptId, RelationId, TurnId};
use crate::memory::Level;
use crate::model::{Said, Shows};
use crate::text::stem::stem;
use crate::text::{sentences, words};
use std::collections::HashSet;

/// Most topics one question gets.
const MOST: usize = 10;
/// Value of a topic the question names; one it does not name is worth half of it. Below a
/// slot (the answer itself), about a well-ranked turn.
const TOPIC_VALUE: f64 = 0.8;
/// Value of the line that lists the topics in order: it is the answer's shape itself.
const ORDER_VALUE: f64 = 1.0;
/// Longest sentence quoted, in words; a longer one is cut, and marked so.
const MOST_WORDS: usize = 60;

/// Whether a question asks for order or progress over the conversation.
pub(super) fn asks_progress(question: &str) -> bool {
    let toks: Vec<String> = words(question).collect();
    // "in what order", "the order in which"; not "what did I order".
    let order = toks
        .windows(2)
        .any(|w| w[1] == "order" && matches!(w[0].as_str(), "in" | "what" | "which" | "the" | "chronological"));
    let has = |list: &[&str]| toks.iter().any(|t| list.contains(&t.as_str()));
    let span = has(SPAN_WORDS)
        || toks
            .windows(2)
            .any(|w| (w[0] == "over" && w[1] == "time") || (w[0] == "so" && w[1] == "far"));
    order || has(SUMMARY_WORDS) || (has(PROGRESS_WORDS) && span)
}

/// One topic: the turn that brought it up, the names it stands for there, and how much of the
/// question it holds.
struct Topic {
    turn: TurnId,
    names: Vec<String>,
    relations: Vec<RelationId>,
    concepts: Vec<ConceptId>,
    sentence: String,
    relevance: f64,
}

impl Retriever<'_> {
    /// The person's topics, oldest first, when the question asks for order or progress.
    pub(super) fn topic_items(&self, question: &str, keywords: &[String], root: Option<ConceptId>) -> Vec<Item> {
        if !asks_progress(question) {
            return Vec::new();
        }
        let m = self.memory;
        let wanted: HashSet<String> = keywords.iter().flat_map(|k| words(k)).map(|w| stem(&w)).collect();
        let mut topics: Vec<Topic> = Vec::new();
        for r in &m.relations {
            let Some(target) = m.concepts.get(r.target.index()) else {
                continue;
            };
            if !matches!(target.level, Level::Activity | Level::Occurrence) || root.is_some_and(|p| target.person != p)
            {
                continue;
            }
            let Some(first) = r.episodes.first() else {
                continue;
            };
            let name: HashSet<String> = words(&target.name).map(|w| stem(&w)).collect();
            let Some((turn, sentence)) = self.bringing_up(*first, &name, target.person) else {
                continue;
            };
            let said: HashSet<String> = words(&sentence).chain(words(&target.name)).map(|w| stem(&w)).collect();
            let relevance = if wanted.is_empty() {
                0.0
            } else {
                wanted.intersection(&said).count() as f64 / wanted.len() as f64
            };
            match topics.iter_mut().find(|t| t.turn == turn) {
                Some(t) => {
                    if !t.names.contains(&target.name) {
                        t.names.push(target.name.clone());
                    }
                    t.relations.push(r.id);
                    t.concepts.push(target.id);
                    t.relevance = t.relevance.max(relevance);
                }
                None => topics.push(Topic {
                    turn,
                    names: vec![target.name.clone()],
                    relations: vec![r.id],
                    concepts: vec![target.id],
                    sentence,
                    relevance,
                }),
            }
        }
        // The topics the question names most, then the oldest, shown in the order they came up.
        topics.sort_by(|a, b| b.relevance.total_cmp(&a.relevance).then(a.turn.cmp(&b.turn)));
        topics.truncate(MOST);
        topics.sort_by_key(|t| t.turn);
        let mut items: Vec<Item> = self.order_item(&topics).into_iter().collect();
        items.extend(topics.into_iter().map(|t| self.topic_item(t)));
        items
    }

    /// The topics in one line, in the order they came up: "Topics Taylor brought up, in order:
    /// Studying and Exams (10 January 2024); Sigma Notation (7 February 2024)". A few dozen
    /// tokens carry the whole order, where the sentences behind it take hundreds.
    fn order_item(&self, topics: &[Topic]) -> Option<Item> {
        let m = self.memory;
        let first = topics.first()?;
        let speaker = super::turn_text::speaker_name(m, first.turn);
        let entries: Vec<String> = topics
            .iter()
            .map(|t| {
                let names = t.names.join(" and ");
                match m.turns[t.turn.index()].time {
                    Some(d) => format!("{names} ({})", d.human_date()),
                    None => names,
                }
            })
            .collect();
        let turns: Vec<TurnId> = topics.iter().map(|t| t.turn).collect();
        let provenance = Provenance {
            concepts: topics.iter().flat_map(|t| t.concepts.iter().copied()).collect(),
            relations: topics.iter().flat_map(|t| t.relations.iter().copied()).collect(),
            episodes: Vec::new(),
            source_refs: turns
                .iter()
                .filter_map(|t| m.turns[t.index()].source_ref.clone())
                .collect(),
            turns,
            passage: None,
        };
        Some(Item::new(
            Layer::Concept,
            format!("Topics {speaker} brought up, in order: {}.", entries.join("; ")),
            Scores {
                bm25: None,
                cosine: None,
            },
            ORDER_VALUE,
            "the person's topics in the order they came up, for a question about order or progress".into(),
            provenance,
        ))
    }

    /// The person's turn in `episode` that brings up the topic named by `name` (stems), and its
    /// sentence that names it; the person's first turn there when none names it in words.
    fn bringing_up(
        &self,
        episode: crate::ids::EpisodeId,
        name: &HashSet<String>,
        person: ConceptId,
    ) -> Option<(TurnId, String)> {
        let m = self.memory;
        let own: Vec<TurnId> = m
            .episode(episode)
            .turns
            .iter()
            .copied()
            .filter(|t| m.person_for(m.turns[t.index()].speaker.label()) == Some(person))
            .collect();
        let names = |s: &str| words(s).any(|w| name.contains(&stem(&w)));
        let found = own.iter().find_map(|t| {
            sentences(&m.turns[t.index()].text)
                .into_iter()
                .find(|s| names(s))
                .map(|s| (*t, s))
        });
        found.or_else(|| {
            let t = *own.first()?;
            let s = sentences(&m.turns[t.index()].text).into_iter().next()?;
            Some((t, s))
        })
    }

    /// A topic as an item: "[7 February 2024] Taylor, first on Sigma Notation: I'm trying to…".
    fn topic_item(&self, t: Topic) -> Item {
        let m = self.memory;
        let turn = &m.turns[t.turn.index()];
        let all: Vec<&str> = t.sentence.split_whitespace().collect();
        let mut quote = all.iter().take(MOST_WORDS).copied().collect::<Vec<_>>().join(" ");
        if all.len() > MOST_WORDS {
            quote.push('…');
        }
        let speaker = super::turn_text::speaker_name(m, t.turn);
        let said = Said::new(speaker.clone(), turn.time, quote.clone());
        let day = turn.time.map(|d| format!("[{}] ", d.human_date())).unwrap_or_default();
        let names = t.names.join(", ");
        let text = format!("{day}{speaker}, first on {names}: {quote}");
        let value = TOPIC_VALUE * (0.5 + 0.5 * t.relevance);
        let provenance = Provenance {
            concepts: t.concepts,
            relations: t.relations,
            episodes: Vec::new(),
            turns: vec![t.turn],
            source_refs: turn.source_ref.iter().cloned().collect(),
            passage: None,
        };
        let mut item = Item::new(
            Layer::Concept,
            text,
            Scores {
                bm25: None,
                cosine: None,
            },
            value,
            format!("when the person first brought up {names}, for a question about order or progress"),
            provenance,
        );
        item.shows = Shows::Turn(said);
        item
    }
}

#[cfg(test)]
mod tests {
    use super::asks_progress;
    use crate::engine::{AskOptions, Engine};
    use crate::formats::session::TurnInput;
    use crate::log::Log;
    use crate::retrieval::{Budgets, Layer};
    use crate::rules::OfflineModel;

    fn said(text: &str, month: u32) -> TurnInput {
        TurnInput {
            speaker: "user".into(),
            text: text.into(),
            time: crate::time::Timestamp::parse(&format!("2024-0{month}-10T10:00:00Z")).ok(),
            session: month,
            index: 1,
            source_ref: None,
            attachments: Vec::new(),
        }
    }

    #[test]
    fn a_question_about_order_gets_the_topics_in_the_order_they_came_up() {
        let dir = tempfile::tempdir().unwrap();
        let mut engine = Engine::open(Log::open(&dir.path().join("m.db")).unwrap(), Box::new(OfflineModel)).unwrap();
        for (text, month) in [
            ("I signed up for pottery classes at the community centre.", 1),
            ("This weekend I went hiking in the hills with my brother.", 2),
            ("I've started learning the guitar, mostly chords for now.", 3),
        ] {
            engine.ingest(&said(text, month), "Dana").unwrap();
        }
        engine.finish().unwrap();
        let opts = AskOptions {
            budgets: Budgets {
                tokens: Some(400),
                ..Budgets::default()
            },
            at: None,
            log: false,
        };
        let answer = engine
            .ask("In what order did I bring up my hobbies?", &opts, &mut |_| {})
            .unwrap();
        let order = answer
            .context
            .items
            .iter()
            .find(|i| i.layer == Layer::Concept && i.text.starts_with("Topics Dana brought up, in order:"))
            .map(|i| i.text.clone())
            .unwrap_or_default();
        let at = |w: &str| order.find(w).unwrap_or(usize::MAX);
        assert!(
            at("Pottery") < at("Hiking") && at("Hiking") < at("Guitar") && at("Guitar") < usize::MAX,
            "{order}"
        );
        let without = AskOptions {
            budgets: Budgets {
                without: crate::retrieval::Layers::parse("concepts").unwrap(),
                ..opts.budgets
            },
            ..opts
        };
        let ablated = engine
            .ask("In what order did I bring up my hobbies?", &without, &mut |_| {})
            .unwrap();
        assert!(!ablated.context.items.iter().any(|i| i.text.starts_with("Topics Dana")));
    }

    #[test]
    fn questions_about_order_or_progress() {
        assert!(asks_progress("In what order did I bring up these topics?"));
        assert!(asks_progress("How did my understanding develop over time?"));
        assert!(asks_progress("Can you summarize my learning journey?"));
        assert!(asks_progress(
            "How did my questions about loans progress throughout our conversations?"
        ));
        assert!(!asks_progress("How old is Scott?"));
        assert!(!asks_progress("When did Jolene lose a lot of progress in her work?"));
        assert!(!asks_progress(
            "What changes has Caroline faced during her transition journey?"
        ));
        assert!(!asks_progress("What did I order for dinner on Friday?"));
    }
}
