//! The grounding check: a reply that names people or things its input never mentions is
//! rejected before anything is stored. Two rules, both general:
//! - a name from the prompt's invented example (`#! example-names:`) may appear only when the
//!   input itself holds it, so a small model that copies the example is caught;
//! - in episodes and summaries, a capitalised word in mid-sentence (a proper name) must occur in
//!   the input or the instructions, so an invented person, place or title is caught.
//!
//! Category names in entity paths are invented by design ("Strength Training"), so paths and
//! relation labels get the first rule only. A planner's keywords may be synonyms and folders,
//! so a plan must only hold at least one keyword taken from its question ([`plan`]): a plan
//! about something else (a copied example question) is rejected.

// Every slice starts or ends at an index `find`/`strip_prefix` returned for an ASCII character
// or a char-predicate match, or at a length of a prefix already matched, which are always
// character boundaries; the fuzz test and the Unicode cases below run through them.
#![allow(clippy::string_slice)]

use super::prompts::{example_names, instructions};
use super::schema::OutputMode;
use super::task::Task;
use crate::event::Purpose;
use serde_json::Value;
use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

/// `Err` with the reason when the reply to `task` names something absent from its input.
pub fn check(task: &Task, mode: OutputMode, reply: &str) -> Result<(), String> {
    let task = match task {
        Task::Repair { original, .. } => original.as_ref(),
        other => other,
    };
    let purpose = task.purpose();
    if matches!(
        purpose,
        Purpose::Answer | Purpose::Judge | Purpose::Repair | Purpose::Embed
    ) {
        return Ok(());
    }
    let input = task.input_text().to_lowercase();
    // Each text's lowercased words, split once per check rather than once per example name.
    let reply_lower = LowerWords::of(reply);
    let reply_lower = reply_lower.words();
    let input_lower = OnceCell::new();
    let input_words = OnceCell::new();
    for name in example_names(purpose) {
        let key = name.to_lowercase();
        let key_words: Vec<&str> = words(&key).collect();
        let named = |w: &[&str]| {
            w.windows(key_words.len().max(1))
                .any(|win| win.iter().zip(&key_words).all(|(a, b)| a == b))
        };
        if named(&reply_lower)
            && !named(input_words.get_or_init(|| input_lower.get_or_init(|| LowerWords::of(&input)).words()))
        {
            return Err(format!(
                "it names '{name}', which comes from the prompt's invented example and not from the input"
            ));
        }
    }
    if let Task::Plan { question } = task {
        let items = super::parse::parse_plan(reply).map_err(|e| e.0)?;
        return plan(question, &items);
    }
    if !matches!(purpose, Purpose::Synth | Purpose::Rk1 | Purpose::Rk2 | Purpose::Rk3) {
        return Ok(());
    }
    // The words a name may come from, looked at only when a name is not in the input as it is.
    let told = OnceCell::new();
    // A name already found in the input is not looked up again (a person's name opens most
    // bullets of a summary, and the input of an RK3 prompt is long).
    let mut known_names: Vec<String> = Vec::new();
    for chunk in prose(reply, mode) {
        for name in mid_sentence_names(&chunk) {
            let low = name.to_lowercase();
            if known_names.contains(&low) {
                continue;
            }
            let stem = Stem::of(&low);
            let known = input.contains(&low)
                || told
                    .get_or_init(|| told_words(purpose, mode))
                    .iter()
                    .any(|w| stem.matches(w))
                || words(&input).any(|w| stem.matches(w))
                || CALENDAR.iter().any(|c| low.starts_with(c));
            if !known {
                return Err(format!("it names '{name}', which its input does not mention"));
            }
            known_names.push(low);
        }
    }
    Ok(())
}

/// The lowercased words a reply to `purpose` may take from its instructions in `mode` and, for a
/// summary, from the base concepts' names ("Health and Wellness": every person's graph has
/// them). The templates are built in, so each list is made once per thread.
fn told_words(purpose: Purpose, mode: OutputMode) -> Rc<[String]> {
    type Cache = HashMap<(Purpose, OutputMode), Rc<[String]>>;
    thread_local! {
        static TOLD: RefCell<Cache> = RefCell::new(HashMap::new());
    }
    TOLD.with(|cache| {
        Rc::clone(cache.borrow_mut().entry((purpose, mode)).or_insert_with(|| {
            let mut told = instructions(purpose, mode).to_lowercase();
            if purpose != Purpose::Synth {
                for base in crate::memory::BASE_CONCEPTS {
                    told.push('\n');
                    told.push_str(&base.to_lowercase());
                }
            }
            words(&told).map(str::to_string).collect()
        }))
    })
}

/// The lowercased words of the entities instructions in both formats, made once per thread.
fn entities_told() -> Rc<[String]> {
    thread_local! {
        static TOLD: Rc<[String]> = {
            let told = instructions(Purpose::Entities, OutputMode::JsonSchema).to_lowercase()
                + &instructions(Purpose::Entities, OutputMode::Text).to_lowercase();
            words(&told).map(str::to_string).collect()
        };
    }
    TOLD.with(Rc::clone)
}

/// The paths whose events are events: a base folder's name where an activity or instance
/// belongs ("Dining" as something done) is a structural copy from the instructions, and that
/// node is left out, so the event after it ("Cycling to the Office") takes its place; a path
/// left with no event, or whose names use letters the unit never does (a multilingual model
/// slipping into another script: "light游泳"), is left out. Events named in other words than
/// the unit's stay: a model may file "deadlifts" under "Strength Training", so names are not
/// judged by their words here.
#[must_use]
pub fn grounded_paths(unit: &str, paths: Vec<Vec<super::parse::PathNode>>) -> Vec<Vec<super::parse::PathNode>> {
    let foreign = |c: char| c.is_alphabetic() && !c.is_ascii() && !unit.contains(c);
    let folder_as_event = |n: &super::parse::PathNode| {
        let name = n.name.trim().to_lowercase();
        n.is_concrete() && crate::memory::BASE_CONCEPTS.iter().any(|b| b.to_lowercase() == name)
    };
    // An event named only in the instructions' words ("Running", an illustration of a general
    // event) and in none of the unit's is copied from the prompt, not said.
    let told = entities_told();
    let told: Vec<&str> = told.iter().map(String::as_str).collect();
    let unit_low = unit.to_lowercase();
    let said: Vec<&str> = words(&unit_low).collect();
    let copied = |n: &super::parse::PathNode| {
        let low = n.name.to_lowercase();
        let name: Vec<&str> = words(&low).collect();
        let from = |pool: &[&str], w: &str| pool.iter().any(|p| same_stem(p, w) || prefix_stem(p, w));
        n.is_concrete()
            && !name.is_empty()
            && name.iter().all(|w| from(&told, w))
            && !name.iter().any(|w| from(&said, w))
    };
    let mut out = Vec::new();
    for path in paths {
        if path.iter().any(|n| n.name.chars().any(foreign)) {
            continue;
        }
        let had_event = path.iter().any(super::parse::PathNode::is_concrete);
        let kept: Vec<super::parse::PathNode> =
            path.into_iter().filter(|n| !folder_as_event(n) && !copied(n)).collect();
        if had_event && !kept.iter().any(super::parse::PathNode::is_concrete) {
            continue;
        }
        if !out.contains(&kept) {
            out.push(kept);
        }
    }
    out
}

/// `Err` with the reason when a plan's keywords copy the prompt's example or none of them comes
/// from the question (the plan answers another question).
pub fn plan(question: &str, items: &[super::parse::PlanItem]) -> Result<(), String> {
    let question = question.to_lowercase();
    let asked: Vec<&str> = words(&question).collect();
    for name in example_names(Purpose::Planner) {
        let key = name.to_lowercase();
        let copied = items.iter().any(|i| words(&i.name.to_lowercase()).any(|w| w == key));
        if copied && !asked.contains(&key.as_str()) {
            return Err(format!(
                "it names '{name}', which comes from the prompt's invented example and not from the question"
            ));
        }
    }
    let from_question = items.iter().any(|i| {
        let low = i.name.to_lowercase();
        words(&low).any(|w| {
            asked
                .iter()
                .any(|a| same_stem(a, w) || same_stem(w, a) || prefix_stem(a, w))
        })
    });
    if from_question || asked.is_empty() {
        Ok(())
    } else {
        Err("none of its keywords comes from the question".into())
    }
}

/// Inflections too short for a five-letter stem ("swim" and "swimming"): one word starts with
/// the other, of at least four letters.
fn prefix_stem(a: &str, b: &str) -> bool {
    let (short, long) = if a.chars().count() <= b.chars().count() {
        (a, b)
    } else {
        (b, a)
    };
    short.chars().count() >= 4 && long.starts_with(short)
}

/// Month and weekday stems: dates are written out from numbers, so they need no source.
const CALENDAR: [&str; 19] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec", "mon", "tue", "wed", "thu",
    "fri", "sat", "sun",
];

/// `words(text).map(str::to_lowercase)`, without a string per word: ASCII text is lowercased
/// once and cut in place (its letters and digits stay what they were). Elsewhere a lowercase
/// letter may split or join words ("İ" becoming "i̇"), so each word is lowercased by itself, into
/// one buffer, each ended by a NUL no lowercased word holds (a dialogue's curly quote made every
/// prompt input take this path, and a string per word was a third of the check).
enum LowerWords {
    Ascii(String),
    Other(String),
}

impl LowerWords {
    fn of(text: &str) -> Self {
        if text.is_ascii() {
            return Self::Ascii(text.to_ascii_lowercase());
        }
        let mut out = String::with_capacity(text.len().saturating_add(text.len() / 4));
        for w in words(text) {
            if w.is_ascii() {
                out.extend(w.chars().map(|c| c.to_ascii_lowercase()));
            } else {
                out.push_str(&w.to_lowercase());
            }
            out.push('\0');
        }
        Self::Other(out)
    }

    fn words(&self) -> Vec<&str> {
        match self {
            Self::Ascii(low) => words(low).collect(),
            Self::Other(ws) => ws.split_terminator('\0').collect(),
        }
    }
}

pub(super) fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty())
}

/// Inflections of one word ("Physio", "physiotherapy") share their first five letters.
fn same_stem(known: &str, word: &str) -> bool {
    Stem::of(word).matches(known)
}

/// A word and its five-letter stem, cut once and compared with every known word.
struct Stem<'a> {
    word: &'a str,
    /// The first five letters, when the word has five.
    stem: Option<&'a str>,
}

impl<'a> Stem<'a> {
    fn of(word: &'a str) -> Self {
        let stem = match word.char_indices().nth(5) {
            Some((end, _)) => word.get(..end),
            None => (word.chars().count() == 5).then_some(word),
        };
        Self { word, stem }
    }

    /// Whether `known` is the word or starts with its stem.
    fn matches(&self, known: &str) -> bool {
        known == self.word || self.stem.is_some_and(|s| known.starts_with(s))
    }
}

/// The prose of a reply: its sentences and bullets, without headers, labels or JSON keys.
fn prose(reply: &str, mode: OutputMode) -> Vec<String> {
    let body = super::parse::strip_fences(reply);
    if (mode == OutputMode::JsonSchema || body.starts_with('{'))
        && let Ok(v) = super::parse::lenient_json(body)
    {
        let mut out = Vec::new();
        strings(&v, None, &mut out);
        // A list item that is only a heading ("Physical Fitness") capitalises as a title, not
        // as a name; "Heading: sentence" starts its sentence after the tag.
        return out
            .into_iter()
            .filter(|s| !title(s))
            .map(|s| untagged(&s).to_string())
            .collect();
    }
    body.lines()
        .map(str::trim)
        .filter(|l| !l.starts_with('#') && !l.ends_with(':'))
        .map(|l| {
            // "Fact: …" and "- Inferred Trait/Interest: …" start their sentence after the tag.
            untagged(l.trim_start_matches(['-', '*', '•', ' '])).to_string()
        })
        .collect()
}

/// The sentence after a short heading tag ("Fact: …", "Inferred Trait/Interest: …").
fn untagged(line: &str) -> &str {
    match line.split_once(": ") {
        Some((tag, rest)) if tag.chars().count() <= 32 && !tag.contains('.') => rest,
        _ => line,
    }
}

/// A short phrase written as a title: every word of three letters or more capitalised, and
/// no sentence punctuation ("Physical Fitness", "Rest and Recovery").
fn title(text: &str) -> bool {
    let text = text.trim().trim_end_matches('.');
    let ws: Vec<&str> = words(text).collect();
    !ws.is_empty()
        && ws.len() <= 5
        && !text.contains([',', ';', '.', '!', '?'])
        && ws.iter().all(|w| {
            w.chars().next().is_some_and(char::is_uppercase)
                || [
                    "and", "of", "the", "for", "with", "in", "on", "at", "to", "a", "an", "or",
                ]
                .contains(w)
        })
}

/// String values of a JSON reply, except labels, which are invented headings.
fn strings(v: &Value, key: Option<&str>, out: &mut Vec<String>) {
    match v {
        Value::String(s) if !matches!(key, Some("label" | "name" | "type")) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings(x, key, out)),
        Value::Object(o) => o.iter().for_each(|(k, x)| strings(x, Some(k), out)),
        _ => {}
    }
}

/// Capitalised words that do not start a sentence: the names a text uses.
fn mid_sentence_names(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut sentence_start = true;
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| c.is_alphanumeric()) {
        let before = &rest[..start];
        if before.chars().any(|c| ".!?;:\"“”()[]{}|—–\n".contains(c)) || before.contains(" - ") {
            sentence_start = true;
        }
        let after = &rest[start..];
        let len = after.find(|c: char| !c.is_alphanumeric()).unwrap_or(after.len());
        let word = &after[..len];
        let mut chars = word.chars();
        let capital = chars.next().is_some_and(char::is_uppercase);
        let acronym = word.chars().all(|c| c.is_uppercase() || c.is_ascii_digit());
        if capital && !sentence_start && word.chars().count() >= 2 && !acronym {
            out.push(word);
        }
        sentence_start = false;
        rest = &after[len..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn synth(lines: &[(&str, &str)]) -> Task {
        Task::Synth {
            person: "Alex".into(),
            speaker: "user".into(),
            time: None,
            lines: lines.iter().map(|(s, t)| (s.to_string(), t.to_string())).collect(),
        }
    }

    #[test]
    fn lower_words_are_each_word_lowercased_by_itself() {
        for text in [
            "",
            "Plain ASCII, Words: 42 and MORE",
            "Caroline said “hi” to Mel’s dog 🐶",
            "İstanbul ΣΟΦΟΣ and ΟΔΟΣ, Zoë ﬁnal straße",
            "…",
        ] {
            let want: Vec<String> = words(text).map(str::to_lowercase).collect();
            let got = LowerWords::of(text);
            assert_eq!(got.words(), want, "{text}");
        }
    }

    #[test]
    fn a_copied_example_name_is_rejected_unless_the_input_has_it() {
        let t = synth(&[("Alex", "I lifted weights at the gym.")]);
        let copied = "Fact: Ysolde told Bramwick she baked bread.";
        assert!(check(&t, OutputMode::Text, copied).unwrap_err().contains("Ysolde"));
        let json = r#"{"fact": "On Monday Alex lifted at the Quillby gym.", "base_conclusions": [], "salient_conclusions": []}"#;
        assert!(check(&t, OutputMode::JsonSchema, json).unwrap_err().contains("Quillby"));
        let own = synth(&[("Alex", "My neighbour Ysolde came to the gym with me.")]);
        assert!(check(&own, OutputMode::Text, "Fact: Alex went to the gym with Ysolde.").is_ok());
    }

    #[test]
    fn an_invented_name_mid_sentence_is_rejected_and_grounded_words_pass() {
        let t = synth(&[
            ("Alex", "I hurt my back deadlifting; physio twice a week now."),
            ("Assistant", "Ouch!"),
        ]);
        let ok = "Fact: On 2024-05-02 Alex told the Assistant he hurt his back Deadlifting in May.\n\
                  Base Conclusions:\n- Alex sees a Physiotherapist twice a week.\nSalient Conclusions:\n";
        assert_eq!(check(&t, OutputMode::Text, ok), Ok(()));
        let bad = "Fact: Alex told Jordan he hurt his back.";
        assert!(check(&t, OutputMode::Text, bad).unwrap_err().contains("Jordan"));
        // A name starting a sentence or a bullet is not judged by capitals (it may be any word).
        assert!(check(&t, OutputMode::Text, "Fact: Alex hurt his back. Physio helps.").is_ok());
    }

    fn node(name: &str, kind: &str) -> super::super::parse::PathNode {
        super::super::parse::PathNode {
            name: name.into(),
            kind: kind.into(),
        }
    }

    #[test]
    fn a_base_folder_in_an_event_place_is_left_out_and_a_foreign_script_drops_its_path() {
        let paths = vec![
            vec![
                node("Rowan", "abstract"),
                node("Sports", "abstract"),
                node("Swimming", "event"),
            ],
            vec![
                node("Rowan", "abstract"),
                node("Health and Wellness", "abstract"),
                node("Work and Study", "event"),
            ],
            vec![
                node("Personal Identity and Traits", "abstract"),
                node("Travel and Commute", "abstract"),
                node("Dining", "event"),
                node("Cycling to the Office", "event"),
            ],
            vec![
                node("Rowan", "abstract"),
                node("Fitness", "abstract"),
                node("Strength Training", "event"),
            ],
            vec![node("Rowan", "abstract"), node("Light 游泳", "event")],
            vec![
                node("Rowan", "abstract"),
                node("Sports", "abstract"),
                node("Running", "event"),
            ],
            vec![node("Rowan", "abstract"), node("Café Visits", "event")],
        ];
        let kept: Vec<String> = grounded_paths("Rowan deadlifts, then goes to the café.", paths)
            .iter()
            .map(|p| p.last().map(|n| n.name.clone()).unwrap_or_default())
            .collect();
        assert_eq!(
            kept,
            ["Swimming", "Cycling to the Office", "Strength Training", "Café Visits"]
        );
    }

    fn keywords(names: &[&str]) -> Vec<super::super::parse::PlanItem> {
        names
            .iter()
            .map(|n| super::super::parse::PlanItem {
                name: (*n).to_string(),
                retrieve: Vec::new(),
            })
            .collect()
    }

    #[test]
    fn a_plan_must_take_a_keyword_from_its_question_and_never_copy_the_example() {
        let q = "How often does Rowan swim at the pool?";
        assert!(plan(q, &keywords(&["Rowan", "Swimming", "Fitness"])).is_ok());
        // Synonyms and folders may be added as long as one keyword is the question's own.
        assert!(plan(q, &keywords(&["swimming", "Health and Wellness", "laps"])).is_ok());
        let other = plan(q, &keywords(&["bake", "bread", "Cooking"])).unwrap_err();
        assert!(other.contains("none of its keywords"), "{other}");
        let copied = plan(q, &keywords(&["Rowan", "Quillby fair"])).unwrap_err();
        assert!(copied.contains("Quillby"), "{copied}");
        assert!(plan("Did Quillby win?", &keywords(&["Quillby"])).is_ok());
        // Through the reply check, the same rules apply to a planner reply.
        let t = Task::Plan { question: q.into() };
        let reply = r#"{"keywords": [{"name": "bread", "retrieve": ["history"]}]}"#;
        assert!(check(&t, OutputMode::JsonSchema, reply).is_err());
        let reply = r#"{"keywords": [{"name": "pool", "retrieve": ["history"]}]}"#;
        assert_eq!(check(&t, OutputMode::JsonSchema, reply), Ok(()));
    }

    #[test]
    fn a_portrait_may_use_its_sub_concepts_and_base_names_and_title_case_traits() {
        let t = Task::Rk3 {
            person: "Idris".into(),
            concept: "Idris".into(),
            children: vec![crate::model::ChildSummary {
                name: "Health and Wellness".into(),
                sigma: "- Idris goes bouldering twice a week.".into(),
                delta: Default::default(),
            }],
            subconcepts: vec!["Health and Wellness".into(), "Bouldering Gym".into()],
        };
        let ok = r#"{"macro_law": "Idris values physical fitness.", "core_traits": ["Physical Fitness", "Strength: Idris trains at the Bouldering Gym", "Idris keeps Interests and Entertainment apart from Health"], "restrictions_and_guidelines": []}"#;
        assert_eq!(check(&t, OutputMode::JsonSchema, ok), Ok(()));
        let bad = r#"{"macro_law": "Idris climbs.", "core_traits": ["Idris climbs with Oskar at the Granite Hall"], "restrictions_and_guidelines": []}"#;
        assert!(check(&t, OutputMode::JsonSchema, bad).unwrap_err().contains("Oskar"));
    }

    #[test]
    fn summary_labels_may_be_invented_but_facts_may_not() {
        let t = Task::Rk2 {
            person: "Alex".into(),
            concept: "Fitness".into(),
            sigma: Default::default(),
            delta: Default::default(),
            evidence: vec![crate::model::EvidenceItem {
                kind: crate::model::EvidenceKind::Conclusion,
                facet: "Strength Training".into(),
                text: "Alex lifts four times a week.".into(),
                salient: false,
                time: None,
            }],
        };
        let ok = "# General Core Facts\n- Alex does Strength Training four times a week.\n# Specific Domain Facts\nRegarding Training Rhythm:\n- Alex lifts weekly.";
        assert_eq!(check(&t, OutputMode::Text, ok), Ok(()));
        let json = r#"{"general_core_facts": ["Alex trains with Zed."], "specific_domain_facts": [{"label": "Coaching Notes", "facts": []}]}"#;
        assert!(check(&t, OutputMode::JsonSchema, json).unwrap_err().contains("Zed"));
    }
}
