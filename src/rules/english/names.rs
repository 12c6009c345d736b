//! The names a sentence holds: capitalised word runs that are not sentence-initial and not
//! common words (people, places, books, events), which become instance events beside the
//! activity they stand next to.

use crate::rules::words::function::CONTRACTIONS;
use crate::rules::words::people::NAMES_NOT_NAMES as NOT_NAMES;
use crate::rules::words::verbs::SAYING;

use super::extract::is_calendar_or_count;

/// Capitalised word runs that are not sentence-initial and not common words: names of people,
/// places, books, events. A sentence also starts after a closing quote ("…a different file."
/// Here's…"); a possessive is the name without it ("Scott's test" names Scott); a word before a
/// number labels a step of a list ("Phase 3", "Step 2"), and names nothing.
pub(super) fn named_things(sentence: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut run: Vec<&str> = Vec::new();
    let toks: Vec<&str> = sentence.split_whitespace().collect();
    for (i, raw) in toks.iter().enumerate() {
        let w = raw.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'');
        // "Let's Encrypt" is a name: a contraction before another capital may open one.
        let contraction = CONTRACTIONS.iter().any(|c| w.replace('’', "'").eq_ignore_ascii_case(c))
            && !toks.get(i + 1).is_some_and(|n| n.starts_with(char::is_uppercase));
        let w = w.strip_suffix("'s").or_else(|| w.strip_suffix("’s")).unwrap_or(w);
        let capital = w.chars().next().is_some_and(char::is_uppercase) && w.chars().count() > 1;
        let starts = i == 0
            // A quote opens a sentence after a verb of saying or a colon ("it said \"Try
            // again\""); after other words it may hold a title ("I read \"Atomic Habits\"").
            || (raw.starts_with(['"', '“'])
                && (toks[i - 1].ends_with([':', ','])
                    || SAYING.contains(&toks[i - 1].to_lowercase().as_str())))
            || toks[i - 1]
                .trim_end_matches(['"', '\'', '”', '’', ')', ']'])
                .ends_with(['.', '!', '?', ':']);
        let label = run.is_empty()
            && toks.get(i + 1).is_some_and(|n| {
                n.trim_end_matches([',', '.', ':', ')'])
                    .chars()
                    .all(|c| c.is_ascii_digit())
            });
        let name_like = capital
            && !starts
            && !label
            && !contraction
            && !NOT_NAMES.contains(&w)
            && crate::time::Timestamp::month_from_name(w).is_none_or(|_| w.len() < 3);
        if name_like {
            run.push(w);
        }
        let ends = !name_like || raw.ends_with([',', '.', '!', '?', ';', ':']);
        if ends && !run.is_empty() {
            if run.len() <= 4 {
                out.push(run.join(" "));
            }
            run.clear();
        }
    }
    if !run.is_empty() && run.len() <= 4 {
        out.push(run.join(" "));
    }
    // Acronyms ("PR") and words the lexicon files as activities are not names; nor are days,
    // months, ordinals and numbers ("Mondays", "Fourth").
    let lex = super::Lexicon::builtin();
    out.retain(|n| {
        (n.contains(' ') || (n.len() >= 3 && !n.chars().all(char::is_uppercase) && lex.matches(n).next().is_none()))
            && !n.split_whitespace().all(is_calendar_or_count)
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_things_skip_sentence_starts_and_pronouns() {
        assert_eq!(
            named_things("I ran the Boston Marathon with Sam."),
            vec!["Boston Marathon", "Sam"]
        );
        assert!(named_things("Today I lifted.").is_empty());
        assert!(named_things("It said \"Try a different file.\" Here's the log.").is_empty());
        assert!(named_things("I finished Phase 1 and Step 2: tests.").is_empty());
        assert_eq!(named_things("I'll start by reviewing Scott's test."), vec!["Scott"]);
        assert_eq!(
            named_things("I read \"Atomic Habits\" last week."),
            vec!["Atomic Habits"]
        );
    }
}
