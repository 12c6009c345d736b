//! When a restriction ("no lifting for three months", "until August 2024") ends.

use super::words::*;
use super::written::absolute;
use super::{add_days, tokenize};
use jiff::ToSpan;
use jiff::civil::Date;

/// When a restriction said on `said` ends, from its words (already resolved by [`resolve`]):
/// "for three months", "until August 2024", "until 1 June 2024", "again around 7 August 2024",
/// "in 2024" (its last day).
#[must_use]
pub fn restriction_end(text: &str, said: Date) -> Option<Date> {
    let toks = tokenize(text, None);
    let w = |k: usize| toks.get(k).map_or("", |t| t.lower.as_ref());
    let again = toks
        .iter()
        .any(|t| matches!(t.lower.as_ref(), "again" | "resume" | "back"));
    for i in 0..toks.len() {
        match w(i) {
            "for" => {
                let (n, unit) = match (number(w(i + 1)), w(i + 1)) {
                    (Some(_), "a" | "an") if w(i + 2) == "few" => (3, w(i + 3)),
                    (Some(n), _) => (n, w(i + 2)),
                    (None, "another") => (number(w(i + 2)).unwrap_or(1), w(i + 3)),
                    _ => continue,
                };
                let end = match unit {
                    "day" | "days" => add_days(said, n),
                    "week" | "weeks" => add_days(said, n.checked_mul(7)?),
                    "month" | "months" => said.checked_add(n.months()).ok(),
                    "year" | "years" => said.checked_add(n.years()).ok(),
                    _ => None,
                };
                if end.is_some() {
                    return end;
                }
            }
            "until" | "till" | "before" => {
                if let Some((_, d)) = absolute(&toks, i + 1) {
                    return Some(d);
                }
                let m = toks.get(i + 1).and_then(|t| month_index(t.core))?;
                let y = w(i + 2).parse::<i16>().ok().unwrap_or_else(|| {
                    if m < said.month() {
                        said.year().saturating_add(1)
                    } else {
                        said.year()
                    }
                });
                return Date::new(y, m, 1).ok();
            }
            "around" if again => {
                if let Some((_, d)) = absolute(&toks, i + 1) {
                    return Some(d);
                }
            }
            "in" if w(i + 1).len() == 4 && w(i + 1).parse::<i16>().is_ok() && !again => {
                let y = w(i + 1).parse::<i16>().ok()?;
                return Date::new(y, 12, 31).ok();
            }
            _ => {}
        }
    }
    None
}
