//! Δ items with their status. A Δ bullet names one restriction, injury or change and ends with
//! its date and status: "(8 May 2024; active until 8 August 2024)", "(20 May 2024; resolved 24
//! July 2024)", "(20 May 2024; superseded 5 June 2024)". A restriction that names its end is
//! resolved once the memory's latest turn is past it, whether or not an operator ran since.

use crate::relative_date::{self, human};
use jiff::civil::Date;
use serde::Serialize;

/// Where a Δ item stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DeltaStatus {
    /// Still holds.
    Active,
    /// Over: the injury healed, the restriction ended, the planned thing happened.
    Resolved,
    /// Replaced by a later change on the same branch.
    Superseded,
}

impl DeltaStatus {
    /// The word shown.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Self::Active => "active",
            Self::Resolved => "resolved",
            Self::Superseded => "superseded",
        }
    }
}

/// One Δ bullet, parsed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeltaItem {
    /// The branch it is about ("Strength Training").
    pub group: String,
    /// Its tag without brackets ("injury"), if tagged.
    pub tag: Option<String>,
    /// The sentence.
    pub text: String,
    /// When it was said, `YYYY-MM-DD`.
    pub date: Option<String>,
    /// Its status.
    pub status: DeltaStatus,
    /// When it was resolved or superseded, or until when it holds, `YYYY-MM-DD`.
    pub status_date: Option<String>,
}

impl DeltaItem {
    /// The bullet as the offline model writes it (without the "- ").
    #[must_use]
    pub fn render(&self) -> String {
        let tag = self.tag.as_ref().map(|t| format!("[{t}] ")).unwrap_or_default();
        let day = |d: &str| relative_date::anchor_of(d).map_or_else(|| d.to_string(), human);
        let status = match (self.status, &self.status_date) {
            (DeltaStatus::Active, Some(until)) => format!("active until {}", day(until)),
            (DeltaStatus::Active, None) => "active".to_string(),
            (s, Some(d)) => format!("{} {}", s.word(), day(d)),
            (s, None) => s.word().to_string(),
        };
        match &self.date {
            Some(d) => format!("{tag}{} ({}; {status})", self.text, day(d)),
            None => format!("{tag}{} ({status})", self.text),
        }
    }

    /// The status once the memory has reached `as_of`: an active item with an end date in the
    /// past is resolved.
    #[must_use]
    pub fn status_at(&self, as_of: Option<&str>) -> (DeltaStatus, Option<String>) {
        match (self.status, &self.status_date, as_of) {
            (DeltaStatus::Active, Some(until), Some(now)) if now.get(..10).unwrap_or(now) >= until.as_str() => {
                (DeltaStatus::Resolved, Some(until.clone()))
            }
            (s, d, _) => (s, d.clone()),
        }
    }
}

/// Reads a date written by [`human`] or as `YYYY-MM-DD`.
#[must_use]
pub fn parse_day(s: &str) -> Option<Date> {
    let s = s.trim();
    if let Some(d) = relative_date::anchor_of(s) {
        return Some(d);
    }
    let mut parts = s.split_whitespace();
    let day: i8 = parts.next()?.parse().ok()?;
    let month = parts.next()?;
    let year: i16 = parts.next()?.parse().ok()?;
    let m = relative_date::month_number(month)?;
    Date::new(year, m, day).ok()
}

fn iso(d: Date) -> String {
    format!("{:04}-{:02}-{:02}", d.year(), d.month(), d.day())
}

/// Parses one bullet's text (after "- ") into an item of `group`.
#[must_use]
pub fn parse_item(group: &str, bullet: &str) -> DeltaItem {
    let (tag, rest) = match bullet.strip_prefix('[').and_then(|r| r.split_once("] ")) {
        Some((t, r)) => (Some(t.to_string()), r),
        None => (None, bullet),
    };
    let mut item = DeltaItem {
        group: group.to_string(),
        tag,
        text: rest.trim().to_string(),
        date: None,
        status: DeltaStatus::Active,
        status_date: None,
    };
    let trimmed = rest.trim_end();
    if let Some((text, note)) = trimmed.strip_suffix(')').and_then(|t| t.rsplit_once(" (")) {
        let mut fields = note.split("; ");
        let first = fields.next().unwrap_or("");
        let date = parse_day(first);
        let status = fields.next().or(if date.is_none() { Some(first) } else { None });
        let parsed_status = status.and_then(|s| {
            let (word, when) = s.split_once(' ').map_or((s, ""), |(w, r)| (w, r));
            let st = match word {
                "active" => DeltaStatus::Active,
                "resolved" => DeltaStatus::Resolved,
                "superseded" => DeltaStatus::Superseded,
                _ => return None,
            };
            let when = when.strip_prefix("until ").unwrap_or(when);
            Some((st, parse_day(when).map(iso)))
        });
        if date.is_some() || parsed_status.is_some() {
            item.text = text.trim().to_string();
            item.date = date.map(iso);
            if let Some((st, when)) = parsed_status {
                item.status = st;
                item.status_date = when;
            }
        }
    }
    item
}

/// Every item of a Δ text: "Regarding X:" groups (RK2) or "X: bullet" lines (RK3).
#[must_use]
pub fn parse_delta(delta: &str) -> Vec<DeltaItem> {
    let mut out = Vec::new();
    let mut group: Option<String> = None;
    for line in delta.lines().map(str::trim) {
        if let Some(label) = line.strip_prefix("Regarding ").and_then(|l| l.strip_suffix(':')) {
            group = Some(label.to_string());
        } else if let Some(b) = line.strip_prefix("- ") {
            match &group {
                Some(g) => out.push(parse_item(g, b)),
                None => {
                    let (g, rest) = match b.split_once(": ") {
                        Some((g, r)) if !g.starts_with('[') && g.split_whitespace().count() <= 5 => (g, r),
                        _ => ("General", b),
                    };
                    out.push(parse_item(g, rest));
                }
            }
        }
    }
    out
}

impl super::Memory {
    /// The date of the latest turn, `YYYY-MM-DD`: "now" for a memory.
    #[must_use]
    pub fn latest_date(&self) -> Option<String> {
        self.turns.iter().rev().find_map(|t| t.time).map(|t| t.date())
    }

    /// A concept's Δ items with their status as of the latest turn (a restriction past its end
    /// date reads resolved), for `show`, the tree and the Σ/Δ pane.
    #[must_use]
    pub fn delta_items(&self, concept: crate::ids::ConceptId) -> Vec<DeltaItem> {
        let now = self.latest_date();
        parse_delta(&self.concept(concept).delta)
            .into_iter()
            .map(|mut item| {
                let (status, date) = item.status_at(now.as_deref());
                item.status = status;
                item.status_date = date;
                item
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bullets_round_trip_with_status() {
        let item = parse_item(
            "Strength Training",
            "[constraint] No lifting for three months. (8 May 2024; active until 8 August 2024)",
        );
        assert_eq!(item.tag.as_deref(), Some("constraint"));
        assert_eq!(item.text, "No lifting for three months.");
        assert_eq!(item.date.as_deref(), Some("2024-05-08"));
        assert_eq!(item.status, DeltaStatus::Active);
        assert_eq!(item.status_date.as_deref(), Some("2024-08-08"));
        assert_eq!(
            item.render(),
            "[constraint] No lifting for three months. (8 May 2024; active until 8 August 2024)"
        );
        assert_eq!(item.status_at(Some("2024-09-01")).0, DeltaStatus::Resolved);
        assert_eq!(item.status_at(Some("2024-06-01")).0, DeltaStatus::Active);
    }

    #[test]
    fn old_and_foreign_bullets_parse_as_active() {
        let items = parse_delta("Regarding Walking:\n- [change] Walks to work. (2024-05-20)\n- plain text");
        assert_eq!(items.len(), 2);
        assert_eq!(items[0].date.as_deref(), Some("2024-05-20"));
        assert_eq!(items[1].status, DeltaStatus::Active);
        let rk3 = parse_delta("- Walking: [change] Walks to work. (20 May 2024; superseded 5 June 2024)");
        assert_eq!(rk3[0].group, "Walking");
        assert_eq!(rk3[0].status, DeltaStatus::Superseded);
    }
}
