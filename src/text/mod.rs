//! Word-level text handling shared by every layer: tokens, entity-name normalisation, sentences.

pub mod passage;
pub mod stem;

/// Lowercase alphanumeric words, apostrophes kept inside words ("don't").
pub fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .map(|w| w.trim_matches('\'').to_lowercase())
        .filter(|w| !w.is_empty())
}

/// Whether a whitespace-separated token is a dotted name ("Fly.io", "Node.js", "index.html",
/// "www.example.com"): a full stop between two parts of at least two letters or digits each,
/// outer punctuation aside. "e.g.", "U.S." and "3.5" are none: their parts are single
/// characters or numbers.
#[must_use]
pub fn is_dotted_name(token: &str) -> bool {
    let core = token.trim_matches(|c: char| !c.is_alphanumeric());
    let mut parts = core.split('.');
    let first = parts.next().unwrap_or_default();
    let rest: Vec<&str> = parts.collect();
    let part = |p: &str| p.chars().count() >= 2 && p.chars().all(char::is_alphanumeric);
    !rest.is_empty()
        && part(first)
        && rest.iter().all(|p| part(p))
        && core.chars().any(char::is_alphabetic)
        && !core.split('.').all(|p| p.chars().all(|c| c.is_ascii_digit()))
}

/// One whitespace-separated token as a lowercase word: outer punctuation trimmed, apostrophes
/// inside kept and a curly one made straight ("Can’t," → "can't").
#[must_use]
pub fn token_word(token: &str) -> String {
    token
        .trim_matches(|c: char| !c.is_alphanumeric() && c != '\'' && c != '’')
        .to_lowercase()
        .replace('’', "'")
}

/// What [`words`] gives for a text, held so it can be lent out as slices: an ASCII text is
/// lowercased once and cut in place (its letters, digits and apostrophes stay what they were, so
/// the words are the same), any other text word by word as `words` does.
pub enum WordList {
    Ascii(String),
    Other(Vec<String>),
}

impl WordList {
    #[must_use]
    pub fn of(text: &str) -> Self {
        if text.is_ascii() {
            Self::Ascii(text.to_ascii_lowercase())
        } else {
            Self::Other(words(text).collect())
        }
    }

    /// The words, in order.
    #[must_use]
    pub fn slices(&self) -> Vec<&str> {
        match self {
            // Every character is ASCII here, where `is_alphanumeric` is `is_ascii_alphanumeric`.
            Self::Ascii(low) => low
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '\''))
                .map(|w| w.trim_matches('\''))
                .filter(|w| !w.is_empty())
                .collect(),
            Self::Other(ws) => ws.iter().map(String::as_str).collect(),
        }
    }
}

/// The key under which an entity name is merged: case, `&`/`and`, punctuation and a plural
/// `s` do not make a different node ("Books" and "book" are one).
#[must_use]
pub fn entity_key(name: &str) -> String {
    // Built in place: every extracted path and relation is keyed, so no per-word strings.
    let mut out = String::with_capacity(name.len().saturating_add(8));
    for (i, piece) in name.split('&').enumerate() {
        if i > 0 {
            push_word(&mut out, "and");
        }
        for w in piece.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()) {
            if w.is_ascii() {
                // Lowercased straight into the key, then cut to its singular there.
                if !out.is_empty() {
                    out.push(' ');
                }
                let start = out.len();
                out.push_str(w);
                let Some(word) = out.get_mut(start..) else { continue };
                word.make_ascii_lowercase();
                if let Some((stem, y)) = singular_stem(word) {
                    let cut = start.saturating_add(stem.len());
                    out.truncate(cut);
                    if y {
                        out.push('y');
                    }
                }
                continue;
            }
            let low = w.to_lowercase();
            if let Some((stem, y)) = singular_stem(&low) {
                push_word(&mut out, stem);
                if y {
                    out.push('y');
                }
            } else {
                push_word(&mut out, &low);
            }
        }
    }
    out
}

fn push_word(out: &mut String, w: &str) {
    if !out.is_empty() {
        out.push(' ');
    }
    out.push_str(w);
}

/// What [`singular`] cuts a word to, and whether a `y` follows (an "-ies" plural); `None` when
/// it keeps the word whole.
fn singular_stem(w: &str) -> Option<(&str, bool)> {
    if let Some(stem) = w.strip_suffix("ies").filter(|_| w.len() > 4) {
        return Some((stem, true));
    }
    w.strip_suffix('s')
        .filter(|_| w.len() > 3 && !w.ends_with("ss") && !w.ends_with("us") && !w.ends_with("is"))
        .map(|stem| (stem, false))
}

/// A light singular form; only used for keys, never shown.
#[must_use]
pub fn singular(w: &str) -> String {
    match singular_stem(w) {
        Some((stem, true)) => format!("{stem}y"),
        Some((stem, false)) => stem.to_string(),
        None => w.to_string(),
    }
}

/// The text without its fenced code blocks (```` ``` ```` or `~~~`), inline code kept: a pasted
/// function ("def forbidden_error(e):") is no statement about the person, while "I raised
/// `client_max_body_size`" is one.
#[must_use]
pub fn without_fences(text: &str) -> String {
    if !text.contains("```") && !text.contains("~~~") {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut fenced = false;
    for line in text.lines() {
        let t = line.trim_start();
        if t.starts_with("```") || t.starts_with("~~~") {
            fenced = !fenced;
            // The fence ends what came before it as a sentence would.
            out.push('\n');
            continue;
        }
        if !fenced {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// Splits text into sentences on `.`, `!`, `?` and line breaks, keeping the punctuation.
#[must_use]
pub fn sentences(text: &str) -> Vec<String> {
    // Each sentence is a slice of the text between cuts (no copy of it char by char).
    let mut out = Vec::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c == '\n' {
            push_sentence(&mut out, text.get(start..i).unwrap_or(""));
            start = i + 1;
            continue;
        }
        let next_is_space = chars.peek().is_none_or(|(_, n)| n.is_whitespace());
        if matches!(c, '.' | '!' | '?') && next_is_space && !(c == '.' && abbreviation(text.get(start..i))) {
            let end = i + c.len_utf8();
            push_sentence(&mut out, text.get(start..end).unwrap_or(""));
            start = end;
        }
    }
    push_sentence(&mut out, text.get(start..).unwrap_or(""));
    out
}

/// Titles and abbreviations whose full stop ends no sentence ("Dr. Lee", "St. Ives", "e.g.").
pub(crate) const ABBREVIATIONS: &[&str] = &[
    "mr", "mrs", "ms", "dr", "st", "sr", "jr", "prof", "mt", "vs", "e.g", "i.e", "approx",
];

/// Whether the text before a full stop ends in one of [`ABBREVIATIONS`], capitalised as a
/// title ("Dr", "St") or written as a Latin one ("e.g").
pub(crate) fn abbreviation(before: Option<&str>) -> bool {
    let Some(word) = before.and_then(|b| b.rsplit(char::is_whitespace).next()) else {
        return false;
    };
    let word = word.trim_start_matches(|c: char| !c.is_alphanumeric());
    let title = word.chars().next().is_some_and(char::is_uppercase) || word.contains('.');
    // "etc." may end a sentence as often as not, so it is not listed; a lowercase "st." is no
    // title.
    title && ABBREVIATIONS.iter().any(|a| a.eq_ignore_ascii_case(word))
}

fn push_sentence(out: &mut Vec<String>, cur: &str) {
    let s = cur.trim();
    if !s.is_empty() {
        out.push(s.to_string());
    }
}

/// Title Case for names the offline model invents ("pottery class" → "Pottery Class").
#[must_use]
pub fn title_case(s: &str) -> String {
    s.split_whitespace()
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Rough token count (chars / 4, at least the word count): what the paper's budgets are measured in
/// when a server reports no usage.
#[must_use]
pub fn estimate_tokens(text: &str) -> u32 {
    let chars = if text.is_ascii() {
        text.len()
    } else {
        text.chars().count()
    };
    crate::ids::saturating_u32(chars.div_ceil(4).max(whitespace_words(text)))
}

/// `text.split_whitespace().count()`, cheaper: every model call counts its prompt. ASCII text
/// (nearly every prompt) is counted as the starts of its runs of non-space bytes: each byte
/// against the next, summed in a `u8` per block of 128 pairs, a loop the compiler vectorises
/// (ten times faster than counting `windows(2)`); any other text goes through
/// `split_whitespace` itself.
fn whitespace_words(text: &str) -> usize {
    if !text.is_ascii() {
        return text.split_whitespace().count();
    }
    let space = |b: u8| b == b' ' || (b'\t'..=b'\r').contains(&b);
    let bytes = text.as_bytes();
    let first = bytes.first().is_some_and(|&b| !space(b));
    let before = bytes.get(..bytes.len().saturating_sub(1)).unwrap_or_default();
    let after = bytes.get(1..).unwrap_or_default();
    let mut starts = 0usize;
    for (a, b) in before.chunks(128).zip(after.chunks(128)) {
        let mut block = 0u8;
        for (&p, &q) in a.iter().zip(b) {
            // At most 128 per block: no overflow.
            block = block.wrapping_add(u8::from(space(p) & !space(q)));
        }
        starts = starts.saturating_add(usize::from(block));
    }
    starts.saturating_add(usize::from(first))
}

/// The first `max` characters of `s`, borrowed (all of it when shorter): how far a reader looks
/// into a long text.
#[must_use]
pub fn head_chars(s: &str, max: usize) -> &str {
    s.char_indices().nth(max).and_then(|(k, _)| s.get(..k)).unwrap_or(s)
}

/// Shortens to at most `max` characters on a char boundary, with an ellipsis.
#[must_use]
pub fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// [`clip`] at the last whole word that fits, so what a reader sees ends on a word ("…or
/// donate it…", not "…or donate it i…"). A single word longer than `max` is cut as `clip`
/// cuts it.
#[must_use]
pub fn clip_words(s: &str, max: usize) -> String {
    let clipped = clip(s, max);
    let Some(body) = clipped.strip_suffix('…') else {
        return clipped;
    };
    // The clipped text ends inside a word when the original goes on with a letter or digit.
    let body_chars = body.chars().count();
    let cut_in_word = s.chars().nth(body_chars).is_some_and(char::is_alphanumeric)
        && body.chars().last().is_some_and(char::is_alphanumeric);
    let body = match body.rsplit_once(char::is_whitespace) {
        Some((head, _)) if cut_in_word && !head.trim().is_empty() => head,
        _ => body,
    };
    format!("{}…", body.trim_end().trim_end_matches([',', ';', ':', '-', '–', '—']))
}

/// Common English function words, ignored when judging topic overlap and when keying queries.
pub static STOPWORDS: WordSet = WordSet::new(&[
    "a", "about", "after", "again", "all", "also", "am", "an", "and", "any", "are", "as", "at", "be", "been", "before",
    "being", "but", "by", "can", "could", "did", "do", "does", "doing", "don't", "for", "from", "had", "has", "have",
    "having", "he", "her", "here", "hers", "him", "his", "how", "i", "i'd", "i'll", "i'm", "i've", "if", "in", "into",
    "is", "it", "it's", "its", "just", "me", "more", "most", "my", "no", "not", "now", "of", "oh", "on", "one", "or",
    "our", "out", "over", "really", "so", "some", "such", "than", "that", "that's", "the", "their", "them", "then",
    "there", "these", "they", "this", "those", "through", "to", "too", "up", "very", "was", "we", "were", "what",
    "when", "where", "which", "while", "who", "why", "will", "with", "would", "yeah", "yes", "you", "you're", "your",
    "yours", "what's", "it'll", "get", "got", "going", "go", "like", "thing", "things", "lot", "well", "good", "great",
    "thanks", "thank", "hey", "hi", "hello", "sure", "okay", "ok", "know", "think", "much", "many", "still", "even",
    "way", "been", "let", "let's", "should", "cool", "wow", "awesome", "nice", "glad", "sounds", "sound",
]);

/// Whether a lowercase word is a function word.
#[must_use]
pub fn is_stopword(w: &str) -> bool {
    STOPWORDS.contains(w)
}

/// A fixed list of words looked up by hash. The lists are asked about every word of every
/// sentence the offline model reads, where scanning a hundred words each time was a visible
/// share of ingest.
pub struct WordSet {
    words: &'static [&'static str],
    set: std::sync::OnceLock<std::collections::HashSet<&'static str, foldhash::fast::FixedState>>,
}

impl WordSet {
    #[must_use]
    pub const fn new(words: &'static [&'static str]) -> Self {
        Self {
            words,
            set: std::sync::OnceLock::new(),
        }
    }

    #[must_use]
    pub fn contains(&self, word: &str) -> bool {
        self.set
            .get_or_init(|| self.words.iter().copied().collect())
            .contains(word)
    }
}

/// Content words of a text, lowercased, function words and one-letter tokens dropped.
#[must_use]
pub fn content_words(text: &str) -> Vec<String> {
    words(text).filter(|w| w.len() > 1 && !is_stopword(w)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dotted_name_has_parts_of_two_characters_or_more() {
        for name in ["Fly.io", "Node.js,", "(www.example.com)", "index.html", "Socket.IO"] {
            assert!(is_dotted_name(name), "{name}");
        }
        for other in ["e.g.", "U.S.", "3.5", "v2.6.0", "end.", "a.m.", "…", "🙂.🙂"] {
            assert!(!is_dotted_name(other), "{other}");
        }
    }

    #[test]
    fn entity_keys_are_the_singular_lowercase_words_joined() {
        // The definition, word by word, as it was written before keys were built in place.
        fn singular(w: &str) -> String {
            if let Some(stem) = w.strip_suffix("ies").filter(|_| w.len() > 4) {
                format!("{stem}y")
            } else if let Some(stem) = w
                .strip_suffix('s')
                .filter(|_| w.len() > 3 && !w.ends_with("ss") && !w.ends_with("us") && !w.ends_with("is"))
            {
                stem.to_string()
            } else {
                w.to_string()
            }
        }
        let by_words = |name: &str| {
            name.replace('&', " and ")
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .map(|w| singular(&w.to_lowercase()))
                .collect::<Vec<_>>()
                .join(" ")
        };
        for name in [
            "",
            "&",
            "Arts & Crafts",
            "rock&roll&&blues",
            "Studies, Buses, Glasses; Status, Axis, Pies, ies, Flies, Series",
            "ΣΟΦΊΑΣ Straße İstanbul",
            "Zoë’s “cafés” 🧗‍♀️ 李雷s",
        ] {
            assert_eq!(entity_key(name), by_words(name), "{name:?}");
        }
    }

    /// The definition `sentences` had: characters copied one by one into the open sentence.
    fn sentences_by_chars(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut cur = String::new();
        let chars: Vec<char> = text.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            if c == '\n' {
                push_sentence(&mut out, &cur);
                cur.clear();
                continue;
            }
            cur.push(c);
            // The open sentence without the full stop just pushed (one byte).
            let titled = c == '.' && abbreviation(cur.get(..cur.len().saturating_sub(1)));
            if matches!(c, '.' | '!' | '?') && chars.get(i + 1).is_none_or(|n| n.is_whitespace()) && !titled {
                push_sentence(&mut out, &cur);
                cur.clear();
            }
        }
        push_sentence(&mut out, &cur);
        out
    }

    #[test]
    fn sentences_cut_where_they_always_did() {
        for text in [
            "",
            "One. Two! Three? Four",
            "Dr.Who is 3.5 m tall.Really? Yes!\nNew line\n\n  spaced  ",
            "Zoë’s café!\u{a0}Next… done.\u{3000}漢字。 end?",
            "...!!! ?? .",
            "emoji 🧗‍♀️. after\r\nwindows line",
        ] {
            assert_eq!(sentences(text), sentences_by_chars(text), "{text:?}");
        }
    }

    #[test]
    fn a_word_list_holds_what_words_gives() {
        for text in [
            "",
            "'quoted' don't ''x'' O'Brien's",
            "I Love LIFTING, the bench-press; 5k runs!",
            "Zoë ÅNGSTRÖM ΣΟΦΊΑΣ İstanbul straße “curly” it’s",
            "a\u{a0}b\tc\nd 12:30 3rd",
        ] {
            let want: Vec<String> = words(text).collect();
            assert_eq!(WordList::of(text).slices(), want, "{text:?}");
        }
    }

    #[test]
    fn words_are_counted_as_split_whitespace_counts_them() {
        for text in [
            "",
            " ",
            "a",
            "  two  words ",
            "tab\tnew\nline\r\nvt\u{b}ff\u{c}end",
            "not\u{1c}split\u{1f}here",
            "nbsp\u{a0}nel\u{85}ogham\u{1680}em\u{2003}ls\u{2028}ideo\u{3000}x",
            "Zoë “quoted” 🧗‍♀️ 李雷 went\u{202f}climbing",
        ] {
            assert_eq!(whitespace_words(text), text.split_whitespace().count(), "{text:?}");
        }
        // Long ASCII text crosses the 128-pair blocks, with a word and a space on each side of
        // every block edge.
        for n in [127, 128, 129, 255, 256, 257, 1000] {
            for unit in ["a ", " a", "ab  ", "x\n", "word"] {
                let text = unit.repeat(n);
                assert_eq!(
                    whitespace_words(&text),
                    text.split_whitespace().count(),
                    "{n} × {unit:?}"
                );
            }
        }
    }

    #[test]
    fn entity_keys_merge_case_ampersand_and_plurals() {
        assert_eq!(
            entity_key("Interests & Entertainment"),
            entity_key("interests and entertainment")
        );
        assert_eq!(entity_key("Books"), entity_key("book"));
        assert_eq!(entity_key("Fitness"), "fitness");
        assert_eq!(entity_key("Hobbies"), entity_key("hobby"));
    }

    #[test]
    fn clip_words_ends_on_a_whole_word() {
        assert_eq!(clip_words("or just donate it instead", 17), "or just donate…");
        assert_eq!(clip_words("short", 17), "short");
        assert_eq!(clip_words("one, two three", 6), "one…");
        // One long word is cut as it must be; accents count as one character each.
        assert_eq!(clip_words("supercalifragilistic", 6), "super…");
        assert_eq!(clip_words("café crème brûlée", 12), "café crème…");
    }

    #[test]
    fn sentences_split_on_terminal_punctuation() {
        assert_eq!(
            sentences("I lift. Do you? Yes!\nOk"),
            vec!["I lift.", "Do you?", "Yes!", "Ok"]
        );
        assert_eq!(sentences("It costs 3.5 dollars."), vec!["It costs 3.5 dollars."]);
        assert_eq!(
            sentences("We saw Dr. Lee near St. Ives, e.g. the harbour. Then home."),
            vec!["We saw Dr. Lee near St. Ives, e.g. the harbour.", "Then home."]
        );
        assert_eq!(sentences("I paid etc. Then left."), vec!["I paid etc.", "Then left."]);
    }

    #[test]
    fn token_estimate_is_never_below_word_count() {
        assert_eq!(estimate_tokens(""), 0);
        assert!(estimate_tokens("a b c d e f") >= 6);
    }
}
