//! A language model's entity paths, folded onto the graph it is building: a small model names
//! one habit a little differently each time ("Swimming", "Swimming Laps", "Morning Swim") and
//! files it under changing folders, which would scatter one habit's evidence over several
//! relations so none of them reaches θ_inf. Here a path's activity that shares its content words
//! with an activity the person already has under the same base node becomes that activity, on
//! its existing branch; folders and instances are folded the same way. A unit that names a known
//! activity in its own words ("no swimming for six weeks") is evidence for that activity's
//! relation too, as a path to it. Only generative models go through this: the offline model
//! names nodes from its lexicon by rule.

use crate::rules::words::clauses::FILLER;
use crate::rules::words::function::COMMON;

use crate::event::Level;
use crate::ids::ConceptId;
use crate::memory::{BASE_CONCEPTS, Memory};
use crate::model::parse::PathNode;
use crate::text::{entity_key, words};

/// `paths` with every activity, folder and instance that near-duplicates an existing node of
/// `person` (or an earlier path of the same reply) renamed to it, plus a path to each known
/// activity the unit's own words name. When the unit states a change (`salient`), the new things
/// it brings are filed under the known activity it names as well: an injury that stops a habit
/// goes under its theme and under the habit, as the entities prompt asks of a complex event.
#[must_use]
pub fn fold(
    memory: &Memory,
    person: ConceptId,
    said: &str,
    own: &str,
    salient: bool,
    paths: Vec<Vec<PathNode>>,
) -> Vec<Vec<PathNode>> {
    let mut out: Vec<Vec<PathNode>> = Vec::new();
    for path in paths {
        let path = fold_path(memory, person, path);
        let path = fold_onto_earlier(memory, person, &out, path);
        if !out.contains(&path) {
            out.push(path);
        }
    }
    let said_roots: Vec<String> = words(said).map(|w| root(&w)).collect();
    let mut named = named_activities(memory, person, &said_roots);
    for activity in recalled_activities(memory, person, own) {
        if !named.contains(&activity) {
            named.push(activity);
        }
    }
    let new_things: Vec<String> = out
        .iter()
        .filter_map(|p| activity_of(p))
        .filter(|n| memory.find_concept(person, Level::Activity, n).is_none())
        .collect();
    for activity in named {
        let key = entity_key(&memory.concept(activity).name);
        let covered = out
            .iter()
            .any(|p| p.iter().any(|n| n.is_concrete() && entity_key(&n.name) == key));
        let habit = branch(memory, activity);
        if !covered {
            out.push(habit.clone());
        }
        if salient {
            for thing in &new_things {
                let mut path = habit.clone();
                path.push(PathNode {
                    name: thing.clone(),
                    kind: "event".into(),
                });
                if !out.contains(&path) {
                    out.push(path);
                }
            }
        }
    }
    out
}

/// The first concrete node of a path: its activity.
fn activity_of(path: &[PathNode]) -> Option<String> {
    path.iter().find(|n| n.is_concrete()).map(|n| n.name.clone())
}

/// A path whose new activity near-duplicates the activity of an earlier path in the same reply
/// takes that path's branch ("Swimming" and "Swimming Laps" in one reply are one activity).
fn fold_onto_earlier(
    memory: &Memory,
    person: ConceptId,
    earlier: &[Vec<PathNode>],
    path: Vec<PathNode>,
) -> Vec<PathNode> {
    let Some(at) = path.iter().position(PathNode::is_concrete) else {
        return path;
    };
    if memory.find_concept(person, Level::Activity, &path[at].name).is_some() {
        return path;
    }
    let wanted = content_roots(&path[at].name);
    for e in earlier {
        let Some(e_at) = e.iter().position(PathNode::is_concrete) else {
            continue;
        };
        if near(&wanted, &content_roots(&e[e_at].name)) {
            let mut folded: Vec<PathNode> = e[..=e_at].to_vec();
            folded.extend(path.into_iter().skip(at + 1));
            return folded;
        }
    }
    path
}

fn fold_path(memory: &Memory, person: ConceptId, path: Vec<PathNode>) -> Vec<PathNode> {
    let root_key = entity_key(&memory.concept(person).name);
    let (root, nodes): (Vec<PathNode>, Vec<PathNode>) = match path.split_first() {
        Some((first, rest)) if entity_key(&first.name) == root_key || entity_key(&first.name) == "user" => {
            (vec![first.clone()], rest.to_vec())
        }
        _ => (Vec::new(), path),
    };
    let nodes: Vec<PathNode> = nodes.into_iter().filter(|n| !n.name.trim().is_empty()).collect();
    let base_key = nodes.first().map(|n| entity_key(&n.name)).unwrap_or_default();
    let base_name = BASE_CONCEPTS
        .iter()
        .copied()
        .find(|b| entity_key(b) == base_key)
        .unwrap_or(BASE_CONCEPTS[0]);
    let Some(base) = memory
        .concept(person)
        .children
        .iter()
        .copied()
        .find(|c| memory.concept(*c).name == base_name)
    else {
        return [root, nodes].concat();
    };
    let Some(at) = nodes.iter().position(PathNode::is_concrete) else {
        let folded = nodes
            .into_iter()
            .map(|n| rename(memory, base, Level::Abstract, None, n))
            .collect::<Vec<_>>();
        return [root, folded].concat();
    };
    let activity = &nodes[at];
    let Some(known) = similar(memory, base, Level::Activity, None, &activity.name) else {
        let mut folded: Vec<PathNode> = Vec::new();
        for (i, n) in nodes.into_iter().enumerate() {
            let is_folder = i < at && !n.is_concrete() && base_key != entity_key(&n.name);
            folded.push(if is_folder {
                rename(memory, base, Level::Abstract, None, n)
            } else {
                n
            });
        }
        return [root, folded].concat();
    };
    // The activity is one the person already has: take its branch, then its instances.
    let mut folded = branch(memory, known);
    for n in nodes.into_iter().skip(at + 1) {
        folded.push(rename(memory, base, Level::Occurrence, Some(known), n));
    }
    [root, folded].concat()
}

/// The path from a concept's base node down to it: base, folders, the concept itself.
fn branch(memory: &Memory, concept: ConceptId) -> Vec<PathNode> {
    let mut chain = Vec::new();
    let mut cur = Some(concept);
    while let Some(c) = cur {
        let node = memory.concept(c);
        if node.level == Level::Root {
            break;
        }
        chain.push(PathNode {
            name: node.name.clone(),
            kind: if node.level.is_abstract() { "abstract" } else { "event" }.into(),
        });
        cur = node.parent;
    }
    chain.reverse();
    chain
}

/// `node` renamed to the existing node it near-duplicates, if any.
fn rename(memory: &Memory, base: ConceptId, level: Level, parent: Option<ConceptId>, node: PathNode) -> PathNode {
    match similar(memory, base, level, parent, &node.name) {
        Some(c) => PathNode {
            name: memory.concept(c).name.clone(),
            kind: node.kind,
        },
        None => node,
    }
}

/// The existing node of `level` under `base` (and under `parent`, when given) whose name
/// near-duplicates `name`: the same name first, else the earliest one sharing its content words.
/// An activity is looked for under the other base nodes too: a model files one habit under
/// "Health and Wellness" one day and "Interests and Entertainment" the next.
fn similar(memory: &Memory, base: ConceptId, level: Level, parent: Option<ConceptId>, name: &str) -> Option<ConceptId> {
    let person = memory.concept(base).person;
    let found = similar_under(memory, base, level, parent, name);
    if found.is_none() && level == Level::Activity {
        return similar_under(memory, person, level, parent, name);
    }
    found
}

fn similar_under(
    memory: &Memory,
    ancestor: ConceptId,
    level: Level,
    parent: Option<ConceptId>,
    name: &str,
) -> Option<ConceptId> {
    let key = entity_key(name);
    let wanted = content_roots(name);
    let person = memory.concept(ancestor).person;
    let candidates: Vec<ConceptId> = memory
        .concepts
        .iter()
        .filter(|c| c.person == person && c.level == level)
        .filter(|c| match parent {
            Some(p) => c.parent == Some(p),
            None => under(memory, c.id, ancestor),
        })
        .map(|c| c.id)
        .collect();
    candidates
        .iter()
        .copied()
        .find(|c| entity_key(&memory.concept(*c).name) == key)
        .or_else(|| {
            candidates
                .iter()
                .copied()
                .find(|c| near(&wanted, &content_roots(&memory.concept(*c).name)))
        })
}

fn under(memory: &Memory, mut c: ConceptId, ancestor: ConceptId) -> bool {
    while let Some(p) = memory.concept(c).parent {
        if p == ancestor {
            return true;
        }
        c = p;
    }
    false
}

/// Known activities of the person that the unit's words name: at least half the content words
/// of the name ("swimming" names "Swimming Laps").
fn named_activities(memory: &Memory, person: ConceptId, said: &[String]) -> Vec<ConceptId> {
    memory
        .concepts
        .iter()
        .filter(|c| c.person == person && c.level == Level::Activity && !c.relations.is_empty())
        .filter(|c| {
            let roots = content_roots(&c.name);
            let hits = roots
                .iter()
                .filter(|r| r.chars().count() >= 3 && said.contains(r))
                .count();
            hits > 0 && hits * 2 >= roots.len()
        })
        .map(|c| c.id)
        .collect()
}

/// Distinctive roots of a person's own words: four letters or more, not common, not the name.
fn distinctive(text: &str, name_key: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in words(text) {
        if w.chars().count() < 4 || COMMON.contains(&w.as_str()) || w == name_key {
            continue;
        }
        let r = root(&w);
        if !out.contains(&r) {
            out.push(r);
        }
    }
    out
}

/// Known activities whose own episodes the person's words recall: the unit shares two or more
/// distinctive words with what the person said in the episodes that mentioned the activity
/// ("Another Sunday at the allotment" recalls "Every Sunday morning … my allotment plot … weeding
/// and digging the beds", filed as "Weeding and Digging"). A small model names one habit by
/// different things each time; the person's own words about it stay the same.
fn recalled_activities(memory: &Memory, person: ConceptId, own: &str) -> Vec<ConceptId> {
    const SHARED: usize = 2;
    let name_key = entity_key(&memory.concept(person).name);
    let now = distinctive(own, &name_key);
    if now.len() < SHARED {
        return Vec::new();
    }
    let mut out = Vec::new();
    for c in memory
        .concepts
        .iter()
        .filter(|c| c.person == person && c.level == Level::Activity)
    {
        let mut before = String::new();
        for r in &c.relations {
            for e in memory.relations[r.index()].episodes.iter() {
                for t in &memory.episodes[e.index()].turns {
                    let turn = &memory.turns[t.index()];
                    if memory.person_for(&turn.speaker) == Some(person) {
                        before.push_str(&turn.said());
                        before.push('\n');
                    }
                }
            }
        }
        let before = distinctive(&before, &name_key);
        if now.iter().filter(|r| before.contains(r)).count() >= SHARED {
            out.push(c.id);
        }
    }
    out
}

/// One name's word set is contained in the other's ("Swimming" in "Morning Swim").
fn near(a: &[String], b: &[String]) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    !short.is_empty() && short.iter().all(|w| long.contains(w))
}

pub(super) fn content_roots(name: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in words(name) {
        if FILLER.contains(&w.as_str()) {
            continue;
        }
        let r = root(&w);
        if !out.contains(&r) {
            out.push(r);
        }
    }
    out
}

/// A crude root shared by a word's inflections: "swimming", "swims" and "swim" give "swim";
/// "cycling" and "cycle" give "cycl". Used only to compare names, never shown.
pub(super) fn root(word: &str) -> String {
    let w = word.trim_end_matches("'s");
    let mut chars: Vec<char> = w.chars().collect();
    for suffix in ["ings", "ing", "ers", "er", "ed", "es", "s", "e"] {
        let suffix: Vec<char> = suffix.chars().collect();
        if chars.len() >= suffix.len() + 3 && chars.ends_with(&suffix) {
            chars.truncate(chars.len() - suffix.len());
            break;
        }
    }
    let n = chars.len();
    if n >= 4 && chars[n - 1] == chars[n - 2] && !"aeiousl".contains(chars[n - 1]) {
        chars.pop();
    }
    chars.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Event;

    fn node(name: &str, kind: &str) -> PathNode {
        PathNode {
            name: name.into(),
            kind: kind.into(),
        }
    }

    fn names(path: &[PathNode]) -> Vec<&str> {
        path.iter().map(|n| n.name.as_str()).collect()
    }

    /// Rowan, who swims laps: Interests and Entertainment → Sports → Swimming Laps → Forty Lengths.
    fn swimmer() -> (Memory, ConceptId) {
        let mut m = Memory::new();
        m.apply(&Event::person_tracked("Rowan", "user"));
        let person = ConceptId(0);
        let find = |m: &Memory, name: &str| m.concepts.iter().find(|c| c.name == name).map(|c| c.id).unwrap();
        let interests = find(&m, "Interests and Entertainment");
        for (name, level, parent) in [
            ("Sports", Level::Abstract, interests),
            ("Swimming Laps", Level::Activity, ConceptId(0)),
            ("Forty Lengths", Level::Occurrence, ConceptId(0)),
        ] {
            let parent = if parent == ConceptId(0) {
                m.concepts.last().map(|c| c.id).unwrap()
            } else {
                parent
            };
            m.apply(&Event::concept_added(name, level, parent));
            if !level.is_abstract() {
                let target = m.concepts.last().map(|c| c.id).unwrap();
                m.apply(&Event::RelationAdded { source: parent, target });
            }
        }
        (m, person)
    }

    #[test]
    fn a_renamed_habit_joins_the_branch_it_already_has() {
        let (m, person) = swimmer();
        let paths = vec![vec![
            node("Rowan", "abstract"),
            node("Health and Wellness", "abstract"),
            node("Swimming", "event"),
            node("Forty Length", "event"),
        ]];
        let out = fold(&m, person, "I swam forty lengths again.", "", false, paths);
        assert_eq!(
            out.iter().map(|p| names(p)).collect::<Vec<_>>(),
            [[
                "Rowan",
                "Interests and Entertainment",
                "Sports",
                "Swimming Laps",
                "Forty Lengths"
            ]]
        );
    }

    #[test]
    fn a_unit_naming_a_known_habit_is_evidence_for_it_and_new_things_stay_new() {
        let (m, person) = swimmer();
        let paths = vec![vec![
            node("Health and Wellness", "abstract"),
            node("Injuries", "abstract"),
            node("Shoulder Dislocation", "event"),
        ]];
        let said = "The doctor says no swimming for six weeks.";
        let out = fold(&m, person, said, said, false, paths.clone());
        assert_eq!(
            out.iter().map(|p| names(p)).collect::<Vec<_>>(),
            vec![
                vec!["Health and Wellness", "Injuries", "Shoulder Dislocation"],
                vec!["Interests and Entertainment", "Sports", "Swimming Laps"],
            ]
        );
        // Stated as a change, the injury is filed under the habit it stops too.
        let out = fold(&m, person, said, said, true, paths.clone());
        assert_eq!(
            names(&out[2]),
            [
                "Interests and Entertainment",
                "Sports",
                "Swimming Laps",
                "Shoulder Dislocation"
            ]
        );
        // A unit that never names the habit adds nothing.
        assert_eq!(
            fold(
                &m,
                person,
                "I walked in the park.",
                "I walked in the park.",
                true,
                paths.clone()
            ),
            paths
        );
    }

    #[test]
    fn a_unit_recalling_what_the_person_said_about_a_habit_is_evidence_for_it() {
        let (mut m, person) = swimmer();
        m.apply(&Event::TurnIngested {
            turn: 0,
            speaker: "user".into(),
            text: "Every morning before work I swim forty lengths at the Lindow city pool.".into(),
            time: None,
            session: 1,
            source_ref: None,
            attachments: Vec::new(),
            dates: Vec::new(),
        });
        m.apply(&Event::EpisodeRecorded {
            person,
            turns: vec![crate::ids::TurnId(0)],
            fact: "Rowan swims forty lengths.".into(),
            base_conclusions: vec![],
            salient_conclusions: vec![],
            time: None,
            session: 1,
        });
        let habit = m
            .concepts
            .iter()
            .find(|c| c.name == "Swimming Laps")
            .map(|c| c.id)
            .unwrap();
        m.apply(&Event::MentionRecorded {
            relation: m.concept(habit).relations[0],
            episode: crate::ids::EpisodeId(0),
            label: "Rowan swims forty lengths.".into(),
        });
        let paths = vec![vec![
            node("Health and Wellness", "abstract"),
            node("Water Fitness", "event"),
        ]];
        // Other words for the habit, the person's own words the same: the city pool, the lengths.
        let own = "Back at the city pool this morning, thirty lengths.";
        let out = fold(&m, person, own, own, false, paths.clone());
        assert_eq!(
            names(&out[1]),
            ["Interests and Entertainment", "Sports", "Swimming Laps"]
        );
        // One shared word ("morning") is not enough.
        let own = "I read a novel this morning.";
        assert_eq!(fold(&m, person, own, own, false, paths.clone()), paths);
    }

    #[test]
    fn near_duplicates_in_one_reply_share_the_first_branch() {
        let (m, person) = swimmer();
        let paths = vec![
            vec![
                node("Health and Wellness", "abstract"),
                node("Exercise", "abstract"),
                node("Rowing", "event"),
            ],
            vec![
                node("Interests and Entertainment", "abstract"),
                node("Rowing Machine", "event"),
                node("Gym Session", "event"),
            ],
        ];
        let out = fold(&m, person, "I rowed at the gym.", "", false, paths);
        assert_eq!(
            names(&out[1]),
            ["Health and Wellness", "Exercise", "Rowing", "Gym Session"]
        );
    }

    #[test]
    fn inflections_share_a_root() {
        for (a, b) in [
            ("swimming", "swim"),
            ("swims", "swim"),
            ("cycling", "cycle"),
            ("running", "run"),
            ("climbing", "climb"),
            ("laps", "lap"),
        ] {
            assert_eq!(root(a), root(b), "{a} {b}");
        }
        assert_ne!(root("physical"), root("physiotherapy"));
        assert_ne!(root("swam"), root("walk"));
    }

    #[test]
    fn a_name_inside_another_is_near_and_different_words_are_not() {
        let r = content_roots;
        assert!(near(&r("Swimming"), &r("Swimming Laps")));
        assert!(near(&r("Morning Swim"), &r("Swimming")));
        assert!(near(&r("Cooking"), &r("Cooking at Home")));
        assert!(!near(&r("Cycling"), &r("Bike Commute")));
        assert!(!near(&r("Swimming"), &r("Walking")));
        assert!(!near(&r("City Pool"), &r("Pool Party")));
        assert!(!near(&r("the"), &r("Swimming")));
    }
}
