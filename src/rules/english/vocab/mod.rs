//! The offline model's open vocabulary: which sense a lexicon word is used in (`sense`), where a
//! phrase belongs among the base concepts (`place`), and the phrases a person's own words keep
//! coming back to (`phrases`).

pub(crate) use crate::rules::words::clauses::QUALIFIERS;
pub(crate) use crate::rules::words::clauses::VOCAB_ADVERBS as ADVERBS;
pub(crate) use crate::rules::words::nouns::ACTIVITY_SETTINGS;
pub(crate) use crate::rules::words::nouns::MEASURES;

pub(crate) mod anchor;
pub(crate) mod doer;
mod earnings;
mod figure;
pub(crate) mod frame;
mod machine;
mod membership;
mod occasion;
pub(crate) use machine::code_sentence;
pub(crate) mod phrases;
pub(crate) mod place;
mod role;
pub(crate) mod sense;
mod solution;
mod travel;

#[cfg(test)]
mod code_tests;
#[cfg(test)]
mod place_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod whose_tests;
