//! The slots a person states in their own words, read once at ingest: their age ("I'm 34", "I
//! turned 40"), home ("I live in Lisbon", "we moved to Porto"), occupation ("I work as a
//! paramedic", "my job as a nurse"), and the people they name with who they are to them ("my
//! brother Scott, who's 12", "Anthony, my friend"). Each rule is one pattern of English; a slot
//! said again with another value is a knowledge update, which the memory keeps as history.

use crate::rules::words::numbers::AFTER_AGE;
use crate::rules::words::relations::COMPOUND_ROLES;
use crate::rules::words::relations::NOT_JOBS;
use crate::rules::words::relations::RELATION_QUALIFIERS;
use crate::rules::words::relations::RELATIONS;
use crate::rules::words::relations::SPEAKER_SUBJECTS;
use crate::rules::words::relations::TRADES;

use crate::event::{Holder, Slot};

/// Most slots one turn states: a turn naming thousands of people is a list, not a life, and is
/// not read further.
const MOST: usize = 32;

/// One whitespace token: its letters as said, lowercased, and whether a clause ends after it.
struct Token {
    raw: String,
    low: String,
    ends: bool,
    /// A sentence ends after it.
    stops: bool,
}

fn tokens(text: &str) -> Vec<Token> {
    text.split_whitespace()
        .map(|t| {
            let raw: String = t
                .trim_matches(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’' || c == '-'))
                .replace('’', "'");
            let ends = t.ends_with([',', '.', ';', ':', '!', '?', ')']);
            Token {
                low: raw.to_lowercase(),
                raw,
                ends,
                stops: t.ends_with(['.', '!', '?']),
            }
        })
        .filter(|t| !t.raw.is_empty())
        .collect()
}

/// Every slot `text` (one of the person's turns) states.
#[must_use]
pub fn stated(text: &str) -> Vec<(Holder, Slot, String)> {
    let toks = tokens(text);
    let mut out: Vec<(Holder, Slot, String)> = Vec::new();
    let mut add = |h: Holder, s: Slot, v: String| {
        if out.len() < MOST && !v.is_empty() && !out.iter().any(|(h2, s2, v2)| *h2 == h && *s2 == s && *v2 == v) {
            out.push((h, s, v));
        }
    };
    for i in 0..toks.len() {
        let at = |k: usize| toks.get(i + k);
        let low = |k: usize| at(k).map_or("", |t| t.low.as_str());
        // "I'm 34", "I am 34 years old", "I turned 40".
        let age_at = match (low(0), low(1)) {
            ("i'm", _) | ("i've", "turned") => Some(1 + usize::from(low(0) == "i've")),
            ("i", "am" | "turned") => Some(2),
            _ => None,
        };
        if let Some(k) = age_at
            && let Some(n) = age_said(&toks, i + k)
        {
            add(Holder::Person, Slot::Age, n);
        }
        // "someone like me, who's 23, …": the speaker, then their age in apposition.
        if low(0) == "me"
            && at(0).is_some_and(|t| t.ends)
            && let Some(n) = named_age(&toks, i + 1).filter(|_| low(1) != "is")
        {
            add(Holder::Person, Slot::Age, n);
        }
        // "As someone who's 46 and earning …", "as a person who is 60": the speaker described,
        // at the start of a clause.
        if low(0) == "as" && matches!(low(1), "someone" | "somebody" | "a" | "an") && (i == 0 || toks[i - 1].ends) {
            let k = if matches!(low(1), "a" | "an") { 3 } else { 2 };
            let person = matches!(low(1), "someone" | "somebody") || low(2) == "person";
            let told = match (low(k), low(k + 1)) {
                ("who's" | "aged", _) => Some(k + 1),
                ("who", "is") => Some(k + 2),
                _ => None,
            };
            if person && let Some(n) = told.and_then(|j| age_said(&toks, i + j)) {
                add(Holder::Person, Slot::Age, n);
            }
        }
        // "I'm a 34-year-old nurse", "As a 46-year-old, I …".
        if (low(0) == "i'm" || (low(0) == "as" && (i == 0 || toks[i - 1].ends)))
            && matches!(low(1), "a" | "an")
            && let Some(n) = low(2).strip_suffix("-year-old").and_then(age)
        {
            add(Holder::Person, Slot::Age, n);
        }
        // "I live in Lisbon", "we moved to Porto", "I'm based in Austin".
        let home_at = match (low(0), low(1), low(2), low(3)) {
            ("i" | "we", "live" | "moved", "in" | "to", _) => Some(3),
            // "We're moving to Valencia in 2026" is a plan: home is where one lives now.
            ("i'm" | "we're", "living" | "based", "in", _) => Some(3),
            // "I'm from Porto": where one is from, said of oneself, is where one is at home.
            ("i'm", "from", _, _) => Some(2),
            ("i", "am", "from", _) => Some(3),
            ("i" | "we", "currently" | "now" | "still", "live", "in") => Some(4),
            // "Living in Adamsstad, I feel …": an opening phrase about the speaker.
            ("living" | "based", "in", _, _) if i == 0 || toks[i - 1].ends => Some(2),
            _ => None,
        };
        if let Some(k) = home_at
            .or_else(|| bought_home(&toks, i))
            .or_else(|| own_home(&toks, i))
            .or_else(|| dwelling_in(&toks, i))
            && let Some(place) = proper_name(&toks, i + k)
        {
            add(Holder::Person, Slot::Home, place);
        }
        // "I'm Priya, 34, …", "my name is Jonas, 41, …": an age in the apposition after the
        // speaker's own name.
        let named_at = match (low(0), low(1), low(2)) {
            ("i'm", _, _) => Some(1),
            ("i", "am", _) => Some(2),
            ("my", "name", "is" | "'s") => Some(3),
            _ => None,
        };
        let introduced = named_at
            .filter(|&k| at(k).is_some_and(|t| t.ends && t.raw.starts_with(char::is_uppercase) && t.low != "i"));
        if let Some(k) = introduced
            && let Some(n) = age_said(&toks, i + k + 1)
        {
            add(Holder::Person, Slot::Age, n);
        }
        // "I'm Noor, a backend developer", and the job after an age: "I'm Priya, 34, a nurse".
        if let Some(k) = introduced {
            let k = if at(k + 1).is_some_and(|t| t.ends && age(&t.low).is_some()) {
                k + 2
            } else {
                k + 1
            };
            if matches!(low(k), "a" | "an")
                && let Some(job) = occupation(&toks, i + k + 1)
            {
                add(Holder::Person, Slot::Occupation, job);
            }
        }
        // "I work as a paramedic", "my job as a nurse", "as a paramedic, I …".
        let job_at = match (low(0), low(1), low(2)) {
            ("work" | "working", "as", "a" | "an") if i > 0 => Some(3),
            ("job" | "career" | "role" | "work", "as", "a" | "an") => Some(3),
            // "my new responsibilities as an editorial manager", "my first month as a nurse":
            // the speaker's own duties or time in a role, "my" a word or two before.
            (
                "responsibilities" | "duties" | "position" | "month" | "months" | "week" | "weeks" | "year" | "years",
                "as",
                "a" | "an",
            ) if (1..=3).any(|b| {
                // The words from "my" up to the role's noun, none closing a clause.
                i.checked_sub(b)
                    .and_then(|j| toks.get(j..i))
                    .is_some_and(|run| run.first().is_some_and(|t| t.low == "my") && run.iter().all(|t| !t.ends))
            }) =>
            {
                Some(3)
            }
            // "As a nurse, …", "As an architectural technologist, …": one to three words
            // closed by the clause, at the start of one.
            ("as", "a" | "an", _)
                if (i == 0 || toks[i - 1].ends)
                    && (2..=4).any(|j| {
                        at(j).is_some_and(|t| t.ends)
                            && (2..j).all(|m| at(m).is_some_and(|t| !t.ends && !crate::text::is_stopword(&t.low)))
                    }) =>
            {
                Some(2)
            }
            // "As a paramedic with a passion for coding, I'm …", "As a science writer in
            // Lisbon, earning …, I …": a longer opening phrase, closed where the speaker
            // becomes the subject.
            ("as", "a" | "an", _) if (i == 0 || toks[i - 1].ends) && opens_on_speaker(&toks, i + 2) => Some(2),
            // "… my outreach as a paramedic from Davistown", "I earn 72,000 a year as a school
            // librarian in Dayton": a role placed somewhere, anywhere in a sentence (a place
            // named by capitals, not an acronym: "as a nurse in the ICU" places no home).
            ("as", "a" | "an", _)
                if occupation(&toks, i + 2).is_some_and(|job| {
                    let after = i + 2 + job.split_whitespace().count();
                    toks.get(after).is_some_and(|t| t.low == "from" || t.low == "in")
                        && !toks.get(after - 1).is_some_and(|t| t.ends)
                        && proper_name(&toks, after + 1).is_some_and(|p| p.chars().any(char::is_lowercase))
                }) =>
            {
                Some(2)
            }
            _ => None,
        };
        if let Some(k) = job_at
            && let Some(job) = occupation(&toks, i + k)
        {
            // "a science writer in Lisbon": where the job is, said in passing, is home.
            let after = i + k + job.split_whitespace().count();
            if low(0) == "as"
                && toks.get(after).is_some_and(|t| t.low == "in" || t.low == "from")
                && !toks.get(after.saturating_sub(1)).is_some_and(|t| t.ends)
                && let Some(place) = proper_name(&toks, after + 1).filter(|p| p.chars().any(char::is_lowercase))
            {
                add(Holder::Person, Slot::Home, place);
            }
            add(Holder::Person, Slot::Occupation, job);
        }
        // "balance my science writing career", "my career in nursing": a field of work, named
        // by what is done in it.
        if low(0) == "my"
            && let Some(field) = career_field(&toks, i + 1)
        {
            add(Holder::Person, Slot::Occupation, field);
        }
        // "my brother Scott", "my best friend Anthony", "my 12-year-old brother Scott".
        if low(0) == "my" {
            let mut k = 1;
            let mut years = None;
            if let Some(n) = low(k).strip_suffix("-year-old").and_then(age) {
                years = Some(n);
                k += 1;
            }
            let mut qualifier = RELATION_QUALIFIERS.contains(&low(k)).then(|| low(k).to_string());
            if qualifier.is_some() {
                k += 1;
            }
            // "my lab partner Chidi", "my tennis coach Rui": a noun that says in what the role
            // is held, kept with it.
            if qualifier.is_none()
                && COMPOUND_ROLES.contains(&low(k + 1))
                && !RELATIONS.contains(&low(k))
                && at(k).is_some_and(|t| !t.ends && t.raw.chars().all(char::is_lowercase))
                && !crate::text::is_stopword(low(k))
            {
                qualifier = Some(low(k).to_string());
                k += 1;
            }
            if RELATIONS.contains(&low(k))
                && let Some(name) = proper_name(&toks, i + k + 1)
                && (!at(k).is_some_and(|t| t.ends) || closed_apposition(&toks, i + k + 1, &name))
            {
                let relation = match (&qualifier, low(k)) {
                    (Some(q), r)
                        if matches!(q.as_str(), "older" | "younger" | "little" | "big" | "best" | "twin")
                            || !RELATION_QUALIFIERS.contains(&q.as_str()) =>
                    {
                        format!("{q} {r}")
                    }
                    (_, r) => r.to_string(),
                };
                add(Holder::Named(name.clone()), Slot::Relation, relation);
                if let Some(n) = years {
                    add(Holder::Named(name.clone()), Slot::Age, n);
                }
                // "my mom Cynthia is 53", "my brother Scott, who's 12".
                let after = i + k + 1 + name.split_whitespace().count();
                if let Some(n) = named_age(&toks, after) {
                    add(Holder::Named(name), Slot::Age, n);
                }
            }
        }
        // "Anthony, my friend, suggested …": an apposition, closed on both sides, so "Ha, my
        // wife says …" names no one.
        if at(0).is_some_and(|t| t.ends && t.raw.starts_with(char::is_uppercase))
            && low(1) == "my"
            && RELATIONS.contains(&low(2))
            && at(2).is_some_and(|t| t.ends)
            && (i == 0 || toks[i - 1].ends)
            && let Some(name) = proper_name(&toks, i)
        {
            add(Holder::Named(name), Slot::Relation, low(2).to_string());
        }
    }
    out
}

/// Words for the place a person lives in.
const DWELLINGS: &[&str] = &["house", "home", "flat", "apartment", "condo", "cottage", "bungalow"];

/// "I bought an old terraced house in Leeds", "we just bought a flat in Porto": where the
/// speaker bought their home (up to three words before its noun). Returns the offset of the
/// place's first word from `i`.
fn bought_home(toks: &[Token], i: usize) -> Option<usize> {
    let low = |k: usize| toks.get(i + k).map_or("", |t| t.low.as_str());
    let verb = if matches!(low(1), "just" | "finally" | "recently") {
        2
    } else {
        1
    };
    if !matches!(low(0), "i" | "we") || low(verb) != "bought" || !matches!(low(verb + 1), "a" | "an" | "our" | "my") {
        return None;
    }
    let noun = (verb + 2..verb + 5).find(|&k| DWELLINGS.contains(&low(k)))?;
    let between_clear = (verb + 1..noun).all(|k| toks.get(i + k).is_some_and(|t| !t.ends));
    (between_clear && low(noun + 1) == "in").then_some(noun + 2)
}

/// "my home in New Gary", "our new apartment in Porto": the speaker's dwelling, placed by a
/// name; a former one ("my old house in Leeds") is not where they live. Returns the offset of the
/// place's first word from `i`.
fn own_home(toks: &[Token], i: usize) -> Option<usize> {
    let low = |k: usize| toks.get(i + k).map_or("", |t| t.low.as_str());
    if !matches!(low(0), "my" | "our") {
        return None;
    }
    let noun = if matches!(low(1), "new" | "current" | "own") {
        2
    } else {
        1
    };
    let clear = (0..noun).all(|k| toks.get(i + k).is_some_and(|t| !t.ends));
    (clear && DWELLINGS.contains(&low(noun)) && low(noun + 1) == "in").then_some(noun + 2)
}

/// "I'm in a two-bedroom condo in Columbus now", "we're renting a flat in Leeds": the speaker
/// in (or renting) a dwelling of theirs in a place. Returns the offset of the place's first word.
fn dwelling_in(toks: &[Token], i: usize) -> Option<usize> {
    let low = |k: usize| toks.get(i + k).map_or("", |t| t.low.as_str());
    let article = match (low(0), low(1), low(2)) {
        ("i'm" | "we're", "in" | "renting", "a" | "an" | "our" | "my") => 2,
        ("i" | "we", "rent", "a" | "an") => 2,
        _ => return None,
    };
    let noun = (article + 1..article + 4).find(|&k| DWELLINGS.contains(&low(k)))?;
    let clear = (0..noun).all(|k| toks.get(i + k).is_some_and(|t| !t.ends));
    (clear && low(noun + 1) == "in").then_some(noun + 2)
}

/// Words in -ing that say how a career goes, not what is done in it ("my promising career").
const NOT_FIELDS: &[&str] = &[
    "amazing",
    "boring",
    "budding",
    "burgeoning",
    "challenging",
    "demanding",
    "evolving",
    "exciting",
    "existing",
    "flourishing",
    "growing",
    "interesting",
    "ongoing",
    "promising",
    "rewarding",
    "thriving",
    "upcoming",
    "changing",
    "fulfilling",
    "starting",
];

/// The field of a career said as "my X career" or "my career in X", where X is one to three
/// words ending in a gerund ("science writing", "nursing", "teaching"): the work is what is done.
fn career_field(toks: &[Token], at: usize) -> Option<String> {
    let low = |k: usize| toks.get(at + k).map_or("", |t| t.low.as_str());
    let plain = |k: usize| {
        toks.get(at + k)
            .is_some_and(|t| t.raw.chars().all(|c| c.is_lowercase() || c == '-') && !crate::text::is_stopword(&t.low))
    };
    let field = |from: usize, n: usize| {
        let words: Vec<&str> = (from..from + n).map(low).collect();
        let open = (from..from + n - 1).all(|k| toks.get(at + k).is_some_and(|t| !t.ends));
        let gerund = words
            .last()
            .is_some_and(|w| w.len() > 5 && w.ends_with("ing") && !NOT_FIELDS.contains(w));
        ((from..from + n).all(plain) && open && gerund).then(|| words.join(" "))
    };
    if low(0) == "career" && low(1) == "in" && !toks.get(at).is_some_and(|t| t.ends) {
        // "my career in nursing, …": up to the clause's end.
        let n = (1..=3).find(|&n| toks.get(at + 1 + n).is_some_and(|t| t.ends) || toks.get(at + 2 + n).is_none())?;
        return field(2, n);
    }
    let n = (1..=3).find(|&n| low(n) == "career")?;
    field(0, n).filter(|_| (0..n).all(|k| toks.get(at + k).is_some_and(|t| !t.ends)))
}

/// A plausible age in years.
fn age(word: &str) -> Option<String> {
    let n: u32 = word.parse().ok()?;
    (1..=120).contains(&n).then(|| n.to_string())
}

/// "is 53", ", who's 12", ", who is 12 years old" right after a name.
fn named_age(toks: &[Token], at: usize) -> Option<String> {
    let low = |k: usize| toks.get(at + k).map_or("", |t| t.low.as_str());
    let k = match (low(0), low(1)) {
        ("is", _) | ("who's", _) => 1,
        ("who", "is") => 2,
        _ => return None,
    };
    age_said(toks, at + k)
}

/// The age the word at `at` says, where the number stands alone: the clause ends after it, or
/// a word of age follows ("34 years old"), or nothing does ("I'm 34" but not "I'm 34 minutes late").
fn age_said(toks: &[Token], at: usize) -> Option<String> {
    let tok = toks.get(at)?;
    let n = age(&tok.low)?;
    let next = toks.get(at + 1);
    (tok.ends || next.is_none_or(|t| AFTER_AGE.contains(&t.low.as_str()))).then_some(n)
}

/// Whether `name`, from `at`, is an apposition closed by a comma that does not go on to a list:
/// "my mom, Katherine, who's 65, lives nearby" names her; "my sister, Anna, and I" (two people
/// or one) and "my mom, Dad and I" do not.
fn closed_apposition(toks: &[Token], at: usize, name: &str) -> bool {
    let words = name.split_whitespace().count();
    let Some(last) = toks.get(at + words - 1) else {
        return false;
    };
    let next = toks.get(at + words).map_or("", |t| t.low.as_str());
    last.ends
        && !last.stops
        && !matches!(next, "and" | "or" | "")
        && !name
            .split_whitespace()
            .any(|w| RELATIONS.contains(&w.to_lowercase().as_str()))
}

/// Capitalised words from `at` ("Scott", "Scott Sr.", "New York"), up to three, not a pronoun.
fn proper_name(toks: &[Token], at: usize) -> Option<String> {
    let mut parts: Vec<&str> = Vec::new();
    let mut i = at;
    if toks.get(i).is_some_and(|t| t.low == "the") {
        i += 1;
    }
    while let Some(t) = toks.get(i) {
        let capital = t.raw.starts_with(|c: char| c.is_uppercase());
        if !capital || t.low == "i" || (parts.is_empty() && crate::text::is_stopword(&t.low)) || parts.len() == 3 {
            break;
        }
        // "my friend Kendra's idea": the name without its possessive.
        let possessive = t.raw.strip_suffix("'s");
        parts.push(possessive.unwrap_or(&t.raw));
        i += 1;
        if t.ends || possessive.is_some() {
            break;
        }
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// Whether the phrase from `at` ends, within a sentence's opening, at a comma after which the
/// speaker is the subject ("… with a passion for coding, I'm …").
fn opens_on_speaker(toks: &[Token], at: usize) -> bool {
    let mut i = at;
    while let Some(t) = toks.get(i).filter(|t| i < at + 20 && !t.stops) {
        if t.ends
            && toks
                .get(i + 1)
                .is_some_and(|n| SPEAKER_SUBJECTS.contains(&n.low.as_str()))
        {
            return true;
        }
        i += 1;
    }
    false
}

/// The job named from `at`: up to three words, until a clause ends or a preposition follows.
fn occupation(toks: &[Token], at: usize) -> Option<String> {
    let mut parts: Vec<&str> = Vec::new();
    for t in toks.iter().skip(at).take(3) {
        // The job ends where a function word or a time word begins ("a paramedic to create
        // …", "a financial analyst last year").
        if crate::text::is_stopword(&t.low)
            || matches!(
                t.low.as_str(),
                "then" | "last" | "now" | "since" | "for" | "at" | "in" | "on" | "with"
            )
        {
            break;
        }
        parts.push(&t.low);
        if t.ends {
            break;
        }
    }
    let job = parts.join(" ");
    // Who someone is to the speaker is no job ("as a friend"), except the relations that are
    // also trades ("I work as a teacher", "as a therapist").
    let role = parts
        .last()
        .is_some_and(|w| !NOT_JOBS.contains(w) && (!RELATIONS.contains(w) || TRADES.contains(w)));
    (role && job.chars().all(|c| c.is_alphabetic() || c == ' ' || c == '-')).then_some(job)
}

#[cfg(test)]
#[path = "slots_tests.rs"]
mod tests;
