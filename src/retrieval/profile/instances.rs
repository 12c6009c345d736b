//! The instances a person's own words name under one of their activities, across sessions: the
//! names and topical words of each sentence in which the person speaks of the activity, oldest
//! first ("Deborah on trip planning, in their own words, oldest first: Bali, beach, Thailand").
//! A list question ("which countries", "what books", "where has X camped") is answered by such
//! instances, spread over sessions its words do not reach; the relation graph is what links
//! them, and a few words each carry them where the turns would cost a hundred tokens.

use crate::rules::words::hedges::COLOURING;
use crate::rules::words::hedges::ENDERS;
use crate::rules::words::hedges::OPENERS;
use crate::rules::words::hedges::PARTICLES;
use crate::rules::words::hedges::VAGUE;
use crate::rules::words::verbs::VERBS;

use crate::ids::{ConceptId, RelationId};
use crate::lexicon::Lexicon;
use crate::memory::Memory;
use crate::text::{entity_key, is_stopword, sentences, words};

/// Weekdays and months as written short ("see you Fri", "back on Sept 3"): a date, not a thing.
const DATE_ABBREVIATIONS: &[&str] = &[
    "Mon", "Tue", "Tues", "Wed", "Thu", "Thur", "Thurs", "Fri", "Sat", "Sun", "Jan", "Feb", "Mar", "Apr", "Jun", "Jul",
    "Aug", "Sep", "Sept", "Oct", "Nov", "Dec",
];

/// Most instance words one relation's item lists.
const MAX_WORDS: usize = 16;
/// Most candidates gathered before the rarest are chosen.
const POOL: usize = 200;

/// The item's text for one relation of `person`, or `None` when the person's own sentences about
/// it name fewer than two instances that no earlier item listed (`already`, which gains this
/// item's: a dish named under "home cooking" is not named again under "meat dishes"). Of the
/// instances found, the rarest in the conversation go
/// in ("breeder", "collars" before "dog", "walk"): a word the person says often is in the turns
/// retrieval finds anyway, and a rare one is what a list spread over sessions misses.
pub(super) fn instances_text(
    m: &Memory,
    person: ConceptId,
    r: RelationId,
    already: &mut Vec<String>,
) -> Option<String> {
    let lex = Lexicon::builtin();
    let rel = m.relation(r);
    let target = &m.concept(rel.target).name;
    let key = entity_key(target);
    let people = people_words(m);
    let mut listed: Vec<String> = Vec::new();
    let mut found: Vec<String> = Vec::new();
    for e in rel.episodes.iter() {
        for t in &m.episode(*e).turns {
            let turn = &m.turns[t.index()];
            if m.person_for(&turn.speaker) != Some(person) {
                continue;
            }
            for s in sentences(&without_share(turn)) {
                if !lex.matches(&s).any(|x| entity_key(&x.general) == key) {
                    continue;
                }
                for w in sentence_instances(lex, &s, &people, &key) {
                    let k = entity_key(&w);
                    // A word of a name listed before is that name again ("pie" after "Chicken
                    // Pot Pie").
                    let within = |l: &String| l.split(' ').any(|x| x == k);
                    let new = !listed.iter().chain(already.iter()).any(|l| *l == k || within(l));
                    if found.len() < POOL && !k.is_empty() && new {
                        listed.push(k);
                        found.push(w);
                    }
                }
            }
        }
    }
    // Two at least: one word is no list, and costs its header.
    if found.len() < 2 {
        return None;
    }
    let found = rarest(m, found, MAX_WORDS);
    already.extend(found.iter().map(|w| entity_key(w)));
    Some(format!(
        "{} on {}, in their own words, oldest first: {}.",
        m.concept(person).name,
        target.to_lowercase(),
        found.join(", ")
    ))
}

/// The `max` instances whose rarest word is in the fewest turns of the conversation, in their
/// first order.
fn rarest(m: &Memory, found: Vec<String>, max: usize) -> Vec<String> {
    if found.len() <= max {
        return found;
    }
    let df = turn_frequencies(m);
    let rarity = |w: &str| {
        words(w)
            .map(|x| df.get(&x).copied().unwrap_or(0))
            .min()
            .unwrap_or(u32::MAX)
    };
    let mut ranked: Vec<(u32, usize)> = found.iter().enumerate().map(|(i, w)| (rarity(w), i)).collect();
    ranked.sort_unstable();
    let mut keep: Vec<usize> = ranked.into_iter().take(max).map(|(_, i)| i).collect();
    keep.sort_unstable();
    keep.into_iter().filter_map(|i| found.get(i).cloned()).collect()
}

/// In how many of the memory's turns each word occurs. The turns of one memory do not change
/// while questions are asked of it, so the counts are kept for the memory last counted (by its
/// address, its turn count and the length of its first and last turns).
fn turn_frequencies(m: &Memory) -> std::rc::Rc<std::collections::HashMap<String, u32>> {
    type Counts = std::rc::Rc<std::collections::HashMap<String, u32>>;
    type Key = (usize, usize, usize, usize);
    thread_local! {
        static LAST: std::cell::RefCell<Option<(Key, Counts)>> = const { std::cell::RefCell::new(None) };
    }
    let ends = |t: Option<&crate::memory::Turn>| t.map_or(0, |t| t.text.len());
    let key = (
        std::ptr::from_ref(m) as usize,
        m.turns.len(),
        ends(m.turns.first()),
        ends(m.turns.last()),
    );
    if let Some(hit) = LAST.with_borrow(|l| l.as_ref().filter(|(k, _)| *k == key).map(|(_, c)| c.clone())) {
        return hit;
    }
    let mut counts: std::collections::HashMap<String, u32> = std::collections::HashMap::new();
    for t in m.turns.iter() {
        let mut seen: Vec<String> = words(&t.said()).collect();
        seen.sort_unstable();
        seen.dedup();
        for w in seen {
            *counts.entry(w).or_insert(0) += 1;
        }
    }
    let counts = std::rc::Rc::new(counts);
    LAST.with_borrow_mut(|l| *l = Some((key, counts.clone())));
    counts
}

/// A turn's text with what it shared as a bracketed aside of the caption's own words (a photo
/// captioned "a photo of a bowl …" adds "[a bowl …]"): the framing's words name photography,
/// which the person did not.
pub(super) fn without_share(turn: &crate::memory::Turn) -> String {
    let mut out = turn.text.clone();
    for a in turn.attachments.iter().filter(|a| a.is_photo()) {
        let caption = a.caption();
        let shown = caption.strip_prefix("a photo of ").unwrap_or(caption);
        out.push_str(" [");
        out.push_str(shown);
        out.push(']');
    }
    out
}

/// The words that name people the memory tracks (first names and their short forms are not
/// instances: every sentence of a conversation between two friends names one of them).
pub(super) fn people_words(m: &Memory) -> Vec<String> {
    m.roots().flat_map(|r| words(&r.name).collect::<Vec<_>>()).collect()
}

/// The instances one sentence names: its capitalised runs that are not its first word, a
/// tracked person, "I" or a date ("Bali", "Becoming Nicole"), then the things it names after an
/// article or a possessive ("a breeder", "my new collars", "a water purifier": see
/// [`named_objects`]), then its topical words (those the lexicon files under a concept other
/// than the relation's own activity `key`, which the item already names: "museum", "beach",
/// "violin"), in order.
pub(super) fn sentence_instances(lex: &Lexicon, sentence: &str, people: &[String], key: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut run: Vec<String> = Vec::new();
    let is_person = |lower: &str| {
        people
            .iter()
            .any(|p| p == lower || (lower.chars().count() >= 3 && p.starts_with(lower)))
    };
    let flush = |run: &mut Vec<String>, out: &mut Vec<String>| {
        if !run.is_empty() {
            out.push(run.join(" "));
            run.clear();
        }
    };
    for (i, raw) in sentence.split_whitespace().enumerate() {
        let core = raw.trim_matches(|c: char| !c.is_alphanumeric());
        let core = core
            .strip_suffix("'s")
            .or_else(|| core.strip_suffix("\u{2019}s"))
            .unwrap_or(core);
        let lower = core.to_lowercase();
        let capital = core.chars().next().is_some_and(char::is_uppercase);
        let name = i > 0
            && capital
            && core.chars().count() >= 2
            && !lower.starts_with("i'")
            && !is_person(&lower)
            && !crate::time::is_month_or_weekday(&lower)
            && !DATE_ABBREVIATIONS.contains(&core)
            && !is_stopword(&lower);
        if name {
            run.push(core.to_string());
        } else {
            flush(&mut run, &mut out);
        }
        // A run ends at punctuation after its word ("Bali, Thailand").
        if raw.ends_with(|c: char| !c.is_alphanumeric()) {
            flush(&mut run, &mut out);
        }
    }
    flush(&mut run, &mut out);
    for o in named_objects(sentence, &is_person, key) {
        let ko = entity_key(&o);
        if !out
            .iter()
            .any(|x| format!(" {} ", entity_key(x)).contains(&format!(" {ko} ")))
        {
            out.push(o);
        }
    }
    for w in words(sentence) {
        // "we celebrated", "I felt loved": a verb said in the past names no thing.
        if w.chars().count() > 2
            && !w.ends_with("ed")
            && !is_stopword(&w)
            && !is_person(&w)
            && lex.matches(&w).next().is_some_and(|x| entity_key(&x.general) != key)
            && !out.iter().any(|o| entity_key(o) == entity_key(&w))
        {
            out.push(w);
        }
    }
    out
}

/// The things a sentence names after an article, a possessive or a quantifier: up to three
/// content words up to the next function word or punctuation, with the words that only colour
/// them dropped ("I got these new collars and tags" names "collars"; "we built a water purifier"
/// names "water purifier"). A phrase of vague nouns ("a lot", "the weekend"), a tracked person
/// or the activity the item already names is no instance.
fn named_objects(sentence: &str, is_person: &dyn Fn(&str) -> bool, key: &str) -> Vec<String> {
    /// Most words of one named thing.
    const MOST: usize = 3;
    // A shared photo's caption is not the person's words.
    let spoken = without_asides(sentence);
    let raw: Vec<&str> = spoken.split_whitespace().collect();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < raw.len() {
        let opener = raw[i].trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
        let ends = raw[i].ends_with(|c: char| !c.is_alphanumeric());
        i += 1;
        if ends || !OPENERS.contains(&opener.as_str()) {
            continue;
        }
        let mut phrase: Vec<String> = Vec::new();
        while let Some(w) = raw.get(i) {
            let core = w.trim_matches(|c: char| !c.is_alphanumeric());
            let lower = core.to_lowercase();
            let word = core.chars().all(|c| c.is_alphanumeric() || c == '-') && !core.is_empty();
            if !word
                || crate::text::is_stopword(&lower)
                || ENDERS.contains(&lower.as_str())
                || is_person(&lower)
                || phrase.len() >= MOST
                // A verb after the thing is the sentence going on ("my friends say", "the
                // doctor said").
                || (!phrase.is_empty() && VERBS.contains(&lower.as_str()))
            {
                break;
            }
            i += 1;
            if !(COLOURING.contains(&lower.as_str()) && phrase.is_empty()) {
                phrase.push(lower);
            }
            if w.ends_with(|c: char| !c.is_alphanumeric()) {
                break;
            }
        }
        // A phrase ends on its noun: a past verb after it ("the kids loved") is not the thing,
        // nor a verb in -ing that a particle follows ("the work paying off", "time dealing with").
        while phrase
            .last()
            .is_some_and(|w| w.chars().count() > 4 && w.ends_with("ed"))
        {
            phrase.pop();
        }
        let next = raw
            .get(i)
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
            .unwrap_or_default();
        if phrase.len() > 1 && phrase.last().is_some_and(|w| w.ends_with("ing")) && PARTICLES.contains(&next.as_str()) {
            phrase.pop();
        }
        let text = phrase.join(" ");
        let k = entity_key(&text);
        if phrase.is_empty()
            || phrase.iter().all(|w| {
                VAGUE.contains(&w.as_str()) || w.chars().count() < 3 || w.starts_with(|c: char| c.is_ascii_digit())
            })
            || k == key
            || key.split(' ').any(|kw| kw == k)
            || crate::time::is_month_or_weekday(&text)
        {
            continue;
        }
        out.push(text);
    }
    out
}

/// The text without its bracketed asides.
fn without_asides(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for ch in text.chars() {
        match ch {
            '[' => depth = depth.saturating_add(1),
            ']' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(ch),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_names_its_places_and_topical_words() {
        let lex = Lexicon::builtin();
        let people = vec!["deborah".to_string(), "jolene".to_string()];
        let got = sentence_instances(
            lex,
            "Last May, Jolene, I went on a trip to Bali and Thailand and saw a temple in Chiang Mai.",
            &people,
            "trip planning",
        );
        assert!(got.contains(&"Bali".to_string()), "{got:?}");
        assert!(got.contains(&"Thailand".to_string()), "{got:?}");
        assert!(got.contains(&"Chiang Mai".to_string()), "{got:?}");
        for not in ["May", "Jolene", "Last", "I", "trip"] {
            assert!(!got.iter().any(|g| g == not), "{not} in {got:?}");
        }
    }

    #[test]
    fn a_date_written_short_or_a_past_verb_is_no_instance() {
        let lex = Lexicon::builtin();
        let people = vec!["melanie".to_string()];
        let got = sentence_instances(
            lex,
            "We celebrated at the pottery workshop on Fri and went swimming.",
            &people,
            "parenting",
        );
        for not in ["Fri", "celebrated"] {
            assert!(!got.iter().any(|g| g == not), "{not} in {got:?}");
        }
        assert!(got.iter().any(|g| g == "swimming"), "{got:?}");
    }

    #[test]
    fn a_sentence_names_the_things_after_its_articles() {
        let lex = Lexicon::builtin();
        let people = vec!["audrey".to_string()];
        let got = sentence_instances(
            lex,
            "So I got these new collars and tags for my dogs!",
            &people,
            "dog ownership",
        );
        assert!(got.contains(&"collars".to_string()), "{got:?}");
        let got = sentence_instances(
            lex,
            "I had to design and build a sustainable water purifier for a rural community.",
            &people,
            "engineering",
        );
        assert!(got.contains(&"sustainable water purifier".to_string()), "{got:?}");
        let got = sentence_instances(lex, "We had a great time last weekend.", &people, "camping");
        assert!(got.is_empty(), "{got:?}");
        // A verb that a particle follows, a preposition and a bare ordinal are no part of a thing.
        let got = sentence_instances(lex, "I can see the work paying off on the 17th.", &people, "employment");
        assert!(!got.iter().any(|g| g.contains("paying") || g == "17th"), "{got:?}");
        let got = sentence_instances(lex, "I need a balance between hobbies and exams.", &people, "studying");
        assert!(got.contains(&"balance".to_string()), "{got:?}");
    }
}
