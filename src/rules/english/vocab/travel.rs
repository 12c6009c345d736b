//! Words of travel used of errands and of moving house: a place named in the news or a market
//! ("companies in Europe"), a trip to the shops ("our shopping trips"), packing boxes for a move.
//! None of them is the person travelling.

use super::place::Setting;
use crate::lexicon::{LexEntry, Located};
use crate::rules::words::verbs::BEING_THERE;

/// The sub-concept of the places people travel to.
const DESTINATIONS: &str = "Destinations";
/// The general events of going on a trip and of packing for one (a trip said in the clause
/// makes packing the traveller's: "packing for our trip").
const TRIP: &str = "Trip Planning";
const PACKING: &str = "Packing";

/// Forms of going somewhere that also make futures and phrasal verbs ("going to", "get back").
const GOING: &[&str] = &[
    "go", "goes", "going", "gone", "get", "getting", "head", "heading", "back",
];

/// Words that may open a clause of only "to PLACE" ("maybe to Hokkaido", "and then to Rome").
const HEDGES: &[&str] = &[
    "maybe",
    "probably",
    "perhaps",
    "possibly",
    "hopefully",
    "then",
    "also",
    "and",
    "or",
    "next",
];

/// What a trip is for when it is an errand, said right before it ("shopping trips", "a grocery
/// trip", "two store trips a week", "a quick trip to the pharmacy").
const ERRANDS: &[&str] = &[
    "shopping",
    "store",
    "grocery",
    "groceries",
    "supermarket",
    "errand",
    "errands",
    "pharmacy",
    "bank",
    "mall",
    "vet",
    "dump",
    "hardware",
    "market",
];

/// Whether a travel word is used of something else: a destination nobody goes to or is in, a
/// trip that is an errand, packing in a passage about moving house ("James offered to help with
/// packing on June 28" before the move). `kin` says whether the clause holds another word,
/// without a second sense, of the general events it accepts.
pub(super) fn not_travel(
    toks: &[String],
    found: &Located<'_>,
    setting: &Setting,
    kin: impl Fn(&dyn Fn(&LexEntry) -> bool) -> bool,
) -> bool {
    let entry = found.entry;
    if entry.sub == DESTINATIONS {
        // "We went on a trip to Thailand", "I've been to Japan twice": someone goes or is there.
        // In a passage about a trip ("flights", "the hotel") any place named is one of it: "We
        // want to do Tokyo, Kyoto and Osaka".
        let lex = crate::lexicon::Lexicon::builtin();
        let a_place = |g: &str| lex.entries().iter().any(|e| e.general == g && e.sub == DESTINATIONS);
        // "Go" is as often an auxiliary ("going to invest"): it moves the speaker only to a
        // place it leads to ("going back next year, maybe to Hokkaido").
        // A clause that is only "to PLACE" goes on from the verb before it ("…, maybe to
        // Hokkaido").
        let before = toks.get(..found.at).unwrap_or_default();
        let gone_to = before.last().is_some_and(|w| w == "to")
            && (before.iter().any(|w| GOING.contains(&w.as_str()))
                || before.iter().rev().skip(1).all(|w| HEDGES.contains(&w.as_str())));
        return !gone_to
            && !toks.iter().any(|w| BEING_THERE.contains(&w.as_str()))
            && !toks.windows(2).any(|w| w[0] == "been" && w[1] == "to")
            && !kin(&|e: &LexEntry| e.base == entry.base && e.sub != DESTINATIONS)
            && setting.votes_for(&entry.base, |g| !a_place(g)) == 0;
    }
    if entry.general == TRIP {
        let before = found.at.checked_sub(1).and_then(|i| toks.get(i));
        let to = toks.get(found.at.saturating_add(found.len)..).unwrap_or_default();
        let to_errand =
            to.first().is_some_and(|w| w == "to") && to.iter().skip(1).take(3).any(|w| ERRANDS.contains(&w.as_str()));
        return before.is_some_and(|w| ERRANDS.contains(&w.as_str())) || to_errand;
    }
    if entry.general == PACKING {
        return setting.about_moving() && !kin(&|e: &LexEntry| e.base == entry.base);
    }
    false
}
