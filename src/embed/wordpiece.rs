//! BERT-uncased tokenization for the static embedder: the basic tokenizer (clean, CJK split,
//! lowercase, strip accents, split punctuation) and greedy longest-match WordPiece over a vocab.
//!
//! It follows Hugging Face's `BertNormalizer` + `BertPreTokenizer` + `WordPiece` as configured
//! for all-MiniLM-L6-v2, so the ids are the ones the distillation embedded. Written here rather
//! than taken from the `tokenizers` crate, which would bring a large dependency tree for a few
//! hundred lines of rules.

use foldhash::HashMap;
use foldhash::HashMapExt;
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// BERT gives a word longer than this many characters a single `[UNK]` without trying pieces.
const MAX_WORD_CHARS: usize = 100;

/// A WordPiece vocabulary: whole-word pieces and `##` continuation pieces, each with its id.
pub struct WordPiece {
    /// Pieces that may start a word (borrowed from the vocab in the binary: 30,000 owned
    /// strings made the load several times slower).
    starts: HashMap<&'static str, u32>,
    /// Pieces that continue a word, without their `##`.
    continues: HashMap<&'static str, u32>,
    /// The id of `[UNK]`, given to a word that no sequence of pieces spells.
    pub unk: u32,
    /// Number of ids (lines of the vocab), which the model's rows must match.
    pub size: usize,
}

impl WordPiece {
    /// Reads a `vocab.txt` (one piece a line, the id is the line number). `None` when it has no
    /// `[UNK]` or more lines than ids can number: a broken artifact, not a reason to panic.
    #[must_use]
    pub fn from_vocab(text: &'static str) -> Option<Self> {
        let mut starts = HashMap::with_capacity(32_768);
        let mut continues = HashMap::with_capacity(8_192);
        let mut unk = None;
        let mut size = 0;
        for (i, line) in text.lines().enumerate() {
            size = i + 1;
            let id = u32::try_from(i).ok()?;
            if line == "[UNK]" {
                unk = Some(id);
            }
            match line.strip_prefix("##") {
                Some(rest) if !rest.is_empty() => continues.entry(rest).or_insert(id),
                _ => starts.entry(line).or_insert(id),
            };
        }
        Some(Self {
            starts,
            continues,
            unk: unk?,
            size,
        })
    }

    /// Appends the ids of `text` to `out`, `[UNK]` included (the caller decides what it means).
    pub fn encode_into(&self, text: &str, out: &mut Vec<u32>) {
        let mut word = String::new();
        for_each_word(text, &mut word, |w| self.word_ids(w, out));
    }

    /// The pieces of `text` as strings (`##` kept on continuations), for tests and inspection.
    #[must_use]
    pub fn tokens(&self, text: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut word = String::new();
        for_each_word(text, &mut word, |w| {
            let mut ids = Vec::new();
            let mut pieces = Vec::new();
            if self.pieces(w, &mut ids, &mut pieces) {
                out.extend(pieces);
            } else {
                out.push("[UNK]".to_owned());
            }
        });
        out
    }

    fn word_ids(&self, word: &str, out: &mut Vec<u32>) {
        let before = out.len();
        if !self.pieces(word, out, &mut Vec::new()) {
            out.truncate(before);
            out.push(self.unk);
        }
    }

    /// Greedy longest-match-first split of one word into pieces; false when some part of it
    /// matches no piece (then the whole word is `[UNK]`, as BERT does).
    fn pieces(&self, word: &str, ids: &mut Vec<u32>, names: &mut Vec<String>) -> bool {
        // Byte offsets of every character boundary, so each candidate is a whole-char `get`.
        let bounds: Vec<usize> = word.char_indices().map(|(i, _)| i).chain([word.len()]).collect();
        if bounds.len().saturating_sub(1) > MAX_WORD_CHARS {
            return false;
        }
        let mut start = 0;
        while start + 1 < bounds.len() {
            let from = bounds.get(start).copied().unwrap_or(0);
            let mut matched = None;
            for end in (start + 1..bounds.len()).rev() {
                let to = bounds.get(end).copied().unwrap_or(from);
                let Some(piece) = word.get(from..to) else {
                    continue;
                };
                let table = if start == 0 { &self.starts } else { &self.continues };
                if let Some(id) = table.get(piece) {
                    matched = Some((end, *id, piece));
                    break;
                }
            }
            let Some((end, id, piece)) = matched else {
                return false;
            };
            ids.push(id);
            names.push(if start == 0 {
                piece.to_owned()
            } else {
                format!("##{piece}")
            });
            start = end;
        }
        true
    }
}

/// Runs `f` on each word of BERT's basic tokenizer, reusing `word` as the buffer: control
/// characters dropped, each CJK ideograph and each punctuation mark a word of its own, the rest
/// split on whitespace, lowercased, with accents stripped (NFD, combining marks dropped).
fn for_each_word(text: &str, word: &mut String, mut f: impl FnMut(&str)) {
    word.clear();
    let flush = |word: &mut String, f: &mut dyn FnMut(&str)| {
        if !word.is_empty() {
            f(word);
            word.clear();
        }
    };
    for c in text.chars() {
        if c == '\0' || c == '\u{fffd}' || is_control(c) {
            continue;
        }
        if c.is_whitespace() {
            flush(word, &mut f);
        } else if is_cjk(c) || is_punctuation(c) {
            flush(word, &mut f);
            word.push(c);
            flush(word, &mut f);
        } else if c.is_ascii() {
            word.push(c.to_ascii_lowercase());
        } else {
            // Lowercase, then decompose and drop the marks: "É" → "e", "İ" → "i".
            for l in c.to_lowercase() {
                for d in std::iter::once(l).nfd() {
                    if !is_combining_mark(d) {
                        if is_punctuation(d) {
                            flush(word, &mut f);
                            word.push(d);
                            flush(word, &mut f);
                        } else {
                            word.push(d);
                        }
                    }
                }
            }
        }
    }
    flush(word, &mut f);
}

/// BERT's control characters (Unicode Cc and Cf), which it deletes; tab, newline and carriage
/// return are whitespace instead.
fn is_control(c: char) -> bool {
    if matches!(c, '\t' | '\n' | '\r') {
        return false;
    }
    c.is_control()
        || matches!(c, '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2064}' | '\u{feff}')
}

/// BERT's punctuation: every non-alphanumeric ASCII symbol ("$", "^", "`" too), and Unicode's
/// punctuation classes in the blocks text actually uses (Latin-1, General Punctuation, CJK and
/// fullwidth forms). A table, since std has no general-category lookup.
fn is_punctuation(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_punctuation();
    }
    matches!(c,
        '\u{a1}' | '\u{a7}' | '\u{ab}' | '\u{b6}' | '\u{b7}' | '\u{bb}' | '\u{bf}'
        | '\u{37e}' | '\u{387}' | '\u{55a}'..='\u{55f}' | '\u{589}' | '\u{58a}'
        | '\u{5be}' | '\u{5c0}' | '\u{5c3}' | '\u{5c6}' | '\u{5f3}' | '\u{5f4}'
        | '\u{609}' | '\u{60a}' | '\u{60c}' | '\u{60d}' | '\u{61b}' | '\u{61e}' | '\u{61f}'
        | '\u{66a}'..='\u{66d}' | '\u{6d4}' | '\u{964}' | '\u{965}' | '\u{970}'
        | '\u{e4f}' | '\u{e5a}' | '\u{e5b}'
        | '\u{2010}'..='\u{2027}' | '\u{2030}'..='\u{2043}' | '\u{2045}'..='\u{2051}'
        | '\u{2053}'..='\u{205e}' | '\u{207d}' | '\u{207e}' | '\u{208d}' | '\u{208e}'
        | '\u{2308}'..='\u{230b}' | '\u{2329}' | '\u{232a}' | '\u{2768}'..='\u{2775}'
        | '\u{27c5}' | '\u{27c6}' | '\u{27e6}'..='\u{27ef}' | '\u{2983}'..='\u{2998}'
        | '\u{29d8}'..='\u{29db}' | '\u{29fc}' | '\u{29fd}' | '\u{2e00}'..='\u{2e4f}'
        | '\u{3001}'..='\u{3003}' | '\u{3008}'..='\u{3011}' | '\u{3014}'..='\u{301f}'
        | '\u{3030}' | '\u{303d}' | '\u{30a0}' | '\u{30fb}'
        | '\u{fe10}'..='\u{fe19}' | '\u{fe30}'..='\u{fe52}' | '\u{fe54}'..='\u{fe61}'
        | '\u{fe63}' | '\u{fe68}' | '\u{fe6a}' | '\u{fe6b}'
        | '\u{ff01}'..='\u{ff03}' | '\u{ff05}'..='\u{ff0a}' | '\u{ff0c}'..='\u{ff0f}'
        | '\u{ff1a}' | '\u{ff1b}' | '\u{ff1f}' | '\u{ff20}' | '\u{ff3b}'..='\u{ff3d}'
        | '\u{ff3f}' | '\u{ff5b}' | '\u{ff5d}' | '\u{ff5f}'..='\u{ff65}'
    )
}

/// BERT's CJK ideographs (the CJK Unified Ideographs blocks and their compatibility forms),
/// each a word of its own since Chinese and Japanese kanji are not space-separated. Hangul and
/// kana are not in the list, as in BERT.
fn is_cjk(c: char) -> bool {
    matches!(c,
        '\u{4e00}'..='\u{9fff}' | '\u{3400}'..='\u{4dbf}' | '\u{20000}'..='\u{2a6df}'
        | '\u{2a700}'..='\u{2b73f}' | '\u{2b740}'..='\u{2b81f}' | '\u{2b820}'..='\u{2ceaf}'
        | '\u{f900}'..='\u{faff}' | '\u{2f800}'..='\u{2fa1f}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny() -> WordPiece {
        let vocab = "[PAD]\n[UNK]\n[CLS]\n[SEP]\nun\n##aff\n##able\ncafe\nrate\nlimit\n,\n!\n中\n文\nhello\n##s\n-\nstate\nof\n\u{2014}\na\n##a";
        WordPiece::from_vocab(vocab).unwrap()
    }

    #[test]
    fn pieces_are_longest_match_first_with_continuations() {
        let wp = tiny();
        assert_eq!(wp.tokens("unaffable"), ["un", "##aff", "##able"]);
        assert_eq!(wp.tokens("hellos"), ["hello", "##s"]);
        let mut ids = Vec::new();
        wp.encode_into("unaffable", &mut ids);
        assert_eq!(ids, [4, 5, 6]);
    }

    #[test]
    fn accents_and_case_are_stripped() {
        let wp = tiny();
        assert_eq!(wp.tokens("CAFÉ Café cafe\u{301}"), ["cafe", "cafe", "cafe"]);
    }

    #[test]
    fn punctuation_splits_and_is_a_token() {
        let wp = tiny();
        assert_eq!(
            wp.tokens("Rate-limit, hello!"),
            ["rate", "-", "limit", ",", "hello", "!"]
        );
        assert_eq!(wp.tokens("state\u{2014}of"), ["state", "\u{2014}", "of"]);
        assert_eq!(wp.tokens("hello.state"), ["hello", "[UNK]", "state"]);
    }

    #[test]
    fn cjk_ideographs_are_tokens_of_their_own() {
        let wp = tiny();
        assert_eq!(wp.tokens("中文hello"), ["中", "文", "hello"]);
    }

    #[test]
    fn emoji_and_unknown_words_are_unk_not_a_panic() {
        let wp = tiny();
        assert_eq!(wp.tokens("hello 😀"), ["hello", "[UNK]"]);
        assert_eq!(wp.tokens("hello😀"), ["[UNK]"]);
        assert_eq!(wp.tokens("zzz"), ["[UNK]"]);
        assert!(wp.tokens("").is_empty());
        assert!(wp.tokens(" \t\n\u{0}\u{200b}").is_empty());
    }

    #[test]
    fn a_word_over_a_hundred_characters_is_one_unk() {
        let wp = tiny();
        assert_eq!(wp.tokens(&"a".repeat(100)).len(), 100);
        assert_eq!(wp.tokens(&"a".repeat(101)), ["[UNK]"]);
        // Characters, not bytes: 100 two-byte letters are still a word BERT splits.
        assert_eq!(wp.tokens(&"á".repeat(100)).len(), 100);
    }
}
