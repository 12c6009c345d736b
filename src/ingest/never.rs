//! What a person says they have never done ("I've never customized the spaCy pipeline", "Scott
//! has never fixed his bike"), read once at ingest. Such a claim is the one side of a
//! contradiction when the same person elsewhere says they did it; retrieval cites both sides.
//! One pattern of English: a subject the speaker can vouch for, "never", and the verb phrase up
//! to the end of its clause.

use crate::rules::words::clauses::CLAUSE_OPENERS;
use crate::rules::words::clauses::SECOND_CLAUSE;
use crate::rules::words::clauses::TRAILING;
use crate::rules::words::negation::NOT_CLAIMS;
use crate::rules::words::negation::SELF;
use crate::rules::words::negation::THOUGHTS;

use crate::event::Holder;

/// Longest claim kept, in words: a clause, not a paragraph.
const MOST_WORDS: usize = 14;

/// Most claims one turn states.
const MOST: usize = 8;

/// Every "never" claim `text` (one of the person's turns) states, with whose it is.
#[must_use]
pub fn stated(text: &str) -> Vec<(Holder, String)> {
    let mut out: Vec<(Holder, String)> = Vec::new();
    // A question asks whether; it claims nothing ("Have I never tried it?"). What it tells does
    // ("I've never run a marathon, is six months enough?").
    for sentence in crate::rules::told_sentences(&crate::text::without_fences(text)) {
        let raw: Vec<&str> = sentence.split_whitespace().collect();
        let low: Vec<String> = raw.iter().map(|t| crate::text::token_word(t)).collect();
        for (k, w) in low.iter().enumerate() {
            if w != "never" || out.len() >= MOST {
                continue;
            }
            let Some(holder) = subject(&raw, &low, k) else { continue };
            let mut claim: Vec<&str> = Vec::new();
            for (j, t) in raw.iter().enumerate().skip(k + 1).take(MOST_WORDS) {
                let here = low.get(j).map_or("", String::as_str);
                let next = low.get(j + 1).map_or("", String::as_str);
                // "because of my investing" is a phrase of the claim, not a clause after it.
                let opens = (CLAUSE_OPENERS.contains(&here) && !(here == "because" && next == "of"))
                    || (matches!(here, "and" | "or") && SECOND_CLAUSE.contains(&next));
                if opens && !claim.is_empty() {
                    break;
                }
                let word = t.trim_end_matches([',', '.', ';', ':', '!', ')', '"', '”']);
                // "with Dr. Elena Mbeki": a title's full stop ends no clause.
                let title = t.len() == word.len() + 1
                    && t.ends_with('.')
                    && crate::text::ABBREVIATIONS.contains(&word.to_lowercase().as_str());
                if title {
                    claim.push(t);
                    continue;
                }
                if !word.is_empty() {
                    // A quoted title opened in the claim is closed in it: 'read "The Intelligent
                    // Investor" or any other book'.
                    let quotes = |w: &str| w.matches(['"', '“', '”']).count();
                    let open = (claim.iter().map(|w| quotes(w)).sum::<usize>() + quotes(word)) % 2 == 1;
                    let closing = t
                        .get(word.len()..)
                        .and_then(|rest| rest.chars().next())
                        .filter(|c| open && matches!(c, '"' | '”'));
                    claim.push(closing.and_then(|c| t.get(..word.len() + c.len_utf8())).unwrap_or(word));
                }
                if t.ends_with([',', '.', ';', ':', '!', '?', ')']) {
                    break;
                }
            }
            // "never tried it before" claims what "never tried it" does.
            while claim.len() > 1
                && claim
                    .last()
                    .is_some_and(|w| TRAILING.contains(&w.to_lowercase().as_str()))
            {
                claim.pop();
            }
            // "…but I've never been happier" or "never mind": nothing one could have done.
            let first = claim.first().map(|c| c.to_lowercase()).unwrap_or_default();
            // Told about the holder, not by them: "rotated my keys" is "rotated their keys".
            let text = claim.iter().map(|w| third(w)).collect::<Vec<_>>().join(" ");
            // "I never thought I'd enjoy it" voices surprise, not a deed; "never decided to try
            // it" leaves what "it" is to a sentence before.
            let last = claim.last().map(|c| c.to_lowercase()).unwrap_or_default();
            let pronoun_object = matches!(last.as_str(), "it" | "that" | "this" | "them" | "one");
            if NOT_CLAIMS.contains(&first.as_str())
                || THOUGHTS.contains(&first.as_str())
                || pronoun_object
                || crate::text::content_words(&text).len() < 2
            {
                continue;
            }
            if !out.iter().any(|(h, c)| *h == holder && *c == text) {
                out.push((holder, text));
            }
        }
    }
    out
}

/// A word of the speaker's as said of them: "my" → "their", "me" → "them".
fn third(word: &str) -> String {
    match word.to_lowercase().replace('’', "'").as_str() {
        "my" => "their".into(),
        "me" => "them".into(),
        "mine" => "theirs".into(),
        "myself" => "themselves".into(),
        "i" => "they".into(),
        "i'm" => "they're".into(),
        "i've" => "they've".into(),
        "our" => "their".into(),
        "us" => "them".into(),
        "we" => "they".into(),
        _ => word.to_string(),
    }
}

/// Whose claim "never" at `k` makes: the speaker ("I've never", "I have never", "we never") or
/// someone they name ("Scott has never"). A pronoun for someone else is left unread, since who
/// it stands for is not in the sentence.
fn subject(raw: &[&str], low: &[String], k: usize) -> Option<Holder> {
    let before = |n: usize| k.checked_sub(n).and_then(|i| low.get(i)).map(String::as_str);
    let aux = matches!(
        before(1),
        Some("have" | "has" | "had" | "am" | "was" | "will" | "would" | "could" | "did")
    );
    let at = if aux { 2 } else { 1 };
    // "Always answer with TypeScript, never plain JavaScript": a clause break between the word
    // and "never" leaves the claim without a subject.
    let from = k.checked_sub(at)?;
    if raw.get(from..k)?.iter().any(|t| t.ends_with([',', ';', ':', '—', '–'])) {
        return None;
    }
    let who = before(at)?;
    if SELF.contains(&who) {
        return Some(Holder::Person);
    }
    // "Scott has never …": a capitalised name, not the sentence's first word alone unless it is
    // clearly a name with "has".
    let i = k.checked_sub(at)?;
    let word = raw.get(i)?.trim_matches(|c: char| !c.is_alphanumeric());
    let named = word.starts_with(char::is_uppercase)
        && word.chars().count() > 1
        && !crate::text::is_stopword(&word.to_lowercase())
        && (i > 0 || before(1) == Some("has"));
    named.then(|| Holder::Named(word.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_claims_of_the_speaker_and_of_someone_named() {
        assert_eq!(
            stated("To be honest, I've never customized the spaCy pipeline before, so go slow."),
            vec![(Holder::Person, "customized the spaCy pipeline".to_string())]
        );
        assert_eq!(
            stated("Scott has never fixed his bike tire on his own."),
            vec![(
                Holder::Named("Scott".into()),
                "fixed his bike tire on his own".to_string()
            )]
        );
        assert_eq!(
            stated("I never missed a freelance deadline because of my investing"),
            vec![(
                Holder::Person,
                "missed a freelance deadline because of their investing".to_string()
            )]
        );
        assert_eq!(
            stated("I've never completed any geometric sequence problems and need a step-by-step explanation."),
            vec![(Holder::Person, "completed any geometric sequence problems".to_string())]
        );
        assert_eq!(
            stated("I have never baked bread but want to try, and I never used Flask and Django."),
            vec![
                (Holder::Person, "baked bread".to_string()),
                (Holder::Person, "used Flask and Django".to_string())
            ]
        );
    }

    #[test]
    fn a_clause_break_before_never_leaves_no_subject() {
        assert_eq!(stated("Always answer with TypeScript, never plain JavaScript."), vec![]);
        assert_eq!(stated("Tea with lemon; never milk."), vec![]);
        assert_eq!(
            stated("Honestly, I never learned to swim."),
            vec![(Holder::Person, "learned to swim".to_string())]
        );
    }

    #[test]
    fn a_quoted_title_in_a_claim_stays_closed() {
        assert_eq!(
            stated("I've never read \"The Intelligent Investor\" or any other investment book."),
            vec![(
                Holder::Person,
                "read \"The Intelligent Investor\" or any other investment book".to_string()
            )]
        );
        assert_eq!(
            stated("I've never read “Dune”, so go easy."),
            vec![(Holder::Person, "read “Dune”".to_string())]
        );
    }

    #[test]
    fn a_title_s_full_stop_ends_no_claim() {
        assert_eq!(
            stated("I've never attended therapy sessions with Dr. Elena Mbeki before, so I'm nervous."),
            vec![(
                Holder::Person,
                "attended therapy sessions with Dr. Elena Mbeki".to_string()
            )]
        );
    }

    #[test]
    fn questions_pronouns_and_idioms_claim_nothing() {
        assert!(stated("Have I never tried it?").is_empty());
        assert!(stated("She has never been to Lisbon.").is_empty());
        assert!(stated("Never mind, I found it.").is_empty());
        assert!(stated("I've never been happier.").is_empty());
        assert!(stated("It never fails.").is_empty());
        assert!(stated("I never imagined having pets would bring so much happiness.").is_empty());
        assert!(stated("I never decided to try it.").is_empty());
        for hostile in ["never", "I never", "I've never.", "日本 never 日本", "\"never\""] {
            let _ = stated(hostile);
        }
    }
}
