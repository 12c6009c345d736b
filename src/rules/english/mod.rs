//! Rules of English: how the offline model reads what people say (synthesis of episodes,
//! extraction of concepts, abstraction of Σ/Δ, the query plan and the extractive answer). The
//! wing's map is in [`crate::rules`].

pub(super) mod abstraction;
pub(super) mod answer;
mod chat_remark;
pub(crate) mod diagnosis;
pub(crate) mod disclosed;
pub(super) mod extract;
pub(super) mod extractive;
mod names;
pub mod person;
pub(super) mod plan;
mod request;
mod subject;
pub(super) mod synth;
mod vocab;

// The files below name these `super::lexicon` and `super::Lexicon`; the lexicon lives below the
// model, shared with retrieval.
use crate::lexicon;
use crate::lexicon::Lexicon;
