//! The person's name, learned from what they say about themselves ("Hi, I'm Sam", "my name is
//! Sam", "call me Sam"), so the memory says "Sam" instead of "User".

use crate::rules::words::people::NOT_NAMES;

fn clean(w: &str) -> &str {
    w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’')
}

fn name_like(w: &str) -> bool {
    let mut chars = w.chars();
    chars.next().is_some_and(char::is_uppercase)
        && chars.clone().count() >= 1
        && chars.all(|c| c.is_lowercase() || c == '-')
        && !NOT_NAMES.contains(&w)
        && !w.ends_with("ish")
        && !w.ends_with("ese")
}

/// The name a turn introduces its speaker by, if it does so plainly.
#[must_use]
pub fn introduced_name(text: &str) -> Option<String> {
    for (n, sentence) in crate::text::sentences(text).iter().enumerate() {
        let raw: Vec<&str> = sentence.split_whitespace().collect();
        let lower: Vec<String> = raw.iter().map(|w| clean(w).to_lowercase().replace('’', "'")).collect();
        for i in 0..raw.len() {
            let at = |k: usize| lower.get(i + k).map_or("", String::as_str);
            let (skip, strict) = match (at(0), at(1), at(2)) {
                ("my", "name", "is") => (3, false),
                ("my", "name's", _) => (2, false),
                ("call", "me", _) => (2, false),
                ("i'm", _, _) => (1, true),
                ("i", "am", _) => (2, true),
                _ => continue,
            };
            let Some(word) = raw.get(i + skip) else { continue };
            let candidate = clean(word);
            if !name_like(candidate) {
                continue;
            }
            // "I'm X" is an introduction only at the start of a turn, after at most a greeting,
            // with the name ending its clause ("Hi! I'm Sam.", "Hey, I'm Sam and I swim").
            if strict {
                let greeting_only = lower[..i]
                    .iter()
                    .all(|w| matches!(w.as_str(), "hi" | "hello" | "hey" | "oh" | "so" | "well" | "and"));
                // "I'm Michael Fowler, and I'm 47": a surname may follow the first name, which
                // the memory goes by (as the people the person talks to do).
                let surname = raw.get(i + skip + 1).filter(|w| name_like(clean(w))).map_or(0, |_| 1);
                let last = raw.get(i + skip + surname).copied().unwrap_or(word);
                let ends_clause = last.ends_with([',', '.', '!', ';', ':', '?'])
                    || raw.get(i + skip + surname + 1).is_none()
                    || matches!(
                        lower.get(i + skip + surname + 1).map(String::as_str),
                        Some("and" | "here")
                    );
                if n > 1 || !greeting_only || !ends_clause {
                    continue;
                }
            }
            return Some(candidate.to_string());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn introductions_give_names() {
        assert_eq!(introduced_name("Hi, I'm Sam. I swim a lot."), Some("Sam".into()));
        assert_eq!(introduced_name("Hi! I'm Alex. I figured..."), Some("Alex".into()));
        assert_eq!(introduced_name("By the way, my name is Priya."), Some("Priya".into()));
        assert_eq!(introduced_name("Hey, I’m Jo and I run."), Some("Jo".into()));
        assert_eq!(
            introduced_name("I'm Dana Okafor, and I'm 52, so is it too late to retrain?"),
            Some("Dana".into())
        );
    }

    #[test]
    fn other_uses_of_im_are_not_names() {
        assert_eq!(introduced_name("I'm Canadian, by the way."), None);
        assert_eq!(introduced_name("I'm tired."), None);
        assert_eq!(introduced_name("Today I went out and I'm Happy."), None);
        assert_eq!(introduced_name("I'm Going to the gym later"), None);
        assert_eq!(introduced_name("I am Spanish."), None);
        assert_eq!(introduced_name("I'm Going Home tonight."), None);
        assert_eq!(introduced_name(""), None);
    }
}
