//! The person-level items of a question's context: the mentions one person's Σ bullets and
//! relation summaries gathered that hold the question's words, and the person's own activities
//! (the targets of their relations that their own words name). These are the lists a multi-hop question ("what activities does X
//! do", "where has X camped") is answered from: spread over many sessions, they are more than
//! the turns retrieved for one question reach.

use crate::rules::words::nouns::NOT_ACTIVITIES;
use crate::rules::words::people::TO_LISTENER;
use crate::rules::words::questions::LIST_WORDS;

use super::concept_text::Gathered;
use super::context::{Item, Layer, Provenance, Scores};
use crate::ids::{ConceptId, RelationId};
use crate::memory::Memory;
use crate::model::{Note, Profile, ProfileBullet, Shows, Told};
use crate::text::stem::stem;
use crate::text::{entity_key, words};

mod instances;
mod kinds;
mod stance;

/// Most gathered mentions in the item that lists them across a person's concepts.
const GATHERED: usize = 8;
/// Value of that item.
const GATHERED_VALUE: f64 = 0.3;
/// Most activities in the item that lists a person's own activities, for a question that asks
/// for a list.
const ACTIVITIES: usize = 40;
/// Value of that item.
const ACTIVITIES_VALUE: f64 = 1.0;
/// Most activities in the list a question gets when no gathered mention holds its words.
const FALLBACK_ACTIVITIES: usize = 14;
/// Value of that list.
const FALLBACK_VALUE: f64 = 0.2;
/// Most gathered mentions in the item of what a person likes, wants and plans.
const STANCE_MENTIONS: usize = 6;
/// Value of that item, for a question about what the person would likely do: as much as the
/// best turn, since on such questions it holds about three times the answer words per token that
/// turns do (dev at 1,000 tokens: 0.22 against 0.07 per 1,000 tokens found nowhere else).
const STANCE_VALUE: f64 = 1.0;
/// Most relations whose instances a question gets.
const INSTANCE_RELATIONS: usize = 3;
/// Value of the instances of the planned relation the person mentions most (the next ones get
/// less, in order). 0.5 before gathered mentions needed a word of the question; with that, dev
/// answer-token recall at 500 / 1,000 tokens: 0.35 −0.5 / −0.3, 0.65 +0.3 / +0.1, 0.8 +0.4 / +0.1
/// but −1.1 evidence recall (BEAM unchanged).
const INSTANCE_VALUE: f64 = 0.65;

/// Value of the list of things of the kind a question asks for (`kinds`).
const KIND_VALUE: f64 = 0.8;

/// Whether a relation label's quoted sentence ('user mentions pottery ("I signed up for a
/// pottery class") on …') is the speaker's own doing: it says "I", "my", "we" or "our", and
/// neither asks nor speaks to the listener.
fn own_label(label: &str) -> bool {
    let (Some(start), Some(end)) = (label.find("(\""), label.rfind("\")")) else {
        return false;
    };
    let Some(q) = label.get(start + 2..end) else {
        return false;
    };
    !q.trim_end().ends_with('?')
        && !words(q).any(|w| TO_LISTENER.contains(&w.as_str()))
        && words(q).any(|w| {
            matches!(
                w.as_str(),
                "i" | "i'm" | "i've" | "i'd" | "i'll" | "my" | "me" | "we" | "we're" | "we've" | "our" | "us"
            )
        })
}

/// Whether a relation is the person's own activity, as far as L1 shows: its summary gathered
/// the person's own mentions, or (no summary yet) its latest mention is said in the first person.
fn own(m: &Memory, r: RelationId) -> bool {
    let rel = m.relation(r);
    if !rel.summary.mentions.is_empty() {
        return true;
    }
    // A photo the person shared of it (the label quotes its caption) is theirs.
    own_label(&rel.label) || quotes_shared_photo(m, r)
}

/// Whether a relation's latest label quotes a photo shared in the turns of the episode behind
/// it: the quoted sentence is the photo as the turn renders it.
fn quotes_shared_photo(m: &Memory, r: RelationId) -> bool {
    let rel = m.relation(r);
    let Some((_, quote)) = rel.label.split_once("(\"") else {
        return false;
    };
    let Some(e) = rel.episodes.last() else {
        return false;
    };
    m.episode(*e)
        .turns
        .iter()
        .filter_map(|t| m.turns.get(t.index()))
        .flat_map(|t| t.attachments.iter())
        .any(|a| quote.starts_with(&a.render()))
}

/// Whether a relation's target is an activity a person does: a general concept (not one
/// instance, a person or a thing) outside the base concepts of people, identity, goals, money
/// and belongings.
fn activity(m: &Memory, r: RelationId) -> bool {
    let target = m.relation(r).target;
    m.concept(target).level == crate::event::Level::Activity
        && !m
            .path_of(target)
            .get(1)
            .is_some_and(|base| NOT_ACTIVITIES.contains(base))
}

/// The stems of the question's own words among the plan's keywords (which leave out the
/// people's names, held by every mention about them).
fn asked_stems(question: &str, keywords: &[String]) -> Vec<String> {
    let planned: Vec<String> = keywords.iter().flat_map(|k| words(k)).map(|w| stem(&w)).collect();
    crate::text::content_words(question)
        .iter()
        .map(|w| stem(w))
        .filter(|s| planned.contains(s))
        .collect()
}

/// Whether a gathered mention holds a word of the question itself: one that holds only a word
/// the plan added ("care", of "foster care", for a question about adopting a dog) is not what
/// was asked about.
fn holds_asked(asked: &[String], mention: &str) -> bool {
    words(mention).any(|w| asked.contains(&stem(&w)))
}

/// The person's gathered mentions that hold a keyword, across concepts and relation summaries,
/// and the person's own activities for a question that asks for a list or that no gathered
/// mention answers.
#[allow(clippy::too_many_arguments)]
pub(super) fn person_items(
    m: &Memory,
    root: Option<ConceptId>,
    question: &str,
    concepts: &[ConceptId],
    relations: &[RelationId],
    keywords: &[String],
    targets: &[String],
    seen: &super::concept_text::Seen,
    items: &mut Vec<Item>,
) {
    if concepts.is_empty() {
        return;
    }
    let texts: Vec<Gathered<'_>> = concepts
        .iter()
        .map(|c| Gathered::Sigma(&m.concept(*c).sigma))
        .chain(relations.iter().map(|r| Gathered::Summary(&m.relation(*r).summary)))
        .collect();
    let asked = asked_stems(question, keywords);
    let found: Vec<(String, Told)> = super::concept_text::gathered_unseen(&texts, keywords, GATHERED, seen)
        .into_iter()
        .filter(|(text, _)| holds_asked(&asked, text))
        .collect();
    let who = root.map(|r| m.concept(r).name.clone());
    let prov = Provenance {
        concepts: concepts.to_vec(),
        ..Provenance::default()
    };
    if found.len() >= 2 {
        let (shown, told): (Vec<String>, Vec<Told>) = found.iter().cloned().unzip();
        let kept = Profile {
            path: who.iter().cloned().collect(),
            bullets: vec![ProfileBullet {
                told,
                ..ProfileBullet::default()
            }],
        };
        items.push(
            Item::new(
                Layer::Concept,
                format!(
                    "{}{}.",
                    who.as_ref().map_or_else(String::new, |w| format!("{w}: ")),
                    shown.join("; ")
                ),
                Scores::default(),
                GATHERED_VALUE,
                format!(
                    "{} mentions gathered in Σ and relation summaries hold a keyword",
                    found.len()
                ),
                prov.clone(),
            )
            .showing(Shows::Profile(kept)),
        );
    }
    // A person asking about themselves ("Which libraries have I tried?") in a memory of one
    // person is that person.
    if let Some(person) = root.or_else(|| kinds::sole_person_asking(m, question))
        && let Some((text, turns)) = kinds::kind_text(m, person, question)
    {
        let mut prov = prov.clone();
        prov.turns = turns;
        items.push(list_note(
            Layer::Relation,
            text,
            KIND_VALUE,
            "the things of the kind the question asks for, as the person's own words across their relations name them",
            prov,
        ));
    }
    let Some(who) = who else {
        return;
    };
    if stance::hypothetical(question)
        && let Some(text) = stance::stance_text(&who, &texts, keywords, STANCE_MENTIONS, &|name| {
            relations
                .iter()
                .any(|r| activity(m, *r) && entity_key(&m.concept(m.relation(*r).target).name) == entity_key(name))
        })
    {
        items.push(list_note(
            Layer::Concept,
            text,
            STANCE_VALUE,
            "the person's inferred traits and the preferences, goals and plans Σ and relation summaries gathered",
            prov.clone(),
        ));
    }
    // Every question about the person gets the instances of the activities it targets, not
    // only one that asks for a list in a plural ("what books"): "what did X research", "where
    // did X get the dog" and "what would X enjoy" are answered by the same instances, spread
    // over sessions the question's words do not reach. A "when" question is answered by a
    // date, which instances never carry.
    if let Some(person) = root
        && super::shape::wants(question) != super::shape::Wants::Time
    {
        instance_items(m, person, relations, targets, items);
    }
    // A question that asks for a list of what the person does ("what activities", "in what
    // ways") gets the whole list; one no gathered mention answers gets its head.
    let wants_list = keywords.iter().any(|k| LIST_WORDS.contains(&k.to_lowercase().as_str()));
    let (max, value) = if wants_list {
        (ACTIVITIES, ACTIVITIES_VALUE)
    } else if found.len() < 2 {
        (FALLBACK_ACTIVITIES, FALLBACK_VALUE)
    } else {
        return;
    };
    let names = own_activities(m, relations, targets, max);
    if names.len() >= 2 {
        let text = format!("{who}'s own activities, most mentioned first: {}.", names.join(", "));
        items.push(list_note(
            Layer::Concept,
            text,
            value,
            "the person's own activities (their own words), most mentioned first",
            prov,
        ));
    }
}

/// An L1 item that is one sentence listing what the person is like, does or names, dated nowhere
/// as a whole: it shows as a note without a day.
fn list_note(layer: Layer, text: String, value: f64, why: &str, prov: Provenance) -> Item {
    let note = Shows::Note(Note::on(None, text.clone()));
    Item::new(layer, text, Scores::default(), value, why.to_string(), prov).showing(note)
}

/// The instances the person's own words name under the relations the plan targets (by the
/// relation's activity or a concept above it), the most mentioned relation first.
fn instance_items(m: &Memory, person: ConceptId, relations: &[RelationId], targets: &[String], items: &mut Vec<Item>) {
    // A relation whose activity the plan names itself ("pottery") goes before one that is only
    // under a planned concept ("Arts and Crafts" holds photography too), and one under an earlier
    // target (the plan's own before the concepts found near it) before a later one's.
    let named = |r: RelationId| {
        let key = entity_key(&m.concept(m.relation(r).target).name);
        targets.iter().any(|t| entity_key(t) == key)
    };
    let mut ranked: Vec<(usize, bool, u32, RelationId)> = relations
        .iter()
        .copied()
        .filter_map(|r| planned_at(m, targets, r).map(|at| (at, r)))
        .map(|(at, r)| (at, named(r), m.relation(r).total_mentions, r))
        .collect();
    ranked.sort_by_key(|(at, d, n, r)| (*at, std::cmp::Reverse(*d), std::cmp::Reverse(*n), *r));
    let mut already: Vec<String> = Vec::new();
    let texts = ranked
        .into_iter()
        .filter_map(|(_, _, _, r)| instances::instances_text(m, person, r, &mut already).map(|t| (r, t)))
        .take(INSTANCE_RELATIONS);
    let mut value = INSTANCE_VALUE;
    for (r, text) in texts {
        let rel = m.relation(r);
        // One sentence listing what the person's words name: a note.
        items.push(list_note(
            Layer::Relation,
            text,
            value,
            &format!(
                "what the person's own words name under {}, across sessions",
                m.relation_name(r)
            ),
            Provenance {
                concepts: vec![rel.source, rel.target, rel.owner],
                relations: vec![r],
                episodes: rel.episodes.iter().copied().collect(),
                ..Provenance::default()
            },
        ));
        value *= 0.8;
    }
}

/// Whether the plan targets a relation: its activity or a concept above it is a target.
fn planned(m: &Memory, targets: &[String], r: RelationId) -> bool {
    planned_at(m, targets, r).is_some()
}

/// The first of `targets` that names a relation's activity or a concept above it.
fn planned_at(m: &Memory, targets: &[String], r: RelationId) -> Option<usize> {
    let rel = m.relation(r);
    let names: Vec<String> = std::iter::once(m.concept(rel.target).name.as_str())
        .chain(m.path_of(rel.owner))
        .map(entity_key)
        .collect();
    targets.iter().position(|t| names.contains(&entity_key(t)))
}

/// The names of the person's own activities: those under a concept the plan targets first,
/// then the most mentioned; at most `max`, none twice.
fn own_activities(m: &Memory, relations: &[RelationId], targets: &[String], max: usize) -> Vec<String> {
    let planned = |r: RelationId| planned(m, targets, r);
    let mut ranked: Vec<(bool, u32, RelationId)> = relations
        .iter()
        .copied()
        .filter(|r| activity(m, *r) && own(m, *r))
        .map(|r| (planned(r), m.relation(r).total_mentions, r))
        .collect();
    ranked.sort_by_key(|(p, n, r)| (std::cmp::Reverse(*p), std::cmp::Reverse(*n), *r));
    let mut names: Vec<String> = Vec::new();
    let mut listed: Vec<String> = Vec::new();
    for (_, _, r) in ranked {
        let name = &m.concept(m.relation(r).target).name;
        let key = entity_key(name);
        if listed.contains(&key) || listed.len() >= max {
            continue;
        }
        listed.push(key);
        names.push(name.clone());
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::formats::session::SessionFile;
    use crate::log::Log;
    use crate::retrieval::{Budgets, Plan, Retriever};
    use crate::rules::OfflineModel;

    /// The texts of the items `question` gets from a fresh memory of a sample session, and the
    /// memory's concepts by name and level.
    fn item_texts(session: &str, name: &str, question: &str) -> (Vec<String>, Vec<(String, crate::event::Level)>) {
        let dir = tempfile::tempdir().unwrap();
        let mut engine = Engine::open(Log::open(&dir.path().join("m.db")).unwrap(), Box::new(OfflineModel)).unwrap();
        let file = SessionFile::parse(session, name).unwrap();
        for t in &file.turns {
            engine.ingest(t, &file.user_name()).unwrap();
        }
        engine.finish().unwrap();
        let r = Retriever::new(engine.log(), engine.memory(), engine.log().head()).unwrap();
        let context = r
            .retrieve(
                question,
                Plan::by_model(&mut OfflineModel, question),
                &Budgets::default(),
                &mut OfflineModel,
            )
            .unwrap();
        let levels = engine
            .memory()
            .concepts
            .iter()
            .map(|c| (c.name.clone(), c.level))
            .collect();
        (context.items.into_iter().map(|i| i.text).collect(), levels)
    }

    #[test]
    fn a_question_for_a_list_gets_the_persons_own_activities() {
        let (texts, levels) = item_texts(
            include_str!("../../sample_sessions/strength_training_injury.jsonl"),
            "strength_training_injury.jsonl",
            "What activities does Alex do?",
        );
        let list = texts
            .into_iter()
            .find(|t| t.starts_with("Alex's own activities, most mentioned first: "))
            .unwrap_or_default();
        assert!(
            list.contains("Strength Training") && list.contains("Swimming"),
            "{list}"
        );
        // Activities only: no person, no thing the person owns, nothing twice.
        let names: Vec<&str> = list
            .trim_end_matches('.')
            .split(": ")
            .nth(1)
            .unwrap_or_default()
            .split(", ")
            .collect();
        for n in &names {
            let level = levels.iter().find(|(name, _)| name == n).map(|(_, l)| *l);
            assert_eq!(level, Some(crate::event::Level::Activity), "{n}");
        }
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{list}");
    }

    #[test]
    fn a_concept_near_the_question_lends_its_activities_instances() {
        // "foods" names no activity, but the concepts it embeds near (Food Preferences, Dining)
        // hold the person's meat dishes and grilling: their instances answer it, each once.
        let (texts, _) = item_texts(
            include_str!("../../sample_sessions/diet_change.jsonl"),
            "diet_change.jsonl",
            "What foods does Sam like eating?",
        );
        let lists: Vec<&str> = texts
            .iter()
            .filter(|t| t.contains(", in their own words, oldest first: "))
            .map(String::as_str)
            .collect();
        assert!(lists.iter().any(|l| l.contains("sausages")), "{lists:#?}");
        let mut named: Vec<&str> = lists
            .iter()
            .flat_map(|l| {
                l.split(": ")
                    .nth(1)
                    .unwrap_or_default()
                    .trim_end_matches('.')
                    .split(", ")
            })
            .collect();
        // No sentence going on after the thing it names.
        assert!(
            !named.iter().any(|n| n.ends_with(" say") || n.ends_with(" said")),
            "{named:?}"
        );
        let all = named.len();
        named.sort_unstable();
        named.dedup();
        assert_eq!(named.len(), all, "{lists:#?}");
    }

    #[test]
    fn a_question_for_a_kind_of_thing_gets_the_things_of_that_kind_the_person_named() {
        // The list of `kind` a question about Maya's trip gets ("" when none).
        let list_for = |question: &str, kind: &str| {
            let (texts, _) = item_texts(
                include_str!("../../sample_sessions/trip_planning.jsonl"),
                "trip_planning.jsonl",
                question,
            );
            let head = format!("Maya's own words that may name {kind}, oldest first: ");
            texts
                .iter()
                .find_map(|t| t.strip_prefix(&head).map(str::to_string))
                .unwrap_or_default()
        };
        let list = list_for("Which cities has Maya planned to visit?", "cities");
        for city in ["Kyoto", "Hiroshima"] {
            assert!(list.contains(city), "{city} not in {list:?}");
        }
        // Named across sessions, but not every word the person said: no person, no feeling.
        for not in ["Tom", "husband", "bucket list"] {
            assert!(!list.contains(not), "{not} in {list:?}");
        }
        // In a memory of one person, "I" is that person; the kind's own word is no instance.
        let list = list_for("Which hotels have I looked at?", "hotels");
        assert!(!list.is_empty());
        assert!(!list.to_lowercase().contains("hotel"), "{list}");
    }

    #[test]
    fn only_a_first_person_statement_is_the_speakers_own() {
        assert!(own_label(
            "user mentions pottery (\"I just signed up for a pottery class yesterday.\") on 2023-07-03"
        ));
        assert!(!own_label(
            "user mentions adoption (\"Wishing you the best on your adoption journey!\") on 2023-07-03"
        ));
        assert!(!own_label(
            "user mentions pottery (\"What made me think of pottery?\") on 2023-07-03"
        ));
        assert!(!own_label(
            "user mentions adoption (\"Adoption sounds awesome.\") on 2023-10-22"
        ));
        assert!(!own_label("user mentions adoption"));
    }

    #[test]
    fn a_mention_must_hold_a_word_of_the_question_not_only_of_the_plan() {
        let keywords: Vec<String> = ["adopt", "dogs", "foster care", "puppy"].map(String::from).to_vec();
        let asked = asked_stems("When did Lena adopt her dogs?", &keywords);
        assert!(!holds_asked(
            &asked,
            "Lena makes sure to do one self-care activity each day"
        ));
        assert!(!holds_asked(&asked, "Lena talked with Lena's neighbour"));
        assert!(holds_asked(&asked, "Lena's dogs ran around the park"));
        assert!(holds_asked(&asked, "Lena adopted a rescue"));
    }
}
