//! The date a "when" question is answered with: an explicit date or year in the supporting
//! sentence, else its relative phrase ("last Friday", "last summer", "next month") resolved
//! against the day it was said, else that day.

use super::Sentence;
use super::spans::{NUMBERS, UNITS, WEEKDAYS};
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
            let day = i.checked_sub(1).and_then(|j| {
                toks[j]
                    .trim_end_matches(|c: char| c.is_alphabetic())
                    .parse::<u32>()
                    .ok()
            });
            let year = toks
                .get(i + 1)
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
    let (y, m, _) = d.civil();
    let day = 86_400;
    let has = |p: &str| lower.contains(p);
    let the = |what: &str| format!("the {what} before {}", d.human_date());
    for wd in WEEKDAYS {
        if has(&format!("last {wd}")) {
            // A weekday is a name: "the Saturday before 20 May 2023".
            return (the(&crate::text::title_case(wd)), DateFrom::Relative);
        }
    }
    let relative = if has("yesterday") || has("last night") {
        Timestamp::from_unix_seconds(d.unix_seconds().saturating_sub(day))
            .map_or_else(|| d.human_date(), Timestamp::human_date)
    } else if let Some(season) = SEASONS.iter().find(|(name, _)| has(&format!("last {name}"))) {
        // The latest such season that ended before the day it was said.
        let year = if m > season.1 { y } else { y - 1 };
        format!("{} {year}", season.0)
    } else if let Some(season) = SEASONS.iter().find(|(name, _)| has(&format!("this {name}"))) {
        format!("{} {y}", season.0)
    } else if has("last weekend") {
        the("weekend")
    } else if has("last week") {
        the("week")
    } else if has("last month") {
        let (py, pm) = if m == 1 { (y - 1, 12) } else { (y, m - 1) };
        format!("{} {py}", month_name(pm))
    } else if has("last year") {
        (y - 1).to_string()
    } else if has("next month") {
        let (ny, nm) = if m == 12 { (y + 1, 1) } else { (y, m + 1) };
        format!("{} {ny}", month_name(nm))
    } else if has("next year") {
        (y + 1).to_string()
    } else if has("next week") {
        format!("the week after {}", d.human_date())
    } else if let Some(span) = ahead(&toks) {
        format!("{span} after {}", d.human_date())
    } else {
        return (d.human_date(), DateFrom::ItemDay);
    };
    (relative, DateFrom::Relative)
}

/// Seasons that fall inside one calendar year, with their last month (northern hemisphere).
const SEASONS: &[(&str, u32)] = &[("spring", 5), ("summer", 8), ("fall", 11), ("autumn", 11)];

/// "in two weeks" → "two weeks".
pub(super) fn ahead(toks: &[String]) -> Option<String> {
    toks.windows(3).find_map(|w| {
        let number = NUMBERS.contains(&w[1].as_str()) || w[1].parse::<u32>().is_ok();
        (w[0] == "in" && number && UNITS.contains(&w[2].as_str())).then(|| format!("{} {}", w[1], w[2]))
    })
}

pub(super) fn month_name(m: u32) -> String {
    Timestamp::from_civil(2000, m, 1, 0, 0, 0)
        .map(Timestamp::human_date)
        .and_then(|d| d.split_whitespace().nth(1).map(str::to_string))
        .unwrap_or_default()
}
