//! The two sides of a contradiction: a "never" claim the question asks about ("Have I ever
//! customized the spaCy pipeline?" against "I've never customized the spaCy pipeline"), and the
//! person's own turn that says they did it. Both turns go in first and the answer cites both,
//! since neither can be taken as the truth.

use super::assemble::Retriever;
use crate::ids::TurnId;
use crate::memory::SlotEntry;
use crate::text::{content_words, sentences, stem::stem};

/// Share of a claim's content words a question must hold to ask about it.
const ASKED_SHARE: f64 = 0.6;
/// Share of a claim's content words a sentence must hold to say the opposite.
const SAID_SHARE: f64 = 0.6;
/// The words a yes-or-no question opens with.
const POLAR: &[&str] = &[
    "have", "has", "had", "did", "do", "does", "is", "are", "was", "were", "am", "can", "could", "would", "will",
];

/// Words that keep a sentence from saying one did something.
const NEGATIONS: &[&str] = &[
    "never", "not", "no", "don't", "didn't", "haven't", "hasn't", "won't", "can't", "nor",
];

fn stems(text: &str) -> Vec<String> {
    let mut out: Vec<String> = content_words(text).iter().map(|w| stem(w)).collect();
    out.sort();
    out.dedup();
    out
}

/// Share of `claim`'s stems that `other` holds.
fn share(claim: &[String], other: &[String]) -> f64 {
    if claim.is_empty() {
        return 0.0;
    }
    let held = claim.iter().filter(|s| other.contains(s)).count();
    held as f64 / claim.len() as f64
}

/// Whether the question asks whether the claim holds: a yes-or-no question ("Have I ever …?",
/// "Has Scott …?", "Did I …?") that holds most of its words, at least two. "How many problems
/// have I completed?" asks for a count, which a "never" does not answer.
pub(super) fn asked(claim: &str, question: &str) -> bool {
    let first = crate::text::words(question).next().unwrap_or_default();
    if !POLAR.contains(&first.as_str()) {
        return false;
    }
    let c = stems(claim);
    let q = stems(question);
    c.iter().filter(|s| q.contains(s)).count() >= 2 && share(&c, &q) >= ASKED_SHARE
}

impl Retriever<'_> {
    /// The person's own sentence that says they did what `claim` says was never done, with its
    /// turn: the latest such, other than the claim's own turn.
    pub(super) fn contradicting(&self, claim: &SlotEntry) -> Option<(TurnId, String)> {
        let m = self.memory;
        let c = stems(&claim.value);
        // The sentence that holds most of the claim; of equals, the latest.
        let mut found: Option<(f64, TurnId, String)> = None;
        for turn in m.turns.iter().filter(|t| t.id != claim.turn) {
            if m.person_for(turn.speaker.label()) != Some(claim.person) {
                continue;
            }
            for s in sentences(&turn.text) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_asks_about_a_claim_by_most_of_its_words() {
        let claim = "customized the spaCy pipeline";
        assert!(asked(claim, "Have I customized the spaCy pipeline with matcher rules?"));
        assert!(!asked(claim, "Which spaCy model do I use?"));
        assert!(!asked(claim, "How many times have I customized the spaCy pipeline?"));
    }
}
