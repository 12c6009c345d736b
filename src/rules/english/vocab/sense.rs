//! Whether a lexicon word is used in the sense the lexicon files it under. English gives most
//! activity words a second, ordinary sense: "walk me through it" explains, "working on a problem"
//! is effort, "writing the formula" is notation, "proof exercises" are homework. The rules here
//! read the words around the match, as a reader does:
//! - a phrasal verb whose particle changes the meaning ("walk through", "work on", "run into");
//! - a verb whose object is a pronoun ("run it again") or a thing another base concept holds
//!   ("writing the formula", "run the tests"), judged by the embedder;
//! - a noun whose compound modifier belongs elsewhere ("induction proof exercises").

use crate::rules::words::code::DATA_HEADS;
use crate::rules::words::function::OBJECT_PRONOUNS;
use crate::rules::words::function::PARTICLES;
pub(super) use crate::rules::words::function::SENSE_DETERMINERS as DETERMINERS;
use crate::rules::words::nouns::NOUN_OPENERS;
use crate::rules::words::nouns::SETTINGS_HEADS;
use crate::rules::words::numbers::NUMBERS;
use crate::rules::words::verbs::{EXECUTION, IDIOMS, PHRASAL, PROGRAM_THINGS};

use super::place::{Setting, lead_of};
use super::{ACTIVITY_SETTINGS, ADVERBS, MEASURES, QUALIFIERS};
use crate::lexicon::{LexEntry, Located};
use crate::text::is_stopword;

/// Whether `found` (located in `toks`, the words of one sentence said in `setting`) is used in
/// the lexicon's sense. The grammar rules hold anywhere; the words beside the match are read only
/// where the setting leans to another base, since a neighbour alone is a weak witness ("a tough
/// injury", "goblet squats" at the gym).
pub(crate) fn in_sense(toks: &[String], found: &Located<'_>, setting: &Setting) -> bool {
    let Some(word) = toks.get(found.at) else {
        return false;
    };
    let after = found.at.saturating_add(found.len);
    if phrasal(word, toks.get(after..).unwrap_or_default())
        || in_idiom(toks, found.at)
        || super::figure::figurative(toks, found.at, found.len)
        || super::role::workplace(toks, found)
        || super::role::not_a_couple(toks, found)
        || in_ratio(toks, found.at, found.len)
        || done_by_another(toks, found.at, found.len)
        || super::doer::thing_subject(toks, found.at)
        || super::role::someone_elses(toks, found)
        || super::role::another_s_child(toks, found)
        || super::role::someone_elses_retirement(toks, found)
        || super::frame::framed_as_material(toks, found.at, found.len)
        || super::machine::machine_job(toks, found.at, found.len)
        || super::machine::software_library(toks, found.at, found.len)
        || super::solution::solution_work(toks, found.at, found.len)
        || super::travel::not_travel(toks, found, setting, |kin| kin_in(toks, found, kin))
        || super::occasion::not_wedding(toks, found, setting)
        || super::membership::lapsed_access(toks, found)
        || super::earnings::yielded_income(toks, found)
    {
        return false;
    }
    if found.entry.polysemous && setting.plainly_elsewhere(&found.entry.base) && !vouched(toks, found) {
        return false;
    }
    // In a sentence (or a passage) about code the technical sense is the near one: only a word of the match's
    // own sub-concept speaks for the filed sense there ("a run and a swim before I pushed my
    // code"); one of its base does not ("reading the Instagram API docs" is no book).
    // In a passage about code that sense is near for the words of running a program and of
    // what it handles alone ("hooks that only run on certain files", "using the library"): a
    // career changer who learns to code still starts a new job.
    let near_in_code =
        setting.about_code() && (EXECUTION.contains(&word.as_str()) || PROGRAM_THINGS.contains(&word.as_str()));
    // A word of those two lists takes its technical sense in a passage about code whether or
    // not the lexicon marks it two-sensed ("compatibility with older clients"); elsewhere it
    // keeps the filed one ("the client moved the launch date forward").
    if ((found.entry.polysemous && super::machine::code_sentence(toks)) || near_in_code)
        && !vouched_closely(toks, found)
    {
        return false;
    }
    // In a passage about code, a word that qualifies a measure or a setting is the program's,
    // whatever its other sense ("the sleep delay between requests", "a game score endpoint"),
    // and so is one that names its records or parts ("the job titles", "my job match system").
    if setting.about_code() && (qualifies_measure(toks, after) || super::frame::modifies(toks, after, DATA_HEADS)) {
        return false;
    }
    // A word with a common second sense is always read with its neighbours ("run the unit
    // tests", "a connection pool", "for state management"); another only where the setting
    // leans to another base.
    let strict = found.entry.polysemous;
    if !strict && !setting.leans_from(&found.entry.base, &found.entry.general) {
        return true;
    }
    if let Some(object) = object(toks, after) {
        return object.is_empty() || fits(&object, found.entry, OTHER_SENSE, false);
    }
    // "writing sequence terms", "running python": an -ing word's bare object. After a noun the
    // next word is as often its verb ("my boss asked") as a compound's head, so it is not read;
    // a word with a second sense is read as a verb unless a determiner makes it a noun ("run
    // unit tests", not "a run today").
    let as_noun = found
        .at
        .checked_sub(1)
        .and_then(|j| toks.get(j))
        .is_some_and(|d| DETERMINERS.contains(&d.as_str()));
    // A word then a past form is a subject and its verb ("work calmed down").
    if (word.ends_with("ing") || (strict && !as_noun))
        && let Some(next) = toks
            .get(after)
            .filter(|w| bare(w) && !(strict && w.ends_with("ed")) && !PARTICLES.contains(&w.as_str()))
        && !ACTIVITY_SETTINGS.contains(&next.as_str())
        && !fits(&bare_compound(toks, after), found.entry, OTHER_SENSE, false)
    {
        return false;
    }
    // A word with a second sense that qualifies a measure or a setting is in its technical
    // sense ("the pool size", "environment variables").
    if strict && qualifies_measure(toks, after) {
        return false;
    }
    // A phrase that opens with a preposition ("at work") has no compound modifier before it.
    if is_stopword(word) {
        return true;
    }
    let m = modifier(toks, found.at).or_else(|| strict.then(|| after_preposition(toks, found.at)).flatten());
    match m {
        // The modifier alone pulls elsewhere, but a compound that as a whole still reads as the
        // head's base keeps it ("the science museum", "the Peace Museum"). A two-word modifier
        // names a thing of its own ("induction proof exercises") and is not outweighed. A word
        // with a second sense leans on its modifier alone: "state management" reads as its head.
        // A word with a second sense needs a modifier that speaks for its base ("the swimming
        // pool", "my office manager"), not merely one that does not speak against it.
        Some(m) if strict => {
            let lex = crate::lexicon::Lexicon::builtin();
            // A modifier with a second sense of its own ("pool" in "connection pool
            // exhaustion") vouches for nothing.
            match lex.matches(&m).find(|e| !e.polysemous) {
                Some(e) => e.base == found.entry.base,
                None => lead_of(&m, &found.entry.base, "") > 0.0,
            }
        }
        Some(m) => {
            fits(&m, found.entry, OTHER_HEAD, true)
                || (!m.contains(' ') && lead_of(&format!("{m} {word}"), &found.entry.base, "") >= 0.0)
        }
        // Without a determiner to show where a phrase starts, the word before a noun is as often
        // a verb that takes it ("really miss squats", "stay vegetarian") as a compound's first
        // word, so it is not read.
        None => true,
    }
}

/// Whether the word at `after` is a measure or a setting of a system ("size", "delay",
/// "variables"), so that the words before it qualify it.
fn qualifies_measure(toks: &[String], after: usize) -> bool {
    toks.get(after)
        .is_some_and(|n| MEASURES.contains(&n.as_str()) || SETTINGS_HEADS.contains(&n.as_str()))
}

/// Whether the clause speaks for the filed sense: another word of the match's base concept, one
/// without a second sense ("a walk after the gym"), or a preposition right before the word, with
/// no determiner, that makes it a place or an institution ("after work", "in class"; not "to", which
/// as often opens a verb: "to run").
fn vouched(toks: &[String], found: &Located<'_>) -> bool {
    placed(toks, found) || kin_in(toks, found, |e| e.base == found.entry.base)
}

/// Whether the sentence holds another word, one without a second sense, of another general
/// event than the match's that `kin` accepts (of its base, or of its sub-concept).
fn kin_in(toks: &[String], found: &Located<'_>, kin: impl Fn(&LexEntry) -> bool) -> bool {
    crate::lexicon::Lexicon::builtin()
        .located(&toks.join(" "))
        .iter()
        .any(|f| !f.entry.polysemous && f.entry.general != found.entry.general && kin(f.entry))
}

/// Whether a preposition right before the word, with no determiner, makes it a place or an
/// institution ("after work", "in class").
fn placed(toks: &[String], found: &Located<'_>) -> bool {
    found
        .at
        .checked_sub(1)
        .and_then(|j| toks.get(j))
        .is_some_and(|w| matches!(w.as_str(), "at" | "from" | "before" | "after" | "in" | "off"))
}

/// Whether the sentence holds another word of the match's own sub-concept, one without a second
/// sense, or the word stands where only the activity fits: after a preposition that makes it a
/// place ("after work"), after "go" ("went running"), or as "for a run".
fn vouched_closely(toks: &[String], found: &Located<'_>) -> bool {
    let back = |k: usize| found.at.checked_sub(k).and_then(|j| toks.get(j)).map(String::as_str);
    let gone = back(1).is_some_and(|w| matches!(w, "go" | "goes" | "went" | "going" | "gone"));
    let outing = back(1) == Some("a") && back(2) == Some("for");
    placed(toks, found)
        || gone
        || outing
        || kin_in(toks, found, |e| e.base == found.entry.base && e.sub == found.entry.sub)
}

/// A word that can be a bare object or a compound's head: a content word of letters.
pub(super) fn bare(w: &str) -> bool {
    !ADVERBS.contains(&w)
        && w.chars().count() > 2
        && w.chars().all(char::is_alphabetic)
        && !is_stopword(w)
        && !crate::rules::words::nouns::ly_adverb(w)
        && !super::super::extract::is_calendar_or_count(w)
}

/// "a webinar hosted by Fidelity", "a mural painted by my niece": a past participle with its
/// doer after "by" is someone else's doing, not the speaker's pastime.
fn done_by_another(toks: &[String], at: usize, len: usize) -> bool {
    let last = at.saturating_add(len).saturating_sub(1);
    let participle = toks
        .get(last)
        .is_some_and(|w| w.len() > 4 && (w.ends_with("ed") || matches!(w.as_str(), "drawn" | "written" | "sung")));
    participle && toks.get(last.saturating_add(1)).is_some_and(|w| w == "by")
}

/// Whether the word at `at` is part of one of [`IDIOMS`] ("up and running").
/// "fails about one run in four", "two walks out of ten": a word between a number and a share
/// counts occurrences of something, here as often a program's runs as a person's.
fn in_ratio(toks: &[String], at: usize, len: usize) -> bool {
    let number = |w: Option<&String>| {
        w.is_some_and(|w| {
            (NUMBERS.contains(&w.as_str()) && w != "a") || w.chars().next().is_some_and(|c| c.is_ascii_digit())
        })
    };
    let after = at.saturating_add(len);
    let share = match toks.get(after).map(String::as_str) {
        Some("in") => number(toks.get(after + 1)),
        Some("out") => toks.get(after + 1).is_some_and(|w| w == "of") && number(toks.get(after + 2)),
        _ => false,
    };
    share && number(at.checked_sub(1).and_then(|b| toks.get(b)))
}

fn in_idiom(toks: &[String], at: usize) -> bool {
    IDIOMS.iter().any(|idiom| {
        idiom.iter().enumerate().any(|(k, w)| {
            toks.get(at).is_some_and(|t| t == w)
                && at.checked_sub(k).is_some_and(|start| {
                    toks.get(start..start.saturating_add(idiom.len()))
                        .is_some_and(|span| span.iter().zip(idiom.iter()).all(|(a, b)| a == b))
                })
        })
    })
}

fn phrasal(word: &str, rest: &[String]) -> bool {
    let Some((_, particles)) = PHRASAL.iter().find(|(stem, _)| word.starts_with(stem)) else {
        return false;
    };
    let skip = usize::from(rest.first().is_some_and(|w| OBJECT_PRONOUNS.contains(&w.as_str())));
    rest.get(skip).is_some_and(|p| particles.contains(&p.as_str()))
}

/// The object of the match used as a verb: the content words after a determiner right behind it
/// ("writing the formula" → "formula"), or empty for a pronoun ("run it again"). `None` when no
/// object follows, or when it is a time ("walked this morning"), which is no object at all.
fn object(toks: &[String], after: usize) -> Option<String> {
    let first = toks.get(after)?;
    if matches!(first.as_str(), "it" | "them") {
        return Some(String::new());
    }
    if !DETERMINERS.contains(&first.as_str()) {
        return None;
    }
    let words: Vec<&str> = toks
        .iter()
        .skip(after + 1)
        .take(3)
        .take_while(|w| !is_stopword(w))
        .map(String::as_str)
        .collect();
    if words.is_empty() || words.iter().any(|w| super::super::extract::is_calendar_or_count(w)) {
        return None;
    }
    Some(words.join(" "))
}

/// The bare object at `after` read as a whole compound of up to three content words ("writing
/// sigma notation" → "sigma notation"): its first word alone may lean anywhere.
fn bare_compound(toks: &[String], after: usize) -> String {
    let words: Vec<&str> = toks
        .iter()
        .skip(after)
        .take(3)
        .take_while(|w| bare(w) && !PARTICLES.contains(&w.as_str()))
        .map(String::as_str)
        .collect();
    words.join(" ")
}

/// The compound modifier before a noun match: one or two content words that a determiner or a
/// number opens ("my leg exercises", "3 induction proof exercises"), not a verb before it ("I love
/// walking").
fn modifier(toks: &[String], at: usize) -> Option<String> {
    (1..=2).find_map(|n| {
        let start = at.checked_sub(n)?;
        if !opens(toks, start.checked_sub(1)?) {
            return None;
        }
        let words = toks.get(start..at)?;
        let content = words.iter().all(|w| {
            !is_stopword(w)
                && !super::super::extract::is_calendar_or_count(w)
                && !crate::rules::words::nouns::ly_adverb(w)
                && !QUALIFIERS.contains(&w.as_str())
        });
        content.then(|| words.join(" "))
    })
}

/// The compound modifier (one or two words) before a noun that a preposition, a question
/// determiner, a conjunction or an -ing verb opens ("with connection pool exhaustion", "for
/// state management", "optimizing memory management"); a word there is not a verb taking the
/// noun.
fn after_preposition(toks: &[String], at: usize) -> Option<String> {
    (1..=2).find_map(|n| {
        let start = at.checked_sub(n)?;
        let p = toks.get(start.checked_sub(1)?)?;
        let words = toks.get(start..at)?;
        let nouns = words
            .iter()
            .all(|m| bare(m) && !QUALIFIERS.contains(&m.as_str()) && !m.ends_with("ed") && !m.ends_with("ing"));
        // An -ing verb takes the whole compound as its object ("optimizing memory management").
        let opened = NOUN_OPENERS.contains(&p.as_str()) || (p.ends_with("ing") && p.chars().count() > 4);
        (nouns && opened).then(|| words.join(" "))
    })
}

/// Whether the word at `i` opens a noun phrase: a determiner or a number.
fn opens(toks: &[String], i: usize) -> bool {
    toks.get(i)
        .is_some_and(|w| DETERMINERS.contains(&w.as_str()) || w.chars().all(|c| c.is_ascii_digit()))
}

/// How far another base concept may lead before an object or modifier is taken to belong there.
const OTHER_SENSE: f32 = 0.02;
/// The same for the head noun after a noun match, which more often only specifies it ("job
/// market", "running shoes").
const OTHER_HEAD: f32 = 0.06;

/// Whether the words beside a match belong with its sub-concept rather than another base's. A
/// compound modifier the lexicon files elsewhere names a concept of its own beside the head, which
/// keeps its sense ("a family dinner" is a dinner); an object it files elsewhere is what the verb
/// works on ("run the tests").
fn fits(words: &str, entry: &LexEntry, margin: f32, modifier: bool) -> bool {
    let lex = crate::lexicon::Lexicon::builtin();
    if let Some(e) = lex.matches(words).next() {
        return modifier || e.base == entry.base;
    }
    lead_of(words, &entry.base, "") > -margin
}
