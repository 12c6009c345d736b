//! Seasons named against the day they are said: "last summer", "this winter", "next spring".
//! Seasons are the meteorological ones of the northern hemisphere (spring is March to May,
//! summer June to August, autumn September to November, winter December to February), so a
//! winter spans two years ("the winter of 2022–2023").

use super::Match;
use jiff::civil::Date;

/// The season a word names, by the month it starts in.
fn starts_in(word: &str) -> Option<i8> {
    match word {
        "spring" => Some(3),
        "summer" => Some(6),
        "autumn" | "fall" => Some(9),
        "winter" => Some(12),
        _ => None,
    }
}

/// The first and last day of the season starting in `month` of `year`.
fn span(year: i16, month: i8) -> Option<(Date, Date)> {
    let start = Date::new(year, month, 1).ok()?;
    let last_month = start.first_of_month().checked_add(jiff::ToSpan::months(2)).ok()?;
    Some((start, last_month.last_of_month()))
}

/// "last summer", "this winter", "next spring", "past autumn" at tokens `rel` and `season`,
/// said on `anchor`. "Last" is the latest such season that has ended (or is under way), so
/// "last summer" said in February 2023 is summer 2022 and said in October 2023 is summer
/// 2023; "this" is the one under way or coming this year; "next" the first that starts after
/// the day.
pub(super) fn season(rel: &str, word: &str, original: &str, anchor: Date) -> Option<Match> {
    let month = starts_in(word)?;
    let year = anchor.year();
    let this = span(year, month)?;
    // A winter under way in January or February began the December before.
    let this = if month == 12 && anchor.month() <= 2 {
        span(year.checked_sub(1)?, month)?
    } else {
        this
    };
    let (start, end) = match rel {
        "last" | "past" => {
            if anchor > this.1 {
                this
            } else {
                span(this.0.year().checked_sub(1)?, month)?
            }
        }
        "this" => this,
        "next" => {
            if anchor < this.0 {
                this
            } else {
                span(this.0.year().checked_add(1)?, month)?
            }
        }
        _ => return None,
    };
    let name = original.to_lowercase();
    let text = if start.year() == end.year() {
        format!("in {name} {}", start.year())
    } else {
        format!("in the {name} of {}–{}", start.year(), end.year())
    };
    Some(Match {
        len: 2,
        text,
        start,
        end,
    })
}
