//! Figures of speech built on activity words. English lends its pastimes to other meanings:
//! one is "swimming in paperwork" (too much of it), "cooking up a plan" (making it up),
//! "fishing for a reason" (seeking one), "meeting the deadline" (keeping it) or has "painted
//! themselves into a corner" (left no way out). None is the pastime. Each rule reads the words
//! right after the activity word, so the literal use keeps its sense: "swimming in the lake",
//! "cooking up some rice", "fishing for trout", "meeting the team for lunch", "painting the
//! corner of the room".

use crate::rules::words::figures::{BURDENS, CONCOCTED, REFLEXIVES, SATISFIED, SOUGHT};
use crate::rules::words::function::SENSE_DETERMINERS as DETERMINERS;

/// Whether the activity word at `at` (of `len` words) in `toks` opens a figure of speech.
pub(super) fn figurative(toks: &[String], at: usize, len: usize) -> bool {
    let Some(word) = toks.get(at) else {
        return false;
    };
    let after = at.saturating_add(len);
    let rest = toks.get(after..).unwrap_or_default();
    let stem = |s: &str| word.starts_with(s);
    if stem("swim") || stem("swam") || stem("drown") {
        return rest.first().is_some_and(|w| w == "in") && noun_after(rest.get(1..).unwrap_or_default(), BURDENS);
    }
    if stem("cook") {
        return rest.first().is_some_and(|w| w == "up") && noun_after(rest.get(1..).unwrap_or_default(), CONCOCTED);
    }
    if stem("fish") {
        return rest.first().is_some_and(|w| w == "for") && noun_after(rest.get(1..).unwrap_or_default(), SOUGHT);
    }
    if stem("meet") {
        // "meeting all the requirements": a quantifier may stand before the determiner.
        let skip = usize::from(
            rest.first()
                .is_some_and(|w| matches!(w.as_str(), "all" | "both" | "each")),
        );
        return noun_after(rest.get(skip..).unwrap_or_default(), SATISFIED);
    }
    if stem("paint") {
        return rest.first().is_some_and(|w| REFLEXIVES.contains(&w.as_str()))
            && rest.get(1).is_some_and(|w| w == "into")
            && rest.get(2..4).is_some_and(|w| w.iter().any(|x| x == "corner"));
    }
    false
}

/// Whether the noun phrase that opens `rest` (after at most one determiner or possessive, "my
/// emails", and one adjective, "support tickets") is one of `heads`.
fn noun_after(rest: &[String], heads: &[&str]) -> bool {
    let i = usize::from(rest.first().is_some_and(|w| DETERMINERS.contains(&w.as_str())));
    let at = |k: usize| rest.get(k).is_some_and(|w| heads.contains(&w.as_str()));
    at(i) || at(i.saturating_add(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fig(sentence: &str, word: &str) -> bool {
        let toks: Vec<String> = crate::text::words(sentence).collect();
        let at = toks.iter().position(|t| t == word).unwrap_or(usize::MAX);
        figurative(&toks, at, 1)
    }

    #[test]
    fn a_pastime_lent_to_a_figure_of_speech_is_no_pastime() {
        assert!(fig(
            "I've been swimming in paperwork since the audit started.",
            "swimming"
        ));
        assert!(fig("We're drowning in support tickets this week.", "drowning"));
        assert!(fig("I'm cooking up a plan for her birthday.", "cooking"));
        assert!(fig("She cooked up an elaborate excuse.", "cooked"));
        assert!(fig("I've been fishing for a reason to try it too.", "fishing"));
        assert!(fig("Stop fishing for compliments!", "fishing"));
        assert!(fig(
            "Don't paint yourself into a corner with too many classes.",
            "paint"
        ));
        assert!(!fig("I went swimming in the lake this morning.", "swimming"));
        assert!(!fig("I'm cooking up some rice and beans.", "cooking"));
        assert!(!fig("We went fishing for trout on Saturday.", "fishing"));
        assert!(!fig("I'm painting the corner of the living room.", "painting"));
        assert!(!fig("I love swimming.", "swimming"));
        assert!(fig("I want to be sure I'm meeting all the requirements.", "meeting"));
        assert!(fig("We're meeting the deadline after all.", "meeting"));
        assert!(fig("Am I meeting the required total hours for the quarter?", "meeting"));
        assert!(!fig("I'm meeting the team for lunch on Friday.", "meeting"));
        assert!(!fig("The meeting ran long again.", "meeting"));
    }
}
