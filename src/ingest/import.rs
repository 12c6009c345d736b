//! What an import may add to a memory: the turns it does not hold yet (by source id, or by
//! content where a format has none, so a file imported again, or grown since, adds exactly its
//! new turns), and whether the file's people are the memory's people.

use crate::event::Speaker;
use crate::formats::session::TurnInput;
use crate::ingest::DEFAULT_USER;
use crate::memory::Memory;
use std::collections::HashMap;

/// Which turns of `turns` this memory already holds, position by position. A turn with a
/// source id is known by its speaker and id; one without, by its speaker, time and text,
/// counted, so a file that says "ok" twice and a memory that holds one "ok" leave one to add.
#[must_use]
pub fn stored(memory: &Memory, turns: &[TurnInput]) -> Vec<bool> {
    let mut held: HashMap<String, u32> = HashMap::new();
    for t in memory.turns.iter() {
        let n = held
            .entry(key(&t.speaker, &t.text, t.time, t.source_ref.as_deref()))
            .or_insert(0);
        *n = n.saturating_add(1);
    }
    turns
        .iter()
        .map(|t| {
            let k = key(&t.speaker, &t.text, t.time, t.source_ref.as_deref());
            match held.get_mut(&k) {
                Some(n) if *n > 0 => {
                    *n = n.saturating_sub(1);
                    true
                }
                _ => false,
            }
        })
        .collect()
}

fn key(speaker: &Speaker, text: &str, time: Option<crate::time::Timestamp>, source_ref: Option<&str>) -> String {
    match source_ref {
        Some(id) => format!("id\u{1f}{}\u{1f}{id}", speaker.label()),
        None => format!(
            "text\u{1f}{}\u{1f}{}\u{1f}{text}",
            speaker.label(),
            time.map(|t| t.unix_seconds()).unwrap_or(i64::MIN)
        ),
    }
}

/// Why a file's people cannot join this memory, or `None` when they can.
///
/// `user` is the name the file's human side goes by (`DEFAULT_USER` when it names nobody).
/// A memory is one person's unless a format names several (LoCoMo's two speakers): a user the
/// memory knows by another name is refused, and so is a new person beside a memory's own.
#[must_use]
pub fn refusal(memory: &Memory, turns: &[TurnInput], user: &str) -> Option<String> {
    let mut incoming: Vec<(Speaker, String)> = Vec::new();
    for t in turns {
        let name = match &t.speaker {
            Speaker::Assistant => continue,
            Speaker::User => user.to_string(),
            Speaker::Named(n) => n.clone(),
        };
        if !incoming.iter().any(|(s, _)| *s == t.speaker) {
            incoming.push((t.speaker.clone(), name));
        }
    }
    let known: Vec<&str> = memory.roots().map(|c| c.name.as_str()).collect();
    if known.is_empty() {
        return None;
    }
    let names_people = incoming.iter().any(|(s, _)| matches!(s, Speaker::Named(_)));
    for (speaker, name) in &incoming {
        match memory.person_for(speaker) {
            Some(root) => {
                let theirs = &memory.concept(root).name;
                let unnamed = theirs == DEFAULT_USER || name == DEFAULT_USER;
                if !unnamed && !theirs.eq_ignore_ascii_case(name) {
                    return Some(format!(
                        "this file is {name}'s conversation, but this memory's user is {theirs}; import it as \
                         {theirs}'s with --person {theirs}, or into another memory file with --db"
                    ));
                }
            }
            None if names_people
                && matches!(speaker, Speaker::Named(_))
                && memory.person_for(&Speaker::User).is_none() => {}
            None => {
                return Some(format!(
                    "this memory holds {}, and this file's person ({name}) would be another one; import it as \
                     one of theirs with --person NAME, or into another memory file with --db",
                    known.join(" and ")
                ));
            }
        }
    }
    None
}

/// `turns` with the human side mapped onto `person` where the memory knows that person by
/// name (a LoCoMo speaker): their user turns become that person's turns.
#[must_use]
pub fn map_user_onto(memory: &Memory, turns: Vec<TurnInput>, person: &str) -> Vec<TurnInput> {
    let named = Speaker::Named(person.to_string());
    if memory.person_for(&Speaker::User).is_some() || memory.person_for(&named).is_none() {
        return turns;
    }
    turns
        .into_iter()
        .map(|mut t| {
            if t.speaker.is_user() {
                t.speaker = named.clone();
            }
            t
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Event;

    fn turn(speaker: &str, text: &str, source_ref: Option<&str>) -> TurnInput {
        TurnInput {
            speaker: speaker.into(),
            text: text.into(),
            attachments: Vec::new(),
            time: None,
            session: 1,
            index: 0,
            source_ref: source_ref.map(str::to_string),
        }
    }

    fn memory_with(turns: &[TurnInput], person: Option<(&str, Speaker)>) -> Memory {
        let mut m = Memory::default();
        if let Some((name, speaker)) = person {
            m.apply(&Event::person_tracked(name.to_string(), speaker));
        }
        for t in turns {
            m.apply(&crate::ingest::turn_ingested(t));
        }
        m
    }

    #[test]
    fn a_grown_file_adds_only_its_new_turns_by_id_or_by_content() {
        let old = [
            turn("user", "ok", None),
            turn("assistant", "Fine.", Some("m2")),
            turn("user", "ok", None),
        ];
        let m = memory_with(&old[..2], None);
        assert_eq!(stored(&m, &old), [true, true, false], "the second \"ok\" is new");
        let edited = [turn("assistant", "Fine, edited.", Some("m2"))];
        assert_eq!(stored(&m, &edited), [true], "an id names the same message");
    }

    #[test]
    fn another_persons_file_is_refused_and_a_mapped_one_is_not() {
        let m = memory_with(&[turn("user", "hi", None)], Some(("Alex", Speaker::User)));
        let sam = [turn("user", "I'm Sam.", None)];
        let why = refusal(&m, &sam, "Sam").unwrap();
        assert!(
            why.contains("Sam's conversation") && why.contains("--person Alex"),
            "{why}"
        );
        assert_eq!(refusal(&m, &sam, "Alex"), None);
        assert_eq!(
            refusal(&m, &sam, DEFAULT_USER),
            None,
            "a file that names nobody is the user's"
        );
        let friends = [turn("Caroline", "hey", None)];
        assert!(
            refusal(&m, &friends, DEFAULT_USER).is_some(),
            "a new person beside Alex"
        );
    }

    #[test]
    fn named_people_may_share_a_memory_and_a_user_maps_onto_one() {
        let m = memory_with(&[], Some(("Caroline", Speaker::Named("Caroline".into()))));
        assert_eq!(refusal(&m, &[turn("Melanie", "hi", None)], DEFAULT_USER), None);
        let chat = [turn("user", "hello", None)];
        assert!(refusal(&m, &chat, DEFAULT_USER).is_some());
        let mapped = map_user_onto(&m, chat.to_vec(), "Caroline");
        assert_eq!(mapped[0].speaker, Speaker::Named("Caroline".into()));
        assert_eq!(refusal(&m, &mapped, "Caroline"), None);
    }
}
