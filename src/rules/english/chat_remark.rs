//! Remarks about the conversation itself ("Nope, no other questions for now.", "That's all for
//! now."), which say nothing of the person's life and so make no fact, conclusion or Δ item.

use crate::rules::words::clauses::CHAT_NOUNS;

/// The sentence without a leading remark about the conversation itself, which says nothing of
/// the person's life: "Nope, no other questions for now." goes, and "No other concerns for now,
/// just feeling a bit overwhelmed." keeps what follows the remark. `None` when nothing is left.
pub(super) fn without_chat_remark(sentence: &str) -> Option<&str> {
    let (head, rest) = match sentence.split_once(", ") {
        // "Nope, no other questions": a one-word answer before the remark is part of it.
        Some((first, tail)) if !first.contains(' ') => match tail.split_once(", ") {
            Some((remark, after)) => (remark, Some(after)),
            None => (tail, None),
        },
        Some((remark, after)) => (remark, Some(after)),
        None => (sentence, None),
    };
    let toks: Vec<String> = crate::text::words(head).collect();
    let remark = toks.windows(3).any(|w| {
        matches!(w[0].as_str(), "no" | "any" | "nothing")
            && matches!(w[1].as_str(), "other" | "more" | "further" | "else")
            && CHAT_NOUNS.contains(&w[2].as_str())
    }) || toks.windows(2).any(|w| w[0] == "nothing" && w[1] == "else")
        || (toks.len() <= 4 && toks.windows(2).any(|w| w[0] == "that's" && w[1] == "all"));
    if !remark {
        return Some(sentence);
    }
    rest.map(str::trim).filter(|r| r.chars().any(char::is_alphanumeric))
}

#[cfg(test)]
mod tests {
    use super::without_chat_remark;
    use crate::rules::english::lexicon::Lexicon;
    use crate::rules::english::synth::synthesize;

    #[test]
    fn a_remark_about_the_chat_or_a_lone_this_after_a_lead_in_is_no_delta_item() {
        assert_eq!(without_chat_remark("Nope, no other questions for now."), None);
        assert_eq!(without_chat_remark("That's all for now."), None);
        assert_eq!(
            without_chat_remark("No other concerns for now, just feeling a bit overwhelmed."),
            Some("just feeling a bit overwhelmed.")
        );
        let kept = "I have no other plans for the weekend.";
        assert_eq!(without_chat_remark(kept), Some(kept));
        let out = synthesize(
            Lexicon::builtin(),
            "Alex",
            None,
            &[(
                "Alex".to_string(),
                "The plumber fixed the pipe under my sink. Hopefully, this will help avoid any future leaks. \
                 Nope, no other questions for now."
                    .to_string(),
            )],
        );
        assert!(!out.contains("this will help"), "{out}");
        assert!(!out.contains("questions"), "{out}");
    }
}
