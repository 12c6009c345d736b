//! The words relative dates are made of: weekdays (whole and abbreviated), month names, number
//! words, and the verbs that tell a habit, a past event or a plan apart.

use crate::time::MONTHS;
use jiff::civil::Weekday;

pub(super) const WEEKDAYS: [(&str, Weekday); 7] = [
    ("monday", Weekday::Monday),
    ("tuesday", Weekday::Tuesday),
    ("wednesday", Weekday::Wednesday),
    ("thursday", Weekday::Thursday),
    ("friday", Weekday::Friday),
    ("saturday", Weekday::Saturday),
    ("sunday", Weekday::Sunday),
];

/// Words that mark a habit: a weekday beside them is a recurring day, not a date.
pub(super) const HABITUAL: &[&str] = &[
    "usually",
    "always",
    "every",
    "often",
    "normally",
    "typically",
    "sometimes",
    "each",
    "generally",
    "regularly",
    "weekly",
];

/// Past forms that do not end in -ed.
pub(super) static IRREGULAR_PAST: crate::text::WordSet = crate::text::WordSet::new(&[
    "went",
    "was",
    "were",
    "had",
    "did",
    "got",
    "made",
    "took",
    "ran",
    "swam",
    "saw",
    "came",
    "met",
    "gave",
    "told",
    "said",
    "felt",
    "hit",
    "hurt",
    "bought",
    "brought",
    "thought",
    "found",
    "left",
    "lost",
    "won",
    "ate",
    "drank",
    "wrote",
    "began",
    "became",
    "kept",
    "slept",
    "spent",
    "sent",
    "built",
    "caught",
    "taught",
    "fought",
    "flew",
    "drove",
    "rode",
    "sang",
    "sat",
    "stood",
    "heard",
    "paid",
    "held",
    "knew",
    "grew",
    "threw",
    "wore",
    "broke",
    "chose",
    "fell",
    "forgot",
    "woke",
    "sold",
    "led",
    "meant",
    "ago",
    "yesterday",
    "last",
    "finally",
    "just",
]);

/// Words that point a month named right after them forward, whatever the sentence's tense:
/// what starts, is due or was put off happens later ("I signed up for a course starting in
/// March", said in January; "the dinner was postponed until the 20th of April").
pub(super) const FORWARD: &[&str] = &[
    "starting",
    "starts",
    "begins",
    "beginning",
    "due",
    "scheduled",
    "rescheduled",
    "postponed",
    "delayed",
    "pushed",
    "planned",
    "expected",
    "opening",
    "opens",
    "upcoming",
    "coming",
];

/// Verbs (and the particle of "pushed back") before "to the 20th of April" that make it the new
/// date of something moved, which lies ahead.
pub(super) const MOVED: &[&str] = &[
    "moved",
    "changed",
    "postponed",
    "pushed",
    "rescheduled",
    "shifted",
    "delayed",
    "bumped",
    "back",
];

pub(super) const FUTURE: &[&str] = &[
    "will", "i'll", "we'll", "going", "gonna", "plan", "planning", "next", "upcoming", "tomorrow", "hope", "hoping",
    "want", "soon",
];

pub(super) fn number(w: &str) -> Option<i64> {
    let n = match w {
        "a" | "an" | "one" => 1,
        "two" | "couple" => 2,
        "three" | "few" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "eight" => 8,
        "nine" => 9,
        "ten" => 10,
        "eleven" => 11,
        "twelve" => 12,
        _ => return w.parse::<i64>().ok().filter(|n| (1..=200).contains(n)),
    };
    Some(n)
}

pub(super) fn weekday(w: &str) -> Option<Weekday> {
    WEEKDAYS
        .iter()
        .find(|(n, _)| *n == w)
        .map(|(_, d)| *d)
        .or_else(|| ABBREVIATED.iter().find(|(n, _)| *n == w).map(|(_, d)| *d))
}

/// The weekday's full name as the text wrote it ("Tuesday"), also when it was shortened ("Tues").
pub(super) fn weekday_name(wd: Weekday, said: &str) -> String {
    match WEEKDAYS.iter().find(|(_, d)| *d == wd) {
        Some((full, _)) if said.chars().count() < full.len() => {
            let mut c = full.chars();
            c.next()
                .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
        }
        _ => said.to_string(),
    }
}

/// Weekdays as people shorten them ("last Tues"); "sat" and "sun" are left out, being words.
pub(super) const ABBREVIATED: [(&str, Weekday); 8] = [
    ("mon", Weekday::Monday),
    ("tue", Weekday::Tuesday),
    ("tues", Weekday::Tuesday),
    ("wed", Weekday::Wednesday),
    ("thu", Weekday::Thursday),
    ("thur", Weekday::Thursday),
    ("thurs", Weekday::Thursday),
    ("fri", Weekday::Friday),
];

pub(super) fn month_index(w: &str) -> Option<i8> {
    MONTHS
        .iter()
        .position(|m| {
            m.eq_ignore_ascii_case(w)
                || (w.len() == 3 && m.len() > 3 && m.get(..3).is_some_and(|p| p.eq_ignore_ascii_case(w)))
        })
        .and_then(|i| i8::try_from(i + 1).ok())
}
