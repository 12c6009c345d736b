//! Where a product's or tool's name belongs when its letters say nothing ("TurboTax",
//! "ChoreTrack", "MyFitnessPal"): outside a sentence about code, where the words of the person's
//! life in its own sentence are. "I prepared my estimated tax payments using TurboTax, hoping
//! the tax forms are right" files TurboTax under Taxes; the sentence's embedding as a whole is
//! pulled to whatever a generic request is nearest ("hoping I did everything right" reads as a
//! goal).

use super::machine::{code_sentence, release};
use crate::lexicon::Lexicon;
use crate::rules::words::nouns::NOT_FOR_PHRASES;
use crate::text::words;

/// How far (in words) a lexicon word may stand from the name and still speak for it.
const REACH: usize = 12;

/// The (base, sub-concept) the lexicon words of `sentence` hold most often, the nearest to
/// `name` first on a tie; `None` in a sentence about code (there the name is software, which
/// [`super::place::place`] files) or where no word of one sense stands near.
pub(crate) fn anchored(name: &str, sentence: &str) -> Option<(&'static str, &'static str)> {
    let toks: Vec<String> = words(sentence).collect();
    if code_sentence(&toks) {
        return None;
    }
    let first = words(name).next()?;
    let at = toks.iter().position(|t| *t == first)?;
    // A name with a release after it ("PyMuPDF 1.22.0", "Flask v2.2") is software.
    if toks.get(at + words(name).count()).is_some_and(|w| release(w)) {
        return None;
    }
    let mut tally: Vec<((&'static str, &'static str), usize, usize)> = Vec::new();
    for found in Lexicon::builtin().located(sentence) {
        let e = found.entry;
        let distance = found.at.abs_diff(at);
        // A word with a second sense vouches for neither; a trait, a goal or a condition ("I'm
        // stressed about the move") is no tool's place.
        if e.polysemous || e.is_condition() || distance > REACH || NOT_FOR_PHRASES.contains(&e.sub.as_str()) {
            continue;
        }
        let key = (e.base.as_str(), e.sub.as_str());
        match tally.iter_mut().find(|(k, _, _)| *k == key) {
            Some((_, n, near)) => {
                *n += 1;
                *near = (*near).min(distance);
            }
            None => tally.push((key, 1, distance)),
        }
    }
    tally
        .into_iter()
        .max_by(|a, b| a.1.cmp(&b.1).then(b.2.cmp(&a.2)))
        .map(|(key, _, _)| key)
}

#[cfg(test)]
mod tests {
    use super::anchored;

    #[test]
    fn a_tool_is_filed_by_the_words_of_its_sentence() {
        assert_eq!(
            anchored(
                "TurboTax",
                "I just prepared my estimated tax payments using TurboTax, and I'm hoping I did everything right for tax compliance."
            )
            .map(|p| p.1),
            Some("Taxes")
        );
        assert_eq!(
            anchored(
                "ChoreTrack",
                "Can you remind me how the ChoreTrack app helps him finish his chores?"
            )
            .map(|p| p.0),
            Some("Assets and Environment")
        );
        // In a sentence about code the name is software, filed by meaning elsewhere.
        assert_eq!(
            anchored(
                "PyMuPDF",
                "I parse the PDF with PyMuPDF and store the text in PostgreSQL."
            ),
            None
        );
        assert_eq!(
            anchored(
                "PyMuPDF",
                "I'm working on a project to extract text from PDFs using PyMuPDF 1.22.0."
            ),
            None,
            "a released name is software"
        );
        assert_eq!(
            anchored(
                "QuickMove",
                "I'm so stressed about it, and I've booked two movers from QuickMove."
            )
            .map(|p| p.1),
            Some("Housing"),
            "a feeling is no tool's place; the movers are"
        );
        assert_eq!(
            anchored("QuickMove", "I'm so stressed about it, and I've booked QuickMove."),
            None,
            "a feeling is no tool's place"
        );
        // Nothing of the person's life near it: nothing to go by.
        assert_eq!(anchored("Zorblax", "What do you think of Zorblax?"), None);
    }
}
