//! The dates a person sets for something and the things a later "it" sets, read once at ingest
//! with the other settings (`settings`): "I want the beta out by May 30", then "we moved the beta
//! to June 13", is one setting whose value moved; "Some testers hit the limit. I raised it to
//! 200" raises the limit. Each rule is one pattern of English, named on it with an example.

use super::settings::{Tok, determiner, what};
use crate::rules::words::numbers::QUANTITIES;

/// Words between a thing and "by" that say it will be finished then: "the beta out by May 30",
/// "the report done by June 2".
const FINISHED: &[&str] = &[
    "out",
    "done",
    "ready",
    "finished",
    "live",
    "shipped",
    "launched",
    "submitted",
    "released",
    "up",
    "complete",
    "completed",
    "signed",
];

/// The day of a month written as a number: "13", "30th", "1st".
fn day(x: &Tok) -> bool {
    crate::time::day_of_month(&x.low).is_some()
}

/// A month's name, written with its capital ("may" is a verb as often as a month), in full or
/// cut to three letters or more ("Jun", "Sept").
fn month(x: &Tok) -> bool {
    x.raw.starts_with(char::is_uppercase) && crate::time::Timestamp::month_from_name(&x.low).is_some()
}

/// A calendar date said as a value: a month and a day in either order ("June 13", "May 30th",
/// "13 June"), and its year when one follows ("June 13, 2025"). A month alone ("in May") or a
/// weekday ("by Friday") is no date one can hold a later one against.
pub(super) fn date_at(t: &[Tok], at: usize) -> Option<String> {
    let first = t.get(at)?;
    let second = t.get(at + 1)?;
    if first.ends || !((month(first) && day(second)) || (day(first) && month(second))) {
        return None;
    }
    let mut parts = vec![first.raw.as_str(), second.raw.as_str()];
    if let Some(year) = t.get(at + 2)
        && year.low.len() == 4
        && year.low.chars().all(|c| c.is_ascii_digit())
    {
        parts.push(&year.raw);
    }
    Some(parts.join(" "))
}

/// What is to be finished by a date, and the date: "I want a beta out by May 30" → ("beta",
/// "May 30"); "we need the grant report done by 2 June" → ("grant report", "2 June"). The thing
/// is the noun phrase after a determiner, right before "by" or before a word of finishing.
pub(super) fn due_by(t: &[Tok]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (i, x) in t.iter().enumerate() {
        if x.low != "by" || i == 0 {
            continue;
        }
        let Some(date) = date_at(t, i + 1) else { continue };
        let end = if t.get(i - 1).is_some_and(|p| FINISHED.contains(&p.low.as_str())) {
            i - 1
        } else {
            i
        };
        let Some(d) = (end.saturating_sub(4)..end).rev().find(|&j| determiner(t, j)) else {
            continue;
        };
        if let Some(w) = what(t, d + 1, end) {
            out.push((w, date));
        }
    }
    out
}

/// The thing a value is said of when a noun phrase opens at `i` and ends in a word of quantity
/// ("the limit", "our monthly budget"): what a later "it" of a change verb sets ("I raised it
/// to 200").
pub(super) fn quantity_at(t: &[Tok], i: usize) -> Option<String> {
    if !determiner(t, i) {
        return None;
    }
    (1..=3)
        .rev()
        .filter(|k| t.get(i + k).is_some_and(|x| QUANTITIES.contains(&x.low.as_str())))
        .find_map(|k| what(t, i + 1, i + 1 + k))
}

#[cfg(test)]
mod tests {
    use super::super::settings::toks_for_tests as toks;
    use super::{date_at, due_by, quantity_at};

    #[test]
    fn a_date_is_a_month_and_a_day_in_either_order() {
        let at = |s: &str, i: usize| date_at(&toks(s), i);
        assert_eq!(at("moved it to June 13 because", 3).as_deref(), Some("June 13"));
        assert_eq!(at("by 2 June, then", 1).as_deref(), Some("2 June"));
        assert_eq!(at("on May 30th, 2025 at noon", 1).as_deref(), Some("May 30th 2025"));
        // "may" in lower case is a verb; a month alone or a weekday is no date.
        assert_eq!(at("we may 30 people", 1), None);
        assert_eq!(at("back in May then", 2), None);
        assert_eq!(at("by Friday 13", 1), None);
        assert_eq!(at("on June 40", 1), None);
    }

    #[test]
    fn a_thing_due_by_a_date_is_named_before_by() {
        let due = |s: &str| due_by(&toks(s));
        assert_eq!(
            due("I want a beta out by May 30."),
            vec![("beta".to_string(), "May 30".to_string())]
        );
        assert_eq!(
            due("We need the grant report done by 2 June."),
            vec![("grant report".to_string(), "2 June".to_string())]
        );
        // Passing by a place, or "by" a weekday, sets no date.
        assert!(due("I drove by the old school on Sunday.").is_empty());
        assert!(due("I want the draft done by Friday.").is_empty());
    }

    #[test]
    fn an_it_sets_the_quantity_named_before() {
        let t = toks("Some testers hit the rate limit while syncing.");
        assert_eq!(quantity_at(&t, 3).as_deref(), Some("rate limit"));
        assert_eq!(quantity_at(&toks("the kitchen table"), 0), None);
    }
}
