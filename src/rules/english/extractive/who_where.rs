//! The person or place that answers "who" and "where", and the names a "what are the names
//! of…" question lists.

use crate::rules::words::nouns::LANGUAGES;
use crate::rules::words::nouns::ROLES;

use super::Stems;
use super::spans::WEEKDAYS;
use super::stem;
use crate::text::{is_stopword, words};
use crate::time::Timestamp;

/// A person: a capitalised name the question does not already hold, else a role word.
pub(super) fn who(text: &str, names: &Stems, qstems: &Stems) -> Option<String> {
    let toks: Vec<&str> = text.split_whitespace().collect();
    // Every run of capitalised words, with its token span; the one nearest a word of the
    // question answers ("fan of classical like Bach, and modern music like Ed Sheeran" → the
    // name beside "modern music").
    let mut runs: Vec<(usize, usize)> = Vec::new();
    let mut start: Option<usize> = None;
    let mut asked: Vec<usize> = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        let core = t.trim_matches(|c: char| !c.is_alphanumeric());
        let lower = core.to_lowercase();
        let cap =
            core.chars().next().is_some_and(char::is_uppercase) && lower != "i" && (i > 0 || names.contains(&lower));
        if cap && !names.contains(&lower) && !qstems.contains(&stem(&lower)) {
            start.get_or_insert(i);
            continue;
        }
        if !lower.is_empty() && !is_stopword(&lower) && qstems.contains(&stem(&lower)) {
            asked.push(i);
        }
        if let Some(s) = start.take() {
            runs.push((s, i));
        }
    }
    if let Some(s) = start {
        runs.push((s, toks.len()));
    }
    let distance = |(s, e): (usize, usize)| {
        asked
            .iter()
            .map(|&q| if q < s { s - q } else { q.saturating_sub(e - 1) })
            .min()
            .unwrap_or(0)
    };
    let pick = runs.iter().copied().min_by_key(|r| (distance(*r), r.0));
    let clean = |t: &&str| t.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
    let best = pick
        .and_then(|(s, e)| toks.get(s..e))
        .map(|run| run.iter().map(clean).collect::<Vec<_>>().join(" "));
    best.or_else(|| {
        let toks: Vec<String> = words(text).collect();
        toks.iter().position(|w| ROLES.contains(&w.as_str())).map(|i| {
            let owner = i
                .checked_sub(1)
                .map(|j| toks[j].as_str())
                .filter(|o| matches!(*o, "my" | "her" | "his" | "their"));
            owner.map_or_else(|| toks[i].clone(), |o| format!("{o} {}", toks[i]))
        })
    })
}

/// Every name in a sentence, in order: runs of capitalised words that are not its first word,
/// a known person or one of the question's words ("Oliver, Luna and Bailey").
pub(super) fn names_in(text: &str, names: &Stems, qstems: &Stems) -> Vec<String> {
    let mut out = Vec::new();
    let mut run: Vec<&str> = Vec::new();
    for (i, t) in text.split_whitespace().enumerate() {
        let core = t.trim_matches(|c: char| !c.is_alphanumeric());
        let core = core
            .strip_suffix("'s")
            .or_else(|| core.strip_suffix("’s"))
            .unwrap_or(core);
        let lower = core.to_lowercase();
        let cap = i > 0
            && core.chars().next().is_some_and(char::is_uppercase)
            && lower != "i"
            && !names.contains(&lower)
            && !qstems.contains(&stem(&lower))
            && !is_stopword(&lower)
            && Timestamp::month_from_name(&lower).is_none()
            && !WEEKDAYS.contains(&lower.as_str());
        if cap {
            run.push(core);
        }
        if (!cap || t.ends_with(|c: char| c.is_ascii_punctuation())) && !run.is_empty() {
            out.push(run.join(" "));
            run.clear();
        }
    }
    if !run.is_empty() {
        out.push(run.join(" "));
    }
    out
}

/// Whether `text` names a place by its name ("in Bristol", "at the Tate"), not only a common
/// noun after a preposition.
pub(super) fn names_place(text: &str) -> bool {
    place_name(text).is_some()
}

/// A place: the capitalised words after in/at/to/from/near, else the noun phrase after them.
pub(super) fn place(text: &str, qstems: &Stems) -> Option<String> {
    place_name(text).or_else(|| {
        after_prepositions(text).find_map(|rest| {
            let np: Vec<&String> = rest
                .iter()
                .filter(|w| !w.is_empty())
                .take_while(|w| !qstems.contains(&stem(&w.to_lowercase())) || w.to_lowercase() == "the")
                .take(3)
                .collect();
            // "all in Portuguese" says how, not where.
            let spoken = np.first().is_some_and(|w| language(&w.to_lowercase()));
            (!spoken && np.iter().any(|w| !is_stopword(&w.to_lowercase())))
                .then(|| np.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" "))
        })
    })
}

/// Whether a word names a language or a people: "-ese" and "-ish" words ("Portuguese",
/// "Spanish") and the common others ("French", "Greek", "Italian").
fn language(low: &str) -> bool {
    (low.chars().count() > 5 && (low.ends_with("ese") || low.ends_with("ish"))) || LANGUAGES.contains(&low)
}

/// The first capitalised words after in/at/to/from/near that are not a day or a month ("at the
/// Saturday market in Bristol" → "Bristol").
fn place_name(text: &str) -> Option<String> {
    after_prepositions(text).find_map(|rest| {
        let caps: Vec<&String> = rest
            .iter()
            .skip_while(|w| w.to_lowercase() == "the")
            .take_while(|w| w.chars().next().is_some_and(char::is_uppercase))
            .collect();
        // "all in Portuguese": a language is no place.
        let when = caps.iter().all(|w| {
            let low = w.to_lowercase();
            WEEKDAYS.contains(&low.as_str()) || Timestamp::month_from_name(&low).is_some() || language(&low)
        });
        (!caps.is_empty() && !when).then(|| caps.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" "))
    })
}

/// The (up to four, punctuation trimmed) words after each place preposition of `text`.
fn after_prepositions(text: &str) -> impl Iterator<Item = Vec<String>> + '_ {
    let toks: Vec<&str> = text.split_whitespace().collect();
    let clean = |t: &str| t.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
    let at: Vec<usize> = (0..toks.len())
        .filter(|&i| {
            matches!(
                clean(toks[i]).to_lowercase().as_str(),
                "in" | "at" | "to" | "from" | "near" | "around"
            )
        })
        .collect();
    at.into_iter()
        .map(move |i| toks.iter().skip(i + 1).take(4).map(|t| clean(t)).collect())
}
