//! What an anniversary marks. A wedding's is the couple's ("our anniversary", "my wife's and
//! my tenth anniversary"); a death, a job, a company or sobriety marks one too ("my uncle's
//! death anniversary", "the anniversary of his passing", "my work anniversary"), and so does
//! someone else's marriage ("my parents' anniversary"): none of those is the person's marriage.
//! Nor, in a passage of grief, is one the clause does not tie to a wedding ("the anniversary
//! coping plan" after "since my uncle passed away").

use super::place::Setting;
use crate::lexicon::Located;
use crate::rules::words::nouns::{ANNIVERSARY_PARTNERS as PARTNERS, MARKS_OTHER_THAN_WEDDING as MARKS_OTHER, WEDDED};

/// Where the lexicon files grief, which a passage's votes tell.
const GRIEF_BASE: &str = "Health and Wellness";
const GRIEF: &str = "Grief";

/// The general event an anniversary is filed under.
const MARRIAGE: &str = "Marriage";

/// Whether `found`, an anniversary filed under marriage, marks something else (see the module).
pub(super) fn not_wedding(toks: &[String], found: &Located<'_>, setting: &Setting) -> bool {
    let Some(word) = toks.get(found.at) else {
        return false;
    };
    if found.entry.general != MARRIAGE || !word.starts_with("anniversar") {
        return false;
    }
    let before: Vec<&str> = toks
        .get(found.at.saturating_sub(3)..found.at)
        .unwrap_or_default()
        .iter()
        .map(String::as_str)
        .collect();
    let after: Vec<&str> = toks
        .iter()
        .skip(found.at.saturating_add(found.len))
        .take(5)
        .map(String::as_str)
        .collect();
    let marks_other = before.iter().any(|w| MARKS_OTHER.contains(w))
        || (after.first() == Some(&"of") && after.iter().any(|w| MARKS_OTHER.contains(w)));
    // "my uncle's anniversary", "my parents' anniversary": the possessor right before it.
    let someone_else = before
        .last()
        .is_some_and(|w| (w.ends_with("'s") || w.ends_with("s'")) && !PARTNERS.contains(w));
    // In a passage of grief ("since my uncle passed away"), an anniversary the clause does
    // not tie to a wedding is the death's.
    let wedded = toks.iter().any(|w| WEDDED.contains(&w.as_str()));
    let grieving = setting.votes_for(GRIEF_BASE, |g| g == GRIEF) > 0;
    marks_other || someone_else || (grieving && !wedded)
}
