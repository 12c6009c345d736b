//! The phrases a person's own words in one segment keep coming back to: the open vocabulary of
//! concepts ("geometric series", "resume analyzer", "Flask-Limiter"). Two rules of English find
//! them, with no list of topics:
//! - a noun phrase opened by a determiner ("the geometric series", "my resume analyzer
//!   project") is named by its head noun and the word before it, and counts when the person
//!   says it at least twice;
//! - a technical name is written in a way no common word is: a capital inside the word
//!   ("PostgreSQL", "spaCy"), capitalised parts joined by a hyphen ("Flask-Limiter"), or a
//!   capitalised word followed by a version ("Python 3.10"), or a capitalised dotted name
//!   ("Fly.io", "Node.js"). One use is enough.

use crate::rules::words::function::PHRASES_DETERMINERS as DETERMINERS;
use crate::rules::words::nouns::GENERIC_HEADS;
use crate::rules::words::nouns::NOT_NOUNS;

use super::QUALIFIERS;
use crate::text::{is_stopword, sentences, title_case};

/// Most phrases one segment files, so a long technical turn cannot flood the tree.
pub(crate) const MAX_PHRASES: usize = 3;

/// A phrase, its count in the text, and the first sentence it was said in.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Phrase {
    pub name: String,
    pub count: usize,
    pub sentence: String,
    /// Whether it is a technical name, whose word pieces carry no meaning: it is placed by the
    /// words around it.
    pub technical: bool,
}

/// The phrases of `text`, most said first, at most [`MAX_PHRASES`].
pub(crate) fn phrases(text: &str) -> Vec<Phrase> {
    let prose = without_code(text);
    let said: Vec<String> = phrase_words(&prose).collect();
    let mut found: Vec<Phrase> = Vec::new();
    let mut add = |name: String, count: usize, sentence: &str, technical: bool| {
        if let Some(p) = found.iter_mut().find(|p| p.name.eq_ignore_ascii_case(&name)) {
            p.count = p.count.max(count);
        } else {
            found.push(Phrase {
                name,
                count,
                sentence: sentence.to_string(),
                technical,
            });
        }
    };
    for sentence in sentences(&prose) {
        for name in technical_names(&sentence) {
            let n = occurrences(&said, &phrase_words(&name).collect::<Vec<_>>()).max(1);
            add(name, n, &sentence, true);
        }
        let toks: Vec<String> = phrase_words(&sentence).collect();
        for phrase in noun_phrases(&toks) {
            let n = occurrences(&said, &phrase);
            let name = as_written(&title_case(&phrase.join(" ")), &sentence);
            // "the NoneType object" is the error again, not a thing of the person's.
            let of_error = name.split_whitespace().any(|w| {
                let inner_capital = w.chars().skip(1).any(char::is_uppercase);
                inner_capital && ERROR_ENDS.iter().any(|e| w.ends_with(e))
            });
            if n >= 2 && !of_error {
                add(name, n, &sentence, false);
            }
        }
    }
    found.sort_by_key(|p| std::cmp::Reverse(p.count));
    found.truncate(MAX_PHRASES);
    found
}

/// A title-cased phrase with each word the sentence writes with inner capitals kept as written:
/// "the sqlite volume" said as "the SQLite volume" is "SQLite Volume", not "Sqlite Volume".
fn as_written(phrase: &str, sentence: &str) -> String {
    let written: Vec<&str> = sentence
        .split_whitespace()
        .map(|t| t.trim_matches(|c: char| !c.is_alphanumeric()))
        .filter(|t| t.chars().skip(1).any(char::is_uppercase))
        .collect();
    phrase
        .split(' ')
        .map(|w| {
            written
                .iter()
                .find(|t| t.eq_ignore_ascii_case(w))
                .map_or_else(|| w.to_string(), |t| (*t).to_string())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The text without fenced code blocks, inline code and identifiers written with underscores
/// ("TRAIN_DATA", "max_length"): code names variables, not topics.
pub(crate) fn without_code(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    // No backtick, backslash or underscore: no code, maths or identifier, so only the lines
    // are kept (the passes below would copy every character one by one to the same result).
    if !text.contains(['`', '\\', '_']) {
        for line in text.lines() {
            out.push_str(line);
            out.push('\n');
        }
        return out;
    }
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            let mut inline = false;
            let prose: String = line
                .chars()
                .filter(|&c| {
                    if c == '`' {
                        inline = !inline;
                        return false;
                    }
                    !inline
                })
                .collect();
            if prose.contains('_') {
                // The identifier leaves a clause break behind, so the words on either side do
                // not join ("the formula S_n = a_1 * (1 - r)" holds no "formula 1").
                let kept: Vec<&str> = prose.split(' ').map(|t| if identifier(t) { ";" } else { t }).collect();
                out.push_str(&kept.join(" "));
            } else {
                out.push_str(&prose);
            }
            out.push('\n');
        }
    }
    without_math(&out)
}

/// A token joined by an underscore between letters or digits ("TRAIN_DATA", "user_id").
fn identifier(token: &str) -> bool {
    let chars: Vec<char> = token.chars().collect();
    chars
        .windows(3)
        .any(|w| w[1] == '_' && w[0].is_alphanumeric() && w[2].is_alphanumeric())
}

/// The text with LaTeX maths (`\( … \)`, `\[ … \]`) replaced by a space: "\( 5k \)" is no
/// 5 km run, and "\sum" no word of the person's.
fn without_math(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut close: Option<char> = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let next = chars.peek().copied();
        match (close, c, next) {
            (None, '\\', Some(open @ ('(' | '['))) => {
                chars.next();
                close = Some(if open == '(' { ')' } else { ']' });
                out.push(' ');
            }
            (Some(end), '\\', Some(n)) if n == end => {
                chars.next();
                close = None;
            }
            (Some(_), '\n', _) => out.push('\n'),
            (Some(_), _, _) => {}
            (None, _, _) => out.push(c),
        }
    }
    out
}

/// The lowercase words of a text, a hyphenated compound kept whole: "a long-term habit" has
/// the words "a", "long-term", "habit", never a "term habit".
fn phrase_words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '-'))
        .map(|w| w.trim_matches(|c| c == '\'' || c == '-').to_lowercase())
        .filter(|w| !w.is_empty())
}

/// Noun phrases opened by a determiner, as their last two content words.
fn noun_phrases(toks: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for (i, w) in toks.iter().enumerate() {
        if !DETERMINERS.contains(&w.as_str()) {
            continue;
        }
        let run: Vec<&String> = toks
            .iter()
            .skip(i + 1)
            .take(4)
            .take_while(|t| content(t))
            .skip_while(|t| QUALIFIERS.contains(&t.as_str()))
            .collect();
        let mut run: Vec<String> = run.into_iter().cloned().collect();
        while run.last().is_some_and(|h| GENERIC_HEADS.contains(&h.as_str())) {
            run.pop();
        }
        // "the match score", "the image size": a quantity of something, not a topic.
        if run.last().is_some_and(|h| super::MEASURES.contains(&h.as_str())) {
            continue;
        }
        if run.len() >= 2 {
            let head = run.split_off(run.len() - 2);
            if head[0] != head[1] && !head.iter().any(|w| QUALIFIERS.contains(&w.as_str())) {
                out.push(head);
            }
        }
    }
    out
}

/// A word that can stand in a topic's name: a letter word, not a function word, preposition,
/// adverb, verb form or count.
fn content(w: &str) -> bool {
    w.chars().count() > 2
        && w.chars().all(|c| c.is_alphabetic() || c == '-' || c == '\'')
        && !w.contains('\'')
        && !is_stopword(w)
        && !crate::rules::words::nouns::ly_adverb(w)
        && !w.ends_with("ing")
        && !w.ends_with("ed")
        && !NOT_NOUNS.contains(&w)
        // "the response time under 300ms", "a verifier somewhere": no part of the thing's name.
        && !crate::rules::words::function::PREPOSITIONS.contains(&w)
        && !w.ends_with("where")
        // "learning to cook these meals herself": a reflexive pronoun names who, not what.
        && !(w.ends_with("self") || w.ends_with("selves"))
        && !super::super::extract::is_calendar_or_count(w)
}

/// How many times `phrase` occurs in `said`, as consecutive words.
fn occurrences(said: &[String], phrase: &[String]) -> usize {
    if phrase.is_empty() {
        return 0;
    }
    said.windows(phrase.len()).filter(|w| *w == phrase).count()
}

/// How the name of an error's or a value's type ends ("TypeError", "PyMuPDFException",
/// "NoneType", the "Content-Type" header): code's own vocabulary, not a topic of the person's.
const ERROR_ENDS: &[&str] = &["Error", "Exception", "Warning", "Type"];

/// Technical names in a sentence, spelled as written (see the module comment).
fn technical_names(sentence: &str) -> Vec<String> {
    let toks: Vec<&str> = sentence.split_whitespace().collect();
    let mut out: Vec<String> = Vec::new();
    for (i, raw) in toks.iter().enumerate() {
        let w = raw.trim_matches(|c: char| !c.is_alphanumeric());
        // "Fly.io", "Node.js": a capitalised dotted name is a product's; a lowercase one
        // ("index.html", "config.yaml") is a file's.
        // ("Camera.release()" is a call in code, not a name.)
        let dotted = crate::text::is_dotted_name(w) && w.starts_with(char::is_uppercase) && !raw.contains('(');
        if w.chars().count() < 3 || !(dotted || w.chars().all(|c| c.is_alphanumeric() || c == '-')) {
            continue;
        }
        let chars: Vec<char> = w.chars().collect();
        let inner_capital = chars.windows(2).any(|p| p[0].is_lowercase() && p[1].is_uppercase());
        let hyphened = w.contains('-')
            && w.split('-').filter(|p| !p.is_empty()).count() >= 2
            && w.split('-').all(|p| p.chars().next().is_some_and(char::is_uppercase));
        let versioned =
            i > 0 && chars.first().is_some_and(|c| c.is_uppercase()) && toks.get(i + 1).is_some_and(|n| is_version(n));
        let all_caps = chars.iter().all(|c| c.is_uppercase() || c.is_ascii_digit());
        // An error's type ("TypeError", "PyMuPDFException", the "NoneType" of "'NoneType' object
        // has no attribute") names what went wrong once, not what the person works with.
        let error = ERROR_ENDS.iter().any(|e| w.ends_with(e));
        // A versioned name takes the capitalised words before it: "React Native v0.71" is
        // React Native, not "Native".
        let mut name = w.to_string();
        if versioned {
            let mut j = i;
            while j > 0 && i - j < 3 {
                let prev = toks[j - 1];
                let core = prev.trim_matches(|c: char| !c.is_alphanumeric());
                if core.is_empty()
                    || prev.ends_with([',', '.', ';', ':', '!', '?'])
                    || !core.starts_with(char::is_uppercase)
                    || !core.chars().all(|c| c.is_alphanumeric() || c == '-')
                    || is_stopword(&core.to_lowercase())
                {
                    break;
                }
                name = format!("{core} {name}");
                j -= 1;
            }
        }
        if (inner_capital || hyphened || versioned || dotted) && !all_caps && !error && !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

/// "3.10", "v2.6.0", "2.2,": a version number.
fn is_version(token: &str) -> bool {
    let t = token.trim_end_matches(|c: char| !c.is_ascii_digit());
    let t = t.strip_prefix('v').unwrap_or(t);
    t.contains('.')
        && t.split('.')
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
}
