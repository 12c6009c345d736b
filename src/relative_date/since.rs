//! A state that still holds, told by how long it has lasted: "I've had them for 3 years",
//! "we've been together for three years now", "I haven't seen him for about two months". Said on
//! a known day, the duration names when the state began, so the phrase is rewritten to that
//! start ("since 2020", "since about April 2023") and a "which year" question finds it.
//!
//! Only the present perfect says the state runs up to the day it is said: "I lived there for
//! 3 years" (simple past) or "I had been there for 3 years" (past perfect) name no start, and
//! "I have to stay for two years" is no perfect at all.

use super::words::number;
use super::{Match, Tok};
use jiff::ToSpan;
use jiff::civil::Date;

/// Hedges that make a date approximate: before a duration's number ("for about 3 years"), and
/// before a phrase the resolver rewrites ("about 5 years ago" → "about 2018").
pub(super) const ABOUT: &[&str] = &["about", "around", "roughly", "nearly", "almost", "approximately"];
/// Hedges that make the start earlier than the number says ("for over 10 years").
const OVER: &[&str] = &["over"];

/// The start of a state that has lasted "for N years/months" up to `anchor`, if the clause
/// before token `i` ("for") is in the present perfect.
pub(super) fn since(toks: &[Tok<'_>], i: usize, anchor: Date) -> Option<Match> {
    let w = |k: usize| toks.get(i + k).map_or("", |t| t.lower.as_ref());
    if !present_perfect(toks, i) {
        return None;
    }
    // "for about 3 years", "for over 10 years", "for a couple of years", "for 3 years".
    let mut k = 1;
    let hedge = if ABOUT.contains(&w(k)) {
        k += 1;
        "about "
    } else if OVER.contains(&w(k)) || (w(k) == "more" && w(k + 1) == "than") {
        k += if w(k) == "more" { 2 } else { 1 };
        "before "
    } else {
        ""
    };
    // "a couple of years" and "a few years" are approximate by themselves.
    let (n, mut len, hedge) = match (w(k), w(k + 1), w(k + 2)) {
        ("a", "couple" | "few", "of") => (
            number(w(k + 1))?,
            k + 3,
            if hedge.is_empty() { "about " } else { hedge },
        ),
        ("a", "few", _) => (3, k + 2, if hedge.is_empty() { "about " } else { hedge }),
        (n, ..) => (number(n)?, k + 1, hedge),
    };
    let unit = w(len);
    len += 1;
    if w(len) == "now" {
        len += 1;
    }
    // The phrase ends where its last word's punctuation does, not after it.
    if toks.get(i..i + len.checked_sub(1)?)?.iter().any(|t| !t.tail.is_empty()) {
        return None;
    }
    let (start, text) = match unit {
        "year" | "years" => {
            let start = anchor.checked_sub(n.years()).ok()?;
            (start, format!("since {hedge}{}", start.year()))
        }
        "month" | "months" => {
            let start = anchor.checked_sub(n.months()).ok()?;
            (start, format!("since {hedge}{}", super::month_year(start)))
        }
        _ => return None,
    };
    Some(Match {
        len,
        text,
        start,
        end: anchor,
    })
}

/// Whether the words of the sentence before token `i` are in the present perfect: "been" (not
/// after "had"), or "have"/"has"/"'ve" before a participle rather than before "to".
fn present_perfect(toks: &[Tok<'_>], i: usize) -> bool {
    let mut k = i;
    while let Some(p) = k.checked_sub(1) {
        let t = &toks[p];
        if t.tail.contains(['.', '!', '?', ';']) {
            return false;
        }
        let next = toks.get(p + 1).map_or("", |n| n.lower.as_ref());
        let w = t.lower.as_ref();
        let have = matches!(w, "have" | "has" | "haven't" | "hasn't") || w.ends_with("'ve");
        if w == "been" {
            let before = p
                .checked_sub(1)
                .and_then(|b| toks.get(b))
                .map_or("", |b| b.lower.as_ref());
            return !(before == "had" || before.ends_with("'d"));
        }
        if have && next != "to" && next != "got" && p + 1 < i {
            return true;
        }
        k = p;
    }
    false
}
