//! What a question tells about the one asking: "I'm 60 and earning $85,000, will that be a
//! problem?" states an age and an income before it asks. The statement before the turn to the
//! question is fact material; the question itself is not.

// Input reaches this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use crate::rules::words::function::AUXILIARIES;
use crate::rules::words::questions::OPENERS;
use crate::rules::words::questions::WONDERING;
use crate::rules::words::questions::{INVERTED_SUBJECTS as SUBJECTS, WH_WORDS as WH};

/// Words that make a clause a supposition, not a statement: "if I'm using Flask 2.2",
/// "assuming my budget is $500", "suppose I move to Porto".
const SUPPOSING: &[&str] = &["if", "assuming", "assume", "suppose", "supposing", "unless", "whether"];

/// The statement a question opens with, as a sentence of its own ("I'm 60 and earning
/// $85,000."), when the question opens with the speaker saying something about themselves
/// and then turns to asking after a comma. `None` for any other sentence.
#[must_use]
pub fn statement_in_question(sentence: &str) -> Option<String> {
    let s = sentence.trim();
    let marked = s.ends_with('?');
    if !marked && !unmarked_question(s) {
        return None;
    }
    let opens_asking = |w: &str| OPENERS.contains(&w);
    if crate::text::words(s).next().is_some_and(|w| opens_asking(&w)) {
        return None;
    }
    for (at, _) in s.match_indices(", ") {
        let after = s.get(at.saturating_add(2)..)?;
        // Only its opening words are read: a long sentence is not lowercased at every comma.
        let head = crate::text::head_chars(after, 48);
        let rest = head.to_lowercase().replace('’', "'");
        let rest = ["and ", "so ", "but "]
            .iter()
            .find_map(|c| rest.strip_prefix(c))
            .unwrap_or(&rest)
            .to_string();
        let first = crate::text::words(&rest).next().unwrap_or_default();
        let wondering = WONDERING.iter().any(|w| rest.starts_with(w));
        if !opens_asking(&first) && !wondering {
            continue;
        }
        // Without its mark, only a clause in a question's word order turns to asking:
        // "…, how can I…" does, "…, how I did it" does not.
        if !marked && !wondering && !inverted(&rest) {
            continue;
        }
        // "…on nuts, which has gone up to $220, and I was wondering…": a "which" or "who" clause
        // that the sentence goes on after is a relative clause of the statement, not its question.
        let near = crate::text::head_chars(after, 400);
        if matches!(first.as_str(), "which" | "who") && near.contains(", ") {
            continue;
        }
        let lead = s.get(..at)?.trim();
        // "If I'm using Flask 2.2, how do I…" supposes; it states nothing.
        if crate::text::words(lead).any(|w| SUPPOSING.contains(&w.as_str())) {
            return None;
        }
        let first_person = crate::text::words(lead).any(|w| {
            matches!(
                w.replace('’', "'").as_str(),
                "i" | "i'm" | "i've" | "i'd" | "my" | "we" | "our"
            )
        });
        if first_person && crate::text::content_words(lead).len() >= 3 {
            return Some(format!("{lead}."));
        }
        return None;
    }
    None
}

/// Whether a clause (lowercase) opens in a question's word order, its verb before its subject:
/// "how can I keep it", "what are some ideas", "can you help", "should I wait". "How I did it",
/// "what I need" and "can't wait" keep a statement's order.
fn inverted(clause: &str) -> bool {
    let mut words = crate::text::words(clause);
    let (Some(first), Some(second)) = (words.next(), words.next()) else {
        return false;
    };
    (WH.contains(&first.as_str()) && AUXILIARIES.contains(&second.as_str()))
        || (AUXILIARIES.contains(&first.as_str()) && SUBJECTS.contains(&second.as_str()))
}

/// A question typed without its mark, as people often type the last sentence of a chat
/// message: no closing punctuation, and the sentence, or a clause after one of its commas,
/// opens in a question's word order. "I have a plumber coming on July 27, how can I prepare"
/// asks; "Did it." and "that's how I did it" do not.
#[must_use]
pub fn unmarked_question(sentence: &str) -> bool {
    let s = sentence.trim_end();
    if s.is_empty() || s.ends_with(['.', '!', '?', '…', ':', ';', ')', ']', '"', '”']) {
        return false;
    }
    let low = crate::text::head_chars(s, 2000).to_lowercase().replace('’', "'");
    inverted(&low)
        || low.split(", ").skip(1).any(|clause| {
            let clause = ["and ", "so ", "but ", "or "]
                .iter()
                .find_map(|c| clause.strip_prefix(c))
                .unwrap_or(clause);
            inverted(clause)
        })
}

/// Whether a sentence asks: it ends with a question mark, or it is an [`unmarked_question`].
#[must_use]
pub fn asks(sentence: &str) -> bool {
    sentence.trim_end().ends_with('?') || unmarked_question(sentence)
}

/// Conjunctions after which a question takes something as given: "…, considering I've already
/// booked the venue?", "…, especially since I raised my budget to $700?".
const GIVEN: &[&str] = &[
    "considering",
    "given that",
    "now that",
    "since",
    "because",
    "as i've",
    "as we've",
];

/// Most clauses read after each conjunction of [`GIVEN`].
const GIVEN_MOST: usize = 4;

/// Longest clause read after such a conjunction, in characters.
const CLAUSE_CHARS: usize = 400;

/// What a question tells about the one asking: the statement it opens with
/// ([`statement_in_question`]) and the first-person clauses it takes as given after
/// "considering", "since", "now that" ("How should I invest, considering I increased my
/// budget to $700 on March 1?" tells the budget). Each is a sentence of its own; a plain
/// question gives none.
#[must_use]
pub fn statements_in_question(sentence: &str) -> Vec<String> {
    let s = sentence.trim();
    if !asks(s) {
        return Vec::new();
    }
    let mut out: Vec<String> = statement_in_question(s).into_iter().collect();
    // Straight apostrophes, and an ASCII lowercase whose byte offsets are the text's own.
    let s = s.replace('’', "'");
    let s = s.as_str();
    let low = s.to_ascii_lowercase();
    for g in GIVEN {
        // A handful per conjunction: a pasted wall of text is no run of questions.
        for (at, _) in low.match_indices(&format!(" {g} ")).take(GIVEN_MOST) {
            let Some(rest) = s.get(at.saturating_add(g.len()).saturating_add(2)..) else {
                continue;
            };
            // "as I've" keeps its subject: the clause starts at "I've".
            let rest = if g.starts_with("as ") {
                s.get(at.saturating_add(4)..).unwrap_or(rest)
            } else {
                rest
            };
            // Up to the next turn to asking, or the end, within a clause's length.
            let rest = crate::text::head_chars(rest, CLAUSE_CHARS);
            let end = rest
                .match_indices(", ")
                .find(|(k, _)| {
                    let next = rest.get(k.saturating_add(2)..).unwrap_or_default();
                    crate::text::words(next)
                        .next()
                        .is_some_and(|w| OPENERS.contains(&w.as_str()))
                })
                .map_or(rest.len(), |(k, _)| k);
            let clause = rest.get(..end).unwrap_or(rest).trim().trim_end_matches('?').trim();
            let first = crate::text::words(clause).next().unwrap_or_default();
            let own = matches!(
                first.as_str(),
                "i" | "i'm" | "i've" | "i'd" | "my" | "we" | "we've" | "we're" | "our"
            );
            let supposed = crate::text::words(clause).any(|w| SUPPOSING.contains(&w.as_str()));
            if own && !supposed && crate::text::content_words(clause).len() >= 2 {
                out.push(format!("{clause}."));
            }
        }
    }
    out
}

/// The sentences of `prose` that tell something: each statement as it is, and for each
/// question what it tells ([`statements_in_question`]).
#[must_use]
pub fn told_sentences(prose: &str) -> Vec<String> {
    crate::text::sentences(prose)
        .into_iter()
        .flat_map(|s| if asks(&s) { statements_in_question(&s) } else { vec![s] })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::statement_in_question as lead;
    use super::statements_in_question;

    #[test]
    fn a_question_tells_what_it_takes_as_given() {
        assert_eq!(
            statements_in_question(
                "Can you help me plan the portfolio, considering I also increased my monthly budget to $700 starting March 1?"
            ),
            vec!["I also increased my monthly budget to $700 starting March 1.".to_string()]
        );
        assert_eq!(
            statements_in_question(
                "How do I keep it safe, especially since we've moved the cache to Redis, is that wise?"
            ),
            vec!["we've moved the cache to Redis.".to_string()]
        );
        // The opening statement comes first.
        assert_eq!(
            statements_in_question("I'm 60 and earning $85,000, will that matter since I retire in 2027?"),
            vec![
                "I'm 60 and earning $85,000.".to_string(),
                "I retire in 2027.".to_string()
            ]
        );
        // What is taken as given about someone else, or supposed, tells nothing of the asker.
        assert!(statements_in_question("Is it late, since the shop closes at 9?").is_empty());
        // Curly apostrophes before the clause do not shift it.
        assert_eq!(
            statements_in_question("Can you help, it’s urgent, since I’ve raised my budget to $700?"),
            vec!["I've raised my budget to $700.".to_string()]
        );
        assert!(statements_in_question("What should I do, considering if I move my budget to $500?").is_empty());
        assert!(statements_in_question("I raised the budget to $700 since March.").is_empty());
    }

    #[test]
    fn a_question_that_opens_with_the_asker_keeps_the_statement() {
        assert_eq!(
            lead("I'm 60 and earning $85,000, will that be a problem?").as_deref(),
            Some("I'm 60 and earning $85,000.")
        );
        assert_eq!(
            lead("I have $3,000 saved in a high-yield account, is that enough for an emergency fund?").as_deref(),
            Some("I have $3,000 saved in a high-yield account.")
        );
        assert_eq!(
            lead("We moved the deadline to March 3, and I'm wondering if the plan still works?").as_deref(),
            Some("We moved the deadline to March 3.")
        );
        assert_eq!(
            lead(
                "I'm tracking my spending on coffee beans, which has gone up to $60, and I was wondering how to cut it?"
            )
            .as_deref(),
            Some("I'm tracking my spending on coffee beans, which has gone up to $60.")
        );
    }

    #[test]
    fn a_plain_question_or_a_statement_gives_nothing() {
        for s in [
            "How should I keep my $4,000 fund, given it had no withdrawals?",
            "Can you help me, please?",
            "I went hiking with Sam on Sunday.",
            "Is it too late, or should I wait?",
            "I have two offers, which is better?",
            "Honestly, what would you do?",
            "For example, if I'm using Flask 2.2, how do I pin it?",
            "Assuming my budget is $500 a month, is the plan realistic?",
        ] {
            assert_eq!(lead(s), None, "{s}");
        }
    }

    #[test]
    fn a_question_typed_without_its_mark_is_still_a_question() {
        use super::{told_sentences, unmarked_question};
        assert!(unmarked_question("How can I prepare for the visit"));
        assert!(unmarked_question(
            "I have a plumber visit scheduled for July 27, how can I prepare for it"
        ));
        assert!(unmarked_question(
            "I'm not sure about the fee, can you help me figure it out"
        ));
        for s in [
            "That's how I did it",
            "What I need is a plan",
            "Can't wait to see you",
            "Did it.",
            "How can I prepare for the visit?",
            "I moved, and it went well",
        ] {
            assert!(!unmarked_question(s), "{s}");
        }
        assert_eq!(
            lead("I've started 20-minute morning meditation sessions to manage work stress, how can I stick to it every day")
                .as_deref(),
            Some("I've started 20-minute morning meditation sessions to manage work stress.")
        );
        assert_eq!(lead("I tried the vinegar method, that's how I did it"), None);
        assert_eq!(
            told_sentences("My rent is $2,400. What are some ways to cut costs"),
            vec!["My rent is $2,400.".to_string()]
        );
    }
}
