//! Whether a lexicon word names the material of a worked problem or of a program rather than
//! something in the person's life. English frames such material two ways:
//! - as the object of a verb of analysis or data handling: "model the mortgage payments as a
//!   series", "extract certifications from resumes", "calculate the distance travelled";
//! - as the modifier of an exercise or a data field: "a loan repayment problem", "the trip
//!   example", "the certifications field".
//!
//! The speaker's own possessive keeps the life sense: "calculate my mortgage payment" is about
//! their mortgage, and so is "calculate how much rent I can afford", which a question word
//! opens.

use crate::rules::words::code::SOFTWARE_HEADS;
use crate::rules::words::nouns::ANALYSES;
use crate::rules::words::nouns::EXERCISE_HEADS;
use crate::rules::words::nouns::PROBLEM_HEADS;
use crate::rules::words::nouns::WITHIN_OBJECT;
use crate::rules::words::people::SPEAKERS;

/// How many words back from the match a verb of analysis may stand.
const REACH: usize = 7;

/// Whether the match at `at` (of `len` words) in `toks` is material in a worked problem or a
/// program.
pub(crate) fn framed_as_material(toks: &[String], at: usize, len: usize) -> bool {
    let after = at.saturating_add(len);
    // "my resume analyzer" is still a program; "my mortgage example" is still the speaker's.
    if modifies(toks, after, SOFTWARE_HEADS) {
        return true;
    }
    let before = at.checked_sub(1).and_then(|j| toks.get(j));
    if before.is_some_and(|w| SPEAKERS.contains(&w.as_str())) {
        return false;
    }
    object_of_analysis(toks, at) || modifies(toks, after, EXERCISE_HEADS) || modifies_problem(toks, after)
}

/// "calculate the total distance travelled", "extract skills, certifications and job titles",
/// "solve for the value of an investment".
fn object_of_analysis(toks: &[String], at: usize) -> bool {
    let mut i = at;
    for _ in 0..REACH {
        let Some(j) = i.checked_sub(1) else {
            return false;
        };
        let Some(w) = toks.get(j) else {
            return false;
        };
        if ANALYSES.contains(&w.as_str()) {
            return true;
        }
        // "solve for the value": the verb's own particle.
        let particle = w == "for"
            && j.checked_sub(1)
                .and_then(|k| toks.get(k))
                .is_some_and(|v| matches!(v.as_str(), "solve" | "solves" | "solved" | "solving"));
        let inside = WITHIN_OBJECT.contains(&w.as_str()) || particle || content(w);
        if !inside {
            return false;
        }
        i = j;
    }
    false
}

/// A content word of an object: letters, not a function word or a speaker.
fn content(w: &str) -> bool {
    w.chars().all(char::is_alphabetic)
        && !SPEAKERS.contains(&w)
        && !crate::text::is_stopword(w)
        && !matches!(
            w,
            "how" | "what" | "whether" | "if" | "when" | "where" | "why" | "which" | "who"
        )
}

/// Whether the words at `after` end a compound (of at most one more word) in one of `heads`:
/// "the trip example", "the certifications field", "a resume upload form".
pub(super) fn modifies(toks: &[String], after: usize, heads: &[&str]) -> bool {
    (0..2).any(|gap| {
        let Some(head) = toks.get(after.saturating_add(gap)) else {
            return false;
        };
        let between = toks.get(after..after.saturating_add(gap)).unwrap_or_default();
        // "my resume analyzer's UI": the possessive still ends the compound.
        between.iter().all(|w| content(w)) && heads.contains(&head.trim_end_matches("'s"))
    })
}

/// "a loan repayment problem": a problem named by a compound of two or more words.
fn modifies_problem(toks: &[String], after: usize) -> bool {
    toks.get(after).is_some_and(|w| content(w)) && modifies(toks, after.saturating_add(1), PROBLEM_HEADS)
}

#[cfg(test)]
mod tests {
    use super::framed_as_material;
    use crate::text::words;

    /// Whether `word` in `sentence` is framed as material.
    fn framed(sentence: &str, word: &str) -> bool {
        let toks: Vec<String> = words(sentence).collect();
        let Some(at) = toks.iter().position(|t| t == word) else {
            panic!("{word} not in {sentence}");
        };
        framed_as_material(&toks, at, 1)
    }

    #[test]
    fn the_object_of_an_analysis_is_material() {
        assert!(framed(
            "I want to model the mortgage payments as an arithmetic series.",
            "mortgage"
        ));
        assert!(framed(
            "I'm trying to extract skills, certifications, and job titles from resumes.",
            "certifications"
        ));
        assert!(framed(
            "Can you help me solve for the total value of an investment that doubles?",
            "investment"
        ));
        assert!(framed(
            "How do I calculate the total distance travelled by a ball?",
            "distance"
        ));
    }

    #[test]
    fn an_exercise_or_a_field_is_material() {
        assert!(framed(
            "I have a loan repayment problem where the terms shrink.",
            "loan"
        ));
        assert!(framed("Let's try the vacation example next.", "vacation"));
        assert!(framed("The parser fills the certifications field.", "certifications"));
        assert!(framed("I'm building a resume analyzer in Flask.", "resume"));
        assert!(framed("The job matching algorithm weighs skills first.", "job"));
        assert!(framed("I'm improving my resume analyzer's UI.", "resume"));
    }

    #[test]
    fn the_speakers_own_life_is_not() {
        assert!(!framed(
            "I need to calculate my mortgage payment before Friday.",
            "mortgage"
        ));
        assert!(!framed("Help me calculate how much rent I can afford.", "rent"));
        assert!(!framed("I have a drinking problem and want to stop.", "drinking"));
        assert!(!framed("We refinanced the mortgage last month.", "mortgage"));
        assert!(!framed("I went swimming with my sister after work.", "swimming"));
        assert!(!framed("I calculated that our trip costs too much.", "trip"));
    }
}
