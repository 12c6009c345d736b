//! Dates the text writes out ("9 June 2023", "June 9, 2023") and phrases told against one
//! ("the week before 9 June 2023"): kept as written, recorded as ranges.

use super::words::{month_index, weekday};
use super::{Tok, add_days, week_start};
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
