//! Matching the lexicon's patterns on whole words: patterns indexed by their first word, and
//! one-word stems (`stem*`) by the stem, so a token is matched by looking up its own prefixes.

use crate::text::words;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A map from the lexicon's own words. Every token of every text is looked up in it (and every
/// prefix of a token a stem's length), so it hashes with FNV-1a rather than SipHash: its keys
/// are fixed when the lexicon is parsed, so no input can crowd them.
type WordMap<V> = HashMap<String, V, BuildHasherDefault<Fnv>>;

struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

#[derive(Debug, Clone)]
struct Pattern {
    words: Vec<String>,
    prefix_last: bool,
    target: usize,
}

impl Pattern {
    fn matches_at(&self, toks: &[&str], i: usize) -> bool {
        if i + self.words.len() > toks.len() {
            return false;
        }
        self.words.iter().enumerate().all(|(k, w)| {
            let t = toks[i + k];
            if k + 1 == self.words.len() && self.prefix_last {
                inflects(w, t)
            } else {
                t == w
            }
        })
    }
}

/// Endings English adds to a stem: inflections ("walks", "walked", "walking") and derivations
/// ("walker", "meditation", "allergic", "retirement", "sustainable").
const SUFFIXES: &[&str] = &[
    "s", "es", "ies", "ied", "ed", "d", "r", "rs", "ing", "ings", "er", "ers", "or", "ors", "ment", "ments", "ion",
    "ions", "ation", "ations", "al", "ally", "ic", "ics", "ive", "ful", "fully", "ship", "ships", "ist", "ists", "ity",
    "ility", "le", "ly", "en", "ens", "ness", "e", "y", "ry", "ery", "ance", "ence", "ant", "ent", "ants", "ents",
    "ee", "ees", "m", "t", "ts", "ism", "ite", "ites",
];

/// Whether `token` is `stem` with an English ending ([`SUFFIXES`]; a final consonant doubled,
/// "swim" → "swimming", or a "c" written "ck", "picnic" → "picnicking"), a possessive, or a
/// hyphenated compound it opens ("stress-free"). Another word that only starts with the same
/// letters is not: "walk*" is no "walkthrough", "invest*" no "investigate", "doctor*" no
/// "doctorate"; nor is a closed compound ("trailhead"), which a pattern of its own names.
fn inflects(stem: &str, token: &str) -> bool {
    let Some(rest) = token.strip_prefix(stem) else {
        return false;
    };
    let rest = rest
        .strip_suffix("'s")
        .or_else(|| rest.strip_suffix('\''))
        .or_else(|| rest.strip_suffix('’'))
        .unwrap_or(rest);
    if rest.is_empty() {
        return true;
    }
    // "stress-free", "walk-in"; but a walk-through is an inspection, not a walk.
    if let Some(after) = rest.strip_prefix('-') {
        return !matches!(after, "through" | "throughs");
    }
    let last = stem.chars().last();
    let doubled = match (last, rest.chars().next()) {
        (Some(a), Some(b)) if a == b && !"aeiouy".contains(a) => rest.get(a.len_utf8()..),
        (Some('c'), Some('k')) => rest.get(1..),
        _ => None,
    };
    SUFFIXES.contains(&rest) || doubled.is_some_and(|r| SUFFIXES.contains(&r))
}

/// Patterns indexed by their first word, and one-word stems by the stem itself, so a token
/// is matched by looking up its own prefixes instead of scanning every stem.
#[derive(Debug, Default)]
pub(super) struct Matcher {
    exact: WordMap<Vec<Pattern>>,
    stems: WordMap<Vec<Pattern>>,
    stem_lengths: Vec<usize>,
    /// The first [`HEAD`] bytes of every stem: a token starting otherwise has no stem among
    /// its prefixes, so one lookup replaces one per stem length (most tokens have none).
    stem_heads: HashSet<[u8; HEAD], BuildHasherDefault<Fnv>>,
}

/// Bytes of a stem's head. Every stem of the built-in lexicon has at least this many; a
/// shorter one turns the head test off.
const HEAD: usize = 4;

impl Matcher {
    pub(super) fn add(&mut self, raw: &str, target: usize) {
        let prefix_last = raw.ends_with('*');
        let words: Vec<String> = words(raw.trim_end_matches('*')).collect();
        if words.is_empty() {
            return;
        }
        let p = Pattern {
            words,
            prefix_last,
            target,
        };
        if p.prefix_last && p.words.len() == 1 {
            let stem = p.words[0].clone();
            if !self.stem_lengths.contains(&stem.len()) {
                self.stem_lengths.push(stem.len());
                self.stem_lengths.sort_unstable();
            }
            if let Some(head) = stem.as_bytes().first_chunk::<HEAD>() {
                self.stem_heads.insert(*head);
            }
            self.stems.entry(stem).or_default().push(p);
        } else {
            self.exact.entry(p.words[0].clone()).or_default().push(p);
        }
    }

    /// One-word stem patterns that are prefixes of a token.
    fn stems_of<'a>(&'a self, token: &'a str) -> impl Iterator<Item = &'a Pattern> + 'a {
        let short_stems = self.stem_lengths.first().is_some_and(|&l| l < HEAD);
        let possible = short_stems
            || token
                .as_bytes()
                .first_chunk::<HEAD>()
                .is_some_and(|head| self.stem_heads.contains(head));
        self.stem_lengths
            .iter()
            .take_while(move |len| possible && **len <= token.len())
            .filter_map(move |len| token.get(..*len))
            .filter_map(|prefix| self.stems.get(prefix))
            .flatten()
    }

    /// Targets of every pattern occurring in the tokens, longest match first at each position.
    pub(super) fn find(&self, toks: &[&str]) -> Vec<usize> {
        self.spans(toks).into_iter().map(|s| s.target).collect()
    }

    /// Where each pattern [`Self::find`] reports occurs: its first token and length.
    pub(super) fn spans(&self, toks: &[&str]) -> Vec<Span> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < toks.len() {
            let mut best: Option<&Pattern> = None;
            let candidates = self
                .exact
                .get(toks[i])
                .into_iter()
                .flatten()
                .chain(self.stems_of(toks[i]));
            for p in candidates {
                if p.matches_at(toks, i) && best.is_none_or(|b| p.words.len() > b.words.len()) {
                    best = Some(p);
                }
            }
            match best {
                Some(p) => {
                    out.push(Span {
                        at: i,
                        len: p.words.len(),
                        target: p.target,
                    });
                    i += p.words.len();
                }
                None => i += 1,
            }
        }
        out
    }
}

/// One pattern's occurrence in a token list.
#[derive(Debug, Clone, Copy)]
pub(super) struct Span {
    pub(super) at: usize,
    pub(super) len: usize,
    pub(super) target: usize,
}

#[cfg(test)]
mod inflection_tests {
    use super::inflects;

    #[test]
    fn a_stem_matches_its_inflections_not_other_words_with_its_letters() {
        for (stem, token) in [
            ("walk", "walk"),
            ("walk", "walking"),
            ("walk", "walker's"),
            ("swim", "swimming"),
            ("picnic", "picnicking"),
            ("meditat", "meditation"),
            ("allerg", "allergies"),
            ("stress", "stress-free"),
            ("hike", "hiker"),
            ("sustainab", "sustainability"),
        ] {
            assert!(inflects(stem, token), "{stem}* should match {token}");
        }
        for (stem, token) in [
            ("walk", "walkthrough"),
            ("walk", "walk-through"),
            ("invest", "investigate"),
            ("doctor", "doctorate"),
            ("rabbit", "rabbitmq"),
            ("client", "clientsession"),
            ("walk", "talk"),
        ] {
            assert!(!inflects(stem, token), "{stem}* should not match {token}");
        }
    }
}
