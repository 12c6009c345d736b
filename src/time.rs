//! Timestamps without a calendar crate: RFC 3339 in, unix seconds inside, civil dates out.
//!
//! The engine only needs ordering, gaps and day/month/year rendering, so a proleptic
//! Gregorian conversion (Howard Hinnant's `days_from_civil`) is enough and keeps the fold pure.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Seconds since 1970-01-01T00:00:00Z.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Timestamp(pub i64);

const MONTHS: [&str; 12] = [
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

fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = i64::from((m + 9) % 12);
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

impl Timestamp {
    /// Builds a timestamp from a civil date and time of day (UTC).
    #[must_use]
    pub fn from_civil(year: i64, month: u32, day: u32, hour: u32, minute: u32, second: u32) -> Self {
        Self(
            days_from_civil(year, month, day) * 86_400
                + i64::from(hour) * 3600
                + i64::from(minute) * 60
                + i64::from(second),
        )
    }

    /// Parses RFC 3339 (`2024-03-01T09:00:00Z`, fractional seconds and offsets allowed).
    pub fn parse_rfc3339(s: &str) -> Option<Self> {
        let b = s.trim().as_bytes();
        if b.len() < 19 || b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b'T' | b't' | b' ') {
            return None;
        }
        let num = |r: std::ops::Range<usize>| -> Option<u32> { std::str::from_utf8(b.get(r)?).ok()?.parse().ok() };
        let (year, month, day) = (i64::from(num(0..4)?), num(5..7)?, num(8..10)?);
        let (hour, minute, second) = (num(11..13)?, num(14..16)?, num(17..19)?);
        if !(1..=12).contains(&month) || !(1..=31).contains(&day) || hour > 23 || minute > 59 || second > 60 {
            return None;
        }
        let mut rest = &b[19..];
        if rest.first() == Some(&b'.') {
            let digits = rest[1..].iter().take_while(|c| c.is_ascii_digit()).count();
            if digits == 0 {
                return None;
            }
            rest = &rest[1 + digits..];
        }
        let offset = match rest {
            [b'Z' | b'z'] => 0,
            [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2] => {
                let hh = std::str::from_utf8(&[*h1, *h2]).ok()?.parse::<i64>().ok()?;
                let mm = std::str::from_utf8(&[*m1, *m2]).ok()?.parse::<i64>().ok()?;
                let o = hh * 3600 + mm * 60;
                if *sign == b'+' { o } else { -o }
            }
            _ => return None,
        };
        Some(Self(
            Self::from_civil(year, month, day, hour, minute, second).0 - offset,
        ))
    }

    /// Year, month and day (UTC).
    #[must_use]
    pub fn civil(self) -> (i64, u32, u32) {
        civil_from_days(self.0.div_euclid(86_400))
    }

    /// `YYYY-MM-DD`, the form the planner decomposes dates into.
    #[must_use]
    pub fn date(self) -> String {
        let (y, m, d) = self.civil();
        format!("{y:04}-{m:02}-{d:02}")
    }

    /// "8 May 2023", the way people write dates in conversation.
    #[must_use]
    pub fn human_date(self) -> String {
        let (y, m, d) = self.civil();
        format!("{d} {} {y}", MONTHS[(m - 1) as usize])
    }

    /// Index of a month name ("may", "Sept"), 1-based.
    #[must_use]
    pub fn month_from_name(name: &str) -> Option<u32> {
        let lower = name.to_ascii_lowercase();
        if lower.len() < 3 {
            return None;
        }
        MONTHS
            .iter()
            .position(|m| m.to_ascii_lowercase().starts_with(&lower[..3]) && m.to_ascii_lowercase().starts_with(&lower))
            .map(|i| i as u32 + 1)
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.0.rem_euclid(86_400);
        write!(
            f,
            "{}T{:02}:{:02}:{:02}Z",
            self.date(),
            secs / 3600,
            secs % 3600 / 60,
            secs % 60
        )
    }
}

impl TryFrom<String> for Timestamp {
    type Error = String;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        Self::parse_rfc3339(&s).ok_or_else(|| format!("not an RFC 3339 time: {s:?}"))
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

    #[test]
    fn month_names_resolve() {
        assert_eq!(Timestamp::month_from_name("May"), Some(5));
        assert_eq!(Timestamp::month_from_name("sept"), Some(9));
        assert_eq!(Timestamp::month_from_name("xyz"), None);
    }
}
