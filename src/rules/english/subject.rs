//! A sentence the speaker said without its subject ("Sat on a bench where we used to chat",
//! "Can't imagine my life without it", "Reminds me of my mom") gets it back before the
//! third-person rewrite, so no fact, Σ or Δ opens on a bare verb.

use crate::rules::words::clauses::LEADING_ADVERBS;
use crate::rules::words::clauses::OF_IT;
use crate::rules::words::negation::NEGATED;
use crate::rules::words::verbs::OF_MIND;
use crate::rules::words::verbs::OPENING_PAST;

/// The sentence with its speaker put back where they were left out: "Also started reading a
/// book" → "I also started reading a book"; "Reminds me of home" → "It reminds me of home" (an
/// "it" whose referent was said before, which the caller treats as unresolved).
pub(super) fn with_subject(sentence: &str) -> String {
    let mut ws = sentence.split_whitespace();
    let word = |w: Option<&str>| w.map(crate::text::token_word).unwrap_or_default();
    let first = word(ws.next());
    let second = word(ws.next());
    let past = |w: &str| OPENING_PAST.contains(&w);
    let adverb_then_past = LEADING_ADVERBS.contains(&first.as_str()) && (past(&second) || second.ends_with("ed"));
    let negated = NEGATED.contains(&first.as_str())
        && OF_MIND.contains(&second.as_str())
        && (first != "don't" || matches!(second.as_str(), "know" | "think" | "remember"));
    // "Sat 5pm" is a day, not a verb.
    let a_day = second.starts_with(|c: char| c.is_ascii_digit());
    let subject = if (past(&first) && !a_day) || adverb_then_past || negated {
        "I"
    } else if OF_IT.contains(&first.as_str()) && second == "me" {
        "It"
    } else {
        return sentence.to_string();
    };
    let mut c = sentence.chars();
    let rest: String = c
        .next()
        .map_or_else(String::new, |f| f.to_lowercase().chain(c).collect());
    format!("{subject} {rest}")
}

#[cfg(test)]
mod tests {
    use super::with_subject;

    #[test]
    fn a_left_out_subject_comes_back() {
        assert_eq!(
            with_subject("Sat on a bench where we used to chat."),
            "I sat on a bench where we used to chat."
        );
        assert_eq!(
            with_subject("Also started reading a book."),
            "I also started reading a book."
        );
        assert_eq!(
            with_subject("Can't imagine my life without it."),
            "I can't imagine my life without it."
        );
        assert_eq!(with_subject("Didn’t expect that!"), "I didn’t expect that!");
        assert_eq!(
            with_subject("Reminds me of when I used to play games."),
            "It reminds me of when I used to play games."
        );
    }

    #[test]
    fn a_sentence_with_its_subject_or_an_imperative_stays() {
        for s in [
            "I went home.",
            "Don't give up!",
            "Don't worry about it.",
            "Can be tough sometimes.",
            "Sat 5pm works for me.",
            "Makes sense.",
            "Finally, the weekend.",
        ] {
            assert_eq!(with_subject(s), s);
        }
    }
}
