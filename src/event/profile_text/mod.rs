//! The text form of Σ, Δ and relation summaries: what prompts, panes and `show` print, what the
//! offline model writes, and what logs before codec version 2 stored. It is written here and
//! read back here only: at the model boundary (a reply) and when an old log opens.
//!
//! Σ: optional overview lines, then `- Branch: text Mentions: a (20 May 2024); b.` bullets.
//! Δ: `Regarding Branch:` then `- [tag] text (8 May 2024; active until 8 August 2024)`, or
//! `- Branch: [tag] …` lines. Summary: `Fact Summary: text Mentions: …` then
//! `Actionable Inferences:` and `- Inferred Trait/Interest: …` bullets.
//!
//! A part that would not print back exactly as read is kept whole as text, so reading what this
//! module wrote gives back what it was written from.

use super::profile::{Delta, DeltaItem, DeltaLayout, DeltaStatus, Mention, RelationSummary, Sigma, SigmaBullet};
use crate::relative_date::{self, human};
use jiff::civil::Date;

/// The marker before a bullet's or a summary's gathered mentions.
pub const MENTIONS: &str = " Mentions: ";
const FACT: &str = "Fact Summary: ";
const INFERENCES: &str = "Actionable Inferences:";
const INFERRED: &str = "Inferred Trait/Interest: ";
/// The branch of a Δ item that names none.
pub const GENERAL: &str = "General";

/// "20 May 2024" (or `YYYY-MM-DD`) as a date.
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
    if parts.next().is_some() {
        return None;
    }
    let m = relative_date::month_number(month)?;
    Date::new(year, m, day).ok()
}

fn iso(d: Date) -> String {
    format!("{:04}-{:02}-{:02}", d.year(), d.month(), d.day())
}

/// `YYYY-MM-DD` as people read it ("20 May 2024"); anything else as it is.
#[must_use]
pub fn day(d: &str) -> String {
    relative_date::anchor_of(d).map_or_else(|| d.to_string(), human)
}

/// A gathered mention: "text (20 May 2024)" or "text".
fn parse_mention(clause: &str) -> Mention {
    let dated = clause
        .strip_suffix(')')
        .and_then(|t| t.rsplit_once(" ("))
        .and_then(|(text, d)| parse_day(d).filter(|p| human(*p) == d).map(|p| (text, iso(p))));
    match dated {
        Some((text, date)) => Mention {
            text: text.to_string(),
            date: Some(date),
            turns: Vec::new(),
        },
        None => Mention {
            text: clause.to_string(),
            date: None,
            turns: Vec::new(),
        },
    }
}

/// The date a gathered mention's clause ends with ("… (20 May 2024)"), as `YYYY-MM-DD`.
#[must_use]
pub fn mention_date(clause: &str) -> Option<String> {
    parse_mention(clause).date
}

/// The mention as it is printed.
#[must_use]
pub fn render_mention(m: &Mention) -> String {
    match &m.date {
        Some(d) => format!("{} ({})", m.text, day(d)),
        None => m.text.clone(),
    }
}

/// "text Mentions: a; b." → the text and the mentions.
fn split_mentions(body: &str) -> (String, Vec<Mention>) {
    match body.split_once(MENTIONS) {
        Some((core, list)) => (
            core.to_string(),
            list.trim_end()
                .trim_end_matches('.')
                .split("; ")
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(parse_mention)
                .collect(),
        ),
        None => (body.to_string(), Vec::new()),
    }
}

/// The text with its mentions appended as one list sentence.
#[must_use]
pub fn join_mentions(text: &str, mentions: &[Mention]) -> String {
    if mentions.is_empty() {
        text.to_string()
    } else {
        let list: Vec<String> = mentions.iter().map(render_mention).collect();
        format!("{}{MENTIONS}{}.", text.trim_end(), list.join("; "))
    }
}

/// "Branch: rest" when the head reads as a branch name (a few words, no sentence punctuation).
fn branch_of(body: &str) -> (&str, &str) {
    match body.split_once(": ") {
        Some((b, r)) if !b.is_empty() && !b.contains(['.', ',', '[']) && b.split_whitespace().count() <= 6 => (b, r),
        _ => ("", body),
    }
}

/// One Σ bullet from its text after "- ".
fn parse_bullet(body: &str) -> SigmaBullet {
    let (branch, rest) = branch_of(body);
    let (text, mentions) = split_mentions(rest);
    let bullet = SigmaBullet {
        branch: branch.to_string(),
        text,
        mentions,
        turns: Vec::new(),
    };
    if bullet_body(&bullet) == body {
        return bullet;
    }
    // Kept whole: the mentions did not print back as they were read.
    SigmaBullet {
        branch: branch.to_string(),
        text: rest.to_string(),
        mentions: Vec::new(),
        turns: Vec::new(),
    }
}

fn bullet_body(b: &SigmaBullet) -> String {
    let text = join_mentions(&b.text, &b.mentions);
    if b.branch.is_empty() {
        text
    } else {
        format!("{}: {text}", b.branch)
    }
}

/// The bullet as printed, without its "- ".
#[must_use]
pub fn render_bullet(b: &SigmaBullet) -> String {
    bullet_body(b)
}

/// Σ from its text: lines before the first bullet are the overview.
#[must_use]
pub fn parse_sigma(text: &str) -> Sigma {
    let mut sigma = Sigma::default();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        match line.strip_prefix("- ") {
            Some(body) => sigma.bullets.push(parse_bullet(body)),
            None if sigma.bullets.is_empty() => sigma.overview.push(line.to_string()),
            None => sigma.bullets.push(SigmaBullet {
                branch: String::new(),
                text: line.to_string(),
                mentions: Vec::new(),
                turns: Vec::new(),
            }),
        }
    }
    sigma
}

/// Σ as text.
#[must_use]
pub fn render_sigma(sigma: &Sigma) -> String {
    let lines: Vec<String> = sigma
        .overview
        .iter()
        .cloned()
        .chain(sigma.bullets.iter().map(|b| format!("- {}", bullet_body(b))))
        .collect();
    lines.join("\n")
}

/// A Δ item as printed (without the "- " and the branch).
#[must_use]
pub fn render_item(item: &DeltaItem) -> String {
    let tag = item.tag.as_ref().map(|t| format!("[{t}] ")).unwrap_or_default();
    let status = match (item.status, &item.status_date) {
        (DeltaStatus::Active, Some(until)) => format!("active until {}", day(until)),
        (DeltaStatus::Active, None) => "active".to_string(),
        (s, Some(d)) => format!("{} {}", s.word(), day(d)),
        (s, None) => s.word().to_string(),
    };
    match &item.date {
        Some(d) => format!("{tag}{} ({}; {status})", item.text, day(d)),
        None => format!("{tag}{} ({status})", item.text),
    }
}

/// One Δ bullet's text (after "- ") as an item of `group`.
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
        turns: Vec::new(),
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

/// Δ from its text: "Regarding X:" groups (RK2) or "- X: item" lines (RK3).
#[must_use]
pub fn parse_delta(text: &str) -> Delta {
    let mut delta = Delta::default();
    let mut group: Option<String> = None;
    for line in text.lines().map(str::trim) {
        if let Some(label) = line.strip_prefix("Regarding ").and_then(|l| l.strip_suffix(':')) {
            group = Some(label.to_string());
        } else if let Some(b) = line.strip_prefix("- ") {
            match &group {
                Some(g) => delta.items.push(parse_item(g, b)),
                None => {
                    delta.layout = DeltaLayout::Prefixed;
                    let (g, rest) = match b.split_once(": ") {
                        Some((g, r)) if !g.starts_with('[') && g.split_whitespace().count() <= 5 => (g, r),
                        _ => (GENERAL, b),
                    };
                    delta.items.push(parse_item(g, rest));
                }
            }
        }
    }
    delta
}

/// Δ as text, in its layout.
#[must_use]
pub fn render_delta(delta: &Delta) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut group: Option<&str> = None;
    for item in &delta.items {
        match delta.layout {
            DeltaLayout::Grouped => {
                if group != Some(item.group.as_str()) {
                    lines.push(format!("Regarding {}:", item.group));
                    group = Some(&item.group);
                }
                lines.push(format!("- {}", render_item(item)));
            }
            // An item that named no branch reads as it was written.
            DeltaLayout::Prefixed if item.group == GENERAL => lines.push(format!("- {}", render_item(item))),
            DeltaLayout::Prefixed => lines.push(format!("- {}: {}", item.group, render_item(item))),
        }
    }
    lines.join("\n")
}

/// A relation summary from its text. Lines that are neither the fact, the header nor a bullet
/// join the fact.
#[must_use]
pub fn parse_summary(text: &str) -> RelationSummary {
    let mut summary = RelationSummary::default();
    let mut fact_lines: Vec<&str> = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if line == INFERENCES {
            continue;
        }
        if let Some(b) = line.strip_prefix("- ") {
            summary
                .inferences
                .push(b.strip_prefix(INFERRED).unwrap_or(b).trim().to_string());
        } else {
            fact_lines.push(line.strip_prefix(FACT).unwrap_or(line));
        }
    }
    let fact = fact_lines.join(" ");
    let (core, mentions) = split_mentions(&fact);
    summary.fact = core;
    summary.mentions = mentions;
    if join_mentions(&summary.fact, &summary.mentions) != fact {
        summary.fact = fact;
        summary.mentions.clear();
    }
    summary
}

/// A relation summary as text ("" when nothing was inferred yet).
#[must_use]
pub fn render_summary(summary: &RelationSummary) -> String {
    if summary.is_empty() {
        return String::new();
    }
    let mut out = format!("{FACT}{}", join_mentions(&summary.fact, &summary.mentions));
    if !summary.inferences.is_empty() {
        out.push('\n');
        out.push_str(INFERENCES);
        for i in &summary.inferences {
            out.push_str(&format!("\n- {INFERRED}{i}"));
        }
    }
    out
}

#[cfg(test)]
mod tests;
