//! The date a "when" answer names for a sentence whose relative phrase points back or ahead
//! from the day it was said: the day itself where the phrase names one ("last Saturday", said
//! on 20 May 2023, is Saturday, 13 May 2023), else the span in plain words ("the week before
//! 7 May 2023", "summer 2023", "2022"). The offline answerer asks here, so every relative-date
//! rule of the crate lives in this folder beside [`super::resolve`], which returns ranges.

use super::words::WEEKDAYS;
use crate::time::Timestamp;

/// Seasons that fall inside one calendar year, with their last month (northern hemisphere).
const SEASONS: &[(&str, u32)] = &[("spring", 5), ("summer", 8), ("fall", 11), ("autumn", 11)];

/// The date a lowercased sentence said on `said` points at through a relative phrase
/// ("yesterday", "last Friday", "last summer", "next month"); `None` when it names none.
#[must_use]
pub fn answer_phrase(lower: &str, said: Timestamp) -> Option<String> {
    let d = said;
    let (y, m, _) = d.civil();
    let day = 86_400;
    let has = |p: &str| lower.contains(p);
    let the = |what: &str| format!("the {what} before {}", d.human_date());
    for (wd, weekday) in WEEKDAYS {
        if has(&format!("last {wd}")) {
            // "Last Saturday" names one day: the latest Saturday before the day it was said.
            let name = crate::text::title_case(wd);
            return Some(
                super::anchor_of(&d.date())
                    .and_then(|a| a.nth_weekday(-1, weekday).ok())
                    .map_or_else(|| the(&name), |day| format!("{name}, {}", super::human(day))),
            );
        }
    }
    let phrase = if has("yesterday") || has("last night") {
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
    } else {
        return None;
    };
    Some(phrase)
}

/// A month's name ("May") from its number, as dates are written.
#[must_use]
pub fn month_name(m: u32) -> String {
    Timestamp::from_civil(2000, m, 1, 0, 0, 0)
        .map(Timestamp::human_date)
        .and_then(|d| d.split_whitespace().nth(1).map(str::to_string))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_phrases_are_answered_with_the_day_or_the_span_they_name() {
        let said = Timestamp::parse_rfc3339("2023-05-20T10:00:00Z").unwrap();
        for (sentence, answer) in [
            ("i went there last saturday", Some("Saturday, 13 May 2023")),
            ("i called her last friday", Some("Friday, 19 May 2023")),
            ("we met yesterday", Some("19 May 2023")),
            ("last summer was fun", Some("summer 2022")),
            ("last month i moved", Some("April 2023")),
            ("next week i fly", Some("the week after 20 May 2023")),
            ("i like tea", None),
        ] {
            assert_eq!(answer_phrase(sentence, said).as_deref(), answer, "{sentence}");
        }
    }
}
