//! Where a quoted sentence's clauses end, for gathering: at `!`, `;`, dashes, brackets and
//! quotes and at a full stop that ends a word, leaving out what is quoted and what is bracketed.

/// A sentence cut where a clause ends: at `!`, `;`, a dash, brackets and quotes, and at a full
/// stop that ends a word ("1.22.0", "v2.6", "app.py" keep theirs). Parts inside quotation marks
/// are left out: they are a title or someone's words ("a post titled "How I Used Tax-Loss
/// Harvesting""), not what the speaker says they did.
pub(super) fn ends_of_clauses(s: &str) -> impl Iterator<Item = &str> {
    let mut quoted = false;
    clause_parts(s).filter_map(move |(part, mark)| {
        let inside = quoted;
        match mark {
            Some('"') => quoted = !quoted,
            Some('“') => quoted = true,
            Some('”') => quoted = false,
            _ => {}
        }
        (!inside).then_some(part)
    })
}

/// The parts of [`ends_of_clauses`], each with the mark that ended it (`None` for the last).
fn clause_parts(s: &str) -> impl Iterator<Item = (&str, Option<char>)> {
    let mut chars = s.char_indices().peekable();
    let mut start = 0;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        while let Some((i, c)) = chars.next() {
            let stop = match c {
                // "Ms. Harper" and "e.g. this" go on: a title's full stop ends nothing.
                '.' => {
                    chars.peek().is_none_or(|(_, n)| !n.is_alphanumeric())
                        && !crate::text::abbreviation(s.get(start..i))
                }
                '!' | ';' | '—' | '(' | ')' | '"' | '“' | '”' => true,
                _ => false,
            };
            if stop {
                let part = s.get(start..i).unwrap_or("");
                start = i + c.len_utf8();
                return Some((part, Some(c)));
            }
        }
        done = true;
        Some((s.get(start..).unwrap_or(""), None))
    })
}

/// The text without its bracketed asides ("[shares a photo: a photo of a beach]"), which are
/// not the speaker's words; an aside the quote's cut left open runs to the end.
pub(super) fn without_brackets(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for ch in text.chars() {
        match ch {
            '[' => depth = depth.saturating_add(1),
            ']' if depth > 0 => depth -= 1,
            // A closing bracket whose opening the cut removed: what came before was the aside.
            ']' => out.clear(),
            _ if depth == 0 => out.push(ch),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}
