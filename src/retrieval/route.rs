//! The question-type router: what kind of evidence a question wants, read from how it is put in
//! English, and so which items carry the answer themselves and which only point to the turns
//! that say it. Each rule names the pattern it reads, with an example from everyday use:
//! - put to the assistant ("What did you suggest for my back pain?") → the assistant's own
//!   replies rank by their words, as the person's turns do;
//! - a first-person request for advice ("How should I plan my week?") → the person's stated
//!   preferences on its topic go in first (`standing`), as carriers;
//! - about time or order ("When…", "in what order…", "how many days between…") → turns show
//!   the dates their relative phrases name, the timeline beside the words as said.
//!
//! Standing instructions go in for any question where an assistant takes part (`standing`),
//! and a question about a value as it stands is answered with the latest value said (the
//! offline answerer's `update`); the floor (`floor`) holds for every route.

use super::turns::asks_when;
use crate::text::words;

/// What a question wants, as far as retrieval routes on it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Route {
    /// Put to the assistant: "What did you recommend…", "your suggestion".
    pub to_assistant: bool,
    /// A first-person request for advice or help.
    pub advice: bool,
    /// About time or order: dates are worth their tokens beside each turn.
    pub timeline: bool,
}

/// Reads a question's route.
#[must_use]
pub fn route(question: &str) -> Route {
    let toks: Vec<String> = words(question).collect();
    let has = |w: &str| toks.iter().any(|t| t == w);
    let pair = |a: &str, b: &[&str]| toks.windows(2).any(|w| w[0] == a && b.contains(&w[1].as_str()));
    Route {
        to_assistant: ["you", "your", "yours", "yourself"].iter().any(|w| has(w)),
        advice: asks_advice(&toks),
        timeline: asks_when(question)
            || has("order")
            || pair("how", &["many"]) && ["days", "weeks", "months", "years"].iter().any(|w| has(w))
            || has("between") && ["days", "weeks", "months", "years", "time"].iter().any(|w| has(w)),
    }
}

/// Whether a question asks for the asker's own advice or help, in the first person: "How
/// should I…", "Can you suggest…", "What would you recommend for my…". Then what they prefer
/// is part of the answer.
fn asks_advice(toks: &[String]) -> bool {
    let has = |w: &str| toks.iter().any(|t| t == w);
    let first_person = ["i", "my", "me", "i'm", "i've", "we", "our"].iter().any(|w| has(w));
    let request = [
        "should",
        "suggest",
        "recommend",
        "advice",
        "advise",
        "tips",
        "options",
        "ideas",
        "help",
        "approach",
    ]
    .iter()
    .any(|w| has(w));
    first_person && request
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_is_routed_by_how_it_is_put() {
        assert!(route("What did you suggest for my back pain?").to_assistant);
        assert!(!route("What did Sam suggest?").to_assistant);
        assert!(route("How should I organize my week before the move?").advice);
        assert!(route("Can you suggest recipes I could freeze?").advice);
        assert!(!route("What did Caroline paint last week?").advice);
        assert!(route("When did I start the new job?").timeline);
        assert!(route("In what order did I visit the three flats?").timeline);
        assert!(route("How many days passed between the workshop and the retreat?").timeline);
        assert!(!route("How many kids does Sam have?").timeline);
    }
}
