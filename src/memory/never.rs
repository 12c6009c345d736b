//! The other side of a "never" claim: the holder's person, in their own turns, saying they did
//! it. Read from the memory alone, so `show` and retrieval cite the same sentence.

use super::{Memory, SlotEntry};
use crate::ids::TurnId;
use crate::text::{content_words, sentences, stem::stem};

/// Share of a claim's content words a sentence must hold to say the opposite.
const SAID_SHARE: f64 = 0.75;
/// Words that keep a sentence from saying one did something.
const NEGATIONS: &[&str] = &[
    "never", "not", "no", "don't", "didn't", "haven't", "hasn't", "won't", "can't", "nor",
];

/// Subjects that make the speaker the doer (the memory reads no rule module, so they are
/// listed here).
const SPEAKER: &[&str] = &["i", "i've", "i'd", "i'm", "we", "we've", "we'd"];

/// Words that may open a clause of a subjectless gerund: "especially after completing".
const GERUND_LEADS: &[&str] = &[
    "especially",
    "after",
    "since",
    "by",
    "while",
    "just",
    "also",
    "and",
    "even",
];

/// Phrases of a request or a plan, whose sentence says what is not done yet.
const NOT_YET: &[&str] = &[
    "can you",
    "could you",
    "would you",
    "help me",
    "please",
    "want to",
    "would like",
    "planning",
    "plan to",
    "how do i",
    "how can i",
    "should i",
    "going to",
    "i'd like",
    "hoping to",
    "need to",
    "trying to",
    "how to",
];

/// A text's content words, stemmed, each once.
#[must_use]
pub fn stems(text: &str) -> Vec<String> {
    let mut out: Vec<String> = content_words(text).iter().map(|w| stem(w)).collect();
    out.sort();
    out.dedup();
    out
}

/// Share of `claim`'s stems that `other` holds.
#[must_use]
pub fn share(claim: &[String], other: &[String]) -> f64 {
    if claim.is_empty() {
        return 0.0;
    }
    let held = claim.iter().filter(|s| other.contains(s)).count();
    held as f64 / claim.len() as f64
}

/// Whether `hay` holds `needle`, ASCII letters compared without case.
fn contains_ignoring_case(hay: &str, needle: &str) -> bool {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    n.is_empty() || h.windows(n.len()).any(|w| w.eq_ignore_ascii_case(n))
}

/// The stem of a claim's verb: its first content word that is no adverb ("actually completed
/// any …" is "complet").
fn claim_verb(claim: &str) -> Option<String> {
    content_words(claim)
        .into_iter()
        .find(|w| !w.ends_with("ly"))
        .map(|w| stem(&w))
}

/// The share of the claim's stems `sentence` holds where it says the thing was done: it holds
/// the claim's verb ("I've been trying to understand geometric sequence problems" says nothing
/// of completing any), negates nothing, asks nothing, and says it before any request or plan
/// ("I just completed 6 geometric sequence problems, can you check them?" tells it first; "can
/// you help me complete one" does not).
fn says_done(claim: &[String], verb: Option<&str>, sentence: &str) -> Option<f64> {
    let low = sentence.to_lowercase();
    let told = NOT_YET
        .iter()
        .filter_map(|p| low.find(p))
        .min()
        .map_or(low.as_str(), |at| low.get(..at).unwrap_or(""));
    let said = stems(told);
    let negated = crate::text::words(told).any(|w| NEGATIONS.contains(&w.as_str()));
    // The speaker did it: "I" or "we" comes before the verb in its clause ("I just completed",
    // "I added rules and customized the pipeline"), or the verb is a gerund with no subject of
    // its own after a clause of theirs ("…, especially after completing 8 problems"). "My
    // sister attended a workshop, I'm proud of her" is hers, and "when analyzing a report, what
    // should I watch for?" cut before its request tells nothing.
    let speaker = |w: &String| SPEAKER.contains(&w.as_str());
    let mut speaker_before = false;
    let done_by_speaker = told.split([',', ';']).any(|clause| {
        let toks: Vec<String> = crate::text::words(clause).collect();
        let first_verb = match verb {
            Some(v) => toks.iter().position(|w| stem(w) == v),
            None => Some(toks.len()),
        };
        let said = first_verb.is_some_and(|at| {
            let before = toks.get(..at).unwrap_or_default();
            before.iter().any(speaker)
                || (speaker_before
                    && toks.get(at).is_some_and(|v| v.ends_with("ing"))
                    && before.iter().all(|w| GERUND_LEADS.contains(&w.as_str())))
        });
        speaker_before |= toks.iter().any(speaker);
        said
    });
    let held = share(claim, &said);
    (done_by_speaker && !negated && !told.trim_end().ends_with('?') && held >= SAID_SHARE).then_some(held)
}

impl Memory {
    /// The person's own sentence that says they did what `claim` says was never done, with its
    /// turn: the one that holds most of the claim, of equals the latest, other than the claim's
    /// own turn.
    #[must_use]
    pub fn contradiction_of(&self, claim: &SlotEntry) -> Option<(TurnId, String)> {
        let c = stems(&claim.value);
        // A turn that lacks the claim's longest word (its first letters, so any inflection
        // passes) is passed over before it is split and stemmed: a long memory is read fast.
        let key: String = content_words(&claim.value)
            .into_iter()
            .max_by_key(String::len)
            .map(|w| w.chars().take(5).collect())
            .unwrap_or_default();
        let verb = claim_verb(&claim.value);
        let mut found: Option<(f64, TurnId, String)> = None;
        for turn in self.turns.iter().filter(|t| t.id != claim.turn) {
            if !contains_ignoring_case(&turn.text, &key) || self.person_for(turn.speaker.label()) != Some(claim.person)
            {
                continue;
            }
            for s in sentences(&turn.text) {
                if let Some(held) = says_done(&c, verb.as_deref(), &s)
                    && found.as_ref().is_none_or(|(best, _, _)| held >= *best)
                {
                    found = Some((held, turn.id, s));
                }
            }
        }
        found.map(|(_, t, s)| (t, s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_says_it_was_done_with_the_claim_s_verb_before_any_request() {
        let claim = "actually completed any geometric sequence problems";
        let (c, verb) = (stems(claim), claim_verb(claim));
        let done = |s: &str| says_done(&c, verb.as_deref(), s).is_some();
        assert!(done(
            "I just completed 6 geometric sequence problems, can you check my answers?"
        ));
        assert!(!done(
            "I'm trying to understand how to apply geometric sequence formulas to problems at work"
        ));
        assert!(!done("Can you help me complete some geometric sequence problems?"));
        assert!(!done("My sister just completed 6 geometric sequence problems."));
        assert!(!done(
            "My sister completed 6 geometric sequence problems, I'm proud of her."
        ));
        assert!(done("I've completed 7 geometric sequence problems and scored 6/7."));
        assert!(done(
            "I'm stuck on ratios, especially after completing 8 geometric sequence problems with full marks."
        ));
        let claim = "analyzed any company earnings reports";
        let (c, verb) = (stems(claim), claim_verb(claim));
        let asked = "hmm, so when analyzing an earnings report, what red flags should I watch for?";
        assert!(says_done(&c, verb.as_deref(), asked).is_none());
        let claim = "actually calculated the total hours worked over any period";
        let (c, verb) = (stems(claim), claim_verb(claim));
        let wanted = "I need to calculate the total hours worked over a period";
        assert!(says_done(&c, verb.as_deref(), wanted).is_none());
        assert!(
            says_done(
                &c,
                verb.as_deref(),
                "I calculated the total hours worked over the period"
            )
            .is_some()
        );
        assert!(!done(
            "Could you check, I completed no geometric sequence problems yet."
        ));
        // A claim with no verb to find is read without a panic, whatever the sentence.
        for hostile in ["", "İ, I, ing", "日本, completing; ?", "I,,,, ;;", "İİİ can you"] {
            let _ = says_done(&stems("actually"), None, hostile);
            let _ = says_done(&c, verb.as_deref(), hostile);
        }
    }
}
