//! The word layer: the word lists of English the rules (and ingest and retrieval) read, one
//! file per topic, each list with the English pattern it serves. The rules say what to do with a
//! word; these files say which words.

pub mod clauses;
pub mod code;
pub mod figures;
pub mod function;
pub mod hedges;
pub mod negation;
pub mod nouns;
pub mod numbers;
pub mod people;
pub mod questions;
pub mod relations;
pub mod verbs;
