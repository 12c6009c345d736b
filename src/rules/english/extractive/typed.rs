//! Answers of question types with a shape of their own: when a restriction ends ("When can X
//! lift again?"), what someone does for a living, an age (a number) and a home (a place).

use super::Sentence;
use crate::text::words;

/// When a restriction in the sentence ends, for "When can X lift again?": the end a Δ item
/// records ("active until 8 August 2024", "resolved 24 July 2024"), or the one its words give
/// ("no lifting for three months", "can start lifting again in two weeks"), resolved against the
/// sentence's date with the calendar of [`crate::relative_date`].
pub(super) fn restriction_ends(s: &Sentence) -> Option<String> {
    use crate::relative_date::{anchor_of, human, resolve, restriction_end};
    let lower = s.text.to_lowercase();
    // A Σ/Δ line has no turn date: the first date it writes ("(8 May 2024; …)") is when it was said.
    let written = |t: &str| {
        let (_, spans) = resolve(t, anchor_of("2000-01-01"));
        spans.first().and_then(|sp| anchor_of(&sp.start))
    };
    if let Some((_, after)) = lower.split_once("resolved ").or_else(|| lower.split_once("ended "))
        && let Some(d) = written(after)
    {
        return Some(human(d));
    }
    let said = s.date.and_then(|d| anchor_of(&d.date())).or_else(|| written(&s.text))?;
    if let Some(end) = restriction_end(&s.text, said) {
        return Some(human(end));
    }
    // "I can start lifting again in two weeks": the future date the words name.
    let resumes = ["again", "resume", "back to", "cleared", "allowed", "start"]
        .iter()
        .any(|c| lower.contains(c));
    if resumes {
        let (_, spans) = resolve(&s.text, Some(said));
        let ahead = spans.iter().find(|sp| anchor_of(&sp.start).is_some_and(|d| d > said));
        if let Some(sp) = ahead {
            return anchor_of(&sp.start).map(human);
        }
        if let Some(span) = ahead_span(&words(&lower).collect::<Vec<_>>()) {
            return said.checked_add(span).ok().map(human);
        }
    }
    None
}

/// "in two weeks" → two weeks, as a calendar span.
fn ahead_span(toks: &[String]) -> Option<jiff::Span> {
    use jiff::ToSpan;
    toks.windows(3).find_map(|w| {
        let n: i64 = match w[1].as_str() {
            "a" | "one" => 1,
            "two" | "couple" => 2,
            "three" => 3,
            "four" => 4,
            "five" => 5,
            "six" => 6,
            n => n.parse().ok().filter(|n| (1..=1000).contains(n))?,
        };
        if w[0] != "in" {
            return None;
        }
        match w[2].as_str() {
            "day" | "days" => Some(n.days()),
            "week" | "weeks" => Some(n.weeks()),
            "month" | "months" => Some(n.months()),
            _ => None,
        }
    })
}

/// A job: the noun phrase after "I'm a", "work as a", "job as a", "is a", "became a"
/// ("I'm a project manager at a logistics company" → "project manager").
pub(super) fn job(text: &str) -> Option<String> {
    use super::chunk::{is_breaker, toks};
    use crate::rules::words::relations::NOT_JOBS;
    let toks = toks(text);
    let lower: Vec<&str> = toks.iter().map(|t| t.lower.as_str()).collect();
    let w = |k: usize| lower.get(k).copied().unwrap_or("");
    // "I'm a nurse", "Dana is a nurse", "as a nurse": "is" and "became" need a person before
    // them ("Creating themed nights is a fun idea" says what an idea is), and "as a" opens no
    // comparison ("such as a bowl").
    let opener = |i: usize| {
        let before = i.checked_sub(1).map(|b| (toks[b].text.as_str(), w(b)));
        matches!(w(i + 1), "a" | "an")
            && match w(i) {
                "i'm" | "am" => true,
                "is" | "became" | "become" => before.is_some_and(|(text, low)| {
                    matches!(low, "he" | "she" | "i")
                        || (text.starts_with(char::is_uppercase)
                            && !matches!(low, "it" | "this" | "that" | "there" | "what" | "which" | "who"))
                }),
                "as" => before.is_none_or(|(_, low)| !matches!(low, "such" | "same" | "so" | "just" | "well")),
                _ => false,
            }
    };
    (0..toks.len()).filter(|&i| opener(i)).find_map(|at| {
        let words: Vec<&str> = toks[at + 2..]
            .iter()
            .take_while(|t| !is_breaker(&t.lower))
            .take(4)
            .map(|t| t.text.as_str())
            .collect();
        // "I'm a bit worried", "as a result", "as a family": no trade.
        let low = |x: &&str| x.to_lowercase();
        let first_not = words.first().map(low).is_some_and(|f| {
            matches!(
                f.as_str(),
                "bit" | "little" | "lot" | "big" | "huge" | "fan" | "few" | "couple"
            )
        });
        let last_not = words.last().map(low).is_some_and(|l| NOT_JOBS.contains(&l.as_str()));
        (!words.is_empty() && !first_not && !last_not).then(|| words.join(" "))
    })
}

/// Whether a question asks what someone does for a living.
pub(super) fn asks_job(question: &str) -> bool {
    let lower = question.to_lowercase();
    ["for work", "for a living", "job", "occupation", "profession", "work as"]
        .iter()
        .any(|c| lower.contains(c))
}

/// Whether a question asks for an age: "How old is Max?", "What age did she start?".
pub(super) fn asks_age(question: &str) -> bool {
    let toks: Vec<String> = words(question).collect();
    toks.windows(2)
        .any(|w| (w[0] == "how" && w[1] == "old") || (w[0] == "what" && w[1] == "age"))
}

/// Whether an answer states a number, in figures or in words ("8 years old", "twelve", "in
/// her thirties").
pub(super) fn counts(answer: &str) -> bool {
    use crate::rules::words::numbers::NUMBER_WORDS;
    answer.chars().any(|c| c.is_ascii_digit())
        || words(answer).any(|w| NUMBER_WORDS.iter().any(|n| w == *n || w.starts_with(&format!("{n}-"))))
}

/// Whether a line speaks of where someone lives, in lowercase words of its own ("we moved to
/// Porto", "I'm from Leeds", "my home in Faro"): a capitalised "Living" in "Gluten-Free Living"
/// names a website, and "furniture from Habitat for Humanity" a shop.
pub(super) fn says_home(line: &str) -> bool {
    let toks: Vec<&str> = line
        .split_whitespace()
        .map(|t| t.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’'))
        .collect();
    toks.iter().enumerate().any(|(i, t)| {
        // "a living room set" is furniture.
        let room = *t == "living" && toks.get(i + 1).is_some_and(|n| *n == "room" || *n == "rooms");
        !room
            && matches!(
                *t,
                "live"
                    | "lives"
                    | "living"
                    | "lived"
                    | "based"
                    | "moved"
                    | "move"
                    | "moving"
                    | "home"
                    | "reside"
                    | "resides"
                    | "hometown"
                    | "relocated"
                    | "neighborhood"
                    | "neighbourhood"
            )
    }) || toks
        .windows(2)
        .any(|p| matches!(p[0], "I'm" | "I’m" | "am" | "is" | "are") && p[1] == "from")
}

/// Whether a question asks where someone lives: "Where do I live?", "Where is she based?".
pub(super) fn asks_home(question: &str) -> bool {
    let toks: Vec<String> = words(question).collect();
    toks.iter().any(|w| w == "where")
        && toks
            .iter()
            .any(|w| matches!(w.as_str(), "live" | "lives" | "living" | "based" | "reside" | "resides"))
}

/// Whether an answer names a place: a proper name ("Porto", "New Gary") or a word for a home.
pub(super) fn places(answer: &str) -> bool {
    answer.split_whitespace().any(|w| w.starts_with(char::is_uppercase))
        || words(answer).any(|w| {
            matches!(
                w.as_str(),
                "home" | "house" | "apartment" | "flat" | "city" | "town" | "village" | "suburb" | "downtown"
            )
        })
}
