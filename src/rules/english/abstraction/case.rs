//! How a concept's name is written inside a sentence: "LGBTQ identity", "Strength training",
//! "self-care", with only acronyms and proper names capitalised.

use crate::rules::words::people::PROPER;

/// "Strength Training" → "Strength training", for the start of a sentence.
pub(super) fn topic_case(name: &str) -> String {
    // Proper names inside ("Japan Trip") keep their capital; common words do not.
    match name.split_once(' ') {
        Some((first, rest)) => format!("{first} {}", inline_case(rest)),
        None => name.to_string(),
    }
}

/// A concept's name inside a sentence: every word lowercased but an acronym or a proper name
/// ("LGBTQ identity", "Italian cuisine", "strength training").
pub(super) fn inline_case(name: &str) -> String {
    let mut out = String::new();
    for (i, w) in name.split_whitespace().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&inline_word(w));
    }
    out
}

/// One word of [`inline_case`]: an acronym ("LGBTQ"), a word written in mixed case
/// ("JavaScript") or a proper name keeps its case; each part of a hyphenated word is looked at
/// by itself ("Self-Care" → "self-care").
fn inline_word(w: &str) -> String {
    w.split('-')
        .map(|part| {
            let letters = part.chars().filter(|c| c.is_alphabetic()).count();
            let acronym = letters >= 2 && part.chars().filter(|c| c.is_alphabetic()).all(char::is_uppercase);
            let mixed = part.chars().skip(1).any(char::is_uppercase);
            if acronym || mixed || PROPER.contains(&part) {
                part.to_string()
            } else {
                part.to_lowercase()
            }
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// Whether a concept's name is a plural subject ("Gifts have", "Job offers have"; "Fitness
/// has", "Physics has", "Stress has"). English marks a plural count noun with a final -s; words
/// in -ss, -us, -is, -ics and -ness are singular (a mass noun or a field of study). A category
/// named by two coordinated words is one topic ("Grilling and barbecue has"), so its last word
/// decides.
pub(super) fn plural(name: &str) -> bool {
    // An acronym takes a lowercase -s after its capitals ("APIs", "vCPUs", "ETFs"); one that
    // ends in a capital is one thing ("iOS", "macOS", "GPS").
    let mut tail = name.split_whitespace().last().unwrap_or_default().chars().rev();
    match (tail.next(), tail.next()) {
        (Some('s'), Some(c)) if c.is_uppercase() => return true,
        (Some(c), _) if c.is_uppercase() => return false,
        _ => {}
    }
    let lower = name.to_lowercase();
    let Some(last) = lower.split_whitespace().last() else {
        return false;
    };
    last.ends_with('s')
        && last.chars().count() > 3
        && !["ss", "us", "is", "ics", "ness", "news", "series", "species", "ways"]
            .iter()
            .any(|end| last.ends_with(end))
}

/// `singular` or `plural`, whichever agrees with `name` as a subject.
pub(super) fn agree<'a>(name: &str, singular: &'a str, plural_form: &'a str) -> &'a str {
    if plural(name) { plural_form } else { singular }
}

#[cfg(test)]
mod tests {
    use super::plural;

    #[test]
    fn a_plural_name_is_told_from_a_singular_one_ending_in_s() {
        for p in [
            "Gifts",
            "Blood Tests",
            "Job Offers",
            "Holidays",
            "Allergies",
            "Workouts",
            "vCPUs",
            "REST APIs",
            "ETFs",
        ] {
            assert!(plural(p), "{p}");
        }
        for s in [
            "Fitness",
            "Stress",
            "Physics",
            "Mindfulness",
            "Gymnastics",
            "Bus",
            "Rent",
            "Yoga",
            "Tennis",
            "Grilling and Barbecue",
            "iOS",
            "macOS",
            "GPS",
        ] {
            assert!(!plural(s), "{s}");
        }
    }
}
