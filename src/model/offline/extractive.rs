//! The offline model's extractive answer: the context sentence best supported by the question's
//! content words, or "not mentioned" when no sentence shares enough of them.

use crate::text::{content_words, sentences};
use std::collections::HashSet;

/// What the offline model says when the context does not support an answer.
pub const NOT_MENTIONED: &str = "not mentioned";

/// The best-supported span of the context, with the date of its line when it has one.
///
/// Every sentence of every item line is scored by the distinct question words it contains
/// (singular forms); `ignore` words (the tracked people's names, which are everywhere) do not
/// count. A span needs at least two words, or the only one the question has.
#[must_use]
pub fn extractive(question: &str, context: &str, ignore: &[String]) -> String {
    let ignore: HashSet<String> = ignore.iter().flat_map(|n| content_words(n)).map(|w| stem(&w)).collect();
    let wanted: HashSet<String> = content_words(question)
        .into_iter()
        .map(|w| stem(&w))
        .filter(|w| !ignore.contains(w))
        .collect();
    if wanted.is_empty() {
        return NOT_MENTIONED.into();
    }
    // A "why" question is answered by a reason, an injury or a restriction that names its subject,
    // even when the rest of the question's words are not in that sentence.
    let why = content_words_with_stopwords(question).any(|w| w == "why");
    let need = if why { 1 } else { wanted.len().min(2) };
    let mut best: Option<(usize, usize, String)> = None;
    for line in context.lines().map(str::trim).filter_map(|l| l.strip_prefix("- ")) {
        let (prefix, body) = split_prefix(line);
        let line_causal = CAUSAL.iter().any(|c| line.starts_with(c));
        // Concept items flatten their Σ/Δ bullets onto one line: " - " separates them like a full stop.
        for s in sentences(body)
            .iter()
            .flat_map(|s| s.split(" - "))
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
        {
            let have: HashSet<String> = content_words(&s).into_iter().map(|w| stem(&w)).collect();
            let causal = why && (CAUSAL.iter().any(|c| s.to_lowercase().contains(c)) || line_causal);
            let hits = wanted.intersection(&have).count() * 2 + usize::from(causal);
            let need = need * 2;
            let better = best
                .as_ref()
                .is_none_or(|(h, len, _)| hits > *h || (hits == *h && s.len() < *len));
            if hits >= need && better {
                let span = if prefix.is_empty() {
                    s.clone()
                } else {
                    format!("{prefix} {s}")
                };
                best = Some((hits, s.len(), span));
            }
        }
    }
    best.map_or_else(|| NOT_MENTIONED.into(), |(_, _, s)| s)
}

/// Marks of a sentence that gives a cause: conclusion tags and causal words.
const CAUSAL: &[&str] = &[
    "[reason]",
    "[injury]",
    "[constraint]",
    "[change]",
    "because",
    "due to",
    "so that",
    "that's why",
];

fn content_words_with_stopwords(text: &str) -> impl Iterator<Item = String> + '_ {
    crate::text::words(text)
}

/// A crude suffix stripper, enough to match "painted" and "painting" with "paint".
fn stem(w: &str) -> String {
    for suffix in ["ing", "ed", "ly", "es", "s"] {
        if w.len() > suffix.len() + 3
            && let Some(base) = w.strip_suffix(suffix)
        {
            return base.to_string();
        }
    }
    w.to_string()
}

/// "[D1:3 8 May 2023] Caroline: text" → ("(8 May 2023) Caroline:", "text"); other lines have no prefix.
fn split_prefix(line: &str) -> (String, &str) {
    let Some(rest) = line.strip_prefix('[') else {
        return (String::new(), line);
    };
    let Some((tag, body)) = rest.split_once("] ") else {
        return (String::new(), line);
    };
    let date = tag.split_once(' ').map(|(_, d)| format!("({d})")).unwrap_or_default();
    match body.split_once(": ") {
        Some((who, text)) if who.split_whitespace().count() <= 3 => (format!("{date} {who}:").trim().to_string(), text),
        _ => (date, body),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CONTEXT: &str = "# Events\n- [D1:3 8 May 2023] Caroline: I went to a LGBTQ support group yesterday. It was powerful.\n- [D1:4 8 May 2023] Melanie: I painted a lake sunrise last year!\n";

    #[test]
    fn picks_the_sentence_sharing_most_question_words() {
        let names = vec!["Caroline".to_string(), "Melanie".to_string()];
        let a = extractive("When did Caroline go to the LGBTQ support group?", CONTEXT, &names);
        assert_eq!(a, "(8 May 2023) Caroline: I went to a LGBTQ support group yesterday.");
        let b = extractive("What did Melanie paint? A sunrise?", CONTEXT, &names);
        assert!(b.contains("lake sunrise"), "{b}");
    }

    #[test]
    fn says_not_mentioned_without_support() {
        let names = vec!["Caroline".to_string()];
        assert_eq!(
            extractive("What is Caroline's favourite cheese brand?", CONTEXT, &names),
            NOT_MENTIONED
        );
        assert_eq!(extractive("Caroline?", CONTEXT, &names), NOT_MENTIONED);
    }

    #[test]
    fn a_why_question_is_answered_by_a_cause() {
        let context = "# Conclusions\n- [topic] Alex did deadlifts on Monday.\n- [injury] Alex hurt his back deadlifting, so no lifting for now.\n";
        let a = extractive("Why did Alex stop deadlifting?", context, &["Alex".to_string()]);
        assert_eq!(a, "Alex hurt his back deadlifting, so no lifting for now.");
    }
}
