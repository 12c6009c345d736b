//! The date a "when" question is answered with: an explicit date or year in the supporting
//! sentence, else its relative phrase ("last Friday", "last summer", "next month") resolved
//! against the day it was said, else that day.

use super::Sentence;
use super::spans::{NUMBERS, UNITS};
use crate::relative_date::answer::month_name;
use crate::text::words;
use crate::time::Timestamp;

/// Where a "when" answer's date comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum DateFrom {
    /// No date at all.
    Nothing,
    /// Only the day the item was said or written.
    ItemDay,
    /// A date or year written in the sentence.
    Written,
    /// A relative phrase ("last week", "yesterday") resolved against the day it was said.
    Relative,
}

/// The date an item's sentence points at: an explicit date or year in it, else a relative phrase
/// resolved against the item's date, else the item's date.
pub(super) fn when(s: &Sentence) -> String {
    dated(s).0
}

/// [`when`], with where its date comes from.
pub(super) fn dated(s: &Sentence) -> (String, DateFrom) {
    let (text, from) = dated_text(s);
    if text.is_empty() {
        (text, DateFrom::Nothing)
    } else {
        (text, from)
    }
}

fn dated_text(s: &Sentence) -> (String, DateFrom) {
    let lower = s.text.to_lowercase();
    let toks: Vec<String> = words(&lower).collect();
    for (i, t) in toks.iter().enumerate() {
        if let Some(m) = Timestamp::month_from_name(t).filter(|_| t.len() >= 3) {
            let day_at = |j: usize| {
                toks.get(j).and_then(|t| {
                    t.trim_end_matches(|c: char| c.is_alphabetic())
                        .parse::<u32>()
                        .ok()
                        .filter(|d| (1..=31).contains(d))
                })
            };
            // "5 April" or, in the American order, "April 5, 2024" (the year after the day).
            let before = i.checked_sub(1).and_then(day_at);
            let after = before.is_none().then(|| day_at(i + 1)).flatten();
            let day = before.or(after);
            let year = toks
                .get(i + 1 + usize::from(after.is_some()))
                .and_then(|y| y.parse::<i64>().ok())
                .filter(|y| (1900..=2100).contains(y));
            let year = year.or_else(|| s.date.map(|d| d.civil().0));
            let name = month_name(m);
            let text = match (day, year) {
                (Some(d), Some(y)) => format!("{d} {name} {y}"),
                (None, Some(y)) => format!("{name} {y}"),
                _ => name,
            };
            return (text, DateFrom::Written);
        }
        if t.len() == 4 && t.parse::<i64>().is_ok_and(|y| (1900..=2100).contains(&y)) {
            return (t.clone(), DateFrom::Written);
        }
    }
    let Some(d) = s.date else {
        return (String::new(), DateFrom::Nothing);
    };
    // The relative phrase, in the words of the one date resolver; then a span ahead ("in two
    // weeks"), which the answerer's own count words find.
    let relative = crate::relative_date::answer::answer_phrase(&lower, d)
        .or_else(|| ahead(&toks).map(|span| format!("{span} after {}", d.human_date())));
    let Some(relative) = relative else {
        return (d.human_date(), DateFrom::ItemDay);
    };
    (relative, DateFrom::Relative)
}

/// "in two weeks" → "two weeks".
pub(super) fn ahead(toks: &[String]) -> Option<String> {
    toks.windows(3).find_map(|w| {
        let number = NUMBERS.contains(&w[1].as_str()) || w[1].parse::<u32>().is_ok();
        (w[0] == "in" && number && UNITS.contains(&w[2].as_str())).then(|| format!("{} {}", w[1], w[2]))
    })
}
