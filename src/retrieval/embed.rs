//! Embeddings as retrieval asks for them: the model's `/v1/embeddings` when it has one, else
//! this binary's own embedder ([`crate::embed`], re-exported here so `retrieval::embed::local`
//! still names it).

pub use crate::embed::*;

use crate::model::Model;

/// Embeds texts through the model's endpoint, falling back to `local` when it has none or it
/// fails; every vector of one call comes from the same source and has the same dimension, so
/// they compare. Vectors are never stored: each question embeds every text it compares in one
/// call, so switching embedding models can never mix two models' vectors.
pub fn embed(model: &mut dyn Model, texts: &[String]) -> (Vec<Vec<f32>>, &'static str) {
    if let Some(Ok(vectors)) = model.embed(texts)
        && vectors.len() == texts.len()
        && one_dimension(&vectors)
    {
        return (vectors, "model");
    }
    (texts.iter().map(|t| local(t)).collect(), local_source())
}

/// Whether every vector has the same, non-zero length (a server that mixes models, or pads,
/// does not).
fn one_dimension(vectors: &[Vec<f32>]) -> bool {
    let dim = vectors.first().map_or(0, Vec::len);
    vectors.iter().all(|v| v.len() == dim && dim > 0) || vectors.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vectors_of_mixed_dimensions_are_never_compared() {
        assert!(one_dimension(&[vec![1.0; 384], vec![0.5; 384]]));
        assert!(!one_dimension(&[vec![1.0; 384], vec![0.5; 512]]));
        assert!(!one_dimension(&[vec![], vec![]]));
    }
}
