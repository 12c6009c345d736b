//! Benchmark metrics: evidence recall (the share of gold evidence turns whose text is in the
//! context), answer-token recall, and LoCoMo's official token F1 over normalised, stemmed answers.

use crate::text::stem;
use std::collections::HashSet;

/// Lowercase alphanumeric tokens, everything else a separator.
#[must_use]
pub fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    each_token(text, |t| out.push(t.to_string()));
    out
}

/// Calls `f` with each of [`tokens`] in turn, lowercased into one reused buffer: an eval scores
/// every system's context for every question, and a `String` per token was a tenth of its time.
fn each_token(text: &str, mut f: impl FnMut(&str)) {
    let mut buf = String::new();
    for t in text.split(|c: char| !c.is_alphanumeric()).filter(|t| !t.is_empty()) {
        buf.clear();
        if t.is_ascii() {
            buf.push_str(t);
            buf.make_ascii_lowercase();
        } else {
            // `str::to_lowercase`, not per char: a final sigma lowercases by its place.
            buf.push_str(&t.to_lowercase());
        }
        f(&buf);
    }
}

/// A text prepared for containment tests: its tokens joined by single spaces, padded, so that
/// " a b " is in " x a b y " but not in " xa b ".
#[must_use]
pub fn normalised(text: &str) -> String {
    let mut out = String::with_capacity(text.len().saturating_add(2));
    out.push(' ');
    each_token(text, |t| {
        out.push_str(t);
        out.push(' ');
    });
    if out.len() == 1 {
        out.push(' ');
    }
    out
}

/// Share of evidence turn texts contained (token for token, in order) in the context. `None`
/// when there is no evidence to find.
#[must_use]
pub fn evidence_recall(evidence_texts: &[&str], context: &str) -> Option<f64> {
    let ctx = normalised(context);
    let wanted: Vec<String> = evidence_texts
        .iter()
        .map(|t| normalised(t))
        .filter(|t| t.trim() != "")
        .collect();
    if wanted.is_empty() {
        return None;
    }
    let hit = wanted.iter().filter(|t| ctx.contains(t.as_str())).count();
    Some(hit as f64 / wanted.len() as f64)
}

/// LoCoMo's answer normalisation: lowercase, punctuation and commas removed, articles and "and"
/// dropped.
#[must_use]
pub fn answer_tokens(text: &str) -> Vec<String> {
    tokens(&text.replace(',', ""))
        .into_iter()
        .filter(|t| !matches!(t.as_str(), "a" | "an" | "the" | "and"))
        .collect()
}

/// Share of the gold answer's distinct normalised tokens present in the context. `None` for an
/// empty gold answer.
#[must_use]
pub fn answer_token_recall(gold: &str, context: &str) -> Option<f64> {
    let gold: HashSet<String> = answer_tokens(gold).into_iter().collect();
    if gold.is_empty() {
        return None;
    }
    let mut found: HashSet<&str> = HashSet::new();
    each_token(context, |t| {
        if let Some(g) = gold.get(t) {
            found.insert(g.as_str());
        }
    });
    Some(found.len() as f64 / gold.len() as f64)
}

/// LoCoMo's official answer normalisation (`normalize_answer`): commas dropped, lowercase, ASCII
/// punctuation deleted (so "D1:3" is one token), the words a, an, the and "and" removed, split on
/// whitespace.
#[must_use]
pub fn official_tokens(text: &str) -> Vec<String> {
    let lowered: String = text
        .replace(',', "")
        .to_lowercase()
        .chars()
        .filter(|c| !c.is_ascii_punctuation())
        .collect();
    lowered
        .split_whitespace()
        .filter(|t| !matches!(*t, "a" | "an" | "the" | "and"))
        .map(str::to_string)
        .collect()
}

/// LoCoMo's token F1 (`f1_score`) between a prediction and one gold answer: official
/// normalisation, Porter stems, multiset overlap.
#[must_use]
pub fn token_f1(prediction: &str, gold: &str) -> f64 {
    let p: Vec<String> = official_tokens(prediction).iter().map(|t| stem::stem(t)).collect();
    let g: Vec<String> = official_tokens(gold).iter().map(|t| stem::stem(t)).collect();
    let mut remaining = g.clone();
    let mut common = 0usize;
    for t in &p {
        if let Some(i) = remaining.iter().position(|x| x == t) {
            remaining.swap_remove(i);
            common += 1;
        }
    }
    if common == 0 {
        return 0.0;
    }
    let precision = common as f64 / p.len() as f64;
    let recall = common as f64 / g.len() as f64;
    2.0 * precision * recall / (precision + recall)
}

/// LoCoMo's score of an answer to a question of `category`, as its `eval_question_answering`
/// computes it: category 1 splits both sides on commas and averages, over gold parts, the best
/// F1 against any predicted part; category 3 keeps the gold answer before its first ";";
/// categories 2 and 4 are plain token F1; category 5 is 1 when the answer says "not mentioned"
/// (or "no information available"), else 0.
#[must_use]
pub fn official_score(prediction: &str, gold: &str, category: u8) -> f64 {
    match category {
        1 => {
            let preds: Vec<&str> = prediction.split(',').map(str::trim).collect();
            let golds: Vec<&str> = gold.split(',').map(str::trim).collect();
            let sum: f64 = golds
                .iter()
                .map(|g| preds.iter().map(|p| token_f1(p, g)).fold(0.0, f64::max))
                .sum();
            sum / golds.len() as f64
        }
        3 => token_f1(prediction, gold.split(';').next().unwrap_or(gold).trim()),
        5 => f64::from(u8::from(says_not_mentioned(prediction))),
        _ => token_f1(prediction, gold),
    }
}

/// Whether an answer declines as LoCoMo's category-5 check expects.
#[must_use]
pub fn says_not_mentioned(answer: &str) -> bool {
    let a = answer.to_lowercase();
    a.contains("not mentioned") || a.contains("no information available")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalised_text_is_padded_lowercase_tokens() {
        assert_eq!(normalised(""), "  ");
        assert_eq!(normalised("...!"), "  ");
        // A final sigma lowercases as a whole word does ("ς"), not letter by letter ("σ").
        assert_eq!(
            normalised("Hi, Zoë! ΟΔΟΣ 2023"),
            format!(" hi zoë {} 2023 ", "ΟΔΟΣ".to_lowercase())
        );
        assert_eq!(tokens("It's ÉTÉ"), ["it", "s", "été"]);
    }

    #[test]
    fn evidence_recall_counts_whole_turns_in_order() {
        let ctx = "- [D1:3 8 May 2023] Caroline: I went to a LGBTQ support group yesterday!\n- Melanie: Nice.";
        let got = evidence_recall(
            &[
                "I went to a LGBTQ support group yesterday!",
                "Nice",
                "support group I went",
                "I painted a lake",
            ],
            ctx,
        );
        assert_eq!(got, Some(0.5), "2 of 4 texts are in the context, word for word");
        assert_eq!(evidence_recall(&[], ctx), None);
        assert_eq!(evidence_recall(&["ice"], "nice"), Some(0.0), "whole tokens only");
    }

    #[test]
    fn answer_token_recall_uses_locomo_normalisation() {
        // gold tokens after normalisation: {7, may, 2023}; the context holds 7 and may.
        assert_eq!(
            answer_token_recall("The 7 May, 2023", "On 7 may she ran"),
            Some(2.0 / 3.0)
        );
        assert_eq!(answer_token_recall("a an the", "x"), None);
        assert_eq!(
            answer_token_recall("Pottery and painting", "painting, pottery"),
            Some(1.0)
        );
    }

    #[test]
    fn token_f1_matches_a_hand_computed_example() {
        // prediction [she, went, hike, in, mountain] vs gold [hike, mountain, 2023]: 2 common,
        // precision 2/5, recall 2/3, F1 = 2·(0.4·0.667)/(1.067) = 0.5.
        let f1 = token_f1("She went hiking in the mountains", "hiking, mountains, 2023");
        assert!((f1 - 0.5).abs() < 1e-9, "{f1}");
        assert!((token_f1("Paris", "paris") - 1.0).abs() < 1e-9);
        assert_eq!(token_f1("London", "Paris"), 0.0);
        assert_eq!(token_f1("", "Paris"), 0.0);
        assert_eq!(
            official_tokens("Don't stop, D1:3 and the end"),
            vec!["dont", "stop", "d13", "end"]
        );
    }

    #[test]
    fn official_score_follows_the_category_rules() {
        // Category 1: gold parts "pottery" and "painting"; the prediction covers one of them.
        assert!((official_score("pottery", "pottery, painting", 1) - 0.5).abs() < 1e-9);
        assert!((official_score("painting, pottery", "pottery, painting", 1) - 1.0).abs() < 1e-9);
        // Category 3: only the gold text before ";" counts.
        assert!((official_score("Likely no", "Likely no; she loves it", 3) - 1.0).abs() < 1e-9);
        assert_eq!(official_score("Not mentioned in the chat", "", 5), 1.0);
        assert_eq!(official_score("Paris", "", 5), 0.0);
    }
}
