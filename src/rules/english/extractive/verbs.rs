//! Word matching for the short answer: Porter stems, with the past forms of common irregular
//! verbs read as their base ("saw" matches "see", "bought" matches "buy"), so a question in
//! the present finds a turn told in the past.

use crate::rules::words::verbs::{IRREGULAR, PORTER_SPLIT};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The stem a word is matched by.
pub(in crate::rules) fn stem(word: &str) -> String {
    type Bases = HashMap<&'static str, &'static str, foldhash::fast::FixedState>;
    // Looked up for every word of every context an answer reads: a map, not a scan of the list.
    static BASES: OnceLock<Bases> = OnceLock::new();
    let bases = BASES.get_or_init(|| {
        let mut map = Bases::default();
        for (past, base) in IRREGULAR.iter().chain(PORTER_SPLIT) {
            // The list's first entry for a form wins, as a scan of it would.
            map.entry(*past).or_insert(*base);
        }
        map
    });
    crate::text::stem::stem(bases.get(word).copied().unwrap_or(word))
}
