//! The shape of the answer a question asks for (a date for "when", a number for "how many", a
//! place for "where"), and whether a turn carries that shape: a turn that does ranks higher.

use crate::rules::words::questions::COUNTS;

use super::turns::asks_when;
use crate::ids::TurnId;
use crate::memory::Memory;
use crate::text::words;
use std::collections::HashSet;

/// What a question asks for, where its answer has a shape a sentence can be seen to carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Wants {
    /// A date or time ("When…").
    Time,
    /// A number or frequency ("How many…", "How often…").
    Count,
    /// A length of time or a date ("How long…", "…ago"): a date, a time phrase or a number.
    Span,
    /// A place ("Where…").
    Place,
    /// Anything else.
    Any,
}

/// The shape of the answer a question asks for.
pub(super) fn wants(question: &str) -> Wants {
    let toks: Vec<String> = words(question).collect();
    let pair = |a: &str, b: &[&str]| toks.windows(2).any(|w| w[0] == a && b.contains(&w[1].as_str()));
    let has = |w: &str| toks.iter().any(|t| t == w);
    if pair("how", &["long"]) || has("ago") {
        Wants::Span
    } else if asks_when(question) {
        Wants::Time
    } else if pair("how", &["many", "much", "often", "old"]) {
        Wants::Count
    } else if toks.iter().any(|t| t == "where") {
        Wants::Place
    } else {
        Wants::Any
    }
}

/// The words of the tracked persons' names and of the speakers (a capitalised name is no place).
pub(super) fn person_words(m: &Memory) -> HashSet<String> {
    m.roots()
        .map(|r| r.name.as_str())
        .chain(m.speakers.iter().map(|(s, _)| s.as_str()))
        .flat_map(words)
        .collect()
}

fn anchor(m: &Memory, t: TurnId) -> Option<jiff::civil::Date> {
    m.turns[t.index()]
        .time
        .and_then(|ts| crate::relative_date::anchor_of(&ts.date()))
}

/// Whether any sentence of turn `t` carries the shape of answer `wants` asks for.
pub(super) fn carries_turn(m: &Memory, t: TurnId, wants: Wants, names: &HashSet<String>) -> bool {
    let a = anchor(m, t);
    crate::text::sentences(&m.turns[t.index()].said())
        .iter()
        .any(|s| carries(s, wants, names, a))
}

/// Whether a sentence carries the shape of answer `wants` asks for: a date or relative time
/// phrase, a number or frequency, or a capitalised word past its first that names no person.
fn carries(s: &str, wants: Wants, names: &HashSet<String>, anchor: Option<jiff::civil::Date>) -> bool {
    match wants {
        Wants::Any => false,
        Wants::Time => {
            words(s).any(|w| {
                crate::time::is_month_or_weekday(&w) || (w.len() == 4 && w.chars().all(|c| c.is_ascii_digit()))
            }) || anchor.is_some_and(|a| !crate::relative_date::resolve_spans(s, Some(a)).1.is_empty())
        }
        Wants::Count => words(s).any(|w| w.chars().any(|c| c.is_ascii_digit()) || COUNTS.contains(&w.as_str())),
        Wants::Span => {
            carries(s, Wants::Time, names, anchor)
                || carries(s, Wants::Count, names, anchor)
                || words(s).any(|w| ["years", "months", "weeks", "days", "year", "month", "week"].contains(&w.as_str()))
        }
        Wants::Place => s
            .split(|c: char| !(c.is_alphanumeric() || c == '\''))
            .filter(|w| !w.is_empty())
            .skip(1)
            .any(|w| {
                w.starts_with(char::is_uppercase)
                    && w != "I"
                    && !w.starts_with("I'")
                    && !names.contains(&w.to_lowercase())
            }),
    }
}

#[cfg(test)]
mod shape_tests {
    use super::*;

    #[test]
    fn a_question_names_the_shape_of_its_answer() {
        assert_eq!(wants("When did Sam go camping?"), Wants::Time);
        assert_eq!(wants("How long has Sam been painting?"), Wants::Span);
        assert_eq!(wants("How many kids does Sam have?"), Wants::Count);
        assert_eq!(wants("Where did Sam move from?"), Wants::Place);
        assert_eq!(wants("What does Sam paint?"), Wants::Any);
    }

    #[test]
    fn a_sentence_carries_a_count_a_date_or_a_place() {
        let names: HashSet<String> = ["sam".to_string()].into_iter().collect();
        assert!(carries("We have three kids.", Wants::Count, &names, None));
        assert!(!carries("We love the kids.", Wants::Count, &names, None));
        assert!(carries("We went there in May.", Wants::Time, &names, None));
        assert!(carries("I moved here from Sweden.", Wants::Place, &names, None));
        assert!(
            !carries("Thanks, Sam!", Wants::Place, &names, None),
            "a person is no place"
        );
    }
}
