//! A condition the person says they were diagnosed with ("my doctor diagnosed me with coeliac
//! disease", "I was diagnosed with ADHD last year"): whatever its name, it is one of their
//! medical conditions, and a lexicon of illnesses can never list them all.

use crate::text::is_stopword;

/// The base and sub-concept a diagnosis is filed under.
pub(crate) const FILED: (&str, &str) = ("Health and Wellness", "Medical Conditions");

/// Words that end the name of a condition ("coeliac disease last week", "ADHD in May").
const ENDS: &[&str] = &[
    "last",
    "this",
    "in",
    "on",
    "at",
    "after",
    "before",
    "since",
    "when",
    "yesterday",
    "today",
    "recently",
    "so",
    "and",
    "but",
    "which",
    "because",
    "a",
    "an",
    "the",
];

/// The condition `sentence` says the speaker was diagnosed with, title-cased.
pub(crate) fn diagnosed(sentence: &str) -> Option<String> {
    let toks: Vec<String> = crate::text::words(sentence).collect();
    let at = toks.iter().position(|w| w == "diagnosed")?;
    let word = |i: usize| toks.get(i).map_or("", String::as_str);
    let before = |k: usize| at.checked_sub(k).map_or("", word);
    // "diagnosed me with", "I was / I've been / I got diagnosed with".
    let (mine, with) = if word(at + 1) == "me" {
        (true, at + 2)
    } else {
        let subject = (1..=3).map(before).any(|w| matches!(w, "i" | "i'm" | "i've" | "i'd"));
        (subject, at + 1)
    };
    if !mine || word(with) != "with" {
        return None;
    }
    name_from(sentence, &toks, with + 1)
}

/// The condition anyone in `text` was diagnosed with ("Mira's doctor diagnosed Mira with
/// coeliac disease"), for answering what condition someone has.
pub(crate) fn condition_in(text: &str) -> Option<String> {
    let toks: Vec<String> = crate::text::words(text).collect();
    let at = toks.iter().position(|w| w == "diagnosed")?;
    let with = (at + 1..at + 4).find(|&i| toks.get(i).is_some_and(|w| w == "with"))?;
    name_from(text, &toks, with + 1)
}

/// Whether a question asks what condition someone has.
pub(crate) fn asks_condition(question: &str) -> bool {
    crate::text::words(question).any(|w| {
        matches!(
            w.as_str(),
            "condition" | "conditions" | "illness" | "disease" | "diagnosis" | "diagnosed" | "disorder"
        )
    })
}

/// The name of a condition from word `from` of `sentence` (`toks` are its [`crate::text::words`]).
fn name_from(sentence: &str, toks: &[String], from: usize) -> Option<String> {
    // The words as written, split as `words` splits them, so an acronym keeps its capitals.
    let raw: Vec<&str> = sentence
        .split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .map(|w| w.trim_matches('\''))
        .filter(|w| !w.is_empty())
        .collect();
    let len = toks
        .iter()
        .skip(from)
        .take_while(|w| !ENDS.contains(&w.as_str()) && !w.chars().all(|c| c.is_ascii_digit()))
        .take(4)
        .count();
    let name: Vec<String> = raw
        .iter()
        .skip(from)
        .take(len)
        .map(|w| {
            if w.chars().skip(1).any(char::is_uppercase) {
                (*w).to_string()
            } else {
                crate::text::title_case(w)
            }
        })
        .collect();
    let lower: Vec<&String> = toks.iter().skip(from).take(len).collect();
    (!name.is_empty() && !lower.iter().all(|w| is_stopword(w))).then(|| name.join(" "))
}

#[cfg(test)]
mod tests {
    use super::diagnosed;

    #[test]
    fn a_diagnosis_of_the_speaker_names_their_condition() {
        assert_eq!(
            diagnosed("Bad news: my doctor diagnosed me with coeliac disease last week, so I can't eat gluten."),
            Some("Coeliac Disease".into())
        );
        assert_eq!(
            diagnosed("I was diagnosed with sleep apnea in May."),
            Some("Sleep Apnea".into())
        );
        assert_eq!(diagnosed("I've been diagnosed with ADHD."), Some("ADHD".into()));
        assert_eq!(diagnosed("My mom was diagnosed with cancer."), None);
        assert_eq!(diagnosed("They diagnosed the problem with the server."), None);
        assert_eq!(
            super::condition_in("Mira's doctor diagnosed Mira with coeliac disease in October."),
            Some("Coeliac Disease".into())
        );
        assert!(super::asks_condition("What health condition does Mira have?"));
    }
}
