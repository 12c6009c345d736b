//! Word matching for the short answer: Porter stems, with the past forms of common irregular
//! verbs read as their base ("saw" matches "see", "bought" matches "buy"), so a question in
//! the present finds a turn told in the past.

use crate::rules::words::verbs::IRREGULAR;

/// The stem a word is matched by.
pub(in crate::rules) fn stem(word: &str) -> String {
    let base = IRREGULAR
        .iter()
        .find(|(past, _)| *past == word)
        .map_or(word, |(_, base)| base);
    crate::text::stem::stem(base)
}
