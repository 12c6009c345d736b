//! The Porter stemmer (M. F. Porter, 1980): LoCoMo's official F1 stems every answer token with
//! it, and the offline answerer matches question words with it. A possessive is the stem of its
//! noun ("family's" is "famili", as "family" is); other words with anything but ASCII letters
//! are returned unchanged.

/// The stem of one lowercase word.
#[must_use]
pub fn stem(word: &str) -> String {
    let word = word
        .strip_suffix("'s")
        .or_else(|| word.strip_suffix("’s"))
        .filter(|w| !w.is_empty())
        .unwrap_or(word);
    if word.len() <= 2 || !word.bytes().all(|b| b.is_ascii_lowercase()) {
        return word.to_string();
    }
    let mut w: Vec<u8> = word.as_bytes().to_vec();
    step1a(&mut w);
    step1b(&mut w);
    step1c(&mut w);
    step2(&mut w);
    step3(&mut w);
    step4(&mut w);
    step5(&mut w);
    String::from_utf8(w).unwrap_or_else(|_| word.to_string())
}

/// Whether `w[i]` is a consonant ('y' is one at the start or after a vowel).
fn cons(w: &[u8], i: usize) -> bool {
    match w[i] {
        b'a' | b'e' | b'i' | b'o' | b'u' => false,
        b'y' => i == 0 || !cons(w, i - 1),
        _ => true,
    }
}

/// m: the number of vowel-consonant sequences in `w[..len]`.
fn measure(w: &[u8], len: usize) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < len && cons(w, i) {
        i += 1;
    }
    loop {
        while i < len && !cons(w, i) {
            i += 1;
        }
        if i >= len {
            return n;
        }
        while i < len && cons(w, i) {
            i += 1;
        }
        n += 1;
    }
}

fn has_vowel(w: &[u8], len: usize) -> bool {
    (0..len).any(|i| !cons(w, i))
}

fn double_cons(w: &[u8], len: usize) -> bool {
    len >= 2 && w[len - 1] == w[len - 2] && cons(w, len - 1)
}

/// *o: the stem ends consonant-vowel-consonant, the last not w, x or y.
fn cvc(w: &[u8], len: usize) -> bool {
    len >= 3 && cons(w, len - 3) && !cons(w, len - 2) && cons(w, len - 1) && !matches!(w[len - 1], b'w' | b'x' | b'y')
}

fn ends(w: &[u8], suffix: &str) -> bool {
    w.ends_with(suffix.as_bytes())
}

fn set_to(w: &mut Vec<u8>, suffix_len: usize, replacement: &str) {
    w.truncate(w.len() - suffix_len);
    w.extend_from_slice(replacement.as_bytes());
}

/// Replaces the first matching suffix when the stem before it has m > `min_m`.
fn replace_rules(w: &mut Vec<u8>, rules: &[(&str, &str)], min_m: usize) {
    for (suffix, rep) in rules {
        if ends(w, suffix) {
            let stem = w.len() - suffix.len();
            if measure(w, stem) > min_m {
                set_to(w, suffix.len(), rep);
            }
            return;
        }
    }
}

fn step1a(w: &mut Vec<u8>) {
    if ends(w, "sses") {
        set_to(w, 4, "ss");
    } else if ends(w, "ies") {
        set_to(w, 3, "i");
    } else if ends(w, "s") && !ends(w, "ss") {
        w.pop();
    }
}

fn step1b(w: &mut Vec<u8>) {
    if ends(w, "eed") {
        if measure(w, w.len() - 3) > 0 {
            w.pop();
        }
        return;
    }
    let cut = if ends(w, "ed") && has_vowel(w, w.len() - 2) {
        2
    } else if ends(w, "ing") && has_vowel(w, w.len() - 3) {
        3
    } else {
        return;
    };
    w.truncate(w.len() - cut);
    if ends(w, "at") || ends(w, "bl") || ends(w, "iz") {
        w.push(b'e');
    } else if double_cons(w, w.len()) && !matches!(w[w.len() - 1], b'l' | b's' | b'z') {
        w.pop();
    } else if measure(w, w.len()) == 1 && cvc(w, w.len()) {
        w.push(b'e');
    }
}

fn step1c(w: &mut [u8]) {
    let n = w.len();
    if n >= 2 && w[n - 1] == b'y' && has_vowel(w, n - 1) {
        w[n - 1] = b'i';
    }
}

/// Step 2's suffixes, longest first, so "ational" wins over "tional" (two suffixes of one
/// length cannot both end a word, so their order within a length is free).
const STEP2: &[(&str, &str)] = &[
    ("ational", "ate"),
    ("ization", "ize"),
    ("iveness", "ive"),
    ("fulness", "ful"),
    ("ousness", "ous"),
    ("tional", "tion"),
    ("biliti", "ble"),
    ("entli", "ent"),
    ("ousli", "ous"),
    ("ation", "ate"),
    ("alism", "al"),
    ("aliti", "al"),
    ("iviti", "ive"),
    ("enci", "ence"),
    ("anci", "ance"),
    ("izer", "ize"),
    ("abli", "able"),
    ("alli", "al"),
    ("ator", "ate"),
    ("eli", "e"),
];

fn step2(w: &mut Vec<u8>) {
    replace_rules(w, STEP2, 0);
}

fn step3(w: &mut Vec<u8>) {
    const RULES: &[(&str, &str)] = &[
        ("icate", "ic"),
        ("ative", ""),
        ("alize", "al"),
        ("iciti", "ic"),
        ("ical", "ic"),
        ("ful", ""),
        ("ness", ""),
    ];
    replace_rules(w, RULES, 0);
}

fn step4(w: &mut Vec<u8>) {
    const SUFFIXES: &[&str] = &[
        "ement", "ance", "ence", "able", "ible", "ment", "ant", "ent", "ism", "ate", "iti", "ous", "ive", "ize", "ion",
        "al", "er", "ic", "ou",
    ];
    for s in SUFFIXES {
        if ends(w, s) {
            let stem = w.len() - s.len();
            let ok = if *s == "ion" {
                stem > 0 && matches!(w[stem - 1], b's' | b't')
            } else {
                true
            };
            if ok && measure(w, stem) > 1 {
                w.truncate(stem);
            }
            return;
        }
    }
}

fn step5(w: &mut Vec<u8>) {
    let n = w.len();
    if w[n - 1] == b'e' {
        let m = measure(w, n - 1);
        if m > 1 || (m == 1 && !cvc(w, n - 1)) {
            w.pop();
        }
    }
    let n = w.len();
    if n >= 2 && w[n - 1] == b'l' && double_cons(w, n) && measure(w, n) > 1 {
        w.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::{STEP2, stem};

    #[test]
    fn step_two_tries_longer_suffixes_first() {
        assert!(STEP2.windows(2).all(|w| w[0].0.len() >= w[1].0.len()));
        assert_eq!(stem("relational"), "relat");
        assert_eq!(stem("conditional"), "condit");
    }

    #[test]
    fn porter_examples() {
        for (word, want) in [
            ("caresses", "caress"),
            ("ponies", "poni"),
            ("cats", "cat"),
            ("feed", "feed"),
            ("agreed", "agre"),
            ("plastered", "plaster"),
            ("motoring", "motor"),
            ("hopping", "hop"),
            ("filing", "file"),
            ("happy", "happi"),
            ("relational", "relat"),
            ("hopeful", "hope"),
            ("adoption", "adopt"),
            ("painting", "paint"),
            ("mountains", "mountain"),
            ("running", "run"),
            ("generalization", "gener"),
            ("café", "café"),
        ] {
            assert_eq!(stem(word), want, "{word}");
        }
    }

    #[test]
    fn a_possessive_is_its_noun() {
        assert_eq!(stem("family's"), stem("family"));
        assert_eq!(stem("mom’s"), "mom");
        assert_eq!(stem("'s"), "'s");
        assert_eq!(stem("don't"), "don't");
    }
}
