//! Whose activity an evidence line is about, and the lead-ins a sentence drops before it goes
//! into a summary.
//!
//! Every line RK1/RK2 see is the tracked person's own words, but not every line is about the
//! person's own life: "Wishing you the best on your adoption journey" and "Adoption sounds
//! awesome." are a reply to the other speaker's news. A trait ("Melanie enjoys adoption") or a
//! "Most recently, …" sentence built from such a line credits the person with someone else's
//! activity, which a reader (and the answerer) takes as the person's own.

use crate::rules::words::people::LEAD_INS;
use crate::rules::words::people::WHOSE_TO_LISTENER as TO_LISTENER;

use crate::text::words;

/// Whether a line speaks to the listener ("you", "your …") or asks something.
#[must_use]
pub fn to_listener(text: &str) -> bool {
    text.trim_end().ends_with('?') || words(text).any(|w| TO_LISTENER.contains(&w.as_str()))
}

/// Whether a third-person conclusion is about `person`'s own life: it names the person (or the
/// person's things, "Melanie's kids"), and does not speak to the listener.
#[must_use]
pub fn about_person(text: &str, person: &str) -> bool {
    let key = person.trim().to_lowercase();
    if key.is_empty() || to_listener(text) {
        return false;
    }
    let possessive = format!("{key}'s");
    words(text).any(|w| w == key || w == possessive)
}

/// The sentence without its discourse lead-ins ("BTW, recently Melanie had a setback." →
/// "Recently Melanie had a setback."), capitalised again.
#[must_use]
pub fn without_lead_in(text: &str) -> String {
    let mut rest = text.trim();
    loop {
        let lower = rest.to_lowercase();
        let Some(lead) = LEAD_INS.iter().find(|l| {
            lower
                .strip_prefix(**l)
                .is_some_and(|after| after.starts_with([',', '!', ':']) || after.starts_with(" -"))
        }) else {
            break;
        };
        let Some(after) = rest.get(lead.len()..) else {
            break;
        };
        let after = after.trim_start_matches([',', '!', ':', ' ', '-']);
        if after.is_empty() {
            break;
        }
        rest = after;
    }
    capitalised(rest)
}

/// The sentence without a leading "Recently"/"Lately", for the second half of "Most recently, …".
#[must_use]
pub fn without_recently(text: &str) -> String {
    let t = text.trim();
    let lower = t.to_lowercase();
    for lead in ["recently", "lately", "just recently"] {
        if let Some(after) = lower.strip_prefix(lead)
            && (after.starts_with(',') || after.starts_with(' '))
            && let Some(rest) = t.get(lead.len()..)
        {
            let rest = rest.trim_start_matches([',', ' ']);
            if !rest.is_empty() {
                return capitalised(rest);
            }
        }
    }
    t.to_string()
}

fn capitalised(text: &str) -> String {
    let mut c = text.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_to_the_listener_is_not_about_the_person() {
        assert!(!about_person("Melanie is so happy for you.", "Melanie"));
        assert!(!about_person("Adoption sounds awesome.", "Melanie"));
        assert!(!about_person(
            "Wishing you the best on your adoption journey",
            "Melanie"
        ));
        assert!(!about_person("Did Melanie make it?", "Melanie"));
        assert!(about_person("Melanie is a big fan of pottery.", "Melanie"));
        assert!(about_person("In September 2023 Melanie got hurt.", "Melanie"));
        assert!(about_person("Melanie's kids loved the beach.", "Melanie"));
        assert!(!about_person("Melanie's kids loved the beach.", ""));
    }

    #[test]
    fn lead_ins_and_a_second_recently_go() {
        assert_eq!(
            without_lead_in("BTW, recently Melanie had a setback."),
            "Recently Melanie had a setback."
        );
        assert_eq!(
            without_lead_in("Also, Maya and others decided to swap Osaka."),
            "Maya and others decided to swap Osaka."
        );
        assert_eq!(without_lead_in("Oh well, so it goes."), "So it goes.");
        assert_eq!(without_lead_in("Well done, Sam."), "Well done, Sam.");
        assert_eq!(without_lead_in("Sofa shopping."), "Sofa shopping.");
        assert_eq!(
            without_recently("Recently Melanie had a setback."),
            "Melanie had a setback."
        );
        assert_eq!(without_recently("Recently, Caroline hiked."), "Caroline hiked.");
        assert_eq!(without_recently("Recentlyish."), "Recentlyish.");
    }
}
