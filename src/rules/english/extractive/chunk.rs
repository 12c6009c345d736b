//! A small noun-phrase chunker without a tagger: a sentence is cut at closed-class words
//! (determiners, prepositions, pronouns, conjunctions, auxiliaries, common adverbs and
//! interjections), at common verbs and their inflections, and at punctuation; what is left
//! are runs of content words, which in conversational English are mostly noun phrases
//! ("chocolate chip cookies", "a dog owners group" → "dog owners group").

use crate::rules::words::clauses::ADVERBS;
use crate::rules::words::function::AUXILIARIES;
use crate::rules::words::function::CONJUNCTIONS;
use crate::rules::words::function::DETERMINERS;
use crate::rules::words::function::INTERJECTIONS;
use crate::rules::words::function::PREPOSITIONS;
use crate::rules::words::function::PRONOUNS;
use crate::rules::words::verbs::LIGHT_VERBS;
use crate::rules::words::verbs::VERBS;

/// One word of a sentence: its text without surrounding punctuation, lowercased, and whether a
/// clause mark (, . ! ? ; : or a dash) follows it.
#[derive(Debug, Clone)]
pub(super) struct Tok {
    pub text: String,
    pub lower: String,
    pub ends_clause: bool,
}

/// The words of a sentence, punctuation stripped at their edges (inner apostrophes and hyphens
/// stay: "don't", "self-care"). Works on chars, never on byte offsets.
pub(super) fn toks(text: &str) -> Vec<Tok> {
    text.split_whitespace()
        .filter_map(|raw| {
            let core = raw.trim_matches(|c: char| !c.is_alphanumeric());
            let core = core
                .strip_suffix("'s")
                .or_else(|| core.strip_suffix("’s"))
                .unwrap_or(core);
            if core.is_empty() {
                return None;
            }
            let tail: String = raw.chars().rev().take_while(|c| !c.is_alphanumeric()).collect();
            Some(Tok {
                text: core.to_string(),
                lower: core.to_lowercase().replace('’', "'"),
                ends_clause: tail
                    .chars()
                    .any(|c| matches!(c, ',' | '.' | '!' | '?' | ';' | ':' | '—' | '–')),
            })
        })
        .collect()
}

fn regular_forms(w: &str) -> Option<&'static str> {
    let stems = [
        w.strip_suffix("ing"),
        w.strip_suffix("ed"),
        w.strip_suffix('d'),
        w.strip_suffix("es"),
        w.strip_suffix('s'),
    ];
    stems.into_iter().flatten().find_map(|s| {
        let doubled = s
            .chars()
            .last()
            .zip(s.chars().rev().nth(1))
            .filter(|(a, b)| a == b)
            .map(|_| s.chars().take(s.chars().count().saturating_sub(1)).collect::<String>());
        let with_e = format!("{s}e");
        let from_ied = w.strip_suffix("ied").map(|r| format!("{r}y"));
        [Some(s.to_string()), doubled, Some(with_e), from_ied]
            .into_iter()
            .flatten()
            .find_map(|c| VERBS.iter().find(|v| **v == c).copied())
    })
}

/// A word that is not part of a noun phrase: a closed-class word, a common verb in any form,
/// an "-ly" adverb, or a number word is kept (it counts things: "two kids").
pub(super) fn is_breaker(lower: &str) -> bool {
    let w = lower.trim_end_matches("'s");
    [
        DETERMINERS,
        PREPOSITIONS,
        PRONOUNS,
        CONJUNCTIONS,
        AUXILIARIES,
        ADVERBS,
        INTERJECTIONS,
        VERBS,
    ]
    .iter()
    .any(|list| list.contains(&w))
        || regular_forms(w).is_some_and(|base| !w.ends_with("ing") || LIGHT_VERBS.contains(&base))
        || (w.chars().count() > 4 && w.ends_with("ly") && !w.ends_with("ily"))
}

/// A run of content words, by token index (inclusive start, exclusive end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Chunk {
    pub start: usize,
    pub end: usize,
}

/// The noun-phrase chunks of a tokenised sentence. "X of Y" is one chunk ("a photo of a desk"
/// → "photo of a desk"), so the head and its complement stay together.
pub(super) fn noun_phrases(toks: &[Tok]) -> Vec<Chunk> {
    let mut out: Vec<Chunk> = Vec::new();
    let mut start: Option<usize> = None;
    for (i, t) in toks.iter().enumerate() {
        let content = !is_breaker(&t.lower) && t.lower.chars().any(char::is_alphanumeric);
        if content {
            start.get_or_insert(i);
            if t.ends_clause {
                out.push(Chunk {
                    start: start.unwrap_or(i),
                    end: i + 1,
                });
                start = None;
            }
        } else if let Some(s) = start.take() {
            out.push(Chunk { start: s, end: i });
        }
    }
    if let Some(s) = start {
        out.push(Chunk {
            start: s,
            end: toks.len(),
        });
    }
    // Join "photo" + "of a" + "desk".
    let mut joined: Vec<Chunk> = Vec::new();
    for c in out {
        if let Some(prev) = joined.last_mut() {
            let gap: Vec<&str> = toks[prev.end..c.start].iter().map(|t| t.lower.as_str()).collect();
            let bridge = matches!(
                gap.as_slice(),
                ["of"] | ["of", "a" | "an" | "the" | "my" | "her" | "his" | "their"]
            );
            if bridge && !toks[prev.end - 1].ends_clause && c.end - prev.start <= 6 {
                prev.end = c.end;
                continue;
            }
        }
        joined.push(c);
    }
    joined
}

/// The chunk's words as text.
#[cfg(test)]
pub(super) fn text_of(toks: &[Tok], c: Chunk) -> String {
    toks[c.start..c.end]
        .iter()
        .map(|t| t.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}
