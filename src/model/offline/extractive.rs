//! The offline model's short answer. The context is read back into sentences with their date and
//! whom they are about; each is scored by the question's content words (IDF-weighted stems) and
//! by whether it is about the person the question names; the answer is cut from the best one by
//! the question's type: a date for "when", a count or frequency for "how many/often", a person
//! for "who", a place for "where", Yes/No for "would/is/did", else the shortest phrase that is
//! not the question's own words. "not mentioned" when nothing supports an answer, or when the
//! support is about someone else than the person the question names.

use crate::stem::stem;
use crate::text::{is_stopword, sentences, words};
use crate::time::Timestamp;
use std::collections::{HashMap, HashSet};

/// What the offline model says when the context does not support an answer.
pub const NOT_MENTIONED: &str = "not mentioned";

/// Share of the question's word weight a sentence must carry to support an answer.
const MIN_COVERAGE: f64 = 0.25;
/// Weight of a sentence about another person than the one the question names.
const OTHER_PERSON: f64 = 0.55;
/// Below this share of the best sentence about someone else, the named person's best sentence
/// does not count as support: the question asks about a person the evidence is not about.
const OWN_SHARE: f64 = 0.6;
/// Longest answer phrase, in words.
const MAX_WORDS: usize = 6;

/// One context sentence with what is known about it.
struct Sentence {
    text: String,
    /// The item line it came from (the support shown with the answer).
    line: String,
    date: Option<Timestamp>,
    who: Option<String>,
    /// Whether `who` is the line's speaker (a turn), not a guess from its first word.
    spoken: bool,
    stems: HashSet<String>,
}

/// The question's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    When,
    Count,
    Who,
    Where,
    YesNo { likely: bool },
    Why,
    List,
    What,
}

/// The short answer and the item line it rests on; `None` when nothing supports one.
#[must_use]
pub fn short_answer(question: &str, context: &str, person: &str) -> Option<(String, String)> {
    let sents = read_context(context);
    let known = persons(&sents, person);
    let asked = asked_person(question, &known, person);
    let names: HashSet<String> = known.iter().flat_map(|n| words(n).collect::<Vec<_>>()).collect();
    let kind = kind_of(question);
    let wanted: Vec<String> = words(question)
        .filter(|w| {
            w.len() > 1
                && !is_stopword(w)
                && !names.contains(w.trim_end_matches("'s"))
                && !QUESTION_WORDS.contains(&w.as_str())
        })
        .map(|w| stem(w.trim_end_matches("'s")))
        .collect::<HashSet<_>>()
        .into_iter()
        .collect();
    if wanted.is_empty() || sents.is_empty() {
        return None;
    }
    let n = sents.len() as f64;
    let idf: HashMap<&str, f64> = wanted
        .iter()
        .map(|w| {
            let df = sents.iter().filter(|s| s.stems.contains(w)).count() as f64;
            (w.as_str(), (1.0 + n / (1.0 + df)).ln())
        })
        .collect();
    let total: f64 = idf.values().sum();
    let coverage = |s: &Sentence| {
        wanted
            .iter()
            .filter(|w| s.stems.contains(*w))
            .map(|w| idf[w.as_str()])
            .sum::<f64>()
            / total
    };
    // Only a known person counts as whom a sentence is about ("On 8 May, Alex said" is not about "On").
    let about = |s: &Sentence| match (&asked, &s.who) {
        (Some(a), Some(w)) if known.contains(w) => w == a,
        _ => true,
    };
    let mut scored: Vec<(f64, f64, usize)> = sents
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let cov = coverage(s);
            let bonus = if has_kind(kind, s) { 0.12 } else { 0.0 };
            let w = if about(s) { 1.0 } else { OTHER_PERSON };
            ((cov + bonus) * w, cov, i)
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.2.cmp(&b.2)));
    let &(_, best_cov, best) = scored.first()?;
    if best_cov < MIN_COVERAGE {
        return None;
    }
    if asked.is_some() && !about(&sents[best]) {
        let own = scored.iter().find(|(_, _, i)| about(&sents[*i])).map_or(0.0, |s| s.1);
        if own < OWN_SHARE * best_cov || own < MIN_COVERAGE {
            return None;
        }
    }
    let top = &sents[best];
    let qstems: HashSet<String> = words(question).map(|w| stem(w.trim_end_matches("'s"))).collect();
    let answer = match kind {
        Kind::When => {
            let w = when(top);
            if w.is_empty() {
                count(&top.text).unwrap_or_else(|| phrase(&top.text, &qstems, &names))
            } else {
                w
            }
        }
        Kind::Count => count(&top.text).unwrap_or_else(|| phrase(&top.text, &qstems, &names)),
        Kind::Who => who(&top.text, &names, &qstems).unwrap_or_else(|| phrase(&top.text, &qstems, &names)),
        Kind::Where => place(&top.text, &qstems).unwrap_or_else(|| phrase(&top.text, &qstems, &names)),
        Kind::YesNo { likely } => yes_no(&top.text, likely, &qstems, &names),
        Kind::Why => reason(&top.text).unwrap_or_else(|| phrase(&top.text, &qstems, &names)),
        Kind::List => {
            let mut parts: Vec<String> = Vec::new();
            let mut lines: Vec<&str> = Vec::new();
            for (_, cov, i) in scored.iter().take(8) {
                let s = &sents[*i];
                if *cov < MIN_COVERAGE || !about(s) || lines.contains(&s.line.as_str()) || parts.len() >= 3 {
                    continue;
                }
                let p = phrase(&s.text, &qstems, &names);
                if !p.is_empty() && !parts.contains(&p) {
                    parts.push(p);
                    lines.push(&s.line);
                }
            }
            parts.join(", ")
        }
        Kind::What => phrase(&top.text, &qstems, &names),
    };
    if answer.trim().is_empty() {
        return None;
    }
    Some((answer, top.line.clone()))
}

/// Question words that say what is asked, not what it is about.
const QUESTION_WORDS: &[&str] = &[
    "often", "likely", "kind", "kinds", "type", "types", "many", "much", "long", "ever", "usually", "probably",
    "might", "may", "whom", "whose", "happen", "happened",
];

fn kind_of(question: &str) -> Kind {
    let toks: Vec<String> = words(question).collect();
    let has = |w: &str| toks.iter().any(|t| t == w);
    let first = toks.first().map_or("", String::as_str);
    let likely = has("likely") || has("would") || has("might") || has("could") || has("probably");
    // The opening word decides; a question word later in the sentence ("Who helps her when…")
    // only counts when the opening word is not one.
    let opening = match first {
        "when" => Some(Kind::When),
        "who" | "whom" | "whose" => Some(Kind::Who),
        "where" => Some(Kind::Where),
        "why" => Some(Kind::Why),
        "how" if has("many") || has("often") || has("much") || has("long") => Some(Kind::Count),
        "is" | "are" | "was" | "were" | "do" | "does" | "did" | "has" | "have" | "can" | "could" | "would" | "will"
        | "should" => Some(Kind::YesNo { likely }),
        _ => None,
    };
    if let Some(k) = opening {
        return k;
    }
    if has("what") && (has("year") || has("month") || has("date") || has("day")) || (!has("what") && has("when")) {
        return Kind::When;
    }
    if has("how") && (has("many") || has("often")) {
        return Kind::Count;
    }
    // "What activities…", "What books…", "What kinds of…": a plural asks for a list.
    if (first == "what" || first == "which")
        && toks
            .get(1)
            .is_some_and(|w| w.len() > 3 && w.ends_with('s') && !w.ends_with("ss") && !is_stopword(w))
    {
        return Kind::List;
    }
    Kind::What
}

fn has_kind(kind: Kind, s: &Sentence) -> bool {
    match kind {
        Kind::Count => count(&s.text).is_some(),
        Kind::Why => reason(&s.text).is_some(),
        _ => false,
    }
}

/// Reads the rendered context back into sentences: item lines ("- …") with their turn prefix
/// ("[D1:3 8 May 2023] Caroline: …"), concept paths ("Alex / Fitness: Σ …") and section dates.
fn read_context(context: &str) -> Vec<Sentence> {
    let mut out = Vec::new();
    for raw in context.lines().map(str::trim) {
        let Some(line) = raw.strip_prefix("- ") else { continue };
        let (date, who, body) = split_item(line);
        let spoken = who.is_some() && line.starts_with('[');
        let body = unquote(body);
        for s in sentences(body)
            .iter()
            .flat_map(|s| s.split(" - "))
            .flat_map(|s| s.split(" Σ ").flat_map(|p| p.split(" Δ ")))
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            let s = s.trim_start_matches("Σ ").trim_start_matches("Δ ");
            let s = strip_tag(s);
            let who = who.clone().or_else(|| {
                s.split_whitespace()
                    .next()
                    .map(|w| w.trim_end_matches("'s").to_string())
            });
            out.push(Sentence {
                stems: words(s).map(|w| stem(w.trim_end_matches("'s"))).collect(),
                text: s.to_string(),
                line: line.to_string(),
                date,
                who,
                spoken,
            });
        }
    }
    out
}

/// 'On 8 May 2024, Alex said: "I swim."' → 'I swim.': a reported turn read as the turn.
fn unquote(body: &str) -> &str {
    let Some((head, said)) = body.split_once(" said: ") else {
        return body;
    };
    if !head.starts_with("On ") || head.split_whitespace().count() > 8 {
        return body;
    }
    said.trim().trim_matches(|c| c == '"' || c == '“' || c == '”')
}

/// "[habit] Alex swims" → "Alex swims".
fn strip_tag(s: &str) -> &str {
    match s.strip_prefix('[').and_then(|r| r.split_once("] ")) {
        Some((tag, rest)) if !tag.contains(':') => rest,
        _ => s,
    }
}

/// (date, speaker, text) of an item line.
fn split_item(line: &str) -> (Option<Timestamp>, Option<String>, &str) {
    if let Some(rest) = line.strip_prefix('[')
        && let Some((tag, body)) = rest.split_once("] ")
    {
        // "[D1:3 8 May 2023]" (a turn) or "[8 May 2023]" (a fact).
        let date = parse_date(tag).or_else(|| tag.split_once(' ').and_then(|(_, d)| parse_date(d)));
        if let Some((who, text)) = body.split_once(": ")
            && who.split_whitespace().count() <= 3
        {
            return (date, Some(who.to_string()), text);
        }
        return (date, None, body);
    }
    // A concept: "Alex / Health and Wellness / Fitness: Σ …" is about its first path element.
    if let Some((path, body)) = line.split_once(": ")
        && path.contains(" / ")
    {
        let who = path.split(" / ").next().map(str::to_string);
        return (None, who, body);
    }
    (None, None, line)
}

/// "8 May 2023" → that day.
fn parse_date(s: &str) -> Option<Timestamp> {
    let t: Vec<&str> = s.split_whitespace().collect();
    let [d, m, y] = t.as_slice() else { return None };
    let day: u32 = d.parse().ok().filter(|d| (1..=31).contains(d))?;
    let month = Timestamp::month_from_name(m)?;
    let year: i64 = y.parse().ok().filter(|y| (1..=9999).contains(y))?;
    Timestamp::from_civil(year, month, day, 0, 0, 0)
}

/// Everyone the context speaks about: turn speakers and the question's person(s).
fn persons(sents: &[Sentence], person: &str) -> Vec<String> {
    let mut out: Vec<String> = person
        .split(" and ")
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty())
        .collect();
    for s in sents {
        if let Some(w) = &s.who
            && s.spoken
            && !out.contains(w)
        {
            out.push(w.clone());
        }
    }
    out
}

/// The known person the question names (first mention), else the only person given.
fn asked_person(question: &str, known: &[String], person: &str) -> Option<String> {
    let toks: Vec<String> = words(question).map(|w| w.trim_end_matches("'s").to_string()).collect();
    let found = toks
        .iter()
        .find_map(|t| known.iter().find(|k| words(k).next().is_some_and(|f| f == *t)).cloned());
    found.or_else(|| (!person.contains(" and ") && !person.is_empty()).then(|| person.to_string()))
}

const NUMBERS: &[&str] = &[
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "once", "twice",
    "several", "few", "couple", "dozen", "a",
];
const UNITS: &[&str] = &[
    "day", "days", "week", "weeks", "month", "months", "year", "years", "weekend", "morning", "night", "evening",
];

/// A count or frequency: "three times a week", "twice a month", "every Sunday", "2 kids".
fn count(text: &str) -> Option<String> {
    let toks: Vec<&str> = text.split_whitespace().collect();
    let clean = |t: &str| t.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
    for (i, t) in toks.iter().enumerate() {
        let w = clean(t);
        // A day of a date ("26 June") or a year is not a count.
        let date_part = toks
            .get(i + 1)
            .is_some_and(|n| Timestamp::month_from_name(&clean(n)).is_some())
            || (w.len() == 4 && w.parse::<u32>().is_ok_and(|y| (1900..=2100).contains(&y)));
        let numeric = w.chars().next().is_some_and(|c| c.is_ascii_digit()) && !w.contains(':') && !date_part;
        let every = matches!(w.as_str(), "every" | "each" | "daily" | "weekly" | "monthly" | "yearly");
        let number = numeric || (NUMBERS.contains(&w.as_str()) && w != "a");
        if !(number || every) {
            continue;
        }
        if matches!(w.as_str(), "daily" | "weekly" | "monthly" | "yearly") {
            return Some(w);
        }
        let mut end = i + 1;
        let mut phrase = vec![clean(t)];
        while end < toks.len() && phrase.len() < 5 {
            let n = clean(toks[end]);
            if n.is_empty() {
                break;
            }
            let keep = n == "times"
                || n == "time"
                || n == "a"
                || n == "per"
                || n == "every"
                || UNITS.contains(&n.as_str())
                || (phrase.len() == 1 && !is_stopword(&n));
            if !keep {
                break;
            }
            phrase.push(n);
            let stop = toks[end].ends_with(|c: char| c.is_ascii_punctuation());
            end += 1;
            if stop {
                break;
            }
        }
        if number || phrase.len() > 1 {
            return Some(phrase.join(" "));
        }
    }
    None
}

/// The date an item's sentence points at: an explicit date or year in it, else a relative phrase
/// resolved against the item's date, else the item's date.
fn when(s: &Sentence) -> String {
    let lower = s.text.to_lowercase();
    let toks: Vec<String> = words(&lower).collect();
    for (i, t) in toks.iter().enumerate() {
        if let Some(m) = Timestamp::month_from_name(t).filter(|_| t.len() >= 3) {
            let day = i.checked_sub(1).and_then(|j| {
                toks[j]
                    .trim_end_matches(|c: char| c.is_alphabetic())
                    .parse::<u32>()
                    .ok()
            });
            let year = toks
                .get(i + 1)
                .and_then(|y| y.parse::<i64>().ok())
                .filter(|y| (1900..=2100).contains(y));
            let year = year.or_else(|| s.date.map(|d| d.civil().0));
            let name = month_name(m);
            return match (day, year) {
                (Some(d), Some(y)) => format!("{d} {name} {y}"),
                (None, Some(y)) => format!("{name} {y}"),
                _ => name,
            };
        }
        if t.len() == 4 && t.parse::<i64>().is_ok_and(|y| (1900..=2100).contains(&y)) {
            return t.clone();
        }
    }
    let Some(d) = s.date else {
        return String::new();
    };
    let (y, m, _) = d.civil();
    let day = 86_400;
    let has = |p: &str| lower.contains(p);
    let the = |what: &str| format!("the {what} before {}", d.human_date());
    for wd in [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ] {
        if has(&format!("last {wd}")) {
            return the(wd);
        }
    }
    if has("yesterday") || has("last night") {
        Timestamp::from_unix_seconds(d.unix_seconds().saturating_sub(day))
            .map_or_else(|| d.human_date(), Timestamp::human_date)
    } else if has("last weekend") {
        the("weekend")
    } else if has("last week") {
        the("week")
    } else if has("last month") {
        let (py, pm) = if m == 1 { (y - 1, 12) } else { (y, m - 1) };
        format!("{} {py}", month_name(pm))
    } else if has("last year") {
        (y - 1).to_string()
    } else if has("next month") {
        let (ny, nm) = if m == 12 { (y + 1, 1) } else { (y, m + 1) };
        format!("{} {ny}", month_name(nm))
    } else if has("next year") {
        (y + 1).to_string()
    } else if has("next week") {
        format!("the week after {}", d.human_date())
    } else if let Some(span) = ahead(&toks) {
        format!("{span} after {}", d.human_date())
    } else {
        d.human_date()
    }
}

/// "in two weeks" → "two weeks".
fn ahead(toks: &[String]) -> Option<String> {
    toks.windows(3).find_map(|w| {
        let number = NUMBERS.contains(&w[1].as_str()) || w[1].parse::<u32>().is_ok();
        (w[0] == "in" && number && UNITS.contains(&w[2].as_str())).then(|| format!("{} {}", w[1], w[2]))
    })
}

fn month_name(m: u32) -> String {
    Timestamp::from_civil(2000, m, 1, 0, 0, 0)
        .map(Timestamp::human_date)
        .and_then(|d| d.split_whitespace().nth(1).map(str::to_string))
        .unwrap_or_default()
}

/// Family and social roles that answer "who" when no name does.
const ROLES: &[&str] = &[
    "mom",
    "mother",
    "dad",
    "father",
    "parents",
    "sister",
    "brother",
    "husband",
    "wife",
    "partner",
    "kids",
    "son",
    "daughter",
    "friend",
    "friends",
    "grandma",
    "grandmother",
    "grandpa",
    "grandfather",
    "aunt",
    "uncle",
    "cousin",
    "boss",
    "coworker",
    "colleague",
    "teacher",
    "mentor",
    "neighbor",
    "family",
    "boyfriend",
    "girlfriend",
];

/// A person: a capitalised name the question does not already hold, else a role word.
fn who(text: &str, names: &HashSet<String>, qstems: &HashSet<String>) -> Option<String> {
    let toks: Vec<&str> = text.split_whitespace().collect();
    let mut run: Vec<&str> = Vec::new();
    let mut best: Option<String> = None;
    for (i, t) in toks.iter().enumerate() {
        let core = t.trim_matches(|c: char| !c.is_alphanumeric());
        let lower = core.to_lowercase();
        let cap =
            core.chars().next().is_some_and(char::is_uppercase) && lower != "i" && (i > 0 || names.contains(&lower));
        if cap && !names.contains(&lower) && !qstems.contains(&stem(&lower)) {
            run.push(core);
            continue;
        }
        if !run.is_empty() && best.is_none() {
            best = Some(run.join(" "));
        }
        run.clear();
    }
    if best.is_none() && !run.is_empty() {
        best = Some(run.join(" "));
    }
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

/// A place: the capitalised words after in/at/to/from/near, else the noun phrase after them.
fn place(text: &str, qstems: &HashSet<String>) -> Option<String> {
    let toks: Vec<&str> = text.split_whitespace().collect();
    let clean = |t: &str| t.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
    let mut fallback = None;
    for (i, t) in toks.iter().enumerate() {
        if !matches!(
            clean(t).to_lowercase().as_str(),
            "in" | "at" | "to" | "from" | "near" | "around"
        ) {
            continue;
        }
        let rest: Vec<String> = toks[i + 1..].iter().take(4).map(|t| clean(t)).collect();
        let caps: Vec<&String> = rest
            .iter()
            .skip_while(|w| w.to_lowercase() == "the")
            .take_while(|w| w.chars().next().is_some_and(char::is_uppercase))
            .collect();
        if !caps.is_empty() {
            return Some(caps.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" "));
        }
        if fallback.is_none() {
            let np: Vec<&String> = rest
                .iter()
                .filter(|w| !w.is_empty())
                .take_while(|w| !qstems.contains(&stem(&w.to_lowercase())) || w.to_lowercase() == "the")
                .take(3)
                .collect();
            if np.iter().any(|w| !is_stopword(&w.to_lowercase())) {
                fallback = Some(np.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" "));
            }
        }
    }
    fallback
}

/// A reason: what follows "because", "since", "so that", "due to" or "to".
fn reason(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    for cue in ["because ", "since ", "due to ", "so that ", "in order to "] {
        if let Some((_, rest)) = lower.split_once(cue) {
            let out: Vec<&str> = rest.split_whitespace().take(8).collect();
            if !out.is_empty() {
                return Some(
                    out.join(" ")
                        .trim_end_matches(|c: char| c.is_ascii_punctuation())
                        .to_string(),
                );
            }
        }
    }
    None
}

/// Yes or No (with "Likely" for would/likely questions), and the phrase it rests on.
fn yes_no(text: &str, likely: bool, qstems: &HashSet<String>, names: &HashSet<String>) -> String {
    let negative = words(text).any(|w| {
        matches!(
            w.as_str(),
            "not" | "never" | "no" | "don't" | "doesn't" | "didn't" | "can't" | "won't" | "isn't" | "wasn't"
        )
    });
    let verdict = match (likely, negative) {
        (true, false) => "Likely yes",
        (true, true) => "Likely no",
        (false, false) => "Yes",
        (false, true) => "No",
    };
    let why = phrase(text, qstems, names);
    if why.is_empty() {
        verdict.to_string()
    } else {
        format!("{verdict}, {why}")
    }
}

/// A title in quotes ("Charlotte's Web"), the likeliest answer to a what-question.
fn quoted(text: &str) -> Option<String> {
    for (open, close) in [('"', '"'), ('“', '”')] {
        if let Some((_, rest)) = text.split_once(open)
            && let Some((inside, _)) = rest.split_once(close)
            && (1..=MAX_WORDS).contains(&inside.split_whitespace().count())
        {
            return Some(inside.trim().to_string());
        }
    }
    None
}

/// The shortest phrase of a sentence that is not the question's own words: the first run of
/// content words after a question word (else the first run), at most [`MAX_WORDS`] words,
/// without function words at its edges.
fn phrase(text: &str, qstems: &HashSet<String>, names: &HashSet<String>) -> String {
    let toks: Vec<&str> = text.split_whitespace().collect();
    let clean = |t: &str| {
        t.trim_matches(|c: char| !(c.is_alphanumeric() || c == '\''))
            .to_string()
    };
    let is_q = |t: &str| {
        let l = clean(t).to_lowercase();
        let l = l.trim_end_matches("'s");
        qstems.contains(&stem(l)) || names.contains(l)
    };
    let is_stop = |t: &str| {
        let l = clean(t).to_lowercase();
        l.is_empty() || is_stopword(&l) || matches!(l.as_str(), "i" | "really" | "also" | "just" | "am")
    };
    // Runs of tokens that are neither question words nor names; a run also ends at punctuation.
    // Each run notes whether it starts right after a question word.
    let mut runs: Vec<(bool, Vec<String>)> = Vec::new();
    let mut cur: Vec<String> = Vec::new();
    let mut cur_after = false;
    let mut last_q = false;
    for t in &toks {
        if is_q(t) {
            if !cur.is_empty() {
                runs.push((cur_after, std::mem::take(&mut cur)));
            }
            last_q = true;
            continue;
        }
        if cur.is_empty() {
            cur_after = last_q;
        }
        last_q = false;
        cur.push(clean(t));
        if t.ends_with([',', '.', '!', '?', ';', ':']) {
            runs.push((cur_after, std::mem::take(&mut cur)));
        }
    }
    if !cur.is_empty() {
        runs.push((cur_after, cur));
    }
    let trimmed: Vec<(bool, Vec<String>)> = runs
        .into_iter()
        .map(|(after, r)| {
            let first = r.iter().position(|w| !is_stop(w));
            let last = r.iter().rposition(|w| !is_stop(w));
            let r = match (first, last) {
                (Some(a), Some(b)) => r[a..=b].to_vec(),
                _ => Vec::new(),
            };
            (after, r)
        })
        .filter(|(_, r)| !r.is_empty())
        .collect();
    // The best run: rare content words, right after a question word, few first- or
    // second-person words, short.
    let score = |after: bool, r: &[String]| {
        let content: f64 = r
            .iter()
            .filter(|w| !is_stop(w))
            .map(|w| if w.chars().next().is_some_and(char::is_uppercase) { 1.5 } else { 1.0 } * (w.len().min(9) as f64 / 6.0))
            .sum();
        let chatty = r
            .iter()
            .filter(|w| {
                matches!(
                    w.to_lowercase().as_str(),
                    "i" | "you" | "we" | "my" | "your" | "our" | "me" | "us" | "it" | "this" | "that"
                )
            })
            .count() as f64;
        let long = r.len().saturating_sub(MAX_WORDS) as f64;
        content + if after { 0.8 } else { 0.0 } - chatty * 0.8 - long * 0.3
    };
    let pick = quoted(text)
        .map(|q| vec![q])
        .or_else(|| {
            trimmed
                .iter()
                .max_by(|a, b| score(a.0, &a.1).total_cmp(&score(b.0, &b.1)))
                .map(|(_, r)| r.clone())
        })
        .unwrap_or_default();
    pick.into_iter().take(MAX_WORDS).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const CONTEXT: &str = "# Events\n- [D1:3 8 May 2023] Caroline: I went to a LGBTQ support group yesterday. It was powerful.\n- [D1:4 8 May 2023] Melanie: I painted a lake sunrise last year!\n- [D2:1 20 May 2023] Melanie: I ran a charity race for mental health last Saturday.\n";

    fn answer(q: &str, person: &str) -> String {
        short_answer(q, CONTEXT, person).map_or_else(|| NOT_MENTIONED.to_string(), |(a, _)| a)
    }

    #[test]
    fn when_questions_get_the_resolved_date() {
        assert_eq!(
            answer("When did Caroline go to the LGBTQ support group?", "Caroline"),
            "7 May 2023"
        );
        assert_eq!(answer("When did Melanie paint a sunrise?", "Melanie"), "2022");
        assert_eq!(
            answer("When did Melanie run a charity race?", "Melanie"),
            "the saturday before 20 May 2023"
        );
        let (_, support) = short_answer("When did Melanie paint a sunrise?", CONTEXT, "Melanie").unwrap();
        assert!(support.starts_with("[D1:4"), "{support}");
    }

    #[test]
    fn another_persons_evidence_is_not_an_answer() {
        assert_eq!(
            answer("What did Caroline realize after her charity race?", "Caroline"),
            NOT_MENTIONED
        );
        assert_eq!(
            answer("What is Caroline's favourite cheese brand?", "Caroline"),
            NOT_MENTIONED
        );
    }

    #[test]
    fn what_questions_get_a_short_phrase() {
        let a = answer("What did Melanie paint?", "Melanie");
        assert!(a.contains("lake sunrise") && a.split_whitespace().count() <= 6, "{a}");
    }

    #[test]
    fn counts_and_frequencies() {
        let ctx = "# Concept profiles (L1, Σ/Δ)\n- Alex / Health and Wellness / Fitness: Σ Alex swims three times a week. Δ Alex hurt his back.\n";
        let (a, _) = short_answer("How often does Alex swim?", ctx, "Alex").unwrap();
        assert_eq!(a, "three times a week");
        assert_eq!(count("I have 2 kids."), Some("2 kids".into()));
        assert_eq!(count("no numbers here"), None);
    }

    #[test]
    fn would_questions_say_likely_yes_or_no() {
        let ctx = "# Events\n- [D1:1 8 May 2023] Alex: I would never go back to deadlifting.\n";
        let (a, _) = short_answer("Would Alex go back to deadlifting?", ctx, "Alex").unwrap();
        assert!(a.starts_with("Likely no"), "{a}");
    }
}
