//! The slots a question asks about, carried whole: "How old is Scott?" gets "Scott is 12", "Where
//! do I live?" gets the current home with the one it replaced. A slot is a sentence of a dozen
//! tokens where the turn that states it may be a hundred, so at a small budget it is what keeps
//! the answer in.

use super::assemble::Retriever;
use super::context::{Item, Layer, Scores};
use crate::event::{Holder, Slot};
use crate::ids::ConceptId;
use crate::text::{entity_key, words};

/// Value of a slot the question asks about: above any retrieved turn, since it is the answer.
const SLOT_VALUE: f64 = 1.0;
/// Most slot items one question gets.
const MOST: usize = 4;

/// The question words that ask for each of the person's own slots.
fn asks_for(slot: Slot, asked: &[String]) -> bool {
    let has = |ws: &[&str]| asked.iter().any(|w| ws.contains(&w.as_str()));
    match slot {
        Slot::Age => has(&["old", "age", "aged", "birthday", "born"]),
        Slot::Home => has(&[
            "live", "lives", "living", "home", "city", "town", "moved", "based", "reside",
        ]),
        Slot::Occupation => has(&[
            "job",
            "work",
            "occupation",
            "profession",
            "career",
            "living",
            "employed",
        ]),
        Slot::Relation => false,
    }
}

impl Retriever<'_> {
    /// Items for the slots `question` asks about: every current slot of a person it names, and
    /// the asked slot of the memory's person when the question is about themselves.
    pub(super) fn slot_items(&self, question: &str, root: Option<ConceptId>) -> Vec<Item> {
        let m = self.memory;
        let asked: Vec<String> = words(question).collect();
        let key = entity_key(question);
        let about_self = asked
            .iter()
            .any(|w| matches!(w.as_str(), "i" | "my" | "me" | "i'm" | "am"));
        let mut items = Vec::new();
        for person in m.roots().map(|r| r.id).filter(|p| root.is_none_or(|r| r == *p)) {
            let name = &m.concept(person).name;
            let names_person = asked.contains(&entity_key(name));
            let slots = m.slots_of(person);
            // The people the question is about: named ("Who is Scott?"), or by who they are to
            // the person ("How old is my mom?", "What's my brother's name?").
            let mut holders: Vec<String> = Vec::new();
            for (cur, _) in &slots {
                if let Holder::Named(n) = &cur.holder {
                    let k = entity_key(n);
                    let named = !k.is_empty() && format!(" {key} ").contains(&format!(" {k} "));
                    let related = cur.slot == Slot::Relation
                        && words(&cur.value)
                            .last()
                            .is_some_and(|r| asked.iter().any(|w| w.strip_suffix("'s").unwrap_or(w) == r));
                    if (named || related) && !holders.contains(&k) {
                        holders.push(k);
                    }
                }
            }
            for (cur, earlier) in slots {
                let wanted = match &cur.holder {
                    Holder::Named(n) => holders.contains(&entity_key(n)),
                    Holder::Person => (about_self || names_person) && asks_for(cur.slot, &asked),
                };
                if !wanted || items.len() >= MOST {
                    continue;
                }
                let mut text = crate::event::slot_sentence(name, &cur.holder, cur.slot, &cur.value);
                if let Some(t) = cur.time {
                    text = format!("[{}] {text}", t.human_date());
                }
                if !earlier.is_empty() {
                    let was: Vec<&str> = earlier.iter().map(|e| e.value.as_str()).collect();
                    text.push_str(&format!(" (before: {})", was.join(", then ")));
                }
                items.push(Item::new(
                    Layer::Fact,
                    text,
                    Scores::default(),
                    SLOT_VALUE,
                    format!("the {:?} slot the question asks about", cur.slot).to_lowercase(),
                    self.episode_provenance(&[cur.episode]),
                ));
            }
        }
        items
    }
}
