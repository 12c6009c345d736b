//! Whether a lexicon word is used in the sense the lexicon files it under. English gives most
//! activity words a second, ordinary sense: "walk me through it" explains, "working on a problem"
//! is effort, "writing the formula" is notation, "proof exercises" are homework. The rules here
//! read the words around the match, as a reader does:
//! - a phrasal verb whose particle changes the meaning ("walk through", "work on", "run into");
//! - a verb whose object is a pronoun ("run it again") or a thing another base concept holds
//!   ("writing the formula", "run the tests"), judged by the embedder;
//! - a noun whose compound modifier belongs elsewhere ("induction proof exercises").

use super::place::{Setting, lead_of};
use super::{ACTIVITY_SETTINGS, ADVERBS, MEASURES, QUALIFIERS};
use crate::lexicon::{LexEntry, Located};
use crate::text::is_stopword;

/// Phrasal verbs whose particle takes the verb out of its activity sense, by the verb's first
/// letters: "walk me through the setup", "work on a bug", "run into a problem", "draw on
/// experience", "write up the notes", "work out the total", "accounting for the sign".
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
    ("accounting", &["for"]),
    ("went", &["through", "over"]),
];

/// Object pronouns a phrasal verb takes before its particle ("walk me through").
const OBJECT_PRONOUNS: &[&str] = &["me", "you", "us", "them", "him", "her", "it", "this", "that", "someone"];

/// Words that open a noun phrase: what follows a verb after one of them is its object.
const DETERMINERS: &[&str] = &[
    "a", "an", "the", "my", "your", "his", "her", "our", "their", "this", "that", "these", "those", "some", "its",
];

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
        || thing_subject(toks, found.at)
        || super::frame::framed_as_material(toks, found.at, found.len)
    {
        return false;
    }
    if found.entry.polysemous && setting.plainly_elsewhere(&found.entry.base) && !vouched(toks, found) {
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
        && !fits(next, found.entry, OTHER_SENSE, false)
    {
        return false;
    }
    // A word with a second sense that qualifies a measure or a setting is in its technical
    // sense ("the pool size", "environment variables").
    if strict
        && toks
            .get(after)
            .is_some_and(|n| MEASURES.contains(&n.as_str()) || SETTINGS_HEADS.contains(&n.as_str()))
    {
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

/// Whether the clause speaks for the filed sense: another word of the match's base concept, one
/// without a second sense ("a walk after the gym"), or a preposition right before the word, with
/// no determiner, that makes it a place or an institution ("after work", "in class"; not "to", which
/// as often opens a verb: "to run").
fn vouched(toks: &[String], found: &Located<'_>) -> bool {
    let placed = found
        .at
        .checked_sub(1)
        .and_then(|j| toks.get(j))
        .is_some_and(|w| matches!(w.as_str(), "at" | "from" | "before" | "after" | "in" | "off"));
    placed
        || crate::lexicon::Lexicon::builtin()
            .located(&toks.join(" "))
            .iter()
            .any(|f| !f.entry.polysemous && f.entry.base == found.entry.base && f.entry.general != found.entry.general)
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
    // "the formulas work", "these scripts run": a plural noun a determiner opens, right before
    // a bare verb, is the verb's subject.
    let plural_subject = !auxiliary
        && subject.ends_with('s')
        && bare(subject)
        && toks.get(at).is_some_and(|w| !w.ends_with('s') && !w.ends_with("ing"))
        && i.checked_sub(2)
            .and_then(|j| toks.get(j))
            .is_some_and(|d| DETERMINERS.contains(&d.as_str()));
    let word = toks.get(at).map_or("", String::as_str);
    // After a form of "be", only a participle is a verb ("the app is running"); a noun is what
    // the subject is ("this week was Thai curry").
    let be = toks
        .get(i..at)
        .unwrap_or_default()
        .iter()
        .any(|w| BE.contains(&w.as_str()));
    let verb_after_aux = auxiliary && (word.ends_with("ing") || word.ends_with("ed") || !be);
    // "this", "that", "which" and "what" also open a noun phrase ("this spring", "which museum"):
    // they are the subject only of a verb that agrees with them ("this works") or after an
    // auxiliary. Not "nothing" or "everything": "there was nothing vegetarian" describes.
    let pronoun = match subject.as_str() {
        "it" | "it's" | "that's" | "what's" => true,
        "this" | "that" | "which" | "what" | "everything" | "something" | "nothing" | "anything" => {
            auxiliary || (word.ends_with('s') && !word.ends_with("ss"))
        }
        _ => false,
    };
    pronoun
        || plural_subject
        || (verb_after_aux && !PERSON_SUBJECTS.contains(&subject.as_str()) && bare(subject))
        || made_to(toks, at)
}

/// Verbs that take an object and then what the object does ("keep ngrok running", "get the
/// tests to run", "had the kids running around"): the doing is the object's, not the speaker's.
const CAUSATIVES: &[&str] = &[
    "keep", "keeps", "kept", "keeping", "get", "gets", "got", "getting", "leave", "leaves", "left", "leaving", "set",
    "sets", "setting", "have", "has", "had", "having", "make", "makes", "made", "making", "see", "saw", "seen",
    "watch", "watched", "watching", "let", "lets",
];

/// Whether the match is what a causative verb's object does: "keep ngrok running", "get the
/// tests to run".
fn made_to(toks: &[String], at: usize) -> bool {
    let mut i = at;
    let infinitive = i.checked_sub(1).and_then(|j| toks.get(j)).is_some_and(|w| w == "to");
    if infinitive {
        i -= 1;
    } else if !toks.get(at).is_some_and(|w| w.ends_with("ing")) {
        // Only a verb is what the object does; "had a rough deadline" names a thing had.
        return false;
    }
    // The object: one or two words, a determiner allowed before it.
    (1..=3).any(|n| {
        let Some(start) = i.checked_sub(n) else {
            return false;
        };
        let object = toks.get(start..i).unwrap_or_default();
        let nouns = object
            .iter()
            .enumerate()
            .all(|(k, w)| bare(w) || (k == 0 && n > 1 && DETERMINERS.contains(&w.as_str())));
        nouns
            && start
                .checked_sub(1)
                .and_then(|j| toks.get(j))
                .is_some_and(|v| CAUSATIVES.contains(&v.as_str()))
    })
}

/// The forms of "be", after which a noun is a complement, not a verb.
const BE: &[&str] = &[
    "is", "are", "am", "was", "were", "isn't", "aren't", "wasn't", "weren't", "been", "be",
];

/// A word that can be a bare object or a compound's head: a content word of letters.
fn bare(w: &str) -> bool {
    !ADVERBS.contains(&w)
        && w.chars().count() > 2
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

/// Head nouns that name a part, a setting, a measure or a failure of a system: what they qualify
/// is a system's ("pool settings", "environment variables", "the management module", "pool
/// exhaustion", "engagement metrics").
const SETTINGS_HEADS: &[&str] = &[
    "settings",
    "setting",
    "variable",
    "variables",
    "config",
    "configuration",
    "module",
    "modules",
    "service",
    "services",
    "parameter",
    "parameters",
    "option",
    "options",
    "exhaustion",
    "leak",
    "leaks",
    "overflow",
    "timeout",
    "timeouts",
    "metric",
    "metrics",
    "data",
    "tracking",
    "endpoint",
    "endpoints",
    "api",
    "logic",
    "layer",
];

/// Prepositions and adverbs of direction after a verb, which take no object of their own
/// ("walk around Shinjuku", "run along the river", "work abroad").
const PARTICLES: &[&str] = &[
    "around", "along", "across", "past", "through", "toward", "towards", "up", "down", "over", "under", "near", "by",
    "outside", "inside", "back", "away", "off", "abroad", "ahead", "behind", "beside", "round", "together",
];

/// Prepositions, question determiners and conjunctions after which a noun phrase begins
/// ("issues with connection pool exhaustion", "which secrets management service", "image and
/// caption management").
const NOUN_OPENERS: &[&str] = &[
    "with", "for", "of", "in", "on", "about", "from", "by", "into", "at", "via", "without", "during", "which", "what",
    "whose", "any", "each", "every", "another", "and", "or",
];

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
