//! A long message cut into passages: what retrieval indexes, ranks and quotes of a reply that
//! is longer than a whole context budget. Cuts fall between paragraphs and around code blocks,
//! a few hundred tokens a passage; a message short enough is one passage, itself.
// Input reaches this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::estimate_tokens;
use std::ops::Range;

/// The size a passage is filled up to, in estimated tokens.
pub const PASSAGE_TOKENS: u32 = 240;
/// A message up to this size stays whole: one passage.
pub const WHOLE_TOKENS: u32 = 400;
/// The most passages one message is cut into; the last one takes the rest (a 50 MB reply is
/// still indexed whole, in passages of a few thousand tokens).
pub const MAX_PASSAGES: usize = 4096;

/// The byte ranges of `text`'s passages, in order, covering it without gaps. Every cut is at a
/// line start or after whitespace, so each range is a valid `str` range of `text`.
#[must_use]
pub fn passages(text: &str) -> Vec<Range<usize>> {
    if text.is_empty() || estimate_tokens(text) <= WHOLE_TOKENS {
        return std::iter::once(0..text.len()).collect();
    }
    let mut cuts: Vec<Range<usize>> = Vec::new();
    let mut start = 0usize;
    let mut size = 0u32;
    for block in blocks(text) {
        let tokens = text.get(block.clone()).map_or(0, estimate_tokens);
        if size > 0 && size.saturating_add(tokens) > PASSAGE_TOKENS {
            cuts.push(start..block.start);
            start = block.start;
            size = 0;
        }
        if tokens > WHOLE_TOKENS {
            // A block too big alone (a long code listing, a line without breaks): cut inside it.
            for piece in split_block(text, block.clone()) {
                if piece.end < block.end {
                    cuts.push(start..piece.end);
                    start = piece.end;
                }
            }
            size = text.get(start..block.end).map_or(0, estimate_tokens);
        } else {
            size = size.saturating_add(tokens);
        }
    }
    if start < text.len() || cuts.is_empty() {
        cuts.push(start..text.len());
    }
    if cuts.len() > MAX_PASSAGES {
        let tail = cuts.get(MAX_PASSAGES.saturating_sub(1)).map_or(0, |r| r.start);
        cuts.truncate(MAX_PASSAGES.saturating_sub(1));
        cuts.push(tail..text.len());
    }
    cuts
}

/// The passage of `text` at `range`, trimmed of the blank lines around it.
#[must_use]
pub fn passage(text: &str, range: Range<usize>) -> &str {
    text.get(range)
        .unwrap_or_default()
        .trim_matches(|c: char| c == '\n' || c == '\r')
}

/// Paragraphs and fenced code blocks, each with the blank lines after it.
fn blocks(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0usize;
    let mut at = 0usize;
    let mut fenced = false;
    let mut blank_before = false;
    for line in text.split_inclusive('\n') {
        let end = at.saturating_add(line.len());
        let trimmed = line.trim();
        let fence = trimmed.starts_with("```") || trimmed.starts_with("~~~");
        if fence && !fenced && at > start {
            // A code block starts a block of its own.
            out.push(start..at);
            start = at;
        }
        if fence {
            fenced = !fenced;
            if !fenced {
                out.push(start..end);
                start = end;
            }
        } else if !fenced && trimmed.is_empty() {
            blank_before = true;
        } else if !fenced && blank_before && at > start {
            out.push(start..at);
            start = at;
            blank_before = false;
        } else {
            blank_before = false;
        }
        at = end;
    }
    if start < text.len() {
        out.push(start..text.len());
    }
    out
}

/// Pieces of one oversized block, about [`PASSAGE_TOKENS`] each: at line ends where it has
/// lines, else after whitespace, else at any character.
fn split_block(text: &str, block: Range<usize>) -> Vec<Range<usize>> {
    let limit = usize::try_from(PASSAGE_TOKENS).unwrap_or(240).saturating_mul(4);
    let body = text.get(block.clone()).unwrap_or_default();
    let mut out = Vec::new();
    let mut start = 0usize;
    while body.len().saturating_sub(start) > limit {
        let rest = body.get(start..).unwrap_or_default();
        // The last char boundary within `limit` bytes.
        let window_end = rest
            .char_indices()
            .map(|(i, _)| i)
            .take_while(|&i| i <= limit)
            .last()
            .unwrap_or(0);
        let window = rest.get(..window_end).unwrap_or_default();
        let cut = window
            .rfind('\n')
            .or_else(|| window.rfind(char::is_whitespace))
            .map(|i| i.saturating_add(1))
            .filter(|&i| i > limit / 4)
            .unwrap_or(window_end.max(rest.chars().next().map_or(1, char::len_utf8)));
        out.push(block.start.saturating_add(start)..block.start.saturating_add(start).saturating_add(cut));
        start = start.saturating_add(cut);
    }
    out.push(block.start.saturating_add(start)..block.end);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_cover(text: &str) -> Vec<Range<usize>> {
        let p = passages(text);
        assert_eq!(p.first().map(|r| r.start), Some(0));
        assert_eq!(p.last().map(|r| r.end), Some(text.len()));
        for w in p.windows(2) {
            assert_eq!(w[0].end, w[1].start, "no gap, no overlap");
        }
        for r in &p {
            assert!(text.get(r.clone()).is_some(), "{r:?} is a str range");
        }
        p
    }

    #[test]
    fn a_short_message_is_one_passage_of_itself() {
        assert_eq!(passages("I ran 5k today."), std::iter::once(0..15).collect::<Vec<_>>());
        assert_eq!(passages(""), std::iter::once(0..0).collect::<Vec<_>>());
    }

    #[test]
    fn a_long_reply_is_cut_between_paragraphs_and_keeps_code_blocks_whole() {
        let para = "This paragraph explains one step of the method in plain words. ".repeat(12);
        let code = "```python\n".to_string() + &"x = compute(x)  # one line\n".repeat(20) + "```\n";
        let text = format!("{para}\n\n{para}\n\n{code}\n{para}\n\n{para}");
        let p = check_cover(&text);
        assert!(p.len() >= 3, "{}", p.len());
        for r in &p {
            let piece = text.get(r.clone()).unwrap();
            assert_eq!(piece.matches("```").count() % 2, 0, "a fence is never cut: {piece}");
            assert!(
                estimate_tokens(piece) <= WHOLE_TOKENS + PASSAGE_TOKENS,
                "{}",
                estimate_tokens(piece)
            );
        }
    }

    #[test]
    fn one_huge_line_of_any_script_is_cut_on_char_boundaries() {
        for unit in ["word ", "é", "中文", "🙂", "a"] {
            let text = unit.repeat(20_000);
            let p = check_cover(&text);
            assert!(p.len() > 10, "{unit}: {}", p.len());
        }
    }

    #[test]
    fn a_fifty_megabyte_reply_is_cut_in_linear_time_and_capped() {
        let text = "A sentence of the reply that goes on.\n".repeat(1_400_000);
        let p = check_cover(&text);
        assert!(p.len() <= MAX_PASSAGES);
    }
}
