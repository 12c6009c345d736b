//! A request put to the listener, told as what the speaker asked for. "Walk me through the
//! mechanism step by step" said to an assistant is the speaker's request: "I asked the assistant
//! to walk me through the mechanism step by step", which the third-person rewrite then tells of
//! the person ("Ade asked the assistant to walk them through …"). A request opens on one of the
//! verbs of asking for help or a way of answering, after an optional "please", "always" or
//! "never", and concerns the speaker ("me", "my") or is marked as one ("please", "always",
//! "never"): "Check out this photo!" and "Keep it up!" are no requests about the speaker.

use crate::rules::words::verbs::REQUEST_VERBS;

/// The request in `sentence` as the speaker's own report of it, or `None` when it is no request.
/// `listener` is whom it was said to ("the assistant", "Omar").
pub(super) fn as_reported(sentence: &str, listener: &str) -> Option<String> {
    let trimmed = sentence.trim_start();
    let toks: Vec<String> = crate::text::words(trimmed).collect();
    let mut at = 0;
    let mut marked = false;
    if toks.first().is_some_and(|w| matches!(w.as_str(), "please" | "pls")) {
        at = 1;
        marked = true;
    }
    let mut adverb = "";
    let mut negated = false;
    match toks.get(at).map(String::as_str) {
        Some("always") => adverb = "always ",
        Some("never") => adverb = "never ",
        Some("don't" | "dont") => negated = true,
        _ => {}
    }
    if !adverb.is_empty() || negated {
        at += 1;
        marked = true;
    }
    let verb = toks.get(at)?;
    if !REQUEST_VERBS.contains(&verb.as_str()) {
        return None;
    }
    let mine = toks
        .iter()
        .any(|w| matches!(w.as_str(), "me" | "my" | "i" | "i'm" | "myself"));
    if !(marked || mine) || sentence.trim_end().ends_with('?') {
        return None;
    }
    // The words from the verb on, as said (whatever punctuation led them in).
    let start = byte_of_word(trimmed, at)?;
    let rest = trimmed.get(start..)?;
    let mut chars = rest.chars();
    let rest: String = chars
        .next()
        .map_or_else(String::new, |f| f.to_lowercase().chain(chars).collect());
    let not = if negated { "not " } else { "" };
    Some(format!(
        "I asked {listener} {not}to {adverb}{}",
        as_listener(&rest, listener)
    ))
}

/// The request's own words with the listener named as the report names them: "keep your
/// answers simple" said to the assistant is "keep its answers simple", said to Omar "keep
/// Omar's answers simple".
fn as_listener(rest: &str, listener: &str) -> String {
    let assistant = listener == "the assistant";
    rest.split(' ')
        .map(|tok| {
            let word = crate::text::token_word(tok);
            let with = match word.as_str() {
                "your" if assistant => "its".to_string(),
                "your" => format!("{listener}'s"),
                "yours" if assistant => "its".to_string(),
                "yours" => format!("{listener}'s"),
                "yourself" if assistant => "itself".to_string(),
                "yourself" => listener.to_string(),
                _ => return tok.to_string(),
            };
            // The token's punctuation around the word stays ("your," → "its,").
            match tok.to_lowercase().find(word.as_str()) {
                Some(at) => {
                    let (before, after) = (tok.get(..at).unwrap_or(""), tok.get(at + word.len()..).unwrap_or(""));
                    format!("{before}{with}{after}")
                }
                None => with,
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The byte offset of the `n`th word of `text` (as [`crate::text::words`] counts them).
fn byte_of_word(text: &str, n: usize) -> Option<usize> {
    let mut seen = 0;
    let mut in_word = false;
    for (i, c) in text.char_indices() {
        let part = c.is_alphanumeric() || c == '\'';
        if part && !in_word {
            if seen == n {
                return Some(i);
            }
            seen += 1;
        }
        in_word = part;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::as_reported;

    #[test]
    fn a_request_is_told_as_what_the_speaker_asked_for() {
        assert_eq!(
            as_reported(
                "Walk me through the mechanism of an aldol condensation step by step.",
                "the assistant"
            )
            .as_deref(),
            Some("I asked the assistant to walk me through the mechanism of an aldol condensation step by step.")
        );
        assert_eq!(
            as_reported("Please explain things with everyday analogies.", "the assistant").as_deref(),
            Some("I asked the assistant to explain things with everyday analogies.")
        );
        assert_eq!(
            as_reported("Always use type hints in my code.", "the assistant").as_deref(),
            Some("I asked the assistant to always use type hints in my code.")
        );
        assert_eq!(
            as_reported("Don't use dollars, use euros.", "the assistant").as_deref(),
            Some("I asked the assistant not to use dollars, use euros.")
        );
        assert_eq!(
            as_reported("Show me a picture of it!", "Omar").as_deref(),
            Some("I asked Omar to show me a picture of it!")
        );
        assert_eq!(
            as_reported(
                "Please keep your answers simple, and always show the numbers.",
                "the assistant"
            )
            .as_deref(),
            Some("I asked the assistant to keep its answers simple, and always show the numbers.")
        );
        assert_eq!(
            as_reported("Send me your notes, please!", "Omar").as_deref(),
            Some("I asked Omar to send me Omar's notes, please!")
        );
        assert_eq!(as_reported("Keep it up!", "Omar"), None);
        assert_eq!(as_reported("Check out this photo!", "Omar"), None);
        assert_eq!(as_reported("Can you explain it again?", "the assistant"), None);
        assert_eq!(as_reported("I walk every morning.", "Omar"), None);
    }
}
