//! TeX maths written inline in chat ("\( a_n = a_1 r^{n-1} \)"), read as the plain text a
//! person would write ("a_n = a_1 r^(n-1)"), so a fact or a Δ quoting a formula reads as a
//! sentence and not as markup.

use std::borrow::Cow;

/// Commands that stand for one symbol.
const SYMBOLS: &[(&str, &str)] = &[
    ("Delta", "Δ"),
    ("delta", "δ"),
    ("Sigma", "Σ"),
    ("sigma", "σ"),
    ("sum", "∑"),
    ("prod", "∏"),
    ("infty", "∞"),
    ("times", "×"),
    ("cdot", "·"),
    ("div", "÷"),
    ("leq", "≤"),
    ("le", "≤"),
    ("geq", "≥"),
    ("ge", "≥"),
    ("neq", "≠"),
    ("ne", "≠"),
    ("approx", "≈"),
    ("pm", "±"),
    ("pi", "π"),
    ("alpha", "α"),
    ("beta", "β"),
    ("gamma", "γ"),
    ("theta", "θ"),
    ("lambda", "λ"),
    ("mu", "μ"),
    ("epsilon", "ε"),
    ("sqrt", "√"),
    ("to", "→"),
    ("rightarrow", "→"),
    ("ldots", "…"),
    ("dots", "…"),
    ("cdots", "…"),
];

/// Commands that only lay out, and vanish.
const LAYOUT: &[&str] = &[
    "left",
    "right",
    "displaystyle",
    "quad",
    "qquad",
    "text",
    "mathrm",
    "mathbf",
    "big",
    "Big",
];

/// How deep fractions and exponent groups are read inside one another; deeper ones keep their
/// text with the braces dropped, so a hostile nesting costs no stack.
const MAX_DEPTH: usize = 8;

/// The plain reading of `s`: maths between `\(`…`\)` or `\[`…`\]` is read, the rest kept
/// as written (a path such as `C:\Users\me` or a `\n` in code is not TeX). Borrowed when it
/// holds no maths.
#[must_use]
pub fn plain_math(s: &str) -> Cow<'_, str> {
    if !s.contains("\\(") && !s.contains("\\[") {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(open) = rest.find('\\') {
        let (before, from) = rest.split_at(open);
        out.push_str(before);
        let close = match from.get(..2) {
            Some("\\(") => "\\)",
            Some("\\[") => "\\]",
            _ => {
                out.push('\\');
                rest = from.get(1..).unwrap_or_default();
                continue;
            }
        };
        let body = from.get(2..).unwrap_or_default();
        let (maths, after) = body.split_once(close).unwrap_or((body, ""));
        out.push_str(read(maths, 0).trim());
        // Trimmed: "\( x \), but" reads "x, but".
        rest = after;
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// [`plain_math`] of a group `depth` groups deep.
fn read(s: &str, depth: usize) -> String {
    let inner = |t: &str| {
        if depth < MAX_DEPTH {
            read(t, depth + 1)
        } else {
            t.replace(['{', '}'], "")
        }
    };
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        i += 1;
        match c {
            '\\' => {
                let Some(&next) = chars.get(i) else {
                    break;
                };
                if matches!(next, '(' | ')' | '[' | ']') {
                    // A delimiter of inline or display maths.
                    i += 1;
                    continue;
                }
                if matches!(next, ',' | ';' | '!' | ' ') {
                    out.push(' ');
                    i += 1;
                    continue;
                }
                if !next.is_ascii_alphabetic() {
                    // An escaped character ("\{", "\%") is the character.
                    out.push(next);
                    i += 1;
                    continue;
                }
                let start = i;
                while chars.get(i).is_some_and(char::is_ascii_alphabetic) {
                    i += 1;
                }
                let name: String = chars.get(start..i).unwrap_or_default().iter().collect();
                if name == "frac" {
                    let (num, after) = group(&chars, i);
                    let (den, end) = group(&chars, after);
                    out.push_str(&wrapped(&inner(&num)));
                    out.push('/');
                    out.push_str(&wrapped(&inner(&den)));
                    i = end;
                } else if let Some((_, sym)) = SYMBOLS.iter().find(|(n, _)| *n == name) {
                    out.push_str(sym);
                } else if !LAYOUT.contains(&name.as_str()) {
                    out.push_str(&name);
                }
            }
            '^' | '_' if chars.get(i) == Some(&'{') => {
                let (group_text, end) = group(&chars, i);
                out.push(c);
                out.push_str(&wrapped(&inner(&group_text)));
                i = end;
            }
            '{' | '}' => {}
            _ => out.push(c),
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The brace group opening at `at` (spaces before it skipped) and the index after it; a single
/// character when no brace opens there ("\frac12").
fn group(chars: &[char], mut at: usize) -> (String, usize) {
    while chars.get(at).is_some_and(|c| *c == ' ') {
        at += 1;
    }
    if chars.get(at) != Some(&'{') {
        return chars.get(at).map_or((String::new(), at), |c| (c.to_string(), at + 1));
    }
    let mut depth = 0usize;
    let mut inner = String::new();
    let mut i = at;
    while let Some(&c) = chars.get(i) {
        i += 1;
        match c {
            '{' => {
                if depth > 0 {
                    inner.push(c);
                }
                depth += 1;
            }
            '}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return (inner, i);
                }
                inner.push(c);
            }
            _ => inner.push(c),
        }
    }
    (inner, i)
}

/// A term in parentheses when it holds an operator ("n-1" → "(n-1)"; "a_1" stays).
fn wrapped(term: &str) -> String {
    let term = term.trim();
    if term.chars().count() <= 1 || term.chars().all(|c| c.is_alphanumeric() || matches!(c, '_' | '.')) {
        term.to_owned()
    } else {
        format!("({term})")
    }
}

#[cfg(test)]
mod tests {
    use super::plain_math;

    #[test]
    fn inline_maths_reads_as_plain_text() {
        assert_eq!(
            plain_math(r"I don't see why the discriminant \( \Delta = b^2 - 4ac \) matters."),
            "I don't see why the discriminant Δ = b^2 - 4ac matters."
        );
        assert_eq!(
            plain_math(r"using \( a_n = a_1 \times r^{n-1} \) to solve"),
            "using a_n = a_1 × r^(n-1) to solve"
        );
        assert_eq!(plain_math(r"the formula \( x^2 \), but"), "the formula x^2, but");
        assert_eq!(plain_math(r"\( S_\infty = \frac{a_1}{1-r} \)"), "S_∞ = a_1/(1-r)");
        assert_eq!(
            plain_math(r"\[ \sum_{k=1}^{n} k = \frac{n(n+1)}{2} \]"),
            "∑_(k=1)^n k = (n(n+1))/2"
        );
    }

    #[test]
    fn text_without_tex_is_untouched_and_damage_does_not_panic() {
        assert!(matches!(
            plain_math("a plain {sentence}"),
            std::borrow::Cow::Borrowed(_)
        ));
        for s in [r"\", r"\frac{", r"x^{", r"\frac", "ends with \\", r"\(é\) 🙂 \日本"] {
            let _ = plain_math(s);
        }
        assert_eq!(plain_math(r"costs \( \$5 \) and 10\%"), r"costs $5 and 10\%");
        let nested = format!("\\( {}x{} \\)", r"\frac{".repeat(100_000), "}{2}".repeat(100_000));
        assert!(plain_math(&nested).contains('x'));
    }
}
