//! Whose job a job title names. "The plumber says the sink has to stay", "my teacher Lucía" and
//! "we hired an accountant" name someone else's trade; only "I'm a plumber", "I am an
//! experienced nurse" or "as a teacher" make it the speaker's own profession.

use crate::lexicon::Located;
use crate::rules::words::figures::{ACTIVITY_DOERS, WORK_AT};
use crate::rules::words::relations::PARTNER_KINDS;
use crate::rules::words::relations::{CHILD_OWNERS, CHILDREN};

/// The sub-concept whose matches are the person's line of work.
const PROFESSION: &str = "Profession";

/// Job titles the suffix rule below does not recognise as a person.
const TITLES: &[&str] = &[
    "nurse",
    "nurses",
    "mechanic",
    "mechanics",
    "veteran",
    "veterans",
    "chef",
    "chefs",
];

/// Endings of a noun for one who does something: teacher, auditor, accountant, electrician,
/// therapist.
const AGENT_ENDINGS: &[&str] = &["er", "ers", "or", "ors", "ant", "ants", "ian", "ians", "ist", "ists"];

/// Words that, right before the article, say the speaker is what follows: "I'm a", "as an".
/// ("be", "become" and "was" need their subject and are read apart.)
const SELF_COPULAS: &[&str] = &["i'm", "im", "am", "as"];

/// Words that close a noun phrase before a title: it is someone's ("my teacher", "the plumber").
const OWNERS: &[&str] = &[
    "the", "my", "your", "his", "her", "our", "their", "its", "this", "that", "these", "those",
];

/// Adverbs between a copula and its article ("I'm no longer an accountant", "I'm now a nurse").
const BETWEEN: &[&str] = &[
    "no",
    "not",
    "longer",
    "now",
    "still",
    "also",
    "already",
    "actually",
    "just",
    "finally",
    "officially",
];

/// Nouns a title modifies when it names a line of work rather than a person ("developer jobs",
/// "a nursing course", "the plumber apprenticeship").
const WORK_HEADS: &[&str] = &[
    "job",
    "jobs",
    "role",
    "roles",
    "position",
    "positions",
    "career",
    "work",
    "interview",
    "interviews",
    "bootcamp",
    "course",
    "courses",
    "program",
    "programme",
    "training",
    "degree",
    "license",
    "licence",
    "school",
    "exam",
    "exams",
    "certification",
    "apprenticeship",
    "internship",
];

/// Whether the match is a job title said of someone other than the speaker, or one who does an
/// activity named with a determiner and not said of the speaker ("the photographer we hired",
/// "my sister is a singer"). A doer's noun without one may be a verb ("I love to cook") and is
/// left to the other rules.
pub(super) fn someone_elses(toks: &[String], found: &Located<'_>) -> bool {
    let after = found.at.saturating_add(found.len);
    let Some(word) = after.checked_sub(1).and_then(|last| toks.get(last)) else {
        return false;
    };
    if found.entry.sub != PROFESSION {
        return ACTIVITY_DOERS.contains(&word.as_str())
            && determined(toks, found.at)
            && !said_of_speaker(toks, found.at);
    }
    let title = TITLES.contains(&word.as_str())
        || AGENT_ENDINGS
            .iter()
            .any(|e| word.len() > e.len() + 2 && word.ends_with(e));
    let names_work = toks.get(after).is_some_and(|w| WORK_HEADS.contains(&w.as_str()));
    title && !names_work && !said_of_speaker(toks, found.at)
}

/// Whether the match names someone else's child: "I'm his only child", "your kids are
/// adorable", "Anna's daughter". The nearest owner a few words back is not the speaker, so the
/// words say nothing of the speaker's own parenting ("my kids", "our youngest son" still do).
pub(super) fn another_s_child(toks: &[String], found: &Located<'_>) -> bool {
    let Some(word) = toks.get(found.at) else {
        return false;
    };
    if !CHILDREN.contains(&word.as_str()) {
        return false;
    }
    let owner = (1..=3)
        .filter_map(|back| found.at.checked_sub(back).and_then(|i| toks.get(i)))
        .find(|w| CHILD_OWNERS.contains(&w.as_str()) || w.ends_with("'s"));
    owner.is_some_and(|w| !matches!(w.as_str(), "my" | "our"))
}

/// Whether a determiner or an owner opens the noun phrase of the word at `at`, up to two
/// adjectives before it ("the photographer", "a wonderful wedding singer", "Anna's chef").
fn determined(toks: &[String], at: usize) -> bool {
    (1..=3).filter_map(|back| at.checked_sub(back)).any(|i| {
        toks.get(i)
            .is_some_and(|w| matches!(w.as_str(), "a" | "an") || OWNERS.contains(&w.as_str()) || w.ends_with("'s"))
    })
}

/// Whether the match names where someone works, not what they do there: a place after "at" or
/// "in" that a word of work stands close before ("my new role at the hospital", "shifts at the
/// restaurant", "I work in a gym"), or a place that modifies a word of work ("the hospital
/// job"). A place of work says nothing of the person's health, meals or fitness; words filed
/// under work itself are left alone.
pub(super) fn workplace(toks: &[String], found: &Located<'_>) -> bool {
    if found.entry.base == "Work and Study" {
        return false;
    }
    let after = found.at.saturating_add(found.len);
    if toks
        .get(after)
        .is_some_and(|w| WORK_AT.contains(&w.as_str()) && w != "work")
    {
        return true;
    }
    let Some(prep) = (1..=2)
        .filter_map(|back| found.at.checked_sub(back))
        .find(|i| toks.get(*i).is_some_and(|w| w == "at" || w == "in"))
    else {
        return false;
    };
    // Between the preposition and the place, only a determiner ("at the hospital").
    let between = toks.get(prep.saturating_add(1)..found.at).unwrap_or_default();
    if between
        .iter()
        .any(|w| !OWNERS.contains(&w.as_str()) && !matches!(w.as_str(), "a" | "an"))
    {
        return false;
    }
    // The verb of working stands right before the preposition ("I work at a gym"), or with
    // only how long between ("I work 15 hours a week at a bakery"): other words between may make
    // it exercise ("working hard at the gym", "working out at the gym").
    let verb = |w: &str| matches!(w, "work" | "works" | "worked" | "working");
    let how_long = |w: &String| {
        w.chars().all(|c| c.is_ascii_digit())
            || crate::rules::words::numbers::NUMBERS.contains(&w.as_str())
            || matches!(
                w.as_str(),
                "a" | "an"
                    | "per"
                    | "hours"
                    | "hour"
                    | "days"
                    | "day"
                    | "week"
                    | "weeks"
                    | "part"
                    | "full"
                    | "time"
                    | "nights"
                    | "weekends"
                    | "mornings"
                    | "evenings"
                    | "shifts"
            )
    };
    (1..=6).filter_map(|back| prep.checked_sub(back)).any(|i| {
        toks.get(i).is_some_and(|w| {
            let between = toks.get(i.saturating_add(1)..prep).unwrap_or_default();
            WORK_AT.contains(&w.as_str())
                && if verb(w) {
                    between.iter().all(how_long)
                } else {
                    between.len() < 3
                }
        })
    })
}

/// Whether a partner is one in work, study or a game rather than a couple's: a noun of what the
/// partnership is in stands right before it ("my lab partner Chidi", "a business partner",
/// "study partners").
pub(super) fn not_a_couple(toks: &[String], found: &Located<'_>) -> bool {
    found.entry.general == "Partner"
        && found
            .at
            .checked_sub(1)
            .and_then(|i| toks.get(i))
            .is_some_and(|w| PARTNER_KINDS.contains(&w.as_str()))
}

/// Whether "retired" describes someone it stands before ("Mallory, a retired analyst", "my
/// retired dad", "the retired couple next door"): an article or an owner before it and a noun
/// after it, in a phrase not said of the speaker ("I'm a retired nurse" is the speaker's
/// retirement).
pub(super) fn someone_elses_retirement(toks: &[String], found: &Located<'_>) -> bool {
    let word = |i: usize| toks.get(i).map_or("", String::as_str);
    if found.entry.general != "Retirement" || word(found.at) != "retired" {
        return false;
    }
    let before = found.at.checked_sub(1).map_or("", word);
    let determined = matches!(before, "a" | "an" | "the") || OWNERS.contains(&before) || before.ends_with("'s");
    let after = found.at.saturating_add(1);
    let noun_after = toks.get(after).is_some_and(|w| !crate::text::is_stopword(w));
    determined && noun_after && !said_of_speaker(toks, found.at)
}

/// Whether the title at `at` follows "a"/"an" (adjectives between) after a word that makes the
/// speaker what it names ("I'm a", "I am an experienced", "as a", "I want to become a"), or
/// opens the sentence with no one else's word before it ("Junior developer at a startup.", an
/// answer to what one does).
fn said_of_speaker(toks: &[String], at: usize) -> bool {
    let word = |i: usize| toks.get(i).map_or("", String::as_str);
    // Up to two adjectives between the article and the title ("a senior software engineer").
    let before_title = (1..=3).filter_map(|back| at.checked_sub(back));
    let mut article = None;
    for i in before_title {
        match word(i) {
            "a" | "an" => {
                article = Some(i);
                break;
            }
            w if OWNERS.contains(&w) || w.ends_with("'s") => return false,
            _ if i == 0 => return true,
            _ => {}
        }
    }
    if at == 0 {
        return true;
    }
    let Some(mut verb) = article.and_then(|a| a.checked_sub(1)) else {
        return false;
    };
    while BETWEEN.contains(&word(verb)) && verb > 0 {
        verb -= 1;
    }
    let before = |i: usize| i.checked_sub(1).map_or("", word);
    match word(verb) {
        // A curly "I’m" splits into "i" and "m".
        "m" => before(verb) == "i",
        // "I was a nurse", not "my dad was a nurse".
        "was" => before(verb) == "i",
        // "I want to be a nurse", "I became a teacher": the speaker is the subject close by.
        "be" | "become" | "became" | "becoming" | "been" => (1..=4)
            .filter_map(|back| verb.checked_sub(back))
            .any(|i| matches!(word(i), "i" | "i'm" | "i've" | "i'd" | "i'll")),
        w => SELF_COPULAS.contains(&w),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexicon::LexEntry;

    /// `rule` on the first word of `sentence` that starts with `word`, filed as `path` (base,
    /// sub-concept, general event).
    fn judged(rule: fn(&[String], &Located<'_>) -> bool, sentence: &str, word: &str, path: [&str; 3]) -> bool {
        let toks: Vec<String> = crate::text::words(sentence).collect();
        let at = toks.iter().position(|t| t.starts_with(word)).unwrap_or(usize::MAX);
        let entry = LexEntry {
            pattern: word.into(),
            base: path[0].into(),
            sub: path[1].into(),
            general: path[2].into(),
            polysemous: false,
        };
        rule(
            &toks,
            &Located {
                at,
                len: 1,
                entry: &entry,
            },
        )
    }

    fn elses(sentence: &str, title: &str) -> bool {
        judged(someone_elses, sentence, title, ["Work and Study", PROFESSION, "Trades"])
    }

    #[test]
    fn a_job_title_is_the_speakers_only_when_said_of_them() {
        assert!(elses("The plumber says the sink has to stay where it is.", "plumber"));
        assert!(elses("My teacher Lucía is brilliant.", "teacher"));
        assert!(elses("We hired an accountant for the taxes.", "accountant"));
        assert!(elses("My dad was a mechanic.", "mechanic"));
        assert!(!elses("I'm a plumber in Leeds.", "plumber"));
        assert!(!elses("I am an experienced nurse.", "nurse"));
        assert!(!elses("As a teacher, how do I grade fairly?", "teacher"));
        assert!(!elses("I want to become a senior developer.", "developer"));
        assert!(!elses("I was a mechanic for ten years.", "mechanic"));
        assert!(!elses("I’m a chef at a bistro.", "chef"));
        assert!(!elses("She always thought I'd be a good programmer.", "programmer"));
        assert!(!elses("I'm no longer an accountant.", "accountant"));
        assert!(!elses(
            "I'm applying for junior developer jobs in September.",
            "developer"
        ));
        assert!(!elses("Junior developer at a fintech startup.", "developer"));
        assert!(elses("Our electrician found old wiring.", "electrician"));
        let doer = |sentence: &str, word: &str| {
            judged(
                someone_elses,
                sentence,
                word,
                ["Interests and Entertainment", "Arts and Crafts", "Photography"],
            )
        };
        assert!(doer(
            "The photographer we hired asked for the shot list.",
            "photographer"
        ));
        assert!(doer("My sister is a wonderful singer.", "singer"));
        assert!(!doer("I'm a keen photographer.", "photographer"));
        assert!(!doer("As a runner, I need better shoes.", "runner"));
        assert!(!doer("I really love to cook on weekends.", "cook"));
    }

    #[test]
    fn a_partner_in_work_or_study_is_not_a_couple_s() {
        let partner = |sentence: &str| {
            judged(
                not_a_couple,
                sentence,
                "partner",
                ["Social Relationships", "Romantic Relationships", "Partner"],
            )
        };
        assert!(partner("My lab partner Chidi and I keep getting low yields."));
        assert!(partner("We need a business partner with capital."));
        assert!(!partner("My partner and I moved to Leeds."));
        assert!(!partner("I'm cooking dinner for my new partner."));
    }

    #[test]
    fn a_place_of_work_is_not_what_the_person_does_there() {
        let at = |sentence: &str, word: &str, base: &str| judged(workplace, sentence, word, [base, "", ""]);
        assert!(at(
            "How's the new role at the hospital going?",
            "hospital",
            "Health and Wellness"
        ));
        assert!(at(
            "I quit the hospital job, by the way.",
            "hospital",
            "Health and Wellness"
        ));
        assert!(at(
            "My shifts at the restaurant change every week.",
            "restaurant",
            "Dining"
        ));
        assert!(at("I work at a gym downtown.", "gym", "Health and Wellness"));
        assert!(at(
            "I also work 15 hours a week at a bakery on Hyde Park Road.",
            "bakery",
            "Dining"
        ));
        assert!(!at("I was working out at the gym.", "gym", "Health and Wellness"));
        assert!(!at("I've been working hard at the gym.", "gym", "Health and Wellness"));
        assert!(!at(
            "I spent two nights in the hospital.",
            "hospital",
            "Health and Wellness"
        ));
        assert!(!at("We had dinner at the restaurant.", "restaurant", "Dining"));
        assert!(!at(
            "Dinner with my colleagues at the restaurant.",
            "restaurant",
            "Dining"
        ));
        assert!(at("I work part-time at a bakery.", "bakery", "Dining"));
        assert!(elses("Sam's teacher called.", "teacher"));
        // Not a title: the rule leaves the activity to the other rules.
        assert!(!elses("The teaching was great.", "teaching"));
    }
}
