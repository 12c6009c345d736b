//! The instances a person's own words name under one of their activities, across sessions: the
//! names and topical words of each sentence in which the person speaks of the activity, oldest
//! first ("Deborah on trip planning, in their own words, oldest first: Bali, beach, Thailand").
//! A list question ("which countries", "what books", "where has X camped") is answered by such
//! instances, spread over sessions its words do not reach; the relation graph is what links
//! them, and a few words each carry them where the turns would cost a hundred tokens.

use crate::ids::{ConceptId, RelationId};
use crate::lexicon::Lexicon;
use crate::memory::Memory;
use crate::text::{entity_key, is_stopword, sentences, words};

/// Most instance words one relation's item lists.
const MAX_WORDS: usize = 16;

/// The item's text for one relation of `person`, or `None` when the person's own sentences about
/// it name fewer than two instances.
pub(super) fn instances_text(m: &Memory, person: ConceptId, r: RelationId) -> Option<String> {
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
            for s in sentences(&without_share(&turn.text)) {
                if !lex.matches(&s).any(|x| entity_key(&x.general) == key) {
                    continue;
                }
                for w in sentence_instances(lex, &s, &people, &key) {
                    let k = entity_key(&w);
                    if found.len() < MAX_WORDS && !k.is_empty() && !listed.contains(&k) {
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
    Some(format!(
        "{} on {}, in their own words, oldest first: {}.",
        m.concept(person).name,
        target.to_lowercase(),
        found.join(", ")
    ))
}

/// A turn's text with the framing of a shared photo taken out ("[shares a photo: a photo of a
/// bowl …]" says "a bowl …"): the framing's words name photography, which the person did not.
fn without_share(text: &str) -> String {
    text.replace("[shares a photo: a photo of ", "[")
        .replace("[shares a photo: ", "[")
}

/// The words that name people the memory tracks (first names and their short forms are not
/// instances: every sentence of a conversation between two friends names one of them).
fn people_words(m: &Memory) -> Vec<String> {
    m.roots().flat_map(|r| words(&r.name).collect::<Vec<_>>()).collect()
}

/// The instances one sentence names: its capitalised runs that are not its first word, a
/// tracked person, "I" or a date ("Bali", "Becoming Nicole"), then its topical words (those the
/// lexicon files under a concept other than the relation's own activity `key`, which the item
/// already names: "museum", "beach", "violin"), in order.
fn sentence_instances(lex: &Lexicon, sentence: &str, people: &[String], key: &str) -> Vec<String> {
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
    for w in words(sentence) {
        if w.chars().count() > 2
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
}
