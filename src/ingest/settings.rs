//! The settings and versions a person states in passing, read once at ingest so that a later
//! value for the same thing is recognised as a knowledge update: "I set the rate limit to 100
//! requests per minute" and, weeks later, "I've raised the limit to 120 requests per minute";
//! "I'm using Flask 2.2" and later "I upgraded to Flask 3.0". Each rule is one pattern of
//! English, named on it with an example; code blocks are not the person's words and are skipped.

use crate::rules::words::clauses::QUALIFIERS;
use crate::rules::words::code::SOFTWARE_KINDS;
use crate::rules::words::hedges::FRESHNESS;
use crate::rules::words::hedges::HEDGES;
use crate::rules::words::hedges::VAGUE;
use crate::rules::words::numbers::NOT_VERSION_AFTER;
use crate::rules::words::numbers::QUANTITIES;
use crate::rules::words::numbers::UNIT_JOINS;
use crate::rules::words::verbs::ALLOWING;
use crate::rules::words::verbs::CHANGE_VERBS;
use crate::rules::words::verbs::OUTCOMES;
use crate::rules::words::verbs::RISES;
use crate::rules::words::verbs::USE_VERBS;

use crate::event::Slot;

/// The setting a person's pay is kept under, whichever words said it ("I earn", "I'm making").
pub const INCOME: &str = "income";

/// Most settings one turn states: a pasted table is a list, not a history.
const MOST: usize = 16;

/// One whitespace token of a sentence: as said (outer punctuation trimmed), lowercased, and
/// whether a clause ends after it.
pub(super) struct Tok {
    pub(super) raw: String,
    pub(super) low: String,
    pub(super) ends: bool,
}

/// The tokens of a sentence, each trimmed of the outer characters `keep_start` and `keep_end`
/// do not keep.
pub(super) fn toks_with(sentence: &str, keep_start: fn(char) -> bool, keep_end: fn(char) -> bool) -> Vec<Tok> {
    sentence
        .split_whitespace()
        .map(|t| {
            let raw: String = t
                .trim_start_matches(|c: char| !keep_start(c))
                .trim_end_matches(|c: char| !keep_end(c))
                .replace('’', "'");
            Tok {
                low: raw.to_lowercase(),
                ends: t.ends_with([',', '.', ';', ':', '!', '?', ')']),
                raw,
            }
        })
        .filter(|t| !t.raw.is_empty())
        .collect()
}

/// A value's tokens: a currency sign before it and a `%` after it are kept.
fn toks(sentence: &str) -> Vec<Tok> {
    toks_with(
        sentence,
        |c| c.is_alphanumeric() || matches!(c, '$' | '€' | '£'),
        |c| c.is_alphanumeric() || c == '%',
    )
}

/// A value's tokens, for the tests of the modules beside this one.
#[cfg(test)]
pub(super) fn toks_for_tests(sentence: &str) -> Vec<Tok> {
    toks(sentence)
}

/// A number as a value: "100", "1,000", "$85,000", "92%", "2.5", "30s", "10k", "8:30".
fn is_number(low: &str) -> bool {
    is_amount(low) || is_clock(low)
}

/// A time of day written with its minutes: "8:30", "16:45" (hours of one or two digits, then
/// two of minutes).
fn is_clock(low: &str) -> bool {
    low.split_once(':').is_some_and(|(h, m)| {
        (1..=2).contains(&h.len()) && m.len() == 2 && h.chars().chain(m.chars()).all(|c| c.is_ascii_digit())
    })
}

/// An amount: digits with their separators, a currency before and a short unit after ("$1,500",
/// "120MB", "6%").
fn is_amount(low: &str) -> bool {
    let body = low.trim_start_matches(['$', '€', '£']);
    let digits = body.trim_end_matches(|c: char| c.is_ascii_alphabetic() || c == '%');
    !digits.is_empty()
        && digits.starts_with(|c: char| c.is_ascii_digit())
        && digits.chars().all(|c| c.is_ascii_digit() || c == ',' || c == '.')
        && body.len() - digits.len() <= 2
}

/// A version: "v3.5", "1.22.0", "2.2"; `strict` when no other reading is likely (a "v", or two
/// points).
fn version(low: &str) -> Option<bool> {
    let (v, body) = match low.strip_prefix('v') {
        Some(b) => (true, b),
        None => (false, low),
    };
    let parts: Vec<&str> = body.split('.').collect();
    let numeric = !body.is_empty()
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()));
    if !numeric || (!v && parts.len() < 2) {
        return None;
    }
    Some(v || parts.len() >= 3)
}

/// Words of time and degree that follow a value without being its unit ("4MB yesterday",
/// "120MB right now", "$300 already", "6:30 last week").
const NOT_UNITS: &[&str] = &[
    "yesterday",
    "last",
    "next",
    "earlier",
    "later",
    "today",
    "tomorrow",
    "tonight",
    "now",
    "right",
    "already",
    "currently",
    "again",
    "ago",
    "soon",
    "anymore",
    "instead",
    "too",
    "though",
    "recently",
    "lately",
    "overall",
];

/// The thing named from `start` and the value it moved to by itself ("rent went up to 560
/// pounds", "premium has risen from $90 to $110 a month").
fn moved_to(t: &[Tok], start: usize) -> Option<(String, String)> {
    let moved = (start + 1..t.len().min(start + 5)).find(|&j| RISES.contains(&t[j].low.as_str()))?;
    // "has risen", "is going up": the thing's name ends before the auxiliary.
    let aux = t
        .get(moved - 1)
        .is_some_and(|x| matches!(x.low.as_str(), "has" | "have" | "had" | "is" | "was" | "will"));
    let w = what(t, start, moved - usize::from(aux))?;
    let particle = t
        .get(moved + 1)
        .is_some_and(|x| matches!(x.low.as_str(), "up" | "down"));
    // "went to 3 concerts" is a trip: "go" moves a value only up or down.
    if !particle && matches!(t[moved].low.as_str(), "went" | "gone" | "goes" | "go" | "going") {
        return None;
    }
    let mut j = moved + 1 + usize::from(particle);
    if t.get(j).is_some_and(|x| x.low == "from") {
        j = (j + 1..t.len().min(j + 7)).find(|&k| t[k].low == "to")?;
    }
    let clause = t.get(moved..j)?;
    if t.get(j).is_some_and(|x| x.low == "to") && !clause.iter().any(|x| x.ends) {
        value_at(t, j + 1).map(|v| (w, v))
    } else {
        None
    }
}

/// The number at `at` and the unit words after it, up to a clause end or a word that is no unit.
fn value_at(t: &[Tok], at: usize) -> Option<String> {
    let first = t.get(at).filter(|x| is_number(&x.low))?;
    let mut parts = vec![first.raw.as_str()];
    let mut i = at + 1;
    let mut ended = first.ends;
    // A number written with its unit ("120MB", "4GB") goes on only as a rate ("120MB per
    // file"); "10k followers" has a multiplier, not a unit, so it goes on.
    let suffix = first.low.chars().rev().take_while(|c| c.is_alphabetic()).count();
    let glued = suffix >= 2 && first.low.chars().any(|c| c.is_ascii_digit());
    while !ended && parts.len() < 5 {
        let Some(x) = t.get(i) else { break };
        // "1 error in 15 problems", "9 out of 10 days": a count out of a total is one value.
        let out_of = usize::from(x.low == "out" && t.get(i + 1).is_some_and(|n| n.low == "of"));
        // "in" only after a unit: "100 in 2024" is a value and its year.
        if ((x.low == "in" && parts.len() > 1) || out_of == 1)
            && !x.ends
            && t.get(i + 1 + out_of).is_some_and(|n| is_number(&n.low))
        {
            for k in i..=i + 1 + out_of {
                if let Some(w) = t.get(k) {
                    parts.push(&w.raw);
                    ended = w.ends;
                }
            }
            i += 2 + out_of;
            continue;
        }
        // "9 AM-5 PM", "10 pm": a time of day, or a span of two.
        if clock_part(&x.low) {
            parts.push(&x.raw);
            ended = x.ends;
            i += 1;
            // "AM" or "PM" alone closes the time: a word after it is the sentence going on
            // ("9 AM-5 PM since the project started").
            if matches!(x.low.trim_end_matches(['.', ',']), "am" | "pm" | "a.m" | "p.m") {
                break;
            }
            continue;
        }
        let joins = UNIT_JOINS.contains(&x.low.as_str());
        let next_ok = t.get(i + 1).is_some_and(|n| !crate::text::is_stopword(&n.low));
        if (glued && parts.len() == 1 && !joins)
            || NOT_UNITS.contains(&x.low.as_str())
            || (crate::text::is_stopword(&x.low) && !(joins && next_ok))
            || is_number(&x.low)
            || !x.raw.chars().all(|c| c.is_alphabetic() || c == '-' || c == '%')
            // A unit is a noun; "$1,000 starting in October" goes on with a participle.
            || (x.low.ends_with("ing") && !x.low.starts_with("serving"))
        {
            break;
        }
        parts.push(&x.raw);
        ended = x.ends;
        i += 1;
    }
    // A unit never ends on a joining word ("100 requests per").
    while parts.len() > 1
        && parts
            .last()
            .is_some_and(|p| UNIT_JOINS.contains(&p.to_lowercase().as_str()))
    {
        parts.pop();
    }
    Some(parts.join(" "))
}

/// "am", "pm", or one of them joined by a hyphen or an en dash to the hour a span ends at
/// ("am-5" of "9 AM-5 PM", "am–4:30" of "8:30 AM–4:30 PM").
fn clock_part(low: &str) -> bool {
    let low = low.trim_end_matches(['.', ',']);
    matches!(low, "am" | "pm" | "a.m" | "p.m")
        || ["am-", "pm-", "am\u{2013}", "pm\u{2013}"]
            .iter()
            .find_map(|p| low.strip_prefix(p))
            .is_some_and(|hour| !hour.is_empty() && hour.chars().all(|c| c.is_ascii_digit() || c == ':'))
}

/// The noun phrase from `from` (after a determiner) up to `to`: one to four words, none a
/// number, a stopword or a pronoun, each still inside the clause.
pub(super) fn what(t: &[Tok], from: usize, to: usize) -> Option<String> {
    let mut words = t.get(from..to)?;
    // "the new rate limit" is the rate limit: the word marks a value, not another setting.
    while let [first, rest @ ..] = words
        && !rest.is_empty()
        && FRESHNESS.contains(&first.low.as_str())
    {
        words = rest;
    }
    // One vague noun names no setting: "I've reduced my time from 25 to 15 minutes" does not
    // say the time of what.
    if let [only] = words
        && VAGUE.contains(&only.low.as_str())
    {
        return None;
    }
    let ok = (1..=4).contains(&words.len())
        && words.iter().enumerate().all(|(k, x)| {
            (k + 1 == words.len() || !x.ends)
                && !crate::text::is_stopword(&x.low)
                && !is_number(&x.low)
                && x.raw
                    .chars()
                    .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '\''))
        });
    // After a determiner a capital is a name's ("my Roth IRA contributions"): it keeps it.
    ok.then(|| {
        words
            .iter()
            .map(|x| {
                let word = if x.raw.chars().any(char::is_uppercase) {
                    &x.raw
                } else {
                    &x.low
                };
                word.trim_end_matches("'s")
            })
            .collect::<Vec<_>>()
            .join(" ")
    })
}

/// A word written as a name: a capital and no clause end ("React", "AWS"), the pronoun "I" aside.
fn capitalised(x: &Tok) -> bool {
    x.raw.starts_with(char::is_uppercase)
        && !x.ends
        && !crate::text::is_stopword(&x.low)
        && x.raw
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '.' | '_' | '+'))
}

/// The name of the software whose version follows the word at `i`: the capitalised words
/// before it join it ("React Native v0.71", "the Facebook Graph API v12.0"). A kind of software
/// ([`SOFTWARE_KINDS`]) is named by the word before it ("the requests library v2.28.2" is
/// requests); with no name, "the library v2.28.2" or "version 0.57.0" names nothing.
fn software_name(t: &[Tok], i: usize) -> Option<String> {
    let head = t.get(i)?;
    // Capitalised words before a lowercase name say whose it is ("Hugging Face transformers"
    // is transformers), not which.
    let joins = head.raw.starts_with(char::is_uppercase) || SOFTWARE_KINDS.contains(&head.low.as_str());
    let mut start = i;
    while joins && start > 0 && start + 4 > i && t.get(start - 1).is_some_and(capitalised) {
        start -= 1;
    }
    let joined = |end: usize| {
        let words: Vec<&str> = t.get(start..=end)?.iter().map(|x| x.raw.as_str()).collect();
        Some(words.join(" "))
    };
    if !SOFTWARE_KINDS.contains(&head.low.as_str()) {
        return described(t, i).or_else(|| joined(i));
    }
    if start < i {
        // "the Tweepy library v4.12.1" is Tweepy, "Graph API version 12.0" the Graph API: a word
        // for what any software has says nothing of which it is. A kind that is part of the
        // name stays ("the Facebook SDK").
        let generic = matches!(
            head.low.as_str(),
            "version"
                | "release"
                | "build"
                | "update"
                | "library"
                | "package"
                | "module"
                | "framework"
                | "plugin"
                | "extension"
                | "wrapper"
        );
        return joined(if generic { i - 1 } else { i });
    }
    let before = t.get(i.checked_sub(1)?)?;
    (!before.ends
        && !crate::text::is_stopword(&before.low)
        && !SOFTWARE_KINDS.contains(&before.low.as_str())
        && !USE_VERBS.contains(&before.low.as_str())
        && !CHANGE_VERBS.contains(&before.low.as_str())
        && before.raw.chars().any(char::is_alphabetic)
        && before
            .raw
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '.' | '_' | '+')))
    .then(|| before.raw.clone())
}

/// A lowercase name a lowercase word of what it does stands before, opened by a capitalised
/// name: "the Flask debug toolbar v0.11.0" is the Flask debug toolbar, not "toolbar". A word
/// that only qualifies ("the latest numpy", "new") or a verb ("installed numpy") is no part of
/// it, and without a capitalised name to open it ("Hugging Face transformers") the head names
/// itself.
fn described(t: &[Tok], i: usize) -> Option<String> {
    let head = t.get(i)?;
    let what = t.get(i.checked_sub(1)?)?;
    let name = t.get(i.checked_sub(2)?)?;
    let plain = |x: &Tok| {
        !x.ends
            && x.raw.chars().all(|c| c.is_ascii_lowercase())
            && !crate::text::is_stopword(&x.low)
            && !QUALIFIERS.contains(&x.low.as_str())
            && !x.low.ends_with("ing")
            && !x.low.ends_with("ed")
            && !USE_VERBS.contains(&x.low.as_str())
            && !CHANGE_VERBS.contains(&x.low.as_str())
    };
    if !(plain(head) && plain(what) && capitalised(name)) {
        return None;
    }
    Some(format!("{} {} {}", name.raw, what.raw, head.raw))
}

/// The value after the "to" at `to`: a number with its unit ("to 200 requests a minute", "to
/// allow 100 requests", the verb of allowing skipped) or a date ("moved the beta to June 13").
fn new_value(t: &[Tok], to: usize) -> Option<String> {
    let at = to + 1 + usize::from(t.get(to + 1).is_some_and(|x| ALLOWING.contains(&x.low.as_str())));
    super::dates_set::date_at(t, to + 1).or_else(|| value_at(t, at))
}

/// The thing set when a phrase of where or what for follows it: "set the rate limit on the API
/// to 60" sets the rate limit, "raised the budget for groceries to $400" the budget.
fn before_preposition(t: &[Tok], start: usize, stop: usize) -> Option<String> {
    let p = (start + 1..stop).find(|&j| matches!(t[j].low.as_str(), "on" | "for" | "in" | "of" | "at"))?;
    if t.get(start..stop)?.iter().any(|x| x.ends) {
        return None;
    }
    what(t, start, p)
}

/// Whether a determiner that opens a noun phrase stands at `i`.
pub(super) fn determiner(t: &[Tok], i: usize) -> bool {
    t.get(i)
        .is_some_and(|x| matches!(x.low.as_str(), "the" | "my" | "our" | "its" | "a" | "an"))
}

/// Every setting and version `text` (one of the person's turns) states, as (slot, what, value):
/// (Setting, "rate limit", "120 requests per minute"), (Version, "Flask-Limiter", "v2.6.0").
#[must_use]
pub fn stated(text: &str) -> Vec<(Slot, String, String)> {
    let mut out: Vec<(Slot, String, String)> = Vec::new();
    let prose = crate::text::without_fences(text);
    // A question asks about a value; it does not state one ("should I set it to 100?"). What
    // it tells does ("I've raised my budget to $750, how should I invest it?" states the budget).
    // The quantity a later "it" sets, named in any sentence of the turn.
    let mut last_quantity: Option<String> = None;
    for sentence in crate::rules::told_sentences(&prose) {
        let t = toks(&sentence);
        let first_person = t.iter().any(|x| {
            matches!(
                x.low.as_str(),
                "i" | "i'm" | "i've" | "my" | "we" | "we're" | "we've" | "our"
            )
        });
        if !first_person {
            if let Some(q) = (0..t.len()).rev().find_map(|i| super::dates_set::quantity_at(&t, i)) {
                last_quantity = Some(q);
            }
            continue;
        }
        for (w, date) in super::dates_set::due_by(&t) {
            if out.len() < MOST && !out.iter().any(|(s, w2, _)| *s == Slot::Setting && *w2 == w) {
                out.push((Slot::Setting, w, date));
            }
        }
        let mut add = |slot: Slot, w: String, v: String| {
            let outcome = w.split_whitespace().last().is_some_and(|h| OUTCOMES.contains(&h));
            if !(slot == Slot::Setting && outcome)
                && out.len() < MOST
                && !out.iter().any(|(s, w2, _)| *s == slot && *w2 == w)
            {
                out.push((slot, w, v));
            }
        };
        for i in 0..t.len() {
            let low = |k: usize| t.get(i + k).map_or("", |x| x.low.as_str());
            // "I raised the rate limit from 100 to 120 requests per minute", "we set our
            // timeout to 30 seconds": a change verb, the thing, an optional old value, "to" and
            // the new one.
            // "I raised it to 200 requests a minute": "it" is the quantity named last ("Some
            // testers hit the limit.").
            let thing = match (low(1), &last_quantity) {
                ("it", Some(q)) if CHANGE_VERBS.contains(&low(0)) => Some((i + 2, q.clone())),
                _ => None,
            };
            if let Some((stop, w)) = thing.filter(|(stop, _)| matches!(low(*stop - i), "to" | "from")) {
                // "raised it from 100 to 200": the new value follows the "to".
                let to = (stop..t.len().min(stop + 7)).find(|&j| t[j].low == "to");
                if let Some(v) = to.and_then(|to| new_value(&t, to)) {
                    add(Slot::Setting, w, v);
                }
            } else if CHANGE_VERBS.contains(&low(0)) && determiner(&t, i + 1) {
                let start = i + 2;
                let stop = (start..t.len().min(start + 8)).find(|&j| matches!(t[j].low.as_str(), "to" | "from"));
                if let Some(stop) = stop
                    && let Some(w) = what(&t, start, stop).or_else(|| before_preposition(&t, start, stop))
                {
                    let to = if t[stop].low == "from" {
                        (stop + 1..t.len().min(stop + 7)).find(|&j| t[j].low == "to")
                    } else {
                        Some(stop)
                    };
                    if let Some(v) = to.and_then(|j| new_value(&t, j)) {
                        add(Slot::Setting, w, v);
                    }
                }
            }
            if let Some(q) = super::dates_set::quantity_at(&t, i) {
                last_quantity = Some(q);
            }
            // "My budget is $500 a month", "the timeout is now set to 30 seconds": a
            // possessive or "the", the thing, "is", and the value.
            let opens = i == 0 || t[i - 1].ends || matches!(t[i - 1].low.as_str(), "and" | "but" | "so" | "now");
            if matches!(low(0), "my" | "our" | "the") && opens {
                let start = i + 1;
                let is_at = (start + 1..t.len().min(start + 5)).find(|&j| matches!(t[j].low.as_str(), "is" | "was"));
                if let Some(is_at) = is_at
                    && let Some(w) = what(&t, start, is_at)
                {
                    let mut j = is_at + 1;
                    while matches!(
                        t.get(j).map(|x| x.low.as_str()),
                        Some("now" | "currently" | "still" | "set" | "to" | "at" | "only" | "just")
                    ) {
                        j += 1;
                    }
                    // "around 6000 dollars" is said as an estimate and kept as one.
                    let hedge = t.get(j).map(|x| x.low.clone()).filter(|h| HEDGES.contains(&h.as_str()));
                    // "My budget is $500", "the timeout is 30 seconds": a quantity one sets, or a
                    // value with its unit. "The sum is 242" in a worked problem is neither, and
                    // "the" needs both, since it may name anything under discussion.
                    if let Some(v) = value_at(&t, j + usize::from(hedge.is_some())) {
                        let measured = w.split_whitespace().last().is_some_and(|h| QUANTITIES.contains(&h));
                        let unit = v.split_whitespace().count() > 1 || v.contains(['$', '€', '£', '%']);
                        let own = low(0) != "the";
                        if (own && (measured || unit)) || (measured && unit) {
                            add(Slot::Setting, w, hedge.map_or(v.clone(), |h| format!("{h} {v}")));
                        }
                    }
                }
            }
            // "My rent went up to 560 pounds", "our premium has risen from $90 to $110 a month":
            // the thing moved to a new value by itself.
            if matches!(low(0), "my" | "our")
                && opens
                && let Some((w, v)) = moved_to(&t, i + 1)
            {
                add(Slot::Setting, w, v);
            }
            // "I'm earning about $48,000 annually", "I make $85k a year", "… 60 and earning
            // $85,000": what the person is paid, a setting named "income". Only a sum is one
            // ("I make 3 loaves a week" is no income).
            let earns_at = match (low(0), low(1), low(2)) {
                ("i'm" | "am" | "and", "earning" | "making", _) => Some(2),
                ("i", "earn" | "make", _) => Some(2),
                ("i", "currently" | "now" | "still", "earn" | "make") => Some(3),
                _ => None,
            };
            if let Some(k) = earns_at {
                let hedge = HEDGES.contains(&low(k));
                // A sum, or a number earned per a length of time ("I earn 72,000 a year"): "I
                // make 3 loaves a week" is no income, being loaves.
                let per_time = |v: &str| {
                    let ws: Vec<String> = v.split_whitespace().map(crate::text::token_word).collect();
                    ws.len() >= 2
                        && ws
                            .get(1)
                            .is_some_and(|w| matches!(w.as_str(), "a" | "per" | "an" | "annually" | "yearly"))
                        && ws
                            .iter()
                            .skip(1)
                            .any(|w| matches!(w.as_str(), "year" | "month" | "annually" | "yearly" | "hour"))
                };
                if let Some(v) = value_at(&t, i + k + usize::from(hedge))
                    && (crate::rules::says_money(&v) || per_time(&v))
                {
                    let v = if hedge { format!("{} {v}", low(k)) } else { v };
                    add(Slot::Setting, INCOME.to_string(), v);
                }
            }
            // "a budget of $2,000", "my homework completion rate of 92%": a measure noun, then
            // "of" and the value.
            if low(0) == "of"
                && i > 0
                && QUANTITIES.contains(&t[i - 1].low.as_str())
                && let Some(d) = (i.saturating_sub(5)..i - 1).rev().find(|&j| determiner(&t, j))
                && let Some(w) = what(&t, d + 1, i)
                && let Some(v) = value_at(&t, i + 1)
                // "a weight of 0.6 to skills, 0.3 to titles" shares a value out; it is no setting.
                && t.get(i + 1 + v.split_whitespace().count()).is_none_or(|x| x.low != "to")
            {
                add(Slot::Setting, w, v);
            }
            // "I've decided to use spaCy v3.5, Flask 2.2 and PyMuPDF 1.22.0": a name and its
            // version, in a sentence about what the person uses; "Python 3.10" needs a name
            // written as one (a capital inside it, or not the sentence's first word).
            if let Some(strict) = t.get(i + 1).and_then(|x| version(&x.low))
                && !crate::text::is_stopword(low(0))
                && t[i].raw.chars().any(char::is_alphabetic)
                && t[i]
                    .raw
                    .chars()
                    .all(|c| c.is_alphanumeric() || matches!(c, '-' | '.' | '_' | '+'))
                && !t[i].ends
                && !NOT_VERSION_AFTER.contains(&low(2))
                && t.iter().take(i).any(|x| USE_VERBS.contains(&x.low.as_str()))
            {
                let raw = &t[i].raw;
                let named = raw.chars().skip(1).any(char::is_uppercase)
                    || raw.contains('-')
                    || (i > 0 && raw.starts_with(char::is_uppercase));
                if let Some(name) = software_name(&t, i)
                    && (strict || named || name.contains(' '))
                {
                    add(Slot::Version, name, t[i + 1].raw.clone());
                }
            }
        }
    }
    out
}

#[cfg(test)]
#[path = "settings_tests.rs"]
mod tests;
