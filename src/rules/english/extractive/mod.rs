//! The offline model's short answer. The context is read back into sentences with their date and
//! whom they are about; each is scored by the question's content words (IDF-weighted stems) and
//! by whether it is about the person the question names; the answer is cut from the best one by
//! the question's type: a date for "when", a count or frequency for "how many/often", a person
//! for "who", a place for "where", Yes/No for "would/is/did", else the shortest phrase that is
//! not the question's own words. "not mentioned" when nothing supports an answer, or when the
//! support is about someone else than the person the question names.

use crate::rules::words::questions::QUESTION_WORDS;

use crate::model::AnswerContext;
use crate::text::{is_stopword, words};
use crate::time::Timestamp;
use std::collections::{BTreeSet, HashMap, HashSet};

mod choice;
mod chunk;
mod dates;
mod lists;
pub(crate) mod money;
mod question;
mod slot;
mod spans;
mod typed;
pub(in crate::rules) mod update;
mod verbs;
mod who_where;
use crate::rules::format::context::{asked_person, attribute, persons, read_context};
use dates::{DateFrom, dated, when};
use question::{
    Kind, asks_again, asks_date_as_it_stands, asks_measure, asks_year, focus_of, has_kind, is_date_word, kind_of,
    question_date, verbs_of, year_of,
};
use spans::{count, feeling, noun_answer, phrase, reason, yes_no};
use typed::{asks_job, job, restriction_ends};
pub(in crate::rules) use verbs::stem;
use who_where::{names_in, place, who};

/// What the offline model says when the context does not support an answer.
pub const NOT_MENTIONED: &str = "not mentioned";

/// Share of the question's word weight a sentence must carry to support an answer.
const MIN_COVERAGE: f64 = 0.25;
/// Weight of a sentence about another person than the one the question names.
const OTHER_PERSON: f64 = 0.55;
/// Weight of the assistant's sentence when the question is about the person: its advice answers
/// only what no sentence of the person's own does ("What is my long run now?" is the person's
/// "I've cut back to 12 km", not the advice "keep one long run a week").
const ADVICE: f64 = 0.3;
/// Weight of a sentence about the person that another person said to them ("You're doing great
/// with your kids"): a remark, weaker support than the person's own words.
const HEARD: f64 = 0.8;
/// Below this share of the best sentence about someone else, the named person's best sentence
/// does not count as support: the question asks about a person the evidence is not about.
const OWN_SHARE: f64 = 0.6;
/// Below this share of the best support said by someone else, the named person's own best
/// support does not count: the question's content belongs to another person.
const RIVAL: f64 = 0.75;
/// Weight of the whole item's coverage in a sentence's coverage.
const ITEM_SHARE: f64 = 0.3;
/// Weight of the words only the turn before says, in a sentence's coverage.
const NEAR: f64 = 0.5;
/// Score added to a sentence dated in the month (or year) the question names.
const DATED: f64 = 0.15;
/// For a "when" question, a spoken sentence that tells its date relative to the day it was said
/// answers instead of the best support when it carries this share of the best's coverage: that
/// is the date as the person told it, while a memory line's date is often the day it was said.
const RELATIVE: f64 = 0.6;
/// Longest answer phrase, in words.
const MAX_WORDS: usize = 6;

/// A set of word stems (or words). foldhash: an answer builds one for every sentence of its
/// context, and SipHash was a tenth of answering.
pub(in crate::rules) type Stems = HashSet<String, foldhash::fast::RandomState>;

/// One context sentence with what is known about it.
pub(in crate::rules) struct Sentence {
    pub(in crate::rules) text: String,
    /// The item line it came from (the support shown with the answer).
    pub(in crate::rules) line: String,
    pub(in crate::rules) date: Option<Timestamp>,
    pub(in crate::rules) who: Option<String>,
    /// Whether `who` is the line's speaker (a turn), not a guess from its first word.
    pub(in crate::rules) spoken: bool,
    /// Whether the sentence asks something: a question is no support for an answer.
    pub(in crate::rules) asks: bool,
    pub(in crate::rules) stems: Stems,
    /// The stems of the turn before it on the same day: the question a reply answers ("What are
    /// their names?" → "Luna and Oliver!"), or what its "this" or "it" points back to.
    pub(in crate::rules) near: Stems,
    /// Whether the sentence is taken to be about its listener ("Your snake must brighten your
    /// evenings"): another person's remark, weaker support than the person's own words.
    pub(in crate::rules) heard: bool,
}

/// The short answer and the item line it rests on; `None` when nothing supports one.
///
/// A "would … likely" question asks for a judgement, and a judgement needs support like any
/// answer: with none, the answer says it does not know rather than guessing a verdict ("Would
/// Sam enjoy a jazz concert?" over a context about painting the kitchen).
#[must_use]
pub fn short_answer(question: &str, context: &AnswerContext, person: &str) -> Option<(String, String)> {
    slot::answer(question, context)
        .or_else(|| {
            let found = supported_answer(question, context, person)?;
            // "How old …?" is answered with an age: a span without a number ("old family photos")
            // only shares the word.
            (!typed::asks_age(question) || typed::counts(&found.0)).then_some(found)
        })
        // A relative's home may be said any way ("she has spent her life in Antwerp"); the
        // person's own is what they say they live in.
        .filter(|(a, line)| {
            !typed::asks_home(question)
                || question::relative_asked(question).is_some()
                || (typed::places(a) && typed::says_home(line))
        })
}

fn supported_answer(question: &str, context: &AnswerContext, person: &str) -> Option<(String, String)> {
    let mut sents = read_context(context);
    let known = persons(&sents, person);
    attribute(&mut sents, &known);
    // "What did you suggest for the webhook duplicates?": the assistant's words answer it.
    let asked = if question::asks_what_was_said_to(question) && known.iter().any(|k| k == "assistant") {
        Some("assistant".to_string())
    } else {
        asked_person(question, &known, person)
    };
    let names: Stems = known.iter().flat_map(|n| words(n).collect::<Vec<_>>()).collect();
    let kind = kind_of(question);
    let again = kind == Kind::When && asks_again(question);
    let for_work = kind == Kind::What && asks_job(question);
    let measure = kind == Kind::What && !for_work && asks_measure(question);
    let price = kind == Kind::What && !for_work && !measure && money::asks_price(question);
    let asked_date = question_date(question);
    let relative = question::relative_asked(question).map(|r| stem(&r));
    // "Where did my father live?": a sentence that names neither him nor anyone by "his" or
    // "her" is about someone else, though it shares "live".
    let of_relative = |s: &Sentence| {
        relative.as_ref().is_none_or(|r| {
            s.stems.contains(r) || words(&s.text).any(|x| matches!(x.as_str(), "his" | "her" | "their"))
        })
    };
    let wanted: Vec<String> = words(question)
        .filter(|w| !is_date_word(w))
        .filter(|w| {
            w.len() > 1
                && !is_stopword(w)
                && !names.contains(w.trim_end_matches("'s"))
                && !QUESTION_WORDS.contains(&w.as_str())
                // "Why did Alex stop deadlifting?": the reason is said of deadlifting; the
                // sentences that share only the verb of the change are about something else.
                && (kind != Kind::Why || !spans::CHANGE_VERBS.contains(&w.as_str()))
        })
        .map(|w| stem(w.trim_end_matches("'s")))
        // In a fixed order, so that sums of weights, and so ties between sentences, come out the
        // same in every run.
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    if wanted.is_empty() || sents.is_empty() {
        return None;
    }
    let n = sents.len() as f64;
    let idf: HashMap<&str, f64> = wanted
        .iter()
        .map(|w| {
            let df = sents.iter().filter(|s| s.stems.contains(w)).count() as f64;
            (w.as_str(), (1.0 + n / (1.0 + df)).ln())
        })
        .collect();
    let total: f64 = idf.values().sum();
    let coverage = |s: &Sentence| {
        wanted
            .iter()
            .filter(|w| s.stems.contains(*w))
            .map(|w| idf[w.as_str()])
            .sum::<f64>()
            / total
    };
    // Only a known person counts as whom a sentence is about ("On 8 May, Alex said" is not about "On").
    let about = |s: &Sentence| match (&asked, &s.who) {
        (Some(a), Some(w)) if known.contains(w) => w == a,
        _ => true,
    };
    // "What health condition does Mira have?": the condition a sentence about the person says
    // they were diagnosed with, though no word of the question is in it.
    if crate::rules::english::diagnosis::asks_condition(question)
        && let Some((condition, s)) = sents
            .iter()
            .filter(|s| about(s))
            .find_map(|s| crate::rules::english::diagnosis::condition_in(&s.text).map(|c| (c, s)))
    {
        return Some((condition, s.line.clone()));
    }
    // The assistant's words, in answer to a question about a person: advice given to them
    // ("keep one long run a week"), which says what they might do, not what they do.
    let advice = |s: &Sentence| s.who.as_deref() == Some("assistant") && asked.as_deref() != Some("assistant");
    // Whether a sentence's person is known. A memory line that names no one ("[topic] The kids
    // loved it after the road trip") may be about anyone: it is no support of the named person's
    // own against what another person is known to have said.
    let named = |s: &Sentence| s.who.as_ref().is_some_and(|w| known.contains(w));
    // A sentence is also read with the rest of its item: "Work is busy. I'm a nurse." answers
    // "What does X do for work?" with the sentence that does not repeat the question's words.
    let mut item_stems: HashMap<&str, HashSet<&str>> = HashMap::new();
    for s in &sents {
        item_stems
            .entry(s.line.as_str())
            .or_default()
            .extend(s.stems.iter().map(String::as_str));
    }
    let item_coverage = |s: &Sentence| {
        item_stems.get(s.line.as_str()).map_or(0.0, |st| {
            wanted
                .iter()
                .filter(|w| st.contains(w.as_str()))
                .map(|w| idf[w.as_str()])
                .sum::<f64>()
                / total
        })
    };
    // The words the turn before adds to the item's own.
    let near_coverage = |s: &Sentence| {
        let item = item_stems.get(s.line.as_str());
        let has = |w: &str| item.is_some_and(|st| st.contains(w));
        wanted
            .iter()
            .filter(|w| !has(w.as_str()) && s.near.contains(*w))
            .map(|w| idf[w.as_str()])
            .sum::<f64>()
            / total
    };
    let mut scored: Vec<(f64, f64, usize)> = sents
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let cov = ITEM_SHARE.mul_add(item_coverage(s), (1.0 - ITEM_SHARE) * coverage(s))
                // A date is the words of the sentence that tells it, not of the question before.
                + if kind == Kind::When { 0.0 } else { NEAR * near_coverage(s) };
            let fits = if again {
                restriction_ends(s).is_some()
            } else if for_work {
                job(&s.text).is_some()
            } else {
                has_kind(kind, s)
            };
            let bonus = match (fits, again || for_work) {
                (true, true) => 0.8,
                (true, false) => 0.12,
                _ => 0.0,
            };
            let w = if s.asks {
                0.0
            } else if advice(s) {
                ADVICE
            } else if about(s) && s.heard {
                HEARD
            } else if about(s) {
                1.0
            } else {
                OTHER_PERSON
            };
            let w = if of_relative(s) { w } else { w * OTHER_PERSON };
            let dated = asked_date.is_some_and(|(y, m)| {
                s.date.is_some_and(|d| {
                    let (sy, sm, _) = d.civil();
                    y.is_none_or(|y| y == sy) && m.is_none_or(|m| m == sm)
                })
            });
            let bonus = bonus + if dated { DATED } else { 0.0 };
            ((cov + bonus) * w, cov, i)
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.2.cmp(&b.2)));
    let &(_, best_cov, best) = scored.first()?;
    if best_cov < MIN_COVERAGE {
        return None;
    }
    // The question's content is said by someone else, far better than by the person it names:
    // the question is about a person the evidence is not about. The assistant's advice ("note
    // every deposit") is no one's life: it rivals no person's own words.
    if asked.is_some() {
        let best_of = |own: bool| {
            scored
                .iter()
                .filter(|(_, _, i)| {
                    let s = &sents[*i];
                    about(s) == own && named(s) && (own || s.who.as_deref() != Some("assistant"))
                })
                .map(|s| s.1)
                .fold(0.0, f64::max)
        };
        let (own, other) = (best_of(true), best_of(false));
        if other >= MIN_COVERAGE && own < RIVAL * other {
            return None;
        }
    }
    if asked.is_some() && !about(&sents[best]) {
        let own = scored.iter().find(|(_, _, i)| about(&sents[*i])).map_or(0.0, |s| s.1);
        if own < OWN_SHARE * best_cov || own < MIN_COVERAGE {
            return None;
        }
    }
    // "When can X lift again?": the latest restriction end among the supporting sentences
    // (a later word from the physio replaces the first estimate), not the injury's date.
    let resumed = again
        .then(|| {
            scored
                .iter()
                .take(12)
                .filter(|(_, cov, i)| *cov >= MIN_COVERAGE && about(&sents[*i]))
                .filter_map(|(_, _, i)| restriction_ends(&sents[*i]).map(|d| (*i, d)))
                .max_by_key(|(i, _)| sents[*i].date)
        })
        .flatten();
    if let Some((i, date)) = resumed {
        return Some((date, sents[i].line.clone()));
    }
    // The first sentence of the kind the question needs among the top ones about as relevant as
    // the best and about the person (the best itself when it is one); the best when none is.
    // With none among them, a sentence of one of their items that fits ("My father died in
    // January. … his flat in Porto" answers where the father lived).
    let prefer = |fits: &dyn Fn(&Sentence) -> bool| {
        scored
            .iter()
            .take(8)
            .find(|(_, cov, i)| {
                let s = &sents[*i];
                *cov >= RELATIVE * best_cov && about(s) && !s.asks && of_relative(s) && fits(s)
            })
            .map(|(_, _, i)| *i)
            .or_else(|| {
                scored
                    .iter()
                    .take(8)
                    .filter(|(_, cov, _)| *cov >= MIN_COVERAGE)
                    .find_map(|(_, _, top)| {
                        let line = &sents[*top].line;
                        (0..sents.len()).find(|&i| {
                            let s = &sents[i];
                            s.line == *line && i != *top && about(s) && !s.asks && of_relative(s) && fits(s)
                        })
                    })
            })
            .unwrap_or(best)
    };
    let best = match kind {
        // A "where" is answered by a sentence that names a place.
        Kind::Where => prefer(&|s| who_where::names_place(&s.text)),
        // A "why" by one that gives a reason or a cause: "stop ego lifting" shares the verb of
        // "why did Alex stop deadlifting?"; the injury is the cause.
        Kind::Why => prefer(&spans::gives_reason),
        Kind::When => prefer(&|s| s.spoken && dated(s).1 == DateFrom::Relative),
        // A "how many" by one that says a number, a "how much does it cost" by one that says a
        // sum: "Always confirm RSVPs when asked about attendance" shares the words of "How many
        // people are confirmed to attend?" and counts nothing.
        Kind::Count if money::asks_money(question) => prefer(&|s| money::money(&s.text).is_some()),
        Kind::Count => prefer(&|s| count(&s.text).is_some()),
        Kind::What if measure => prefer(&|s| count(&s.text).is_some()),
        Kind::What if price => prefer(&|s| money::money(&s.text).is_some()),
        _ => best,
    };
    // A value as it stands is the latest said of the same thing (see `update`).
    // So is a date as it stands ("What is the deadline?", "When is my inspection?"): a moved
    // deadline is the later one said.
    let current = (matches!(kind, Kind::Count | Kind::What) && update::asks_current(question)
        || kind == Kind::When && asks_date_as_it_stands(question))
        && update::holds_value(&sents[best]);
    let asks_sum = kind == Kind::Count && money::asks_money(question);
    let best = if current {
        // "his most recent math test" is not his English test, however recent that is.
        let pairs = update::modified_heads(question);
        let same: Vec<usize> = scored
            .iter()
            .take(update::LOOK)
            .filter(|(_, cov, i)| {
                let s = &sents[*i];
                (*cov >= update::SAME_SLOT * best_cov
                    || update::says_moved(&s.text, &s.line, question, kind == Kind::When))
                    && about(s)
                    && !s.asks
            })
            .filter(|(_, _, i)| !update::other_kind(&pairs, &sents[*i].text))
            // A sum asked for is replaced by a later sum only ("the deposit was 1,500 euros"
            // is not replaced by "the wedding is now on October 19").
            .filter(|(_, _, i)| !asks_sum || money::says_money(&sents[*i].text))
            .map(|(_, _, i)| *i)
            .collect();
        update::latest(&sents, &same).unwrap_or(best)
    } else {
        best
    };
    let qstems: Stems = words(question).map(|w| stem(w.trim_end_matches("'s"))).collect();
    let focus = focus_of(question);
    let verbs = verbs_of(question, &names);
    let options = choice::alternatives(question);
    let year_only = asks_year(question);
    let cut = |top: &Sentence| match kind {
        // A sentence that gives no date leaves a "when" to the next support.
        Kind::When if year_only => year_of(&when(top)),
        Kind::When => when(top),
        Kind::Count => money::asks_money(question)
            .then(|| money::money(&top.text))
            .flatten()
            .or_else(|| count(&top.text))
            .unwrap_or_else(|| phrase(&top.text, &qstems, &names)),
        Kind::Who => who(&top.text, &names, &qstems).unwrap_or_else(|| phrase(&top.text, &qstems, &names)),
        Kind::Where => place(&top.text, &qstems).unwrap_or_else(|| phrase(&top.text, &qstems, &names)),
        // "… the beach or the mountains?": the alternative the person's sentences speak of more.
        Kind::YesNo { likely } => match options.as_ref() {
            Some(o) => {
                let own: Vec<&Sentence> = sents.iter().filter(|s| about(s) && !s.asks).collect();
                choice::pick(o, &own).to_string()
            }
            // "Do you still use Fly.io?" after "we switched from Fly.io to…": no longer.
            None if sents
                .iter()
                .any(|s| about(s) && !s.asks && spans::left_behind(&s.text, question)) =>
            {
                "No".to_string()
            }
            None => yes_no(&top.text, likely),
        },
        Kind::Names { plural } => {
            let take = if plural { 4 } else { 1 };
            let mut found: Vec<String> = Vec::new();
            for (_, cov, i) in scored.iter().take(8) {
                let s = &sents[*i];
                if *cov < MIN_COVERAGE || !about(s) || found.len() >= take {
                    continue;
                }
                for n in names_in(&s.text, &names, &qstems) {
                    if found.len() < take && !found.contains(&n) {
                        found.push(n);
                    }
                }
            }
            if found.is_empty() {
                noun_answer(&top.text, &qstems, &names, focus.as_deref(), &verbs)
                    .unwrap_or_else(|| phrase(&top.text, &qstems, &names))
            } else {
                found.join(", ")
            }
        }
        Kind::Why => reason(&top.text)
            .map(|r| spans::pointed_back(&r, top, &sents).unwrap_or(r))
            .or_else(|| spans::purpose(&top.text, &qstems))
            .or_else(|| spans::cause(top, &names))
            .unwrap_or_else(|| phrase(&top.text, &qstems, &names)),
        Kind::Feeling => feeling(&top.text).unwrap_or_else(|| phrase(&top.text, &qstems, &names)),
        Kind::List => {
            let is_list = |s: &Sentence| focus.as_deref().and_then(|f| lists::listed(&s.text, f));
            let mut parts: Vec<String> = Vec::new();
            let mut lines: Vec<&str> = Vec::new();
            for (_, cov, i) in scored.iter().take(8) {
                let s = &sents[*i];
                if *cov < MIN_COVERAGE
                    || !about(s)
                    || lines.contains(&s.line.as_str())
                    || parts.len() >= lists::LIST_PARTS
                {
                    continue;
                }
                if is_list(s).is_some() {
                    continue;
                }
                let p = noun_answer(&s.text, &qstems, &names, focus.as_deref(), &verbs)
                    .unwrap_or_else(|| phrase(&s.text, &qstems, &names));
                if !p.is_empty() && !parts.contains(&p) {
                    parts.push(p);
                    lines.push(&s.line);
                }
            }
            let support: Vec<(&Sentence, f64)> = scored
                .iter()
                .map(|(_, cov, i)| (&sents[*i], *cov))
                .filter(|(s, _)| about(s) && !s.asks && is_list(s).is_none())
                .map(|(s, cov)| (s, cov + lists::MENTIONED))
                .collect();
            let listed: Vec<String> = sents
                .iter()
                .filter(|s| about(s))
                .find_map(is_list)
                .map(|n| lists::ranked(&n, &support))
                .unwrap_or_default();
            lists::joined(listed.into_iter().chain(parts))
        }
        // "What do I do for work?" is answered with an occupation ("I'm a paramedic", "as an
        // architect"); a sentence that names none only shares the word "work".
        Kind::What if for_work => job(&top.text).unwrap_or_default(),
        // "What is the memory usage per session?" is answered with the measure.
        Kind::What if measure => count(&top.text).unwrap_or_else(|| phrase(&top.text, &qstems, &names)),
        // "What do I charge per month?" is answered with the sum.
        Kind::What if price && money::money(&top.text).is_some() => money::money(&top.text).unwrap_or_default(),
        Kind::What => {
            // "Here's our latest work." with a shared photo: the photo's caption says what it is.
            let shown = sents
                .iter()
                .filter(|s| s.line == top.line && !std::ptr::eq(*s, top))
                .find_map(|s| spans::caption(&s.text))
                .filter(|c| {
                    spans::points_at_picture(&top.text) || {
                        let st: Stems = words(c).map(|w| stem(w.trim_end_matches("'s"))).collect();
                        wanted.iter().any(|w| st.contains(w))
                    }
                });
            shown
                .and_then(spans::shown)
                .or_else(|| noun_answer(&top.text, &qstems, &names, focus.as_deref(), &verbs))
                .unwrap_or_else(|| phrase(&top.text, &qstems, &names))
        }
    };
    // A sentence that holds only the question's own words ("My mom baked for my birthday.")
    // leaves the answer to the next sentence of its item, then to the next best support.
    let next = sents
        .get(best + 1)
        .filter(|s| s.line == sents[best].line)
        .map(|_| best + 1);
    let runners = scored
        .iter()
        .skip(1)
        .filter(|(_, cov, i)| *cov >= MIN_COVERAGE && about(&sents[*i]) && !sents[*i].asks)
        .map(|(_, _, i)| *i)
        .take(2);
    let found = std::iter::once(best).chain(next).chain(runners).find_map(|i| {
        // A sentence that says the value changed answers with the value it changed to.
        let answer = current
            .then(|| update::changed_to(&sents[i].text))
            .flatten()
            .unwrap_or_else(|| cut(&sents[i]));
        (!answer.trim().is_empty()).then(|| (answer, sents[i].line.clone()))
    });
    // No support gives a date: the best one's count or phrase ("for four years").
    found.or_else(|| {
        let top = &sents[best];
        let answer = count(&top.text).unwrap_or_else(|| phrase(&top.text, &qstems, &names));
        (kind == Kind::When && !answer.trim().is_empty()).then(|| (answer, top.line.clone()))
    })
}

#[cfg(test)]
mod shows_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod update_tests;
