//! Whether a lexicon word is used in the sense the lexicon files it under. English gives most
//! activity words a second, ordinary sense: "walk me through it" explains, "working on a problem"
//! is effort, "writing the formula" is notation, "proof exercises" are homework. The rules here
//! read the words around the match, as a reader does:
//! - a phrasal verb whose particle changes the meaning ("walk through", "work on", "run into");
//! - a verb whose object is a pronoun ("run it again") or a thing another base concept holds
//!   ("writing the formula", "run the tests"), judged by the embedder;
//! - a noun whose compound modifier belongs elsewhere ("induction proof exercises").

use super::QUALIFIERS;
use super::place::lead_of;
use crate::lexicon::{LexEntry, Located};
use crate::text::is_stopword;

/// Phrasal verbs whose particle takes the verb out of its activity sense, by the verb's first
/// letters: "walk me through the setup", "work on a bug", "run into a problem", "draw on
/// experience", "write up the notes", "work out the total".
const PHRASAL: &[(&str, &[&str])] = &[
    ("walk", &["through"]),
    ("run", &["through", "into", "out", "over", "across"]),
    ("ran", &["through", "into", "out", "over", "across"]),
    ("work", &["on", "through", "out", "with"]),
    ("draw", &["on", "up", "from"]),
    ("drew", &["on", "up", "from"]),
    ("writ", &["up", "down", "out", "back"]),
    ("wrot", &["up", "down", "out", "back"]),
    ("go", &["through", "over"]),
    ("went", &["through", "over"]),
];

/// Object pronouns a phrasal verb takes before its particle ("walk me through").
const OBJECT_PRONOUNS: &[&str] = &["me", "you", "us", "them", "him", "her", "it", "this", "that", "someone"];

/// Words that open a noun phrase: what follows a verb after one of them is its object.
const DETERMINERS: &[&str] = &[
    "a", "an", "the", "my", "your", "his", "her", "our", "their", "this", "that", "these", "those", "some", "its",
];

/// Whether `found` (located in `toks`, the words of one sentence) is used in the lexicon's sense.
pub(crate) fn in_sense(toks: &[String], found: &Located<'_>) -> bool {
    let Some(word) = toks.get(found.at) else {
        return false;
    };
    let after = found.at.saturating_add(found.len);
    if phrasal(word, toks.get(after..).unwrap_or_default()) || thing_subject(toks, found.at) {
        return false;
    }
    if let Some(object) = object(toks, after) {
        return object.is_empty() || fits(&object, found.entry, OTHER_SENSE);
    }
    // "writing sequence terms", "running python": an -ing word's bare object. After a noun the
    // next word is as often its verb ("my boss asked") as a compound's head, so it is not read.
    if word.ends_with("ing")
        && let Some(next) = toks.get(after).filter(|w| bare(w))
        && !fits(next, found.entry, OTHER_SENSE)
    {
        return false;
    }
    match modifier(toks, found.at) {
        Some(m) => fits(&m, found.entry, OTHER_HEAD),
        // "automated test runs": a content word right before a noun, with no determiner to
        // show where the phrase starts, is judged as leniently as a compound's head. Before an
        // -ing word it is the verb that takes it ("went walking"), and before a phrase that opens
        // with a preposition it is no part of it ("macros at work").
        None if word.ends_with("ing") || is_stopword(word) => true,
        None => found
            .at
            .checked_sub(1)
            .and_then(|j| toks.get(j))
            .filter(|w| bare(w) && !PERSON_SUBJECTS.contains(&w.as_str()) && !QUALIFIERS.contains(&w.as_str()))
            .is_none_or(|w| fits(w, found.entry, OTHER_HEAD)),
    }
}

/// Auxiliaries, negations and modal verbs between a subject and its verb ("it doesn't work",
/// "the app is running").
const AUXILIARIES: &[&str] = &[
    "is",
    "are",
    "am",
    "was",
    "were",
    "isn't",
    "aren't",
    "wasn't",
    "weren't",
    "does",
    "doesn't",
    "did",
    "didn't",
    "will",
    "won't",
    "would",
    "wouldn't",
    "can",
    "can't",
    "could",
    "couldn't",
    "should",
    "shouldn't",
    "might",
    "may",
    "has",
    "have",
    "had",
    "been",
    "be",
    "not",
    "still",
    "also",
    "just",
    "never",
];

/// Pronouns and contractions that make a person the subject.
const PERSON_SUBJECTS: &[&str] = &[
    "i", "we", "you", "he", "she", "they", "i'm", "we're", "you're", "he's", "she's", "they're", "i've", "we've",
    "i'll", "we'll", "i'd", "we'd", "who",
];

/// Whether the match's subject is a thing ("it works", "the app is running", "that runs"),
/// which no activity of the person's is: "it", "this", "that", "which", "what" right before it,
/// or a noun before an auxiliary ("the server is running").
fn thing_subject(toks: &[String], at: usize) -> bool {
    let mut i = at;
    let mut auxiliary = false;
    while let Some(w) = i.checked_sub(1).and_then(|j| toks.get(j)) {
        if AUXILIARIES.contains(&w.as_str()) {
            auxiliary = true;
        } else if !w.ends_with("ly") {
            break;
        }
        i -= 1;
    }
    let Some(subject) = i.checked_sub(1).and_then(|j| toks.get(j)) else {
        return false;
    };
    matches!(
        subject.as_str(),
        "it" | "this" | "that" | "which" | "what" | "everything" | "nothing"
    ) || (auxiliary && !PERSON_SUBJECTS.contains(&subject.as_str()) && bare(subject))
}

/// A word that can be a bare object or a compound's head: a content word of letters.
fn bare(w: &str) -> bool {
    w.chars().count() > 2
        && w.chars().all(char::is_alphabetic)
        && !is_stopword(w)
        && !w.ends_with("ly")
        && !super::super::extract::is_calendar_or_count(w)
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
                && !w.ends_with("ly")
                && !QUALIFIERS.contains(&w.as_str())
        });
        content.then(|| words.join(" "))
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

/// Whether the words beside a match belong with its sub-concept rather than another base's.
fn fits(words: &str, entry: &LexEntry, margin: f32) -> bool {
    let lex = crate::lexicon::Lexicon::builtin();
    if let Some(e) = lex.matches(words).next() {
        return e.base == entry.base;
    }
    lead_of(words, &entry.base, "") > -margin
}
