//! Questions that offer their own answers: "Does Deborah live close to the beach or the
//! mountains?" is answered with the alternative the person's sentences speak of more.

use crate::rules::words::clauses::LEADING;

use super::{Sentence, stem};
use crate::text::{is_stopword, words};

/// The two alternatives of "… X or Y?", as written: Y is the words after "or", X as many words
/// before it (at least one), each without a leading article.
pub(super) fn alternatives(question: &str) -> Option<(String, String)> {
    let toks: Vec<&str> = question
        .split_whitespace()
        .map(|t| t.trim_matches(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '-')))
        .filter(|t| !t.is_empty())
        .collect();
    let at = toks.iter().rposition(|t| t.eq_ignore_ascii_case("or"))?;
    let after: Vec<&str> = toks[at + 1..].to_vec();
    let after = trim(after);
    let n = after.len().max(1);
    let before = trim(toks[at.saturating_sub(n + 1)..at].to_vec());
    let before = if before.len() > n {
        before[before.len() - n..].to_vec()
    } else {
        before
    };
    (!after.is_empty() && !before.is_empty() && after.len() <= 4).then(|| (before.join(" "), after.join(" ")))
}

fn trim(mut p: Vec<&str>) -> Vec<&str> {
    while p.first().is_some_and(|w| LEADING.contains(&w.to_lowercase().as_str())) {
        p.remove(0);
    }
    p
}

/// The alternative more of the given sentences speak of (by the stems one has and the other
/// lacks); the first on a tie.
pub(super) fn pick<'a>((first, second): &'a (String, String), sents: &[&Sentence]) -> &'a str {
    let stems = |p: &str| -> Vec<String> {
        words(p)
            .filter(|w| !is_stopword(w))
            .map(|w| stem(w.trim_end_matches("'s")))
            .collect()
    };
    let (a, b) = (stems(first), stems(second));
    let only = |x: &[String], y: &[String]| -> Vec<String> { x.iter().filter(|w| !y.contains(w)).cloned().collect() };
    let (a, b) = (only(&a, &b), only(&b, &a));
    let support = |ws: &[String]| sents.iter().filter(|s| ws.iter().any(|w| s.stems.contains(w))).count();
    if support(&b) > support(&a) { second } else { first }
}
