//! Embeddings for meaning that need no model: the static model distilled from all-MiniLM-L6-v2
//! that ships in the binary (`local`), else the hashed `builtin` embedder when that artifact
//! cannot load; and the cosine that compares them. Below `model` and `retrieval`, which both
//! embed (the offline model places phrases, retrieval ranks): kept here, neither imports the
//! other for it. A model's own `/v1/embeddings` is `retrieval::embed::embed`.

mod builtin;
pub mod memo;
mod static_model;
mod wordpiece;

pub use builtin::{DIM, builtin};
pub use static_model::{LoadError, StaticModel};
pub use wordpiece::WordPiece;

use std::sync::OnceLock;

/// The distilled table (int8 rows with per-row scales) and its WordPiece vocab, made by
/// `scripts/distill-embedder.py`; in the binary so an offline run needs no file beside it.
const ARTIFACT: &[u8] = include_bytes!("../../assets/embedder/embedder.bin");
const VOCAB: &str = include_str!("../../assets/embedder/vocab.txt");

/// The static model, parsed on first use and kept: parsing costs a few milliseconds, and most
/// runs (a log viewed in the inspector) never embed anything.
fn loaded() -> &'static Result<StaticModel, LoadError> {
    static MODEL: OnceLock<Result<StaticModel, LoadError>> = OnceLock::new();
    MODEL.get_or_init(|| StaticModel::parse(ARTIFACT, VOCAB))
}

/// Parses the shipped artifact anew, outside the shared copy: for timing the load (the bench)
/// and for checking it; retrieval uses the copy `local` keeps.
pub fn parse_shipped() -> Result<StaticModel, LoadError> {
    StaticModel::parse(ARTIFACT, VOCAB)
}

/// The shipped static model, or why it did not load (then `local` uses `builtin`).
pub fn static_model() -> Result<&'static StaticModel, &'static LoadError> {
    loaded().as_ref()
}

/// Embeds one text by meaning with what this binary carries: the static model, or the hashed
/// embedder if its artifact is broken. Which one answered is `local_source()`; vectors of the
/// two never mix within a run, since the choice is made once.
#[must_use]
pub fn local(text: &str) -> Vec<f32> {
    match static_model() {
        Ok(m) => m.encode(text),
        Err(_) => builtin(text),
    }
}

/// "static" or "builtin": which embedder `local` uses in this run.
#[must_use]
pub fn local_source() -> &'static str {
    if static_model().is_ok() { "static" } else { "builtin" }
}

/// Cosine similarity; 0 for empty or mismatched vectors.
#[must_use]
pub fn cosine(a: &[f32], b: &[f32]) -> f32 {
    if a.len() != b.len() || a.is_empty() {
        return 0.0;
    }
    let dot: f32 = a.iter().zip(b).map(|(x, y)| x * y).sum();
    let na = a.iter().map(|x| x * x).sum::<f32>().sqrt();
    let nb = b.iter().map(|x| x * x).sum::<f32>().sqrt();
    if na == 0.0 || nb == 0.0 { 0.0 } else { dot / (na * nb) }
}

#[cfg(test)]
mod tests;
