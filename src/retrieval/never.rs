//! Whether a question asks about a "never" claim ("Have I ever customized the spaCy pipeline?"
//! against "I've never customized the spaCy pipeline"). The claim's other side, the person's own
//! turn that says they did it, is [`crate::memory::Memory::contradiction_of`]; both turns go in
//! first and the answer cites both, since neither can be taken as the truth.

use crate::rules::words::questions::POLAR;

use crate::memory::never::{share, stems};

/// Share of a claim's content words a question must hold to ask about it.
const ASKED_SHARE: f64 = 0.6;

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
