//! The slots a question asks about, carried whole: "How old is Scott?" gets "Scott is 12", "Where
//! do I live?" gets the current home with the one it replaced. A slot is a sentence of a dozen
//! tokens where the turn that states it may be a hundred, so at a small budget it is what keeps
//! the answer in.

use crate::rules::words::numbers::PERIOD_ADVERBS;
use crate::rules::words::verbs::CHANGE_WORDS;
use crate::rules::{asks_money, says_money};

use super::assemble::Retriever;
use super::context::{Item, Layer, Scores};
use crate::event::{Holder, Slot};
use crate::ids::{ConceptId, TurnId};
use crate::model::{Shows, SlotLine, day_of};
use crate::text::{entity_key, words};

/// Value of a slot the question asks about: above any retrieved turn, since it is the answer.
const SLOT_VALUE: f64 = 1.0;
/// Most slot items one question gets.
const MOST: usize = 4;

/// The question words that ask for each of the person's own slots.
fn asks_for(slot: Slot, asked: &[String]) -> bool {
    let has = |ws: &[&str]| asked.iter().any(|w| ws.contains(&w.as_str()));
    match slot {
        Slot::Age => has(&["old", "age", "aged", "birthday", "born"]),
        Slot::Home => has(&[
            "live", "lives", "living", "home", "city", "town", "moved", "based", "reside",
        ]),
        Slot::Occupation => has(&[
            "job",
            "work",
            "occupation",
            "profession",
            "career",
            "living",
            "employed",
        ]),
        Slot::Relation | Slot::Setting | Slot::Version | Slot::Never | Slot::Stopped => false,
    }
}

/// Whether the question asks for a setting or a version the person stated: "What is the
/// request limit per minute?" names the setting's noun ("limit") and one more of its words or
/// its unit's ("minute"); "Which version of Flask do I use?" names the tool and asks for a
/// version.
fn asks_for_named(slot: Slot, what: &str, value: &str, asked: &[String]) -> bool {
    let stems: Vec<String> = asked.iter().map(|w| crate::text::singular(w)).collect();
    let has = |w: &str| stems.contains(&crate::text::singular(&w.to_lowercase()));
    match slot {
        // Pay is asked for by what one does to get it: "How much do I earn?", "What do I make
        // a year?", "What's my salary?".
        Slot::Setting if what == crate::ingest::settings::INCOME => {
            ["earn", "earning", "earned", "income", "salary", "pay", "paid", "wage"]
                .iter()
                .any(|w| has(w))
                || (has("make") && (has("much") || has("year") || has("month")))
        }
        Slot::Setting => {
            let unit_words: Vec<String> = words(value)
                .filter(|w| !w.contains(|c: char| c.is_ascii_digit()))
                .collect();
            let mut own = words(what).collect::<Vec<_>>();
            let Some(head) = own.pop() else { return false };
            let others = own
                .iter()
                .map(String::as_str)
                .chain(unit_words.iter().map(String::as_str))
                .filter(|w| !crate::text::is_stopword(w))
                .any(has);
            // A one-word setting ("budget") is asked for by its word alone.
            has(&head) && (others || own.is_empty())
        }
        Slot::Version => has("version") && names_tool(what, asked),
        _ => false,
    }
}

/// Lengths of time a rate is said per.
const PERIODS: &[&str] = &[
    "second",
    "minute",
    "hour",
    "day",
    "night",
    "week",
    "fortnight",
    "month",
    "quarter",
    "year",
];

/// Whether `text` says a rate, an amount per length of time: "$300 a month", "each week",
/// "120 requests per minute", "100 requests/minute", "monthly".
fn per_period(text: &str) -> bool {
    let toks: Vec<String> = text
        .split(|c: char| c.is_whitespace() || c == '/')
        .map(|t| t.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
        .collect();
    let period = |w: &str| PERIODS.contains(&crate::text::singular(w).as_str());
    let every = text.contains('/') && toks.iter().any(|t| period(t));
    every
        || toks.iter().any(|t| PERIOD_ADVERBS.contains(&t.as_str()))
        || toks
            .windows(2)
            .any(|w| matches!(w[0].as_str(), "a" | "an" | "per" | "each" | "every") && period(&w[1]))
}

/// Whether the question's words hold the tool's name as a run ("flask limiter" in "Which
/// version of Flask-Limiter …").
fn names_tool(what: &str, asked: &[String]) -> bool {
    let tool: Vec<String> = words(what).collect();
    !tool.is_empty() && asked.windows(tool.len()).any(|w| w == tool.as_slice())
}

impl Retriever<'_> {
    /// Items for the slots `question` asks about: every current slot of a person it names, and
    /// the asked slot of the memory's person when the question is about themselves.
    ///
    /// With them come the turns that state the settings and versions asked about, the current
    /// value's first: the answer is in those words, and the turn is what a reader checks.
    pub(super) fn slot_items(&self, question: &str, root: Option<ConceptId>) -> (Vec<Item>, Vec<TurnId>) {
        let m = self.memory;
        let asked: Vec<String> = words(question).collect();
        let key = entity_key(question);
        let about_self = asked
            .iter()
            .any(|w| matches!(w.as_str(), "i" | "my" | "me" | "i'm" | "am"));
        let mut items = Vec::new();
        let mut turns: Vec<TurnId> = Vec::new();
        let about_change = asked.iter().any(|w| CHANGE_WORDS.contains(&w.as_str()));
        for person in m.roots().map(|r| r.id).filter(|p| root.is_none_or(|r| r == *p)) {
            let name = &m.concept(person).name;
            let names_person = asked.contains(&entity_key(name));
            let slots = m.slots_of(person);
            // The people the question is about: named ("Who is Scott?"), or by who they are to
            // the person ("How old is my mom?", "What's my brother's name?").
            let mut holders: Vec<String> = Vec::new();
            for (cur, _) in &slots {
                if let Holder::Named(n) = &cur.holder {
                    let k = entity_key(n);
                    let named = !k.is_empty() && format!(" {key} ").contains(&format!(" {k} "));
                    let related = cur.slot == Slot::Relation
                        && words(&cur.value)
                            .last()
                            .is_some_and(|r| asked.iter().any(|w| w.strip_suffix("'s").unwrap_or(w) == r));
                    if (named || related) && !holders.contains(&k) {
                        holders.push(k);
                    }
                }
            }
            // "Flask-Limiter" is asked about, not "Flask": the longest tool name the question holds.
            let longest_tool = slots
                .iter()
                .filter(|(cur, _)| cur.slot == Slot::Version)
                .filter_map(|(cur, _)| cur.what.as_deref())
                .filter(|w| names_tool(w, &asked))
                .map(|w| words(w).count())
                .max()
                .unwrap_or(0);
            for (cur, earlier) in slots {
                let what = crate::memory::fullest_what(cur, &earlier);
                if cur.slot == Slot::Version && what.is_some_and(|w| words(w).count() < longest_tool) {
                    continue;
                }
                let named = matches!(cur.slot, Slot::Setting | Slot::Version | Slot::Never);
                let wanted = match &cur.holder {
                    _ if cur.slot == Slot::Never => super::never::asked(&cur.value, question),
                    // "How much do I spend weekly on dinners?" asks for a sum: a count of
                    // dinners a week shares its words and answers nothing.
                    // Income is a sum whether or not its currency was said ("I earn 72,000 a year").
                    _ if cur.slot == Slot::Setting
                        && asks_money(question)
                        && !says_money(&cur.value)
                        && what != Some(crate::ingest::settings::INCOME) =>
                    {
                        false
                    }
                    // "How much do I save each month for the fund?" asks for a rate: the fund's
                    // balance ("$4,000") is another quantity of the same thing. A setting named
                    // as a rate ("monthly budget") is one, whatever its value says.
                    _ if cur.slot == Slot::Setting
                        && per_period(question)
                        && !per_period(&cur.value)
                        && !what.is_some_and(per_period) =>
                    {
                        false
                    }
                    _ if named => asks_for_named(cur.slot, what.unwrap_or_default(), &cur.value, &asked),
                    Holder::Named(n) => holders.contains(&entity_key(n)),
                    Holder::Person => (about_self || names_person) && asks_for(cur.slot, &asked),
                };
                if !wanted || items.len() >= MOST {
                    continue;
                }
                if named {
                    turns.push(cur.turn);
                    if about_change {
                        turns.extend(earlier.iter().rev().map(|e| e.turn));
                    }
                }
                // The other side of a "never": the person's own words that they did it.
                let other_side = (cur.slot == Slot::Never).then(|| m.contradiction_of(cur)).flatten();
                if let Some((t, _)) = &other_side {
                    turns.push(*t);
                }
                let mut words = crate::event::slot_sentence(name, &cur.holder, cur.slot, what, &cur.value);
                let before: Vec<String> = crate::memory::values_of(cur, &earlier)
                    .map(|v| v.into_owned())
                    .collect();
                if !before.is_empty() {
                    words.push_str(&format!(" (before: {})", before.join(", then ")));
                }
                let text = cur
                    .time
                    .map_or_else(|| words.clone(), |t| format!("[{}] {words}", t.human_date()));
                let mut line = SlotLine {
                    slot: cur.slot,
                    who: cur.holder.name(name).to_string(),
                    of: name.clone(),
                    value: cur.value.clone(),
                    day: cur.time.and_then(day_of),
                    before,
                    words,
                    answers: None,
                };
                if let Some((t, said)) = &other_side {
                    let day = |t: Option<crate::time::Timestamp>| {
                        t.map(|t| format!(" ({})", t.human_date())).unwrap_or_default()
                    };
                    let when = m.turns.get(t.index()).and_then(|x| x.time);
                    line.answers = Some(format!(
                        "contradictory: {}{}, but also \"{}\"{}",
                        crate::event::slot_sentence(name, &cur.holder, cur.slot, None, &cur.value),
                        day(cur.time),
                        said.trim(),
                        day(when)
                    ));
                } else if named {
                    // The current value answers; a question about the change gets its history.
                    line.answers = Some(if cur.slot == Slot::Never {
                        crate::event::slot_sentence(name, &cur.holder, cur.slot, None, &cur.value)
                    } else if about_change && !earlier.is_empty() {
                        let mut all: Vec<std::borrow::Cow<'_, str>> = crate::memory::values_of(cur, &earlier).collect();
                        all.push(cur.value.as_str().into());
                        all.join(", then ")
                    } else {
                        cur.value.clone()
                    });
                }
                items.push(
                    Item::new(
                        Layer::Fact,
                        text,
                        Scores::default(),
                        SLOT_VALUE,
                        format!("the {:?} slot the question asks about", cur.slot).to_lowercase(),
                        self.episode_provenance(&[cur.episode]),
                    )
                    .showing(Shows::Slot(line)),
                );
            }
        }
        turns.dedup();
        (items, turns)
    }
}
