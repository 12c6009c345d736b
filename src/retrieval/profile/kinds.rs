//! The things of the kind a question asks for a list of, as the person's own words name them
//! across their relations' sessions: "Which countries has Sam visited?" gets the places Sam
//! named ("Portugal, Japan, Lisbon"), ranked by how near the embedder puts each to "countries".
//! The relation graph is the index (every episode a relation of the person's holds) and the
//! list is the carrier: a few words in place of the turns of a dozen sessions.

use super::instances::{people_words, sentence_instances, without_share};
use crate::embed::{cosine, memo};
use crate::ids::{ConceptId, TurnId};
use crate::lexicon::Lexicon;
use crate::memory::Memory;
use crate::text::stem::stem;
use crate::text::{entity_key, is_stopword, sentences, words};
use std::collections::HashSet;
use std::rc::Rc;

/// Most things one list names.
const MOST: usize = 12;
/// How much nearer a thing must be to the kind asked for than to kinds in general
/// (`BACKGROUND`) to be taken for one of it. The static model puts some words near every kind
/// ("parents" is at 0.51 to "countries" but 0.68 to "people"), so a thing's cosine to the kind
/// counts above its mean cosine to the background kinds: "Thailand" 0.67 against 0.40,
/// "parents" 0.51 against 0.60.
const MIN_LEAD: f32 = 0.05;
/// Kinds of things in general, against which a thing's nearness to the kind asked for is
/// measured.
const BACKGROUND: &[&str] = &[
    "people",
    "places",
    "things",
    "foods",
    "activities",
    "animals",
    "events",
    "books",
    "countries",
    "tools",
    "feelings",
    "games",
    "gifts",
    "songs",
    "jobs",
    "projects",
];

/// Words between "what"/"which" and the kind they ask for ("What are some foods…", "Which kinds
/// of books…").
const LEADS: &[&str] = &[
    "are",
    "were",
    "is",
    "was",
    "some",
    "the",
    "all",
    "other",
    "different",
    "of",
    "kind",
    "kinds",
    "type",
    "types",
    "sort",
    "sorts",
];

/// The noun phrase a question asks for a list of: after "what" or "which" and the words that
/// lead to it, the content words up to the next function word, whose last word is a plural
/// ("Which countries has Sam visited?" → "countries"; "What are some foods Sam likes?" →
/// "foods") or follows "kind of" ("What kind of art does Sam make?" → "art"). `None` for a
/// question about one thing or an act ("What did Sam eat?", "What is Sam's job?").
#[must_use]
pub(super) fn kind_asked(question: &str, people: &[String]) -> Option<String> {
    let toks: Vec<String> = words(question).collect();
    let start = toks.iter().position(|t| t == "what" || t == "which")?;
    let mut i = start.checked_add(1)?;
    let mut kind_of = false;
    while let Some(t) = toks.get(i).filter(|t| LEADS.contains(&t.as_str())) {
        kind_of |= matches!(t.as_str(), "kind" | "kinds" | "type" | "types" | "sort" | "sorts");
        i += 1;
    }
    let phrase: Vec<&String> = toks
        .iter()
        .skip(i)
        .take_while(|t| !is_stopword(t) && !t.ends_with("'s") && !people.contains(t))
        .take(3)
        .collect();
    let head = phrase.last()?;
    let plural = head.chars().count() >= 4 && head.ends_with('s') && !head.ends_with("ss") && !head.ends_with("us");
    (plural || kind_of).then(|| phrase.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" "))
}

/// One thing a person's sentence names, with the turn that said it.
struct Named {
    text: String,
    turn: TurnId,
    vector: Rc<[f32]>,
    /// Its mean cosine to the `BACKGROUND` kinds.
    background: f32,
}

/// What the person's own sentences name across the sessions of their relations, oldest first,
/// each once, kept for the memories and persons last asked about (by the memory's address, its
/// turn count and the person): a conversation between two people is asked about both in turn.
fn named_things(m: &Memory, person: ConceptId) -> Rc<Vec<Named>> {
    type Key = (usize, usize, ConceptId);
    /// Lists kept.
    const KEPT: usize = 4;
    thread_local! {
        static LAST: std::cell::RefCell<Vec<(Key, Rc<Vec<Named>>)>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    let key = (std::ptr::from_ref(m) as usize, m.turns.len(), person);
    if let Some(hit) = LAST.with_borrow(|l| l.iter().find(|(k, _)| *k == key).map(|(_, v)| v.clone())) {
        return hit;
    }
    let lex = Lexicon::builtin();
    let people = people_words(m);
    let mut episodes: Vec<_> = m
        .relations
        .iter()
        .filter(|r| m.concept(r.source).person == person)
        .flat_map(|r| r.episodes.iter().copied())
        .collect();
    episodes.sort_unstable();
    episodes.dedup();
    let mut seen: HashSet<String> = HashSet::new();
    let mut out = Vec::new();
    let kinds: Vec<Rc<[f32]>> = BACKGROUND.iter().map(|k| memo::local(k)).collect();
    for e in episodes {
        for t in &m.episode(e).turns {
            let turn = &m.turns[t.index()];
            if m.person_for(&turn.speaker) != Some(person) {
                continue;
            }
            for s in sentences(&without_share(turn)) {
                for w in sentence_instances(lex, &s, &people, "") {
                    let k = entity_key(&w);
                    if !k.is_empty() && seen.insert(k) {
                        let vector = memo::local(&w);
                        let sum: f32 = kinds.iter().map(|b| cosine(b, &vector)).sum();
                        out.push(Named {
                            background: sum / kinds.len().max(1) as f32,
                            vector,
                            text: w,
                            turn: *t,
                        });
                    }
                }
            }
        }
    }
    let out = Rc::new(out);
    LAST.with_borrow_mut(|l| {
        if l.len() >= KEPT {
            l.remove(0);
        }
        l.push((key, out.clone()));
    });
    out
}

/// The item's text: the things the person named that the embedder puts nearest the kind the
/// question asks for, oldest first, with the turns that named them; `None` when the question
/// asks for no kind or fewer than two things are near it.
pub(super) fn kind_text(m: &Memory, person: ConceptId, question: &str) -> Option<(String, Vec<TurnId>)> {
    let people = people_words(m);
    let kind = kind_asked(question, &people)?;
    let asked: HashSet<String> = words(question).collect();
    // A thing named by the kind's own word ("the library", "required libraries") is the kind
    // again, not one of it.
    let kind_stems: HashSet<String> = words(&kind).map(|w| stem(&w)).collect();
    let want = memo::local(&kind);
    let named = named_things(m, person);
    let mut near: Vec<(f32, usize)> = named
        .iter()
        .enumerate()
        // What a person corrected away never comes back (the list is kept across corrections).
        .filter(|(_, n)| !m.turn_hidden(n.turn))
        .filter(|(_, n)| !words(&n.text).all(|w| asked.contains(&w)))
        .filter(|(_, n)| !words(&n.text).any(|w| kind_stems.contains(&stem(&w))))
        .map(|(i, n)| (cosine(&want, &n.vector) - n.background, i))
        .filter(|(lead, _)| *lead >= MIN_LEAD)
        .collect();
    near.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    near.truncate(MOST);
    if near.len() < 2 {
        return None;
    }
    near.sort_by_key(|(_, i)| *i);
    let things: Vec<&str> = near
        .iter()
        .filter_map(|(_, i)| named.get(*i))
        .map(|n| n.text.as_str())
        .collect();
    let mut turns: Vec<TurnId> = near.iter().filter_map(|(_, i)| named.get(*i)).map(|n| n.turn).collect();
    turns.sort_unstable();
    turns.dedup();
    Some((
        format!(
            "{}'s own words that may name {kind}, oldest first: {}.",
            m.concept(person).name,
            things.join(", ")
        ),
        turns,
    ))
}

/// The memory's one person, for a question put in the first person ("What tools have I used?"):
/// in a memory of one person, "I" is that person. `None` with several people or no "I".
pub(super) fn sole_person_asking(m: &Memory, question: &str) -> Option<ConceptId> {
    let first_person = words(question).any(|w| matches!(w.as_str(), "i" | "i've" | "i'm" | "my" | "me" | "mine"));
    let mut people = m.roots().filter(|r| r.level == crate::memory::Level::Root);
    match (people.next(), people.next()) {
        (Some(p), None) if first_person => Some(p.id),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::kind_asked;

    #[test]
    fn the_kind_a_question_asks_for_is_its_plural_after_what() {
        let people = vec!["sam".to_string()];
        let kind = |q: &str| kind_asked(q, &people);
        assert_eq!(kind("Which countries has Sam visited?").as_deref(), Some("countries"));
        assert_eq!(
            kind("What are some foods that Sam likes eating?").as_deref(),
            Some("foods")
        );
        assert_eq!(kind("What kind of art does Sam make?").as_deref(), Some("art"));
        assert_eq!(kind("What books has Sam read?").as_deref(), Some("books"));
        assert_eq!(kind("What did Sam eat on Friday?"), None);
        assert_eq!(kind("What is Sam's relationship status?"), None);
        assert_eq!(kind("How many dogs does Sam have?"), None);
    }
}
