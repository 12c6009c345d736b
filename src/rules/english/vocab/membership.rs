//! Paid access to an activity that the clause gives up. "I just cancelled my unused gym
//! membership, which saves me $45 a month" is about a bill, not about going to the gym: an
//! activity word that only names what a membership, subscription, pass or fee is for, in a
//! clause that cancels it or calls it unused, files no activity. "I renewed my gym membership
//! and go three times a week" still does.

use crate::lexicon::Located;
use crate::rules::words::nouns::{LAPSED, PAID_ACCESS};

/// Words before the activity word searched for a word of lapsing ("cancelled my unused gym").
const BEFORE: usize = 4;
/// Words after the access noun searched the same way ("the gym membership I cancelled").
const AFTER: usize = 4;

/// Whether `found` names only what lapsed paid access was for (see the module).
pub(super) fn lapsed_access(toks: &[String], found: &Located<'_>) -> bool {
    let after = found.at.saturating_add(found.len);
    if !toks.get(after).is_some_and(|w| PAID_ACCESS.contains(&w.as_str())) {
        return false;
    }
    toks.get(found.at.saturating_sub(BEFORE)..found.at)
        .unwrap_or_default()
        .iter()
        .chain(toks.iter().skip(after.saturating_add(1)).take(AFTER))
        .any(|w| LAPSED.contains(&w.as_str()) || w == "never")
}

#[cfg(test)]
mod tests {
    use super::lapsed_access;
    use crate::lexicon::Lexicon;
    use crate::text::words;

    fn lapsed(text: &str) -> bool {
        let toks: Vec<String> = words(text).collect();
        Lexicon::builtin()
            .located(text)
            .iter()
            .filter(|f| f.entry.general == "Strength Training")
            .any(|f| lapsed_access(&toks, f))
    }

    #[test]
    fn a_cancelled_or_unused_membership_is_a_bill_not_the_activity() {
        assert!(lapsed(
            "I just cancelled my unused gym membership, which saves me $45 a month."
        ));
        assert!(lapsed("The gym membership I never use is going."));
        assert!(!lapsed("I renewed my gym membership and go three times a week."));
        assert!(!lapsed("I cancelled dinner to go to the gym."));
    }
}
