//! Whose doing a verb is: a thing's ("it works", "the app is running", "this doesn't seem to be
//! working") or what a causative verb's object does ("keep ngrok running"). Either way the word
//! is no activity of the speaker's.

use crate::rules::words::function::BE;
use crate::rules::words::function::DOER_AUXILIARIES as AUXILIARIES;
use crate::rules::words::people::PERSON_SUBJECTS;
use crate::rules::words::verbs::CAUSATIVES;
use crate::rules::words::verbs::SEEM;

use super::sense::{DETERMINERS, bare};

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
        } else if !crate::rules::words::nouns::ly_adverb(w) {
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
    // The object: up to four words, a determiner allowed before it and "and" or "or" within it
    // ("get the drag-and-drop functionality to work" is read as "drag and drop").
    (1..=5).any(|n| {
        let Some(start) = i.checked_sub(n) else {
            return false;
        };
        let object = toks.get(start..i).unwrap_or_default();
        // "getting it to work": a pronoun is an object too.
        let pronoun = n == 1
            && object.first().is_some_and(|w| {
                matches!(
                    w.as_str(),
                    "it" | "them" | "this" | "that" | "these" | "those" | "everything"
                )
            });
        let nouns = pronoun
            || object.iter().enumerate().all(|(k, w)| {
                bare(w)
                    || (k == 0 && n > 1 && DETERMINERS.contains(&w.as_str()))
                    || (k > 0 && k + 1 < n && matches!(w.as_str(), "and" | "or"))
            });
        nouns
            && start
                .checked_sub(1)
                .and_then(|j| toks.get(j))
                .is_some_and(|v| CAUSATIVES.contains(&v.as_str()))
    })
}
