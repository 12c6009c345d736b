//! Cutting the answer out of its supporting sentence, by the question's kind: a count or
//! frequency, a reason, Yes/No, a feeling, a quoted title, the noun phrase that answers a
//! what-question, or the shortest phrase that is not the question's own words. Dates are in
//! [`super::dates`], persons and places in [`super::who_where`].

use crate::rules::words::nouns::PICTURE;
pub(super) use crate::rules::words::numbers::NUMBERS;
pub(super) use crate::rules::words::numbers::UNITS;
pub(super) use crate::rules::words::numbers::WEEKDAYS;

use super::*;

/// A count or frequency: "three times a week", "twice a month", "every Sunday", "2 kids".
pub(super) fn count(text: &str) -> Option<String> {
    let toks: Vec<&str> = text.split_whitespace().collect();
    let clean = |t: &str| t.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
    for (i, t) in toks.iter().enumerate() {
        let w = clean(t);
        // A day of a date ("26 June", "July 25") or a year is not a count. A month named
        // before the day is capitalised ("May 5", not "may 5 …").
        let month = |t: &str| Timestamp::month_from_name(&clean(t)).is_some();
        let date_part = toks.get(i + 1).is_some_and(|n| month(n))
            || i.checked_sub(1).and_then(|p| toks.get(p)).is_some_and(|p| {
                month(p)
                    && p.trim_start_matches(|c: char| !c.is_alphanumeric())
                        .starts_with(char::is_uppercase)
            })
            || (w.len() == 4 && w.parse::<u32>().is_ok_and(|y| (1900..=2100).contains(&y)));
        let numeric = w.chars().next().is_some_and(|c| c.is_ascii_digit()) && !w.contains(':') && !date_part;
        let every = matches!(w.as_str(), "every" | "each" | "daily" | "weekly" | "monthly" | "yearly");
        let number = numeric || (NUMBERS.contains(&w.as_str()) && w != "a");
        if !(number || every) {
            continue;
        }
        if matches!(w.as_str(), "daily" | "weekly" | "monthly" | "yearly") {
            return Some(w);
        }
        let mut end = i + 1;
        // A number keeps its unit's case ("140MB", "4GB").
        let first = if numeric {
            t.trim_matches(|c: char| !c.is_alphanumeric() && c != '%').to_string()
        } else {
            clean(t)
        };
        let mut phrase = vec![first];
        while end < toks.len() && phrase.len() < 5 {
            let n = clean(toks[end]);
            if n.is_empty() {
                break;
            }
            let keep = n == "times"
                || n == "time"
                || n == "a"
                || n == "per"
                || n == "every"
                || UNITS.contains(&n.as_str())
                || (phrase.len() == 1 && !is_stopword(&n))
                // What a rate is per: "140MB per run".
                || (phrase.last().is_some_and(|p| p == "per") && !is_stopword(&n));
            if !keep {
                break;
            }
            phrase.push(n);
            let stop = toks[end].ends_with(|c: char| c.is_ascii_punctuation());
            end += 1;
            if stop {
                break;
            }
        }
        if number || phrase.len() > 1 {
            return Some(phrase.join(" "));
        }
    }
    None
}

/// What a reason that only points back ("because of it", "due to that") points to: the
/// sentence before it in the same item, without a lead-in ("Bad news: …") and cut to a clause's
/// length.
pub(super) fn pointed_back(reason: &str, top: &Sentence, sents: &[Sentence]) -> Option<String> {
    if !matches!(
        reason.to_lowercase().as_str(),
        "it" | "that" | "this" | "them" | "those"
    ) {
        return None;
    }
    let i = sents.iter().position(|s| std::ptr::eq(s, top))?;
    let before = sents.get(i.checked_sub(1)?).filter(|s| s.line == top.line && !s.asks)?;
    let text = before.text.trim();
    let text = match text.split_once(": ") {
        Some((lead, rest)) if lead.split_whitespace().count() <= 3 => rest,
        _ => text,
    };
    let cut: Vec<&str> = text.split_whitespace().take(20).collect();
    Some(
        cut.join(" ")
            .trim_end_matches(|c: char| c.is_ascii_punctuation())
            .to_string(),
    )
}

/// Verbs of a change a "why" asks the reason of: the reason rarely repeats them.
pub(super) const CHANGE_VERBS: &[&str] = &[
    "stop", "stopped", "quit", "start", "started", "begin", "began", "decide", "decided",
];

/// Memory items that state a cause by their kind: an injury, a constraint, a stated reason.
const CAUSES: &[&str] = &["[injury]", "[constraint]", "[reason]"];

/// Whether a sentence gives a reason ("because …", "due to …") or its item is a cause by its
/// kind ("[injury] …").
pub(super) fn gives_reason(s: &Sentence) -> bool {
    CAUSES.iter().any(|c| s.line.contains(c)) || reason(&s.text).is_some()
}

/// What a cause item says happened, as the answer to a "why": its sentence without the
/// person's name before it ("[injury] Alex hurt their back deadlifting …" → "hurt their back
/// deadlifting …").
pub(super) fn cause(s: &Sentence, names: &Stems) -> Option<String> {
    if !CAUSES.iter().any(|c| s.line.contains(c)) {
        return None;
    }
    let toks: Vec<&str> = s.text.split_whitespace().collect();
    let skip = usize::from(toks.first().is_some_and(|w| names.contains(&w.to_lowercase())));
    let out: Vec<&str> = toks.iter().skip(skip).take(16).copied().collect();
    (!out.is_empty()).then(|| {
        out.join(" ")
            .trim_end_matches(|c: char| c.is_ascii_punctuation())
            .to_string()
    })
}

/// A reason: what follows "because", "since", "so that", "due to" or "to".
pub(super) fn reason(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    for cue in [
        "because of ",
        "because ",
        "since ",
        "due to ",
        "so that ",
        "in order to ",
    ] {
        if let Some((_, rest)) = lower.split_once(cue) {
            let out: Vec<&str> = rest.split_whitespace().take(8).collect();
            if !out.is_empty() {
                return Some(
                    out.join(" ")
                        .trim_end_matches(|c: char| c.is_ascii_punctuation())
                        .to_string(),
                );
            }
        }
    }
    None
}

/// Yes or No (with "Likely" for would/likely questions). The reason is the supporting item the
/// answer names, shown beside it; the verdict stays as short as the question asks.
pub(super) fn yes_no(text: &str, likely: bool) -> String {
    let negative = words(text).any(|w| {
        matches!(
            w.as_str(),
            "not" | "never" | "no" | "don't" | "doesn't" | "didn't" | "can't" | "won't" | "isn't" | "wasn't"
        )
    });
    let verdict = match (likely, negative) {
        (true, false) => "Likely yes",
        (true, true) => "Likely no",
        (false, false) => "Yes",
        (false, true) => "No",
    };
    verdict.to_string()
}

/// Whether a question about what still holds ("Do you still use Fly.io?", "Is she still in
/// Leeds?") is answered by a switch away from what it names: "We switched from Fly.io to a
/// Hetzner VPS", "we moved from Leeds to York".
pub(super) fn left_behind(text: &str, question: &str) -> bool {
    let asked: Vec<String> = question.split_whitespace().map(crate::text::token_word).collect();
    if !asked.iter().any(|w| w == "still") {
        return false;
    }
    let toks: Vec<String> = text.split_whitespace().map(crate::text::token_word).collect();
    let switch = |w: &String| {
        matches!(
            w.as_str(),
            "switched" | "moved" | "migrated" | "changed" | "ported" | "away" | "left" | "transferred"
        )
    };
    toks.iter().enumerate().any(|(i, t)| {
        t == "from"
            && toks
                .get(i.saturating_sub(4)..i)
                .is_some_and(|before| before.iter().any(switch))
            && toks
                .get(i + 1)
                .is_some_and(|next| !is_stopword(next) && asked.contains(next))
    })
}

/// A title in quotes ("Charlotte's Web"), the likeliest answer to a what-question.
pub(super) fn quoted(text: &str) -> Option<String> {
    for (open, close) in [('"', '"'), ('“', '”')] {
        if let Some((_, rest)) = text.split_once(open)
            && let Some((inside, _)) = rest.split_once(close)
            && (1..=MAX_WORDS).contains(&inside.split_whitespace().count())
        {
            return Some(inside.trim().to_string());
        }
    }
    None
}

/// The shortest phrase of a sentence that is not the question's own words: the first run of
/// content words after a question word (else the first run), at most [`MAX_WORDS`] words,
/// without function words at its edges.
pub(super) fn phrase(text: &str, qstems: &Stems, names: &Stems) -> String {
    let toks: Vec<&str> = text.split_whitespace().collect();
    let clean = |t: &str| {
        t.trim_matches(|c: char| !(c.is_alphanumeric() || c == '\''))
            .to_string()
    };
    let is_q = |t: &str| {
        let l = clean(t).to_lowercase();
        let l = l.trim_end_matches("'s");
        qstems.contains(&stem(l)) || names.contains(l)
    };
    let is_stop = |t: &str| {
        let l = clean(t).to_lowercase();
        l.is_empty() || is_stopword(&l) || matches!(l.as_str(), "i" | "really" | "also" | "just" | "am")
    };
    // Runs of tokens that are neither question words nor names; a run also ends at punctuation.
    // Each run notes whether it starts right after a question word.
    let mut runs: Vec<(bool, Vec<String>)> = Vec::new();
    let mut cur: Vec<String> = Vec::new();
    let mut cur_after = false;
    let mut last_q = false;
    for t in &toks {
        if is_q(t) {
            if !cur.is_empty() {
                runs.push((cur_after, std::mem::take(&mut cur)));
            }
            last_q = true;
            continue;
        }
        if cur.is_empty() {
            cur_after = last_q;
        }
        last_q = false;
        cur.push(clean(t));
        if t.ends_with([',', '.', '!', '?', ';', ':']) {
            runs.push((cur_after, std::mem::take(&mut cur)));
        }
    }
    if !cur.is_empty() {
        runs.push((cur_after, cur));
    }
    let trimmed: Vec<(bool, Vec<String>)> = runs
        .into_iter()
        .map(|(after, r)| {
            let first = r.iter().position(|w| !is_stop(w));
            let last = r.iter().rposition(|w| !is_stop(w));
            let r = match (first, last) {
                (Some(a), Some(b)) => r[a..=b].to_vec(),
                _ => Vec::new(),
            };
            (after, r)
        })
        .filter(|(_, r)| !r.is_empty())
        .collect();
    // The best run: rare content words, right after a question word, few first- or
    // second-person words, short.
    let score = |after: bool, r: &[String]| {
        let content: f64 = r
            .iter()
            .filter(|w| !is_stop(w))
            .map(|w| if w.chars().next().is_some_and(char::is_uppercase) { 1.5 } else { 1.0 } * (w.len().min(9) as f64 / 6.0))
            .sum();
        let chatty = r
            .iter()
            .filter(|w| {
                matches!(
                    w.to_lowercase().as_str(),
                    "i" | "you" | "we" | "my" | "your" | "our" | "me" | "us" | "it" | "this" | "that"
                )
            })
            .count() as f64;
        let long = r.len().saturating_sub(MAX_WORDS) as f64;
        content + if after { 0.8 } else { 0.0 } - chatty * 0.8 - long * 0.3
    };
    let pick = quoted(text)
        .map(|q| vec![q])
        .or_else(|| {
            trimmed
                .iter()
                .max_by(|a, b| score(a.0, &a.1).total_cmp(&score(b.0, &b.1)))
                .map(|(_, r)| r.clone())
        })
        .unwrap_or_default();
    pick.into_iter().take(MAX_WORDS).collect::<Vec<_>>().join(" ")
}

/// Score of a chunk that holds the question's focus noun ("What journal…" → "bullet journal"):
/// it outweighs a longer chunk of new words.
const FOCUS: f64 = 3.0;

/// The noun phrase of a sentence that answers a what/which question: a chunk (see
/// [`super::chunk`]) that says something the question does not, preferring one that holds the
/// question's focus noun ("What kind of cookies…" → "chocolate chip cookies"), one right after
/// a question word ("…make for her" → "pineapple cakes"), and names or lexicon activities.
/// Question words at its edges are cut; dates and weekdays are no answer to "what".
pub(super) fn noun_answer(
    text: &str,
    qstems: &Stems,
    names: &Stems,
    focus: Option<&str>,
    verbs: &Stems,
) -> Option<String> {
    use super::chunk::{Tok, noun_phrases, toks};
    let toks = toks(text);
    let is_q = |t: &Tok| qstems.contains(&stem(&t.lower)) || names.contains(&t.lower);
    let is_focus = |t: &Tok| focus.is_some_and(|f| stem(&t.lower) == f);
    let is_time = |t: &Tok| {
        Timestamp::month_from_name(&t.lower).is_some() && t.lower.chars().count() >= 3
            || WEEKDAYS.contains(&t.lower.as_str())
            || t.lower.chars().all(|c| c.is_ascii_digit())
    };
    let lex = crate::lexicon::Lexicon::builtin();
    let mut best: Option<(f64, String)> = None;
    for c in noun_phrases(&toks) {
        // The question's words stay in the phrase ("dog owners group" answers "What group did
        // she join for her dogs?" as the person said it), but not its verb at an edge ("bake
        // chocolate chip cookies" for "What cookies did she bake?").
        let (mut s, mut e) = (c.start, c.end);
        let verb = |t: &Tok| verbs.contains(&stem(&t.lower));
        while s < e && verb(&toks[s]) && !is_focus(&toks[s]) {
            s += 1;
        }
        while e > s && verb(&toks[e - 1]) && !is_focus(&toks[e - 1]) {
            e -= 1;
        }
        // "photo of a bowl of food": what a shared picture shows, not that it is one.
        if e > s + 2 && PICTURE.contains(&toks[s].lower.as_str()) && toks[s + 1].lower == "of" {
            s += 2;
            while s < e && matches!(toks[s].lower.as_str(), "a" | "an" | "the") {
                s += 1;
            }
        }
        let words = &toks[s..e];
        let new: Vec<&Tok> = words.iter().filter(|t| !is_q(t) && !is_time(t)).collect();
        if new.is_empty() || words.iter().all(is_time) {
            continue;
        }
        let phrase = words.iter().map(|t| t.text.as_str()).collect::<Vec<_>>().join(" ");
        let mut score: f64 = new
            .iter()
            .map(|t| {
                let cap = s > 0 && t.text.chars().next().is_some_and(char::is_uppercase);
                1.0 + if cap { 0.3 } else { 0.0 } + (t.lower.chars().count().min(8) as f64) / 16.0
            })
            .sum();
        if words.iter().any(is_focus) {
            score += FOCUS;
        }
        if toks[c.start.saturating_sub(3)..c.start].iter().any(is_q) {
            score += 1.0;
        }
        if lex.matches(&phrase.to_lowercase()).next().is_some() {
            score += 0.5;
        }
        score -= 0.2 * words.iter().filter(|t| is_time(t)).count() as f64;
        score -= 0.5 * (e - s).saturating_sub(4) as f64;
        if best.as_ref().is_none_or(|(b, _)| score > *b) {
            best = Some((score, phrase));
        }
    }
    best.map(|(_, p)| p.split_whitespace().take(MAX_WORDS).collect::<Vec<_>>().join(" "))
}

/// A feeling or description: the words after "feel", "felt", "made me feel", "it's so", "was
/// so" up to the clause's end ("It made me feel so much love and gratitude." → "so much love
/// and gratitude"), at most five words.
pub(super) fn feeling(text: &str) -> Option<String> {
    use super::chunk::toks;
    let toks = toks(text);
    let at = toks
        .iter()
        .position(|t| matches!(t.lower.as_str(), "feel" | "felt" | "feels" | "feeling"))
        .or_else(|| {
            toks.iter()
                .position(|t| matches!(t.lower.as_str(), "so" | "it's" | "was" | "am" | "is"))
        })?;
    let words: Vec<&str> = toks[at + 1..]
        .iter()
        .skip_while(|t| {
            matches!(
                t.lower.as_str(),
                "so" | "really" | "very" | "like" | "super" | "pretty" | "a" | "bit"
            )
        })
        .scan(false, |done, t| {
            if *done {
                return None;
            }
            *done = t.ends_clause;
            Some(t.text.as_str())
        })
        .take(5)
        .collect();
    let content = words.iter().any(|w| !is_stopword(&w.to_lowercase()));
    (content && !words.is_empty()).then(|| words.join(" "))
}

/// The words of a shared picture's caption, from a context line that renders it as a bracketed
/// aside (see `event::said`) → "a photo of a painting of a sunset".
pub(super) fn caption(text: &str) -> Option<&str> {
    let inner = text.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (head, body) = inner.split_once(": ")?;
    head.starts_with("shares").then_some(body.trim())
}

/// Whether a sentence points at something it shows ("Here's our latest work", "Check this
/// out", "Take a look"), so that the picture shared with it says what the thing is.
pub(super) fn points_at_picture(text: &str) -> bool {
    let lower = text.to_lowercase().replace('’', "'");
    [
        "here's",
        "here is",
        "check out",
        "check this",
        "look at",
        "take a look",
        "this is",
        "pic",
        "photo",
    ]
    .iter()
    .any(|c| lower.contains(c))
}

/// What a caption shows, as the answer: its words without the opening "a photo of a", at most
/// eight, without function words at the end ("a photo of a painting of a sunset with a palm
/// tree" → "painting of a sunset with a palm tree").
pub(super) fn shown(caption: &str) -> Option<String> {
    let toks: Vec<&str> = caption.split_whitespace().collect();
    let lower = |t: &str| t.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
    let mut at = 0;
    while toks
        .get(at)
        .is_some_and(|t| matches!(lower(t).as_str(), "a" | "an" | "the"))
    {
        at += 1;
    }
    if toks.get(at).is_some_and(|t| PICTURE.contains(&lower(t).as_str()))
        && toks.get(at + 1).is_some_and(|t| lower(t) == "of")
    {
        at += 2;
    }
    while toks
        .get(at)
        .is_some_and(|t| matches!(lower(t).as_str(), "a" | "an" | "the"))
    {
        at += 1;
    }
    let mut out: Vec<&str> = toks.iter().skip(at).take(8).copied().collect();
    while out.last().is_some_and(|t| is_stopword(&lower(t))) {
        out.pop();
    }
    let text = out.join(" ");
    let text = text.trim_end_matches(|c: char| !c.is_alphanumeric());
    (!text.is_empty()).then(|| text.to_string())
}

/// A purpose: the words after a "to" that follows the question's words ("I've been spending
/// time in the garden to find some comfort" → "to find some comfort").
pub(super) fn purpose(text: &str, qstems: &Stems) -> Option<String> {
    let toks: Vec<&str> = text.split_whitespace().collect();
    let clean = |t: &str| t.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
    let last_q = toks.iter().rposition(|t| {
        let w = clean(t);
        !w.is_empty() && !is_stopword(&w) && qstems.contains(&stem(&w))
    })?;
    let at = (last_q + 1..toks.len()).find(|&i| clean(toks[i]) == "to")?;
    let mut out: Vec<&str> = Vec::new();
    for t in toks.iter().skip(at).take(7) {
        out.push(t);
        if t.ends_with([',', '.', '!', '?', ';', ':']) {
            break;
        }
    }
    let text = out.join(" ");
    let text = text.trim_end_matches(|c: char| !c.is_alphanumeric());
    (out.len() > 1).then(|| text.to_string())
}
