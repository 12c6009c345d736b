//! Relative time in what people say ("yesterday", "last Friday", "two weeks ago", "this weekend",
//! "in May", "the week before 9 June 2023"), resolved against the turn's date with jiff's calendar
//! arithmetic: the text is rewritten to name the date, and each phrase is kept as a date range.

use jiff::ToSpan;
use jiff::civil::{Date, Weekday};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

pub mod answer;
mod restriction;
mod season;
mod since;
mod words;
mod written;

pub use restriction::restriction_end;
use words::*;
use written::relative_to_absolute;

/// A phrase of a text and the days it denotes, inclusive.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DateSpan {
    /// The words as written.
    pub phrase: String,
    /// First day, `YYYY-MM-DD`.
    pub start: String,
    /// Last day, `YYYY-MM-DD` (the same as `start` for one day).
    pub end: String,
}

use crate::time::MONTHS;

/// The dates a turn names, resolved against the turn's own date: what ingest stores in
/// `Event::TurnIngested` (`said` is the turn as said, its attachments rendered), so the fold
/// never runs these rules and a change to them cannot change how a stored log folds.
#[must_use]
pub fn turn_dates(said: &str, time: Option<crate::time::Timestamp>) -> Vec<DateSpan> {
    let anchor = time.and_then(|t| anchor_of(&t.date()));
    resolve(said, anchor).1
}

/// Which phrases the resolver knows. A log written before a turn carried its dates (codec
/// version 1) is brought up to date with the phrases its writer knew, so it folds to the memory
/// it checkpointed, whatever phrases were learnt since.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phrases {
    /// Every phrase known today.
    Current,
    /// The phrases of codec version 1's fold: no durations ("for 3 years now") or seasons.
    CodecV1,
}

/// [`turn_dates`] with the phrases of `phrases`.
#[must_use]
pub fn turn_dates_with(said: &str, time: Option<crate::time::Timestamp>, phrases: Phrases) -> Vec<DateSpan> {
    let anchor = time.and_then(|t| anchor_of(&t.date()));
    resolve_with(said, anchor, phrases)
        .0
        .into_iter()
        .map(|(span, _)| span)
        .collect()
}

/// The date a turn time names (`YYYY-MM-DD…`), if it is a calendar date jiff can do arithmetic on.
#[must_use]
pub fn anchor_of(date: &str) -> Option<Date> {
    date.get(..10)?.parse().ok()
}

/// "7 May 2023".
#[must_use]
pub fn human(d: Date) -> String {
    let month = usize::try_from(d.month())
        .ok()
        .and_then(|m| MONTHS.get(m.checked_sub(1)?));
    format!("{} {} {}", d.day(), month.copied().unwrap_or("?"), d.year())
}

fn month_year(d: Date) -> String {
    let month = usize::try_from(d.month())
        .ok()
        .and_then(|m| MONTHS.get(m.checked_sub(1)?));
    format!("{} {}", month.copied().unwrap_or("?"), d.year())
}

fn iso(d: Date) -> String {
    format!("{:04}-{:02}-{:02}", d.year(), d.month(), d.day())
}

/// A token split into leading punctuation, the word, and trailing punctuation.
struct Tok<'a> {
    /// The whole token: `lead`, `core` and `tail` in a row.
    raw: &'a str,
    lead: &'a str,
    core: &'a str,
    tail: &'a str,
    /// `core` lowercased, with '’' as "'".
    lower: Cow<'a, str>,
}

/// The tokens of `text`. `low`, when given, is the ASCII text lowercased (the same bytes in the
/// same places), whose words the tokens borrow instead of a string each.
fn tokenize<'a>(text: &'a str, low: Option<&'a str>) -> Vec<Tok<'a>> {
    let mut lows = low.map(str::split_whitespace);
    text.split_whitespace()
        .map(|raw| {
            let start = raw.len() - raw.trim_start_matches(|c: char| !c.is_alphanumeric()).len();
            let (lead, rest) = raw.split_at_checked(start).unwrap_or(("", raw));
            let core_len = rest.trim_end_matches(|c: char| !c.is_alphanumeric()).len();
            let (core, tail) = rest.split_at_checked(core_len).unwrap_or((rest, ""));
            let lowered = lows
                .as_mut()
                .and_then(Iterator::next)
                .and_then(|l| l.get(lead.len()..lead.len() + core.len()));
            let lower = match lowered {
                Some(l) => Cow::Borrowed(l),
                None => Cow::Owned(core.to_lowercase().replace('’', "'")),
            };
            Tok {
                raw,
                lead,
                core,
                tail,
                lower,
            }
        })
        .collect()
}

/// The Monday of the week holding `d`.
fn week_start(d: Date) -> Option<Date> {
    d.tomorrow().ok()?.nth_weekday(-1, Weekday::Monday).ok()
}

fn add_days(d: Date, n: i64) -> Option<Date> {
    d.checked_add(n.days()).ok()
}

fn add_months(d: Date, n: i64) -> Option<Date> {
    d.first_of_month().checked_add(n.months()).ok()
}

/// What a matched phrase resolves to: how many tokens it took, the replacement words and the range.
struct Match {
    len: usize,
    text: String,
    start: Date,
    end: Date,
}

struct Ctx {
    anchor: Date,
    phrases: Phrases,
    past: bool,
    future: bool,
    habitual: bool,
}

fn day(len: usize, d: Date, on: bool) -> Match {
    let text = if on { format!("on {}", human(d)) } else { human(d) };
    Match {
        len,
        text,
        start: d,
        end: d,
    }
}

fn weekend_from(saturday: Date) -> Option<(Date, Date)> {
    Some((saturday, add_days(saturday, 1)?))
}

fn weekend_text(sat: Date, sun: Date) -> String {
    if sat.month() == sun.month() {
        format!("on the weekend of {}–{}", sat.day(), human(sun))
    } else {
        format!("on the weekend of {}–{}", human(sat), human(sun))
    }
}

/// Tries every pattern at token `i`.
fn match_at(toks: &[Tok<'_>], i: usize, ctx: &Ctx, on: bool) -> Option<Match> {
    let w = |k: usize| toks.get(i + k).map_or("", |t| t.lower.as_ref());
    let a = ctx.anchor;
    match (w(0), w(1), w(2)) {
        ("the", "day", "before") if w(3) == "yesterday" => Some(day(4, add_days(a, -2)?, on)),
        ("the", "day", "after") if w(3) == "tomorrow" => Some(day(4, add_days(a, 2)?, on)),
        ("yesterday", ..) => Some(day(1, add_days(a, -1)?, on)),
        ("last", "night", _) => Some(day(2, add_days(a, -1)?, on)),
        ("today" | "tonight", ..) => Some(day(1, a, on)),
        ("this", "morning" | "afternoon" | "evening", _) => Some(day(2, a, on)),
        ("tomorrow", ..) => Some(day(1, add_days(a, 1)?, on)),
        ("last" | "past" | "previous", "week", _) => {
            let start = add_days(week_start(a)?, -7)?;
            Some(Match {
                len: 2,
                text: format!("in the week before {}", human(a)),
                start,
                end: add_days(start, 6)?,
            })
        }
        ("this", "week", _) => {
            let start = week_start(a)?;
            Some(Match {
                len: 2,
                text: format!("in the week of {}", human(a)),
                start,
                end: add_days(start, 6)?,
            })
        }
        ("next", "week", _) => {
            let start = add_days(week_start(a)?, 7)?;
            Some(Match {
                len: 2,
                text: format!("in the week after {}", human(a)),
                start,
                end: add_days(start, 6)?,
            })
        }
        ("last" | "past", "weekend", _) => {
            let (sat, sun) = weekend_from(a.nth_weekday(-1, Weekday::Saturday).ok()?)?;
            let (sat, sun) = if sun >= a {
                weekend_from(add_days(sat, -7)?)?
            } else {
                (sat, sun)
            };
            Some(Match {
                len: 2,
                text: weekend_text(sat, sun),
                start: sat,
                end: sun,
            })
        }
        ("this" | "next", "weekend", _) => {
            let sat = match a.weekday() {
                Weekday::Saturday => a,
                Weekday::Sunday => add_days(a, -1)?,
                _ if ctx.past && !ctx.future => a.nth_weekday(-1, Weekday::Saturday).ok()?,
                _ => a.nth_weekday(1, Weekday::Saturday).ok()?,
            };
            let sat = if w(0) == "next" && matches!(a.weekday(), Weekday::Saturday | Weekday::Sunday) {
                add_days(sat, 7)?
            } else {
                sat
            };
            let (sat, sun) = weekend_from(sat)?;
            Some(Match {
                len: 2,
                text: weekend_text(sat, sun),
                start: sat,
                end: sun,
            })
        }
        ("last" | "this" | "next", "month", _) => {
            let n = match w(0) {
                "last" => -1,
                "this" => 0,
                _ => 1,
            };
            let start = add_months(a, n)?;
            Some(Match {
                len: 2,
                text: format!("in {}", month_year(start)),
                start,
                end: start.last_of_month(),
            })
        }
        ("last" | "this" | "next", "year", _) => {
            let n: i16 = match w(0) {
                "last" => -1,
                "this" => 0,
                _ => 1,
            };
            let y = a.year().checked_add(n)?;
            let start = Date::new(y, 1, 1).ok()?;
            Some(Match {
                len: 2,
                text: format!("in {y}"),
                start,
                end: Date::new(y, 12, 31).ok()?,
            })
        }
        ("last" | "this" | "next" | "on", d, _) if weekday(d).is_some() => {
            let wd = weekday(d)?;
            let past = match w(0) {
                "last" => true,
                "next" => false,
                _ => ctx.past || !ctx.future,
            };
            if w(0) == "on" && (ctx.habitual || (!ctx.past && !ctx.future)) {
                return None;
            }
            // "Baked sourdough again this Sunday", said on a Sunday, is today.
            let date = if w(0) == "this" && a.weekday() == wd {
                a
            } else {
                a.nth_weekday(if past { -1 } else { 1 }, wd).ok()?
            };
            Some(Match {
                len: 2,
                text: format!("on {}, {}", weekday_name(wd, toks[i + 1].core), human(date)),
                start: date,
                end: date,
            })
        }
        ("for", ..) if ctx.phrases == Phrases::Current => since::since(toks, i, a),
        ("last" | "this" | "next" | "past", s, _)
            if ctx.phrases == Phrases::Current && matches!(s, "spring" | "summer" | "autumn" | "fall" | "winter") =>
        {
            season::season(w(0), s, toks[i + 1].core, a)
        }
        (n, unit, "ago") if number(n).is_some() => ago(3, number(n)?, unit, a),
        ("a", "couple" | "few", "of") => ago(5, number(w(1))?, w(3), a).filter(|_| w(4) == "ago"),
        ("a", "few", unit) if w(3) == "ago" => ago(4, 3, unit, a),
        ("in", n, unit) if number(n).is_some() && unit_days(unit).is_some() => {
            let d = add_days(a, number(n)?.checked_mul(unit_days(unit)?)?)?;
            Some(Match {
                len: 3,
                text: format!("around {}", human(d)),
                start: d,
                end: d,
            })
        }
        _ => None,
    }
}

fn unit_days(unit: &str) -> Option<i64> {
    match unit {
        "day" | "days" => Some(1),
        "week" | "weeks" => Some(7),
        _ => None,
    }
}

fn ago(len: usize, n: i64, unit: &str, a: Date) -> Option<Match> {
    let (start, end, text) = match unit {
        "day" | "days" => {
            let d = add_days(a, -n)?;
            (d, d, format!("on {}", human(d)))
        }
        "week" | "weeks" => {
            let d = add_days(a, n.checked_mul(-7)?)?;
            let s = week_start(d)?;
            (s, add_days(s, 6)?, format!("around {}", human(d)))
        }
        "weekend" | "weekends" => {
            let sat = a
                .nth_weekday(i32::try_from(n.checked_neg()?).ok()?, Weekday::Saturday)
                .ok()?;
            let (s, e) = weekend_from(sat)?;
            (s, e, weekend_text(s, e))
        }
        "month" | "months" => {
            let s = add_months(a, -n)?;
            (s, s.last_of_month(), format!("in {}", month_year(s)))
        }
        "year" | "years" => {
            let y = a.year().checked_sub(i16::try_from(n).ok()?)?;
            (Date::new(y, 1, 1).ok()?, Date::new(y, 12, 31).ok()?, format!("in {y}"))
        }
        _ => return None,
    };
    Some(Match { len, text, start, end })
}

/// A month named without a year after a preposition ("in May", "since March"): the year is the
/// turn's, or the one before when the month is still ahead and the sentence looks back.
fn bare_month(toks: &[Tok<'_>], i: usize, ctx: &Ctx) -> Option<Match> {
    let t = toks.get(i)?;
    let prev = i.checked_sub(1).and_then(|p| toks.get(p))?;
    if !matches!(
        prev.lower.as_ref(),
        "in" | "since" | "by" | "until" | "till" | "from" | "during" | "through" | "early" | "late" | "mid" | "of"
    ) || !t.core.starts_with(char::is_uppercase)
        || t.core.len() < 3
        || !prev.tail.is_empty()
    {
        return None;
    }
    let m = month_index(t.core)?;
    // "May 2023", "May 5", "5 May": already dated.
    let next_is_number = toks
        .get(i + 1)
        .is_some_and(|n| t.tail.is_empty() && n.core.chars().next().is_some_and(|c| c.is_ascii_digit()));
    let prev_is_number = prev.core.chars().all(|c| c.is_ascii_digit());
    if next_is_number || prev_is_number {
        return None;
    }
    let a = ctx.anchor;
    let mut y = a.year();
    // "since March" looks back whatever the tense. A month after a word of what starts or was
    // put off looks ahead ("I signed up for a course starting in March", said in January), and
    // so does the new date of something moved ("the dinner moved to the 20th of April").
    let before = |k: usize| {
        i.checked_sub(k)
            .and_then(|p| toks.get(p))
            .map_or("", |t| t.lower.as_ref())
    };
    let moved_to = prev.lower == "of"
        && before(2).starts_with(|c: char| c.is_ascii_digit())
        && before(3) == "the"
        && matches!(before(4), "to" | "until" | "till")
        && MOVED.contains(&before(5));
    // "My rent went up to 560 pounds from November", said in October: a change from the next
    // month or the one after starts then.
    let from_soon = prev.lower == "from" && (1..=2).contains(&m.saturating_sub(a.month()));
    let forward = (2..=4).any(|k| FORWARD.contains(&before(k))) || moved_to || from_soon;
    let (past, future) = match prev.lower.as_ref() {
        "since" => (true, false),
        _ if forward => (false, true),
        _ => (ctx.past, ctx.future),
    };
    if past && !future && m > a.month() {
        y = y.checked_sub(1)?;
    } else if future && !past && m < a.month() {
        y = y.checked_add(1)?;
    }
    let start = Date::new(y, m, 1).ok()?;
    Some(Match {
        len: 1,
        text: format!("{} {y}", t.core),
        start,
        end: start.last_of_month(),
    })
}

/// A month's number from its name or three-letter abbreviation.
#[must_use]
pub fn month_number(w: &str) -> Option<i8> {
    month_index(w)
}

/// Rewrites the relative time phrases of `text` against `anchor` and returns the new text with
/// every date range it names (rewritten phrases and dates already written out).
#[must_use]
pub fn resolve(text: &str, anchor: Option<Date>) -> (String, Vec<DateSpan>) {
    let (out, spans) = resolve_spans(text, anchor);
    (out, spans.into_iter().map(|(span, _)| span).collect())
}

/// [`resolve`], with the words each span became in the new text ("last week" → "in the week
/// before 9 June 2023"; a date already written out stays as written), so a reader can show the
/// resolved date beside the words as said.
#[must_use]
pub fn resolve_spans(text: &str, anchor: Option<Date>) -> (String, Vec<(DateSpan, String)>) {
    let (spans, out) = resolve_with(text, anchor, Phrases::Current);
    (out, spans)
}

/// [`resolve_spans`] with the phrases of `phrases`: the spans, then the new text.
fn resolve_with(text: &str, anchor: Option<Date>, phrases: Phrases) -> (Vec<(DateSpan, String)>, String) {
    let Some(anchor) = anchor else {
        return (Vec::new(), text.to_string());
    };
    let low = text.is_ascii().then(|| text.to_ascii_lowercase());
    let toks = tokenize(text, low.as_deref());
    let lowers: Vec<&str> = toks.iter().map(|t| t.lower.as_ref()).collect();
    let past = lowers.iter().any(|w| {
        IRREGULAR_PAST.contains(w)
            || (w.len() > 4 && w.ends_with("ed") && !matches!(*w, "need" | "indeed" | "speed" | "proceed" | "succeed"))
    });
    let ctx = Ctx {
        anchor,
        phrases,
        past,
        future: lowers.iter().any(|w| FUTURE.contains(w)),
        habitual: lowers
            .iter()
            .any(|w| HABITUAL.contains(w) || (w.ends_with('s') && weekday(w.trim_end_matches('s')).is_some())),
    };
    // The words joined by single spaces, written in place (no string per word).
    let mut out = String::with_capacity(text.len().saturating_add(32));
    let mut first = true;
    let mut push = |out: &mut String, piece: &str| {
        if !std::mem::take(&mut first) {
            out.push(' ');
        }
        out.push_str(piece);
    };
    let mut spans = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        if let Some((len, s, e)) = relative_to_absolute(&toks, i) {
            let phrase = join(&toks[i..i + len]);
            push(&mut out, &phrase);
            spans.push((
                DateSpan {
                    phrase: phrase.clone(),
                    start: iso(s),
                    end: iso(e),
                },
                phrase,
            ));
            i += len;
            continue;
        }
        let written = written::written_at(&toks, i, anchor, (ctx.past, ctx.future), phrases == Phrases::Current);
        if let Some((len, d, end, new)) = written {
            let phrase = join(&toks[i..i + len]);
            push(&mut out, new.as_deref().unwrap_or(&phrase));
            spans.push((
                DateSpan {
                    phrase: phrase.clone(),
                    start: iso(d),
                    end: iso(end),
                },
                phrase,
            ));
            i += len;
            continue;
        }
        // A preposition before the phrase already says "on"/"since": do not add another.
        let prev = i.checked_sub(1).map_or("", |p| lowers[p]);
        let on = !matches!(
            prev,
            "on" | "since" | "until" | "till" | "by" | "from" | "before" | "after" | "of" | "for" | "to"
        );
        let found = match_at(&toks, i, &ctx, on).or_else(|| bare_month(&toks, i, &ctx));
        // "on Friday": the "on" is part of the phrase.
        let found = found.filter(|m| m.len > 0 && i + m.len <= toks.len());
        // "the last Sunday of each month", "the last week of July": an ordinal within a named
        // or recurring period, not a day counted back from today.
        let found = found.filter(|m| {
            let after = |k: usize| lowers.get(i + m.len + k).copied().unwrap_or("");
            !(after(0) == "of"
                && (matches!(
                    after(1),
                    "each" | "every" | "the" | "a" | "this" | "that" | "next" | "last"
                ) || crate::time::Timestamp::month_from_name(after(1)).is_some()))
        });
        match found {
            Some(m) => {
                let phrase = join(&toks[i..i + m.len]);
                let lead = toks[i].lead;
                let tail = toks[i + m.len - 1].tail;
                // "for next year" → "for 2025", "since last month" → "since May 2023": the
                // preposition said already is not said again.
                // "about 5 years ago" → "about 2018": a hedge said already takes the place of
                // the preposition, and of the phrase's own "around".
                let hedged = since::ABOUT.contains(&prev);
                let said = if on && !hedged {
                    m.text
                } else {
                    m.text
                        .strip_prefix("in ")
                        .or_else(|| m.text.strip_prefix("on "))
                        .or_else(|| m.text.strip_prefix("around ").filter(|_| hedged))
                        .map_or(m.text.clone(), str::to_string)
                };
                let text = if toks[i].core.starts_with(char::is_uppercase) && !said.starts_with(char::is_uppercase) {
                    capitalise(&said)
                } else {
                    said
                };
                push(&mut out, &format!("{lead}{text}{tail}"));
                spans.push((
                    DateSpan {
                        phrase,
                        start: iso(m.start),
                        end: iso(m.end),
                    },
                    text,
                ));
                i += m.len;
            }
            None => {
                push(&mut out, toks[i].raw);
                i += 1;
            }
        }
    }
    (spans, out)
}

fn join(toks: &[Tok<'_>]) -> String {
    toks.iter().map(|t| t.raw).collect::<Vec<_>>().join(" ")
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

#[cfg(test)]
mod tests;
