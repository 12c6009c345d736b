//! Knowledge updates at answer time: when the context holds several values for what a question
//! asks ("a limit of 100 requests per minute", later "I raised it to 120"), a question about the
//! current value is answered with the latest one, and a sentence that says a value changed is
//! read for the value it changed to. A question about the change itself ("How much did the
//! limit go up?", "What was it originally?") is left to the ordinary reading.

use crate::rules::words::questions::NOT_CURRENT;
use crate::rules::words::verbs::MOVED_DATE_VERBS;
use crate::rules::words::verbs::UPDATE_CHANGE_VERBS as CHANGE_VERBS;

use super::Sentence;
use super::spans::count;
use crate::text::words;

/// Of the supporting sentences, the share of the best one's coverage a later sentence must
/// carry to count as a value of the same thing (a later word on the same slot).
pub(super) const SAME_SLOT: f64 = 0.75;
/// How many of the best-scored sentences are read for a later value.
pub(super) const LOOK: usize = 12;

/// Whether a question asks for a value as it stands: "What is the request limit?", "How much
/// do I pay for rent?" — not how it changed, what it was first, or a sum of several.
pub(super) fn asks_current(question: &str) -> bool {
    !words(question).any(|w| NOT_CURRENT.contains(&w.as_str())) && !question.to_lowercase().contains("used to")
}

/// Whether a sentence states a value: it holds a number.
pub(super) fn holds_value(s: &Sentence) -> bool {
    s.text.chars().any(|c| c.is_ascii_digit())
}

/// Whether a question sentence also tells a value of the asker's own: it holds a number and
/// does not ask about the listener ("How do I keep Scott's completion rate at 92%?" tells the
/// rate; "Did you run 5 miles?" asks the listener about theirs).
pub(in crate::rules) fn question_tells(sentence: &str) -> bool {
    sentence.chars().any(|c| c.is_ascii_digit())
        && !words(sentence).any(|w| matches!(w.as_str(), "you" | "your" | "you're" | "you've" | "yours"))
}

/// The value a sentence says something changed to: the count after "to" that follows a change
/// verb ("I increased my contributions from $300 to $475 a month" → "475 a month").
pub(super) fn changed_to(text: &str) -> Option<String> {
    let raw: Vec<&str> = text.split_whitespace().collect();
    let clean = |t: &str| t.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
    let verb = raw.iter().position(|t| CHANGE_VERBS.contains(&clean(t).as_str()))?;
    let to = verb + 1 + raw.get(verb + 1..)?.iter().position(|t| clean(t) == "to")?;
    let rest = raw.get(to + 1..)?.join(" ");
    let value = rest
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_digit() || matches!(c, '$' | '€' | '£'));
    // A sum keeps its currency ("$475 monthly"), which a count drops.
    let sum = rest
        .starts_with(['$', '€', '£'])
        .then(|| super::money::money(&rest))
        .flatten();
    if value { sum.or_else(|| count(&rest)) } else { None }
}

/// Whether a sentence says the thing a question asks about was moved or changed, though it
/// shares fewer of the question's words: it holds a verb of change and
/// - for a date, names the head of the question's noun phrase ("When is the deed signing?" and
///   "The signing moved to July 2 because the notary is away");
/// - for a value, points back with "it" to the head said in the sentence before, in the same
///   item ("Some testers hit the limit. I raised it to 200 requests a minute."). A sentence
///   that names a thing itself is read by its own words: "I increased my travel fund to
///   $1,400" does not answer how much is put aside each month.
pub(super) fn says_moved(text: &str, item: &str, question: &str, date: bool) -> bool {
    let said: Vec<String> = words(text).collect();
    let changed = said
        .iter()
        .any(|w| CHANGE_VERBS.contains(&w.as_str()) || MOVED_DATE_VERBS.contains(&w.as_str()));
    let in_item: Vec<String> = words(item).collect();
    let heads: Vec<String> = modified_heads(question).into_iter().map(|(_, h)| h).collect();
    let mut head = heads.into_iter().chain(
        // "When is my inspection?": the last content word, where no modifier makes a pair.
        words(question).filter(|w| content(w)).last(),
    );
    changed
        && if date {
            head.any(|h| said.contains(&h) || in_item.contains(&h))
        } else {
            said.iter().any(|w| w == "it") && head.any(|h| !said.contains(&h) && in_item.contains(&h))
        }
}

/// The index of the latest sentence among `candidates` (indices into `sents`, best first) that
/// states a value: by its date, then by its place in the context (turns are in time order).
pub(super) fn latest(sents: &[Sentence], candidates: &[usize]) -> Option<usize> {
    candidates
        .iter()
        .copied()
        .filter(|i| sents.get(*i).is_some_and(holds_value))
        .max_by_key(|i| (sents.get(*i).and_then(|s| s.date), *i))
}

/// The (modifier, head) pairs of the question's noun phrases: "his most recent math test" gives
/// ("math", "test"). Both are content words after a determiner a few words back ("did Scott
/// achieve" is no noun phrase); the modifier is no word of time, degree or manner.
pub(super) fn modified_heads(question: &str) -> Vec<(String, String)> {
    let toks: Vec<String> = crate::text::words(question).collect();
    let opened = |at: usize| {
        (at.saturating_sub(3)..at).any(|j| {
            toks.get(j).is_some_and(|d| {
                matches!(
                    d.as_str(),
                    "the" | "a" | "an" | "my" | "his" | "her" | "their" | "our" | "your" | "its" | "this" | "that"
                )
            })
        })
    };
    toks.windows(2)
        .enumerate()
        .filter(|(i, _)| opened(*i))
        .map(|(_, w)| w)
        .filter(|w| {
            let asked = |x: &str| crate::rules::words::questions::QUESTION_WORDS.contains(&x);
            kind_word(&w[0]) && !asked(&w[0]) && content(&w[1]) && !asked(&w[1])
        })
        .map(|w| (w[0].clone(), w[1].clone()))
        .collect()
}

/// A word of three letters or more that is no function word.
fn content(w: &str) -> bool {
    w.chars().count() > 2 && w.chars().all(char::is_alphabetic) && !crate::text::is_stopword(w)
}

/// A content word before a noun that says which kind of it is meant ("math" in "math test"),
/// not when or how: no word of time or manner, no adverb or participle.
fn kind_word(w: &str) -> bool {
    content(w)
        && !["ly", "ing", "ed"].iter().any(|end| w.ends_with(end))
        && !matches!(
            w,
            "recent" | "latest" | "last" | "next" | "first" | "current" | "new" | "old"
        )
}

/// Whether `text` names the head of one of `pairs` with another content word right before it
/// and never says the question's modifier: "his English test" for "his math test" is the value
/// of another thing.
pub(super) fn other_kind(pairs: &[(String, String)], text: &str) -> bool {
    let toks: Vec<String> = crate::text::words(text).collect();
    pairs
        .iter()
        .any(|(m, h)| !toks.contains(m) && toks.windows(2).any(|w| w[1] == *h && w[0] != *m && kind_word(&w[0])))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_about_the_value_as_it_stands() {
        assert!(asks_current("What is the request limit per minute for the API?"));
        assert!(asks_current("How much do I pay for the flat each month?"));
        assert!(!asks_current("How much did the limit increase?"));
        assert!(!asks_current("What was the original deadline?"));
        assert!(!asks_current("How many books have I read in total across the year?"));
    }

    #[test]
    fn a_change_is_read_for_the_value_it_changed_to() {
        assert_eq!(
            changed_to("I raised the limit from 100 to 120 requests per minute.").as_deref(),
            Some("120 requests per minute")
        );
        assert_eq!(
            changed_to("I've increased my pension contributions to $500 monthly starting in May.").as_deref(),
            Some("$500 monthly")
        );
        assert!(changed_to("I increased my savings a lot.").is_none());
        assert!(changed_to("We have 3 cats.").is_none());
    }

    #[test]
    fn the_current_value_is_the_latest_said() {
        let ctx = "# Events\n## 3 March 2024\n- Jonas: The API has a rate limit of 100 requests per minute.\n## 9 April 2024\n- Jonas: I raised the API rate limit from 100 to 120 requests per minute.\n";
        let (a, support) = super::super::short_answer(
            "What is the API rate limit?",
            &crate::model::AnswerContext::from_rendered(ctx),
            "Jonas",
        )
        .unwrap_or_default();
        assert_eq!(a, "120 requests per minute");
        assert!(support.contains("raised"), "{support}");
    }

    #[test]
    fn a_question_can_tell_a_value_of_the_askers_own() {
        assert!(question_tells("How do I keep Scott's completion rate at 92%?"));
        assert!(!question_tells("Did you run 5 miles yesterday?"));
        assert!(!question_tells("How are the kids?"));
    }
}
