//! The static embedding model: a table of one vector per WordPiece id, distilled with model2vec
//! from all-MiniLM-L6-v2 (`assets/embedder/`, made by `scripts/distill-embedder.py`), and the
//! text → mean of rows → unit vector encoding model2vec does.
//!
//! Artifact format (`embedder.bin`, little-endian): the magic `RGMEMB01`, `u32` rows, `u32` dim,
//! then `rows` `f32` scales, then `rows × dim` `i8` values; row `r` is `scale[r] × values[r]`.
//! The vocab is `vocab.txt` beside it, one WordPiece piece a line, id = line number.

use super::wordpiece::WordPiece;

const MAGIC: &[u8; 8] = b"RGMEMB01";
/// model2vec truncates a text to this many tokens; beyond it a mean hardly moves.
const MAX_TOKENS: usize = 512;

/// Why an artifact did not load. Shown by `rgmem` when it falls back to the hashed embedder.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LoadError {
    #[error("embedder artifact: bad magic")]
    Magic,
    #[error("embedder artifact: truncated or of the wrong length")]
    Length,
    #[error("embedder vocab: unreadable or without [UNK]")]
    Vocab,
    #[error("embedder artifact has {rows} rows, its vocab {vocab} pieces")]
    Mismatch { rows: usize, vocab: usize },
}

/// A loaded static model: quantised rows, their scales, and the tokenizer whose ids index them.
///
/// The rows stay where the artifact is (in the binary): copying 5 MB on load cost more than the
/// whole rest of a short import, and an ingest reads only the few rows its words need.
pub struct StaticModel {
    dim: usize,
    scales: Vec<f32>,
    values: &'static [u8],
    tokenizer: WordPiece,
}

impl StaticModel {
    /// Parses an artifact and its vocab; every length is checked, so a truncated or mismatched
    /// artifact is an error and never an out-of-bounds read later.
    pub fn parse(bin: &'static [u8], vocab: &'static str) -> Result<Self, LoadError> {
        let rest = bin.strip_prefix(MAGIC.as_slice()).ok_or(LoadError::Magic)?;
        let (rows, rest) = read_u32(rest)?;
        let (dim, rest) = read_u32(rest)?;
        let scale_bytes = rows.checked_mul(4).ok_or(LoadError::Length)?;
        let value_count = rows.checked_mul(dim).ok_or(LoadError::Length)?;
        if dim == 0 || rest.len() != scale_bytes.checked_add(value_count).ok_or(LoadError::Length)? {
            return Err(LoadError::Length);
        }
        let (scale_part, value_part) = rest.split_at(scale_bytes);
        let scales: Vec<f32> = scale_part
            .as_chunks::<4>()
            .0
            .iter()
            .map(|b| f32::from_le_bytes(*b))
            .collect();
        let tokenizer = WordPiece::from_vocab(vocab).ok_or(LoadError::Vocab)?;
        if tokenizer.size != rows {
            return Err(LoadError::Mismatch {
                rows,
                vocab: tokenizer.size,
            });
        }
        Ok(Self {
            dim,
            scales,
            values: value_part,
            tokenizer,
        })
    }

    /// Dimensions of every vector this model gives.
    #[must_use]
    pub fn dim(&self) -> usize {
        self.dim
    }

    /// The tokenizer, for inspection and tests.
    #[must_use]
    pub fn tokenizer(&self) -> &WordPiece {
        &self.tokenizer
    }

    /// The unit-length mean of the rows of the text's pieces, `[UNK]` left out as model2vec
    /// does (it carries no meaning, and a text of emoji alone should not look like every other
    /// such text). A text with no known piece gives the zero vector, whose cosine to anything is 0.
    #[must_use]
    pub fn encode(&self, text: &str) -> Vec<f32> {
        let mut ids = Vec::new();
        self.tokenizer.encode_into(text, &mut ids);
        let mut sum = vec![0.0f32; self.dim];
        let mut n = 0usize;
        for id in ids.into_iter().filter(|id| *id != self.tokenizer.unk).take(MAX_TOKENS) {
            let row = id as usize;
            let (Some(scale), Some(values)) = (
                self.scales.get(row),
                self.values.get(row * self.dim..(row + 1) * self.dim),
            ) else {
                continue;
            };
            for (s, v) in sum.iter_mut().zip(values) {
                *s += scale * f32::from(i8::from_le_bytes([*v]));
            }
            n += 1;
        }
        // The mean's length is irrelevant once normalised, so the sum is normalised directly.
        let norm = sum.iter().map(|x| x * x).sum::<f32>().sqrt();
        if n > 0 && norm > 0.0 {
            for s in &mut sum {
                *s /= norm;
            }
        }
        sum
    }
}

fn read_u32(bytes: &[u8]) -> Result<(usize, &[u8]), LoadError> {
    let (head, rest) = bytes.split_first_chunk::<4>().ok_or(LoadError::Length)?;
    let n = usize::try_from(u32::from_le_bytes(*head)).map_err(|_| LoadError::Length)?;
    Ok((n, rest))
}
