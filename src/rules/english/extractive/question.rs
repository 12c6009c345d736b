//! Reading the question: its kind (when, how many, who, where, why …), the date it names, the
//! verbs and the noun it asks about, and whether a sentence holds an answer of its kind.

use super::*;
use crate::rules::words::numbers::QUANTITIES;
use crate::rules::words::questions::{ADVICE_NOUNS, SAID_BY_YOU};

/// The question's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    When,
    Count,
    Who,
    Where,
    YesNo {
        likely: bool,
    },
    /// "How did X feel…", "How does X describe…": the words of a feeling or description.
    Feeling,
    Why,
    /// "What is the name of…", "What are the names of…": names, one or a list.
    Names {
        plural: bool,
    },
    List,
    What,
}

/// A month name, a year or a day number: the question's date, matched against the sentences'
/// dates rather than their words ("What did Audrey do in November 2023?").
pub(super) fn is_date_word(w: &str) -> bool {
    Timestamp::month_from_name(w).is_some() && w.chars().count() >= 3 && w != "may"
        || w.parse::<u32>()
            .is_ok_and(|n| (1..=31).contains(&n) || (1900..=2100).contains(&n))
}

/// The year and month a question names, either or both: "in November 2023" → (2023, 11),
/// "in July" → (any year, 7).
pub(super) fn question_date(question: &str) -> Option<(Option<i64>, Option<u32>)> {
    let toks: Vec<String> = words(question).collect();
    let year = toks
        .iter()
        .find_map(|t| t.parse::<i64>().ok().filter(|y| (1900..=2100).contains(y)));
    let month = toks
        .iter()
        .filter(|t| t.chars().count() >= 3 && t.as_str() != "may")
        .find_map(|t| Timestamp::month_from_name(t));
    (year.is_some() || month.is_some()).then_some((year, month))
}

pub(super) fn kind_of(question: &str) -> Kind {
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
        "how"
            if toks
                .iter()
                .any(|t| t.starts_with("feel") || t == "felt" || t.starts_with("describ")) =>
        {
            Some(Kind::Feeling)
        }
        "is" | "are" | "was" | "were" | "do" | "does" | "did" | "has" | "have" | "can" | "could" | "would" | "will"
        | "should" => Some(Kind::YesNo { likely }),
        _ => None,
    };
    if let Some(k) = opening {
        return k;
    }
    let adjacent = toks.windows(2).any(|w| {
        matches!(w[0].as_str(), "what" | "which") && matches!(w[1].as_str(), "year" | "month" | "date" | "day")
    });
    // "What year…", "On which day…" ask for a date; "What type of date…" does not. So does
    // "What is the new deadline for the report?": a date is what a deadline is.
    if adjacent || asks_date_noun(&toks) || (!has("what") && has("when")) {
        return Kind::When;
    }
    if has("how") && (has("many") || has("often")) {
        return Kind::Count;
    }
    if (first == "what" || first == "which") && (has("name") || has("names")) {
        return Kind::Names { plural: has("names") };
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

/// "What is the new deadline for the report?", "What's my dentist appointment date?": a date is
/// what the noun the question asks after is.
fn asks_date_noun(toks: &[String]) -> bool {
    let first = toks.first().map_or("", String::as_str);
    let det = match (first, toks.get(1).map(String::as_str)) {
        ("what's", _) => Some(1),
        ("what", Some("is" | "was")) => Some(2),
        _ => None,
    };
    det.is_some_and(|d| {
        matches!(
            toks.get(d).map(String::as_str),
            Some("the" | "my" | "our" | "his" | "her" | "their")
        ) && (d + 1..d + 4).any(|i| {
            // The head of the noun phrase: "the date format" asks for a format.
            let head = toks.get(i + 1).is_none_or(|n| {
                matches!(
                    n.as_str(),
                    "for" | "of" | "on" | "set" | "now" | "again" | "this" | "that" | "with"
                )
            });
            toks.get(i)
                .is_some_and(|t| matches!(t.as_str(), "deadline" | "birthday" | "anniversary" | "date"))
                && head
        })
    })
}

/// Whether a question asks for a date as it stands now, which a later word replaces: "What is
/// the deadline for the report?", "When is my safety inspection?" (not "When did I…", which asks
/// for an event's own date).
/// Whether a question asks what the listener (the assistant) said: "What did you suggest for
/// the duplicates?", "Can you remind me what you recommended?", "What was your advice on rent?".
pub(super) fn asks_what_was_said_to(question: &str) -> bool {
    let toks: Vec<String> = words(question).collect();
    // A past form reports ("what you recommended"); a bare one does only after "did" ("what
    // did you suggest"), since "can you tell me…" is a request.
    let said = |w: &str| SAID_BY_YOU.contains(&w) && (w.ends_with("ed") || matches!(w, "said" | "told"));
    toks.windows(2)
        .any(|w| (w[0] == "you" && said(&w[1])) || (w[0] == "your" && ADVICE_NOUNS.contains(&w[1].as_str())))
        || toks
            .windows(3)
            .any(|w| w[0] == "did" && w[1] == "you" && SAID_BY_YOU.contains(&w[2].as_str()))
}

pub(super) fn asks_date_as_it_stands(question: &str) -> bool {
    let toks: Vec<String> = words(question).collect();
    let when_is = matches!(
        (toks.first().map(String::as_str), toks.get(1).map(String::as_str)),
        (Some("when"), Some("is" | "are")) | (Some("when's"), _)
    );
    when_is || asks_date_noun(&toks)
}

/// Whether a "what" question asks for a measured value: "What is the typical memory usage per
/// session?", "What is Scott's homework completion rate?", "What score did Ana get?". The head
/// of what it asks after is a quantity's noun, so a number answers it and a phrase does not.
pub(super) fn asks_measure(question: &str) -> bool {
    let toks: Vec<String> = words(question).collect();
    let measure = |w: &str| {
        (QUANTITIES.contains(&w) || matches!(w, "usage" | "average" | "balance" | "number"))
            && !matches!(
                w,
                "goal" | "target" | "deadline" | "expiry" | "expiration" | "retention"
            )
    };
    let start = match (toks.first().map(String::as_str), toks.get(1).map(String::as_str)) {
        (Some("what" | "which"), Some(w)) if measure(w) => return true,
        (Some("what's"), _) => 1,
        (Some("what"), Some("is" | "was" | "are" | "were")) => 2,
        _ => return false,
    };
    // The noun phrase after its determiner ("the", "my", "Scott's"), up to a preposition.
    let opens = toks
        .get(start)
        .is_some_and(|d| matches!(d.as_str(), "the" | "my" | "our" | "his" | "her" | "their") || d.ends_with("'s"));
    if !opens {
        return false;
    }
    let phrase: Vec<&str> = toks
        .iter()
        .skip(start + 1)
        .take_while(|w| {
            !matches!(
                w.as_str(),
                "for" | "of" | "in" | "on" | "at" | "per" | "set" | "that" | "when" | "now"
            )
        })
        .map(String::as_str)
        .collect();
    phrase.len() <= 5 && phrase.last().is_some_and(|h| measure(h))
}

/// "Which year did …", "In what year …": a question whose answer is a year alone.
pub(super) fn asks_year(question: &str) -> bool {
    let toks: Vec<String> = words(question).collect();
    toks.windows(2)
        .any(|w| matches!(w[0].as_str(), "what" | "which") && w[1] == "year")
}

/// "the week before 9 June 2023" → "2023": the last year a date names; the date itself if none.
pub(super) fn year_of(date: &str) -> String {
    date.split_whitespace()
        .rev()
        .find(|t| t.len() == 4 && t.parse::<u32>().is_ok())
        .map_or_else(|| date.to_string(), str::to_string)
}

/// "When can Alex lift again?", "When will she be allowed to run?": a question about the end
/// of a restriction.
pub(super) fn asks_again(question: &str) -> bool {
    words(question).any(|w| matches!(w.as_str(), "again" | "resume" | "allowed" | "able" | "cleared"))
}

/// The question's verb: the word after its person where an auxiliary comes before them ("What
/// cookies did Priya bake…" → "bake"), as a stem.
pub(super) fn verbs_of(question: &str, names: &Stems) -> Stems {
    let toks: Vec<String> = words(question).map(|w| w.trim_end_matches("'s").to_string()).collect();
    let aux = |w: &str| {
        matches!(
            w,
            "did"
                | "does"
                | "do"
                | "is"
                | "was"
                | "are"
                | "were"
                | "has"
                | "have"
                | "had"
                | "will"
                | "would"
                | "can"
                | "could"
        )
    };
    toks.windows(3)
        .filter(|w| aux(&w[0]) && names.contains(&w[1]) && !is_stopword(&w[2]))
        .map(|w| stem(&w[2]))
        .collect()
}

/// The noun a what/which question asks for ("What kind of cookies…" → "cooki", the stem), if
/// it names one.
pub(super) fn focus_of(question: &str) -> Option<String> {
    let toks: Vec<String> = words(question).collect();
    let at = toks.iter().position(|t| t == "what" || t == "which")?;
    let mut rest = toks[at + 1..].iter().map(String::as_str).peekable();
    let mut w = rest.next()?;
    if matches!(w, "kind" | "kinds" | "type" | "types" | "sort" | "sorts") && rest.peek() == Some(&"of") {
        rest.next();
        w = rest.next()?;
    }
    (!is_stopword(w) && !chunk::is_breaker(w)).then(|| stem(w))
}

pub(super) fn has_kind(kind: Kind, s: &Sentence) -> bool {
    match kind {
        Kind::Count => count(&s.text).is_some(),
        Kind::When => !when(s).is_empty(),
        Kind::Why => reason(&s.text).is_some(),
        Kind::Feeling => feeling(&s.text).is_some(),
        _ => false,
    }
}

/// The relative a question in the first person asks about: "Where did my father live?" →
/// "father"; `None` for a question about the person themselves ("Where do I live?").
pub(super) fn relative_asked(question: &str) -> Option<String> {
    let toks: Vec<String> = words(question).collect();
    toks.windows(2)
        .find(|p| p[0] == "my" && crate::rules::words::relations::RELATIONS.contains(&p[1].trim_end_matches("'s")))
        .map(|p| p[1].trim_end_matches("'s").to_string())
}
