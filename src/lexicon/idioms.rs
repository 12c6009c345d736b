//! "Can't" that restricts nothing: "I can't wait", "can't help but smile", "couldn't believe
//! it", "couldn't have done it without you". The constraint cue ("can't", "couldn't") would otherwise make every such sentence a
//! Δ `[constraint]`.

/// Negations that open an idiom when one of [`FREE_VERBS`] follows ("can not" too, as two words).
const NEGATIONS: &[&str] = &["can't", "cannot", "couldn't"];
/// Verbs after which "can't" says how someone feels, not what they may do. Left out: "get",
/// "stand", "bear", which also restrict ("can't stand for long after the surgery").
const FREE_VERBS: &[&str] = &[
    "wait", "help", "imagine", "believe", "thank", "stop", "express", "describe", "tell", "complain", "argue", "deny",
];

/// The text with every idiomatic "can't" blanked out, or `None` when it has none (so the cue
/// stands as matched). Blanked words keep the text's other words and sentence breaks.
pub(super) fn without_free_cannots(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let lower = crate::text::token_word;
    let mut out: Vec<&str> = Vec::with_capacity(words.len());
    let mut blanked = false;
    let mut i = 0;
    while let Some(w) = words.get(i) {
        let first = lower(w);
        let next = words.get(i + 1).map(|n| lower(n)).unwrap_or_default();
        // "can not" is two words; "cannot" and "can't" one.
        let (negation, verb_at) = if first == "can" && next == "not" {
            (true, i + 2)
        } else {
            (NEGATIONS.contains(&first.as_str()), i + 1)
        };
        let verb = words.get(verb_at).map(|v| lower(v)).unwrap_or_default();
        // "couldn't have done it without them", "couldn't be happier": what did not happen.
        let counterfactual = first == "couldn't" && matches!(verb.as_str(), "have" | "be");
        if negation && (FREE_VERBS.contains(&verb.as_str()) || counterfactual) {
            out.push("…");
            blanked = true;
            i = verb_at;
            continue;
        }
        out.push(w);
        i += 1;
    }
    blanked.then(|| out.join(" "))
}

#[cfg(test)]
mod tests {
    use super::without_free_cannots;

    #[test]
    fn only_idiomatic_cannots_are_blanked() {
        assert_eq!(
            without_free_cannots("I can't wait to go, but I can't run.").as_deref(),
            Some("I … wait to go, but I can't run.")
        );
        assert_eq!(
            without_free_cannots("I can not believe it").as_deref(),
            Some("I … believe it")
        );
        assert_eq!(without_free_cannots("I can't lift for a while."), None);
        assert_eq!(
            without_free_cannots("I couldn't have done it without them.").as_deref(),
            Some("I … have done it without them.")
        );
        assert_eq!(without_free_cannots("I can't have caffeine."), None);
        assert_eq!(without_free_cannots("Can you help me?"), None);
    }
}
