//! Tidying what a model wrote before it is stored: Markdown emphasis, template placeholders
//! (`<sentence>`, `<fact …>`) and echoed tags are stripped, empty items dropped, and repeated
//! or truncated-copy bullets removed, so Σ never holds the same fact sixty times.

/// One item (a fact, conclusion or bullet) without markup; `None` if nothing is left.
#[must_use]
pub fn item(text: &str) -> Option<String> {
    let mut t = text.trim();
    for prefix in ["- ", "* ", "• ", "+ "] {
        if let Some(rest) = t.strip_prefix(prefix) {
            t = rest.trim_start();
        }
    }
    let t = strip_numbering(t);
    let mut out = strip_placeholders(t);
    for mark in ["**", "__", "`"] {
        if out.contains(mark) {
            out = out.replace(mark, "");
        }
    }
    let out = single_spaced(&out);
    let out = out.trim_matches(|c: char| c == '*' || c == '_' || c.is_whitespace());
    let meaningful = out.chars().any(char::is_alphanumeric);
    // A filler word has at most 7 characters before its dots, so at most 28 bytes (lowercasing
    // never makes fewer characters): longer items skip the lowercased copy.
    let filler = out.trim_end_matches('.').len() <= 28
        && matches!(
            out.to_lowercase().trim_end_matches('.'),
            "none" | "n/a" | "na" | "nothing" | "empty" | "null" | "..." | "tbd"
        );
    (meaningful && !filler).then(|| out.to_string())
}

/// `1. text` / `2) text` → `text`.
fn strip_numbering(t: &str) -> &str {
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 || digits > 2 {
        return t;
    }
    let rest = t.trim_start_matches(|c: char| c.is_ascii_digit());
    rest.strip_prefix(". ")
        .or_else(|| rest.strip_prefix(") "))
        .map_or(t, str::trim_start)
}

/// Removes `<word …>` and `</word>` tags: template placeholders a model echoed, or markup.
/// Text between angle brackets that does not look like a tag (`a < b > c`, `<3`) stays.
fn strip_placeholders(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    let mut rest = t;
    while let Some((before, after)) = rest.split_once('<') {
        out.push_str(before);
        let tag = after.split_once('>').filter(|(inner, _)| {
            let inner = inner.strip_prefix('/').unwrap_or(inner);
            inner.chars().next().is_some_and(char::is_alphabetic)
                && inner.chars().count() <= 80
                && inner
                    .chars()
                    .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | ',' | '\'' | '/' | ':'))
        });
        match tag {
            Some((_, beyond)) => rest = beyond,
            None => {
                out.push('<');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The words of `text` joined by single spaces, written in place
/// (`split_whitespace().collect::<Vec<_>>().join(" ")`).
fn single_spaced(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for w in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    }
    out
}

/// A comparison key: lowercase words, punctuation dropped. ASCII text is lowercased once (its
/// letters and digits stay what they were); other text word by word, as `str::to_lowercase`
/// treats each word.
fn key(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let join = |out: &mut String, w: &str| {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    };
    if text.is_ascii() {
        for w in text
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
        {
            join(&mut out, w);
        }
        out.make_ascii_lowercase();
    } else {
        for w in text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()) {
            join(&mut out, &w.to_lowercase());
        }
    }
    out
}

/// Items cleaned, with repeats dropped: the same words again, or a cut-off copy of an item
/// already kept ("Charity" after "Charity Race for Health"). `seen` carries keys across lists.
pub fn items(list: impl IntoIterator<Item = String>, seen: &mut Vec<String>) -> Vec<String> {
    let mut out = Vec::new();
    for raw in list {
        let Some(text) = item(&raw) else { continue };
        let k = key(&text);
        if k.is_empty() || seen.iter().any(|s| s == &k || is_cut_copy(&k, s)) {
            continue;
        }
        // A longer item replaces a cut-off copy kept earlier in this list.
        if let Some(pos) = seen.iter().position(|s| is_cut_copy(s, &k)) {
            let old = seen.remove(pos);
            out.retain(|t: &String| key(t) != old);
        }
        seen.push(k);
        out.push(text);
    }
    out
}

/// Whether `short` is `long` cut off after a word boundary.
fn is_cut_copy(short: &str, long: &str) -> bool {
    long.strip_prefix(short).is_some_and(|rest| rest.starts_with(' '))
}

/// A block of lines (bullets, `Regarding …:` labels, prose) with its bullets cleaned and
/// deduplicated, its labels and prose freed of markup, and labels left without bullets dropped.
#[must_use]
pub fn block(text: &str) -> String {
    let mut seen = Vec::new();
    let mut lines: Vec<(bool, String)> = Vec::new();
    for line in text.lines() {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        let is_bullet = ["- ", "* ", "• ", "+ "].iter().any(|p| t.starts_with(p));
        if is_bullet {
            if let Some(b) = items([t.to_string()], &mut seen).pop() {
                lines.push((true, format!("- {b}")));
            }
        } else if let Some(l) = item(t) {
            let is_label = l.ends_with(':');
            if is_label {
                lines.push((false, l));
            } else {
                let k = key(&l);
                if !seen.contains(&k) {
                    seen.push(k);
                    lines.push((true, l));
                }
            }
        }
    }
    // A label keeps its place only if something follows it before the next label.
    let mut out: Vec<&str> = Vec::new();
    for (i, (content, l)) in lines.iter().enumerate() {
        let next_is_content = lines.get(i + 1).is_some_and(|(c, _)| *c);
        if *content || next_is_content {
            out.push(l);
        }
    }
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_and_placeholders_go_and_text_stays() {
        assert_eq!(item("- **Alex** lifts <sentence>").as_deref(), Some("Alex lifts"));
        assert_eq!(item("<fact true for the whole trunk>"), None);
        assert_eq!(item("2. Alex swims </sentence>").as_deref(), Some("Alex swims"));
        assert_eq!(item("a < b and c > d").as_deref(), Some("a < b and c > d"));
        assert_eq!(item("I <3 tea").as_deref(), Some("I <3 tea"));
        assert_eq!(item("None."), None);
        assert_eq!(item("Zoë’s café 😀").as_deref(), Some("Zoë’s café 😀"));
    }

    #[test]
    fn repeats_and_cut_off_copies_are_dropped() {
        let mut seen = Vec::new();
        let list = ["Charity Race", "Charity Race", "charity race.", "Charity", "Running"];
        let out = items(list.map(String::from), &mut seen);
        assert_eq!(out, vec!["Charity Race", "Running"]);
        let mut seen = Vec::new();
        let out = items(["Charity".to_string(), "Charity Race".to_string()], &mut seen);
        assert_eq!(out, vec!["Charity Race"]);
    }

    #[test]
    fn keys_and_spacing_are_what_they_were() {
        let by_words = |text: &str| {
            text.split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .map(str::to_lowercase)
                .collect::<Vec<_>>()
                .join(" ")
        };
        for text in [
            "",
            "  ",
            "Charity Race, for HEALTH!",
            "  Zoë’s   café\u{a0}ΣΟΦΊΑΣ İstanbul\t12:30 ",
            "a--b__c",
        ] {
            assert_eq!(key(text), by_words(text), "{text:?}");
            assert_eq!(
                single_spaced(text),
                text.split_whitespace().collect::<Vec<_>>().join(" ")
            );
        }
    }

    #[test]
    fn blocks_keep_labels_with_bullets_only() {
        let b = block("- lifts\n- **lifts**\nRegarding Injury:\n- back hurt\nRegarding Empty:\n");
        assert_eq!(b, "- lifts\nRegarding Injury:\n- back hurt");
    }
}
