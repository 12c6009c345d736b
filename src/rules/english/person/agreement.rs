//! Who a verb agrees with when a first-person sentence becomes third-person: a compound
//! subject ("My partner and I play") keeps its plural verb, and a verb coordinated after the
//! person ("… and have been trying") agrees with the person unless something in between made it
//! bare or gave it another subject.

pub(super) use crate::rules::words::people::BARE_AFTER;
pub(super) use crate::rules::words::people::COORDINATED;
pub(super) use crate::rules::words::people::SUBJECTS;

use super::{lower_word, split};

/// Whether the "I" at `i` ends a compound subject ("My kids and I", "Sam and I"): it follows
/// "and", and what stands before that, back to the clause's start, is a short noun phrase (one
/// to three words opened by a possessive or an article, or one capitalised name), not a clause
/// with its own verb ("I study and I try").
pub(super) fn compound_subject(toks: &[&str], i: usize) -> bool {
    let Some(and_at) = i.checked_sub(1) else {
        return false;
    };
    if toks.get(and_at).map(|t| lower_word(t)).as_deref() != Some("and") {
        return false;
    }
    let start = (0..and_at)
        .rev()
        .find(|&j| toks[j].ends_with([',', '.', '!', '?', ';', ':']))
        .map_or(0, |j| j + 1);
    let Some(phrase) = toks.get(start..and_at).filter(|p| (1..=4).contains(&p.len())) else {
        return false;
    };
    let first = split(phrase[0]).1;
    let opener = matches!(
        lower_word(first).as_str(),
        "my" | "our" | "the" | "his" | "her" | "their" | "your"
    );
    let named = phrase.len() == 1 && first.starts_with(char::is_uppercase) && lower_word(first) != "i";
    opener || named
}

#[cfg(test)]
mod tests {
    use super::super::third_person;

    #[test]
    fn a_verb_coordinated_after_the_person_agrees_with_them() {
        assert_eq!(
            third_person(
                "I just started a project and have been trying to raise funds.",
                "Deb",
                None
            ),
            "Deb just started a project and has been trying to raise funds."
        );
        assert_eq!(
            third_person("I'm not alone and have a great community around me.", "Caroline", None),
            "Caroline is not alone and has a great community around them."
        );
        assert_eq!(
            third_person("I like cats and miss my dog.", "Kim", None),
            "Kim likes cats and misses their dog."
        );
        assert_eq!(
            third_person("I love the self-acceptance and love theme.", "Mel", None),
            "Mel loves the self-acceptance and love theme.",
            "a word that is as often a noun stays"
        );
        assert_eq!(
            third_person("I'm gonna check my schedule and get back to you.", "Kim", None),
            "Kim is gonna check their schedule and get back to you."
        );
        assert_eq!(
            third_person("I told them and they have fun.", "Kim", None),
            "Kim told them and they have fun.",
            "another subject's verb stays"
        );
        assert_eq!(
            third_person("My kids and I love it and have fun.", "Kim", None),
            "Kim's kids and Kim love it and have fun.",
            "a compound subject's verbs stay plural"
        );
        assert_eq!(
            third_person("I want to go and have fun.", "Kim", None),
            "Kim wants to go and have fun.",
            "an infinitive's coordinated verb stays bare"
        );
        assert_eq!(
            third_person("I can swim and have fun.", "Kim", None),
            "Kim can swim and have fun."
        );
        assert_eq!(
            third_person("I'm glad. Friends and family have fun.", "Kim", None),
            "Kim is glad. Friends and family have fun.",
            "a new sentence ends the person's run"
        );
    }

    #[test]
    fn a_compound_subject_keeps_its_plural_verb() {
        assert_eq!(
            third_person("My partner and I often play for bets!", "Jolene", None),
            "Jolene's partner and Jolene often play for bets!"
        );
        assert_eq!(
            third_person("My lab partner Chidi and I keep getting low yields.", "Ade", None),
            "Ade's lab partner Chidi and Ade keep getting low yields."
        );
        assert_eq!(
            third_person("Yesterday, Anna and I've been running.", "Deb", None),
            "Yesterday, Anna and Deb have been running."
        );
        assert_eq!(
            third_person("I study and I try.", "Kim", None),
            "Kim studies and Kim tries.",
            "a new clause's 'I' is singular"
        );
        assert_eq!(
            third_person("I went out with my kids and I swim daily.", "Kim", None),
            "Kim went out with their kids and Kim swims daily.",
            "a long clause before 'and' is no compound subject"
        );
    }
}
