//! The hashed fallback embedder: words and character trigrams hashed into 512 dimensions, with
//! no artifact, so retrieval works even where the static model cannot load, and small tests
//! get vectors whose closeness is easy to predict (shared spelling, not shared meaning).

use crate::text::{singular, words};

/// Dimensions of the built-in embedding.
pub const DIM: usize = 512;

/// Embeds one text with hashed word and character-trigram features, L2-normalised.
///
/// Words weigh 1, their trigrams (of `#word#`) 0.35 in total per word, so "painting" and
/// "paintings" are close, "art" and "painting" are not, and the same text always gives the
/// same vector.
#[must_use]
pub fn builtin(text: &str) -> Vec<f32> {
    let mut v = vec![0.0f32; DIM];
    for w in words(text) {
        let w = singular(&w);
        add(&mut v, &w, 1.0);
        let padded: Vec<char> = format!("#{w}#").chars().collect();
        let grams = padded.len().saturating_sub(2).max(1);
        let weight = 0.35 / grams as f32;
        for g in padded.windows(3) {
            add(&mut v, &g.iter().collect::<String>(), weight);
        }
    }
    normalise(&mut v);
    v
}

fn add(v: &mut [f32], feature: &str, weight: f32) {
    let h = fnv1a(feature.as_bytes());
    let idx = (h % DIM as u64) as usize;
    let sign = if (h >> 63) == 0 { 1.0 } else { -1.0 };
    v[idx] += sign * weight;
}

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

fn normalise(v: &mut [f32]) {
    let n = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    if n > 0.0 {
        for x in v {
            *x /= n;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embed::cosine;

    #[test]
    fn same_words_are_identical_and_inflections_close() {
        assert!((cosine(&builtin("Painting"), &builtin("painting")) - 1.0).abs() < 1e-5);
        assert!(cosine(&builtin("paintings"), &builtin("painting")) > 0.9);
        assert!(cosine(&builtin("Strength Training"), &builtin("strength")) > 0.5);
    }

    #[test]
    fn unrelated_words_fall_below_the_threshold() {
        assert!(cosine(&builtin("pottery"), &builtin("marathon running")) < 0.5);
        assert_eq!(cosine(&builtin(""), &builtin("x")), 0.0);
    }
}
