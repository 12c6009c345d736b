//! Timestamps: RFC 3339 in, whole unix seconds inside, civil dates (UTC) out, all through `jiff`.
//!
//! The calendar is `jiff`'s, which range-checks every field, so an impossible time (31 February,
//! hour 99, `+99:99`) or one outside years −9999..=9999 is refused where it is parsed, with the
//! reason. A [`Timestamp`] can only be built through those checks, and its text form is `jiff`'s
//! own, so whatever the encoder writes the decoder reads back: a memory file cannot be made
//! unreadable by a date. Span arithmetic for relative dates ("three weeks ago") goes through
//! [`Timestamp::to_jiff`] and [`Timestamp::from_jiff`].
// Input, files and other processes reach this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use serde::{Deserialize, Serialize};
use std::fmt;

/// Seconds since 1970-01-01T00:00:00Z, always within `jiff`'s range (years −9999..=9999), so
/// every value prints and parses back. The field is private to keep that so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Timestamp(i64);

/// Why a time was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InvalidTime(String);

/// English month names, January first: the one table dates are written and read with.
pub(crate) const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// A day of a month written as a number, with or without its ordinal ending: "13", "30th",
/// "1st" → 13, 30, 1; `None` past 31 or for anything else.
#[must_use]
pub(crate) fn day_of_month(word: &str) -> Option<i8> {
    let digits = ["st", "nd", "rd", "th"]
        .iter()
        .find_map(|s| word.strip_suffix(s))
        .unwrap_or(word);
    if !(1..=2).contains(&digits.len()) || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|d| (1..=31).contains(d))
}

/// English weekday names, Monday first.
const WEEKDAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

/// Whether `word` (any case) is a month or weekday name: it names a date, never a thing.
pub(crate) fn is_month_or_weekday(word: &str) -> bool {
    MONTHS
        .iter()
        .chain(WEEKDAYS.iter())
        .any(|n| n.eq_ignore_ascii_case(word))
}

impl Timestamp {
    /// A timestamp from unix seconds, if `jiff` can represent it.
    #[must_use]
    pub fn from_unix_seconds(secs: i64) -> Option<Self> {
        jiff::Timestamp::from_second(secs).ok().map(Self::from_jiff)
    }

    /// Unix seconds.
    #[must_use]
    pub fn unix_seconds(self) -> i64 {
        self.0
    }

    /// The wall clock, to the second.
    #[must_use]
    pub fn now() -> Self {
        Self::from_jiff(jiff::Timestamp::now())
    }

    /// From a `jiff` timestamp (fractions of a second are dropped).
    #[must_use]
    pub fn from_jiff(t: jiff::Timestamp) -> Self {
        Self(t.as_second())
    }

    /// As a `jiff` timestamp, for span arithmetic.
    #[must_use]
    pub fn to_jiff(self) -> jiff::Timestamp {
        // The invariant of the type: every value came from a `jiff::Timestamp`.
        jiff::Timestamp::from_second(self.0).unwrap_or(jiff::Timestamp::UNIX_EPOCH)
    }

    /// The civil date and time in UTC.
    #[must_use]
    pub fn to_datetime(self) -> jiff::civil::DateTime {
        jiff::tz::Offset::UTC.to_datetime(self.to_jiff())
    }

    /// From a civil date and time of day (UTC); `None` for an impossible or out-of-range one
    /// (30 February, hour 24, year 99999).
    #[must_use]
    pub fn from_civil(year: i64, month: u32, day: u32, hour: u32, minute: u32, second: u32) -> Option<Self> {
        let dt = jiff::civil::DateTime::new(
            i16::try_from(year).ok()?,
            i8::try_from(month).ok()?,
            i8::try_from(day).ok()?,
            i8::try_from(hour).ok()?,
            i8::try_from(minute).ok()?,
            i8::try_from(second).ok()?,
            0,
        )
        .ok()?;
        jiff::tz::Offset::UTC.to_timestamp(dt).ok().map(Self::from_jiff)
    }

    /// From a civil date (UTC midnight).
    #[must_use]
    pub fn from_date(date: jiff::civil::Date) -> Option<Self> {
        jiff::tz::Offset::UTC
            .to_timestamp(date.to_datetime(jiff::civil::Time::midnight()))
            .ok()
            .map(Self::from_jiff)
    }

    /// Parses RFC 3339 (`2024-03-01T09:00:00Z`, fractional seconds and offsets allowed), saying
    /// why a time is refused.
    pub fn parse(s: &str) -> Result<Self, InvalidTime> {
        s.trim()
            .parse::<jiff::Timestamp>()
            .map(Self::from_jiff)
            .map_err(|e| InvalidTime(format!("not a valid RFC 3339 time: {s:?} ({e})")))
    }

    /// [`Timestamp::parse`] without the reason.
    #[must_use]
    pub fn parse_rfc3339(s: &str) -> Option<Self> {
        Self::parse(s).ok()
    }

    /// Year, month and day (UTC).
    #[must_use]
    pub fn civil(self) -> (i64, u32, u32) {
        let d = self.to_datetime().date();
        (
            i64::from(d.year()),
            u32::try_from(d.month()).unwrap_or(1),
            u32::try_from(d.day()).unwrap_or(1),
        )
    }

    /// `YYYY-MM-DD`, the form the planner decomposes dates into.
    #[must_use]
    pub fn date(self) -> String {
        self.to_datetime().date().to_string()
    }

    /// "8 May 2023", the way people write dates in conversation.
    #[must_use]
    pub fn human_date(self) -> String {
        let d = self.to_datetime().date();
        format!("{} {} {}", d.day(), Self::month_name(d.month()), d.year())
    }

    /// "May" for 5; months outside 1..=12 (which a `jiff` date never has) read as January.
    #[must_use]
    pub fn month_name(month: i8) -> &'static str {
        usize::try_from(month)
            .ok()
            .and_then(|m| m.checked_sub(1))
            .and_then(|i| MONTHS.get(i))
            .copied()
            .unwrap_or(MONTHS[0])
    }

    /// Index of a month name or an abbreviation of at least three letters ("may", "Sept"),
    /// 1-based. Any text may be asked about: the comparison is by characters, never by bytes.
    #[must_use]
    pub fn month_from_name(name: &str) -> Option<u32> {
        name.chars().nth(2)?;
        // Month names are ASCII, and no other letter lowercases into one's letters (the Kelvin
        // sign's "k" is in none; "İ" brings a combining dot): an ASCII comparison, without a
        // lowercase copy of each name for every word a rule asks about.
        if !name.is_ascii() {
            return None;
        }
        MONTHS
            .iter()
            .zip(1u32..)
            .find(|(m, _)| m.get(..name.len()).is_some_and(|p| p.eq_ignore_ascii_case(name)))
            .map(|(_, i)| i)
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_jiff(), f)
    }
}

impl TryFrom<String> for Timestamp {
    type Error = InvalidTime;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        Self::parse(&s)
    }
}

impl From<Timestamp> for String {
    fn from(t: Timestamp) -> Self {
        t.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3339_round_trips_through_civil_dates() {
        let t = Timestamp::parse_rfc3339("2024-03-01T09:05:07Z").unwrap();
        assert_eq!(t.to_string(), "2024-03-01T09:05:07Z");
        assert_eq!(t.date(), "2024-03-01");
        assert_eq!(t.human_date(), "1 March 2024");
        assert_eq!(Timestamp::parse_rfc3339("1970-01-01T00:00:00Z"), Some(Timestamp(0)));
    }

    #[test]
    fn offsets_and_fractions_are_honoured() {
        let a = Timestamp::parse_rfc3339("2024-03-01T10:00:00.250+01:00").unwrap();
        assert_eq!(a, Timestamp::parse_rfc3339("2024-03-01T09:00:00Z").unwrap());
    }

    #[test]
    fn malformed_times_are_rejected() {
        for bad in ["2024-13-01T00:00:00Z", "yesterday", "2024-03-01", "2024-03-01T09:00:00"] {
            assert!(Timestamp::parse_rfc3339(bad).is_none(), "{bad}");
        }
    }

    /// Regression: the hand-written calendar normalised these silently.
    #[test]
    fn impossible_times_are_refused_with_a_reason() {
        for bad in [
            "2023-02-31T00:00:00Z",
            "2023-02-29T00:00:00Z",
            "2024-03-01T99:00:00Z",
            "2024-03-01T09:61:00Z",
            "2024-03-01T09:00:00+99:99",
            "99999-01-01T00:00:00Z",
            "+99999-01-01T00:00:00Z",
        ] {
            let err = Timestamp::parse(bad).unwrap_err().to_string();
            assert!(err.contains(bad), "{err}");
        }
        assert!(Timestamp::from_civil(2023, 2, 30, 0, 0, 0).is_none());
        assert!(Timestamp::from_civil(99_999, 1, 1, 0, 0, 0).is_none());
        assert!(Timestamp::from_civil(2023, 5, 8, 24, 0, 0).is_none());
        assert!(Timestamp::from_unix_seconds(i64::MAX).is_none());
    }

    /// Regression: year 0000 at +01:00 was stored as a year the reader refused, bricking the log.
    #[test]
    fn whatever_is_accepted_prints_and_parses_back() {
        for s in [
            "0000-01-01T00:00:00+01:00",
            "0000-01-01T00:00:00Z",
            "-009999-01-02T01:59:59Z",
            "9999-12-30T22:00:00Z",
            "9999-12-31T23:59:59-05:00",
            "1969-12-31T23:59:59.999Z",
        ] {
            let Ok(t) = Timestamp::parse(s) else { continue };
            let text = t.to_string();
            assert_eq!(Timestamp::parse(&text), Ok(t), "{s} -> {text}");
            let json = serde_json::to_string(&t).unwrap();
            assert_eq!(serde_json::from_str::<Timestamp>(&json).unwrap(), t, "{json}");
            let _ = (t.date(), t.human_date(), t.civil());
        }
        assert!(Timestamp::parse("0000-01-01T00:00:00+01:00").is_ok());
        for secs in [
            jiff::Timestamp::MIN.as_second(),
            jiff::Timestamp::MAX.as_second(),
            -1,
            0,
        ] {
            let t = Timestamp::from_unix_seconds(secs).unwrap();
            assert_eq!(Timestamp::parse(&t.to_string()), Ok(t));
        }
    }

    #[test]
    fn month_names_resolve() {
        assert_eq!(Timestamp::month_from_name("May"), Some(5));
        assert_eq!(Timestamp::month_from_name("sept"), Some(9));
        assert_eq!(Timestamp::month_from_name("xyz"), None);
        assert_eq!(Timestamp::month_from_name("ma"), None);
        assert_eq!(Timestamp::month_from_name("JANUARY"), Some(1));
        assert_eq!(Timestamp::month_from_name("maybe"), None);
        assert_eq!(Timestamp::month_from_name("Décembre"), None);
        assert_eq!(Timestamp::month_name(12), "December");
    }

    /// Regression: `&lower[..3]` split a multi-byte character.
    #[test]
    fn month_lookup_takes_any_text() {
        for w in [
            "Zoë",
            "Zoë’s",
            "Ça",
            "日本語",
            "👨‍👩‍👧",
            "a\u{301}b",
            "\u{200f}Ma",
            "Ma\u{0}y",
            "Mäy",
        ] {
            assert_eq!(Timestamp::month_from_name(w), None, "{w}");
        }
        assert_eq!(Timestamp::month_from_name("MAR"), Some(3));
    }
}
