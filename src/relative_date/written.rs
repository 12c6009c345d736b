//! Dates the text writes out ("9 June 2023", "June 9, 2023") and phrases told against one
//! ("the week before 9 June 2023"): kept as written, recorded as ranges.

use super::words::{month_index, weekday};
use super::{Tok, add_days, human, week_start};
use jiff::civil::{Date, Weekday};

/// Absolute dates already in the text ("9 June 2023", "June 9, 2023", "the week before 9 June
/// 2023"): kept as written and recorded as ranges.
pub(super) fn absolute(toks: &[Tok<'_>], i: usize) -> Option<(usize, Date)> {
    let w = |k: usize| toks.get(i + k).map_or("", |t| t.core);
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    // A year written after a day has four digits ("June 9, 2023"): "May 1) 2." is a date and
    // a list's next number.
    let year = |s: &str| digits(s) && s.len() == 4;
    let strip = |s: &str| s.trim_end_matches(|c: char| c.is_ascii_alphabetic()).to_string();
    if digits(&strip(w(0))) && month_index(w(1)).is_some() && year(w(2)) {
        let d = Date::new(w(2).parse().ok()?, month_index(w(1))?, strip(w(0)).parse().ok()?).ok()?;
        return Some((3, d));
    }
    if month_index(w(0)).is_some() && w(0).len() >= 3 && digits(&strip(w(1))) && year(w(2)) {
        let d = Date::new(w(2).parse().ok()?, month_index(w(0))?, strip(w(1)).parse().ok()?).ok()?;
        return Some((3, d));
    }
    None
}

/// A day of a month written without its year ("June 13", "May 30th", "3 January"): the
/// occurrence nearest the day it was said, the next one when the sentence speaks of what is to
/// come and the last one when it speaks of what was. People leave the year out of a date near
/// enough for it to be plain. The phrase's length and the day.
fn day_month(toks: &[Tok<'_>], i: usize, anchor: Date, past: bool, future: bool) -> Option<(usize, Date)> {
    let t = |k: usize| toks.get(i + k);
    let day = |tok: &Tok<'_>| crate::time::day_of_month(&tok.lower);
    // "may" in lower case is a verb; a month is written with its capital.
    let month = |tok: &Tok<'_>| {
        tok.core
            .starts_with(char::is_uppercase)
            .then(|| month_index(tok.core))
            .flatten()
            .filter(|_| tok.core.len() >= 3)
    };
    let (first, second) = (t(0)?, t(1)?);
    if !first.tail.is_empty() && first.tail != "," {
        return None;
    }
    let (m, d) = match (month(first), day(second), day(first), month(second)) {
        (Some(m), Some(d), _, _) => (m, d),
        (_, _, Some(d), Some(m)) => (m, d),
        _ => return None,
    };
    // "by May 30", "moved to June 13", "booked for 2 June": a date something is due or put
    // off to is to come, whatever the tense of the verb before it.
    let prev = i
        .checked_sub(1)
        .and_then(|p| toks.get(p))
        .map_or("", |t| t.lower.as_ref());
    // "from June 3 to July 7": a "to" that ends a range is no "moved to", and the ends of a
    // range follow no tense ("we moved the beta from May 30 to June 13"): the nearest.
    let ends_range = prev == "to"
        && (2..=5).any(|k| {
            i.checked_sub(k)
                .and_then(|p| toks.get(p))
                .is_some_and(|t| t.lower == "from")
        });
    let starts_range = prev == "from"
        && toks
            .get(i + 2)
            .is_some_and(|t| matches!(t.lower.as_ref(), "to" | "until" | "till" | "through"));
    let in_range = ends_range || starts_range;
    let future = future || (!in_range && matches!(prev, "by" | "to" | "until" | "till" | "for"));
    let past = past && !future && !in_range;
    let on = |y: i16| Date::new(y, m, d).ok();
    let y = anchor.year();
    let candidates = [y.checked_sub(1).and_then(on), on(y), y.checked_add(1).and_then(on)];
    let days = |c: Date| (c - anchor).get_days();
    let pick = candidates.into_iter().flatten().filter(|c| match (past, future) {
        (false, true) => days(*c) >= 0,
        (true, false) => days(*c) <= 0,
        _ => true,
    });
    let best = pick.min_by_key(|c| days(*c).unsigned_abs())?;
    Some((2, best))
}

/// A date the text writes at `i`: its length, first and last day, and the words it becomes.
/// One with its year stays as written (no new words); "June 13" said without its year is
/// written with the year it is in (`with_year`, today's phrases only), and "November 15 to 25"
/// is a range of that month: "15 to 25 November 2024". `tense` is (past, future).
pub(super) fn written_at(
    toks: &[Tok<'_>],
    i: usize,
    anchor: Date,
    tense: (bool, bool),
    with_year: bool,
) -> Option<(usize, Date, Date, Option<String>)> {
    if let Some((len, d)) = absolute(toks, i) {
        return Some((len, d, d, None));
    }
    if !with_year {
        return None;
    }
    let (len, d) = day_month(toks, i, anchor, tense.0, tense.1)?;
    let (len, end, said) = match range_end(toks, i + len, d) {
        Some((more, end)) => (len + more, end, format!("{} to {}", d.day(), human(end))),
        None => (len, d, human(d)),
    };
    let (first, last) = (toks.get(i)?, toks.get(i + len - 1)?);
    Some((len, d, end, Some(format!("{}{said}{}", first.lead, last.tail))))
}

/// The last day of a range of days in one month written after its first ("November 15 to 25",
/// "from June 3 through 7"): the words it takes after the first date at `next` and that day.
/// A day followed by a month of its own ("June 3 to July 7") is a date, not a day of this
/// range, and a day before the first is no range.
fn range_end(toks: &[Tok<'_>], next: usize, first: Date) -> Option<(usize, Date)> {
    let joiner = toks.get(next)?;
    let last = toks.get(next.checked_add(1)?)?;
    if !matches!(joiner.lower.as_ref(), "to" | "through" | "until" | "till") || !joiner.tail.is_empty() {
        return None;
    }
    let day = crate::time::day_of_month(&last.lower)?;
    let month_after = toks
        .get(next.checked_add(2)?)
        .is_some_and(|t| t.core.starts_with(char::is_uppercase) && month_index(t.core).is_some());
    if month_after || !last.lead.is_empty() {
        return None;
    }
    let end = Date::new(first.year(), first.month(), day).ok()?;
    (end > first).then_some((2, end))
}

/// A day, weekday, week or weekend told against a date written out ("the week before 9 June
/// 2023", "the Friday after June 9, 2023"): the phrase's length and the range it names.
pub(super) fn relative_to_absolute(toks: &[Tok<'_>], i: usize) -> Option<(usize, Date, Date)> {
    let w = |k: usize| toks.get(i + k).map_or("", |t| t.lower.as_ref());
    let (skip, unit) = match (w(0), w(1)) {
        ("the", u) => (1, u),
        (u, _) => (0, u),
    };
    let rel = w(skip + 1);
    if !matches!(rel, "before" | "after" | "of") {
        return None;
    }
    let (len, d) = absolute(toks, i + skip + 2)?;
    let total = skip + 2 + len;
    let (s, e) = match (unit, rel) {
        ("week", "before") => (add_days(d, -7)?, add_days(d, -1)?),
        ("week", "after") => (add_days(d, 1)?, add_days(d, 7)?),
        ("week", "of") => {
            let s = week_start(d)?;
            (s, add_days(s, 6)?)
        }
        ("weekend", "before") => {
            let sat = d.nth_weekday(-1, Weekday::Saturday).ok()?;
            let sat = if add_days(sat, 1)? >= d {
                add_days(sat, -7)?
            } else {
                sat
            };
            (sat, add_days(sat, 1)?)
        }
        ("day", "before") => (add_days(d, -1)?, add_days(d, -1)?),
        ("day", "after") => (add_days(d, 1)?, add_days(d, 1)?),
        (u, "before") if weekday(u).is_some() => {
            let x = d.nth_weekday(-1, weekday(u)?).ok()?;
            (x, x)
        }
        (u, "after") if weekday(u).is_some() => {
            let x = d.nth_weekday(1, weekday(u)?).ok()?;
            (x, x)
        }
        _ => return None,
    };
    Some((total, s, e))
}
