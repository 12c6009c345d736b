//! Whose doing a verb is: a thing's ("it works", "the app is running", "this doesn't seem to be
//! working") or what a causative verb's object does ("keep ngrok running"). Either way the word
//! is no activity of the speaker's.

use super::sense::{DETERMINERS, bare};

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

/// Verbs that with "to" stand where an auxiliary would: "it seems to be working".
const SEEM: &[&str] = &["seem", "seems", "seemed", "appear", "appears", "appeared"];

/// Pronouns and contractions that make a person the subject.
const PERSON_SUBJECTS: &[&str] = &[
    "i", "we", "you", "he", "she", "they", "i'm", "we're", "you're", "he's", "she's", "they're", "i've", "we've",
    "i'll", "we'll", "i'd", "we'd", "who",
];

/// Whether the match's subject is a thing ("it works", "the app is running", "that runs"),
/// which no activity of the person's is: "it", "this", "that", "which", "what" right before it,
/// or a noun before an auxiliary ("the server is running").
pub(super) fn thing_subject(toks: &[String], at: usize) -> bool {
    let mut i = at;
    let mut auxiliary = false;
    while let Some(w) = i.checked_sub(1).and_then(|j| toks.get(j)) {
        // "this doesn't seem to be working": "seem to" stands where an auxiliary would.
        let seem_to = w == "to"
            && i.checked_sub(2)
                .and_then(|j| toks.get(j))
                .is_some_and(|v| SEEM.contains(&v.as_str()));
        if seem_to {
            auxiliary = true;
            i -= 2;
            continue;
        }
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
