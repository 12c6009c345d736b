//! The offline model's open vocabulary: which sense a lexicon word is used in (`sense`), where a
//! phrase belongs among the base concepts (`place`), and the phrases a person's own words keep
//! coming back to (`phrases`).

pub(crate) mod phrases;
pub(crate) mod place;
pub(crate) mod sense;

#[cfg(test)]
mod tests;
