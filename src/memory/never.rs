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
        let mut found: Option<(f64, TurnId, String)> = None;
        for turn in self.turns.iter().filter(|t| t.id != claim.turn) {
            if !contains_ignoring_case(&turn.text, &key) || self.person_for(turn.speaker.label()) != Some(claim.person)
            {
                continue;
            }
            for s in sentences(&turn.text) {
                let low = s.to_lowercase();
                // A request or a plan ("can you help me log errors", "I'm planning to …") says
                // what is not done yet.
                if NOT_YET.iter().any(|p| low.contains(p)) {
                    continue;
                }
                let negated = crate::text::words(&s).any(|w| NEGATIONS.contains(&w.as_str()));
                let held = share(&c, &stems(&s));
                if !negated
                    && !s.trim_end().ends_with('?')
                    && held >= SAID_SHARE
                    && found.as_ref().is_none_or(|(best, _, _)| held >= *best)
                {
                    found = Some((held, turn.id, s));
                }
            }
        }
        found.map(|(_, t, s)| (t, s))
    }
}
