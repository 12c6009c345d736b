//! A language model's reply, pruned before it is read: a conclusion or summary item that names
//! a thing its input never mentions ("consult a dietitian" from a diagnosis), that copies the
//! instructions' own sentences ("the time, money, physical effort or energy the positives
//! demand"), or that the grammar cut at its schema length in mid-sentence is left out or cut
//! back to its last whole clause. The rest of the reply stays, so one invented conclusion does
//! not cost the episode; whole replies that name an absent person or place are still rejected
//! by [`super::grounding`].

use super::grounding::words;
use super::prompts::instructions;
use super::schema::{OutputMode, schema};
use super::task::Task;
use crate::event::Purpose;
use serde_json::Value;
use std::collections::HashSet;

/// The list fields whose items are pruned, per purpose (the fields of `assets/schemas/`).
fn lists(purpose: Purpose) -> &'static [&'static str] {
    match purpose {
        Purpose::Synth => &["base_conclusions", "salient_conclusions"],
        Purpose::Rk1 => &["inferences"],
        Purpose::Rk2 => &["general_core_facts", "facts"],
        Purpose::Rk3 => &["core_traits", "restrictions_and_guidelines"],
        _ => &[],
    }
}

/// Words that start a noun phrase: what follows names a thing.
const DETERMINERS: [&str; 14] = [
    "a", "an", "the", "his", "her", "their", "its", "my", "our", "your", "this", "these", "those", "some",
];

/// Words that end a noun phrase (or cannot be its head).
const STOP: [&str; 40] = [
    "and", "or", "but", "of", "for", "to", "in", "on", "at", "with", "by", "from", "as", "than", "that", "which",
    "who", "whom", "is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "do", "does", "did",
    "will", "would", "can", "could", "should", "may", "might", "while", "when",
];

/// Nouns of time and quantity that need no source: any segment has a day and a time.
const TIME_WORDS: [&str; 20] = [
    "day", "days", "week", "weeks", "month", "months", "year", "years", "morning", "mornings", "evening", "evenings",
    "night", "nights", "weekend", "weekends", "time", "times", "hours", "minutes",
];

/// Words for habits and traits, which name no thing: "a regular routine", "a strong interest".
const GENERIC: [&str; 24] = [
    "routine",
    "habit",
    "hobby",
    "interest",
    "preference",
    "commitment",
    "dedication",
    "passion",
    "enthusiasm",
    "regular",
    "strong",
    "great",
    "good",
    "new",
    "favourite",
    "favorite",
    "active",
    "consistent",
    "frequent",
    "daily",
    "weekly",
    "usual",
    "personal",
    "own",
];

/// Longest run of words an item may share with the instructions and not with the input.
const COPIED_RUN: usize = 6;

/// The reply with its ungrounded list items left out; a reply that is not a JSON object keeps
/// its text and loses only its ungrounded bullets.
#[must_use]
pub fn reply(task: &Task, mode: OutputMode, reply: &str) -> String {
    let task = match task {
        Task::Repair { original, .. } => original.as_ref(),
        other => other,
    };
    let purpose = task.purpose();
    let fields = lists(purpose);
    if fields.is_empty() {
        return reply.to_string();
    }
    let judge = Judge::new(task, purpose, mode);
    let body = super::parse::strip_fences(reply);
    if body.trim_start().starts_with('{')
        && let Ok(Value::Object(mut o)) = super::parse::lenient_json(body)
    {
        let shape = schema(purpose).unwrap_or(Value::Null);
        let before = count_items(&o, fields);
        prune_value(&mut o, fields, &shape, &judge);
        // A summary pruned down to nothing would fail as empty: it stays as written, for the
        // grounding check to judge whole.
        if before > 0 && count_items(&o, fields) == 0 && purpose == Purpose::Rk2 {
            return reply.to_string();
        }
        return Value::Object(o).to_string();
    }
    reply
        .lines()
        .filter(|l| {
            let t = l.trim_start();
            !(t.starts_with("- ") && judge.rejects(t.trim_start_matches("- ")))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// How many items the pruned lists hold, nested ones included.
fn count_items(o: &serde_json::Map<String, Value>, fields: &[&str]) -> usize {
    o.iter()
        .map(|(key, value)| match value {
            Value::Array(items) if fields.contains(&key.as_str()) => items.len(),
            Value::Array(items) => items
                .iter()
                .map(|i| match i {
                    Value::Object(inner) => count_items(inner, fields),
                    _ => 0,
                })
                .sum(),
            _ => 0,
        })
        .sum()
}

fn prune_value(o: &mut serde_json::Map<String, Value>, fields: &[&str], shape: &Value, judge: &Judge) {
    for (key, value) in o.iter_mut() {
        let cap = item_cap(shape, key);
        match value {
            Value::Array(items) if fields.contains(&key.as_str()) => {
                let kept: Vec<Value> = std::mem::take(items)
                    .into_iter()
                    .filter_map(|v| match v {
                        Value::String(s) => {
                            let s = match cap {
                                Some(cap) if s.chars().count() >= cap => whole_clause(&s)?,
                                _ => s,
                            };
                            (!judge.rejects(&s)).then_some(Value::String(s))
                        }
                        other => Some(other),
                    })
                    .collect();
                *items = kept;
            }
            Value::Array(items) => {
                for item in items.iter_mut() {
                    if let Value::Object(inner) = item {
                        prune_value(inner, fields, shape, judge);
                    }
                }
            }
            // A single sentence the grammar cut ("macro_law", "fact_summary") ends at its
            // last whole clause, or stays as it is when it has none.
            Value::String(s) if cap.is_some_and(|cap| s.chars().count() >= cap) => {
                if let Some(cut) = whole_clause(s) {
                    *s = cut;
                }
            }
            _ => {}
        }
    }
}

/// The `maxLength` the schema gives a field's items (or the field itself), wherever in the
/// schema the field is.
fn item_cap(shape: &Value, key: &str) -> Option<usize> {
    fn find<'a>(v: &'a Value, key: &str) -> Option<&'a Value> {
        match v {
            Value::Object(o) => {
                if let Some(field) = o.get("properties").and_then(|p| p.get(key)) {
                    return Some(field);
                }
                o.values().find_map(|x| find(x, key))
            }
            _ => None,
        }
    }
    let field = find(shape, key)?;
    field
        .get("items")
        .and_then(|i| i.get("maxLength"))
        .or_else(|| field.get("maxLength"))
        .and_then(Value::as_u64)
        .and_then(|n| usize::try_from(n).ok())
}

/// A text cut in mid-sentence, ended at its last whole sentence or clause; `None` when not
/// even a clause of three words is whole.
fn whole_clause(text: &str) -> Option<String> {
    let at_least_three = |s: &str| words(s).count() >= 3;
    for marks in [&['.', '!', '?', ';'][..], &[','][..]] {
        if let Some(i) = text.rfind(marks)
            && let Some(head) = text.get(..i)
            && at_least_three(head)
        {
            let head = head.trim_end();
            return Some(if marks[0] == '.' {
                format!("{head}{}", text.get(i..=i).unwrap_or("."))
            } else {
                format!("{head}.")
            });
        }
    }
    None
}

/// What an item may use: the input's words and the instructions'.
struct Judge {
    input: Vec<String>,
    told: Vec<String>,
    /// Runs of [`COPIED_RUN`] words the instructions hold and the input does not.
    told_runs: HashSet<String>,
}

impl Judge {
    fn new(task: &Task, purpose: Purpose, mode: OutputMode) -> Self {
        let lower = |t: &str| words(&t.to_lowercase()).map(str::to_string).collect::<Vec<_>>();
        let input = lower(&task.input_text());
        let mut told_text = instructions(purpose, mode);
        if purpose != Purpose::Synth {
            for base in crate::memory::BASE_CONCEPTS {
                told_text.push('\n');
                told_text.push_str(base);
            }
        }
        let told = lower(&told_text);
        let runs = |ws: &[String]| -> HashSet<String> { ws.windows(COPIED_RUN).map(|w| w.join(" ")).collect() };
        let input_runs = runs(&input);
        let told_runs = runs(&told).difference(&input_runs).cloned().collect();
        Self { input, told, told_runs }
    }

    /// Whether an item copies the instructions or names a thing absent from the input.
    fn rejects(&self, item: &str) -> bool {
        let low = item.to_lowercase();
        let ws: Vec<&str> = words(&low).collect();
        let copied = ws.windows(COPIED_RUN).any(|w| self.told_runs.contains(&w.join(" ")));
        copied || self.invented_thing(item).is_some()
    }

    /// The first noun phrase ("a dietitian", "his academic pursuits", "my left leg") whose head
    /// the input and the instructions never use.
    fn invented_thing(&self, item: &str) -> Option<String> {
        let known = |w: &str| {
            w.chars().count() < 3
                || w.chars().all(|c| c.is_ascii_digit())
                || TIME_WORDS.contains(&w)
                || GENERIC.iter().any(|g| known_word(g, w))
                || self.input.iter().chain(&self.told).any(|k| known_word(k, w))
        };
        let tokens: Vec<&str> = item.split_whitespace().collect();
        let mut i = 0;
        while i < tokens.len() {
            let (word, _) = token(tokens[i]);
            i += 1;
            if !DETERMINERS.contains(&word.as_str()) {
                continue;
            }
            let mut phrase: Vec<String> = Vec::new();
            let mut whole = false;
            while i < tokens.len() && phrase.len() < 3 {
                let (w, ends) = token(tokens[i]);
                if w.is_empty() || STOP.contains(&w.as_str()) || DETERMINERS.contains(&w.as_str()) {
                    whole = true;
                    break;
                }
                phrase.push(w);
                i += 1;
                if ends {
                    whole = true;
                    break;
                }
            }
            whole |= i == tokens.len();
            // The phrase's head names the thing ("my left leg" is a leg): a whole phrase whose
            // head is unknown is invented; a longer one, when none of its words is known.
            let invented = match phrase.last() {
                Some(head) if whole => !known(head),
                Some(_) => !phrase.iter().any(|w| known(w)),
                None => false,
            };
            if invented {
                return Some(phrase.join(" "));
            }
        }
        None
    }
}

/// Whether `word` is `known` or an inflection of it: the same first five letters
/// ("physiotherapy", "physio"), or `known` plus an ending ("cook" → "cooks", "cooking",
/// "swim" → "swimmer"); not any longer word that starts the same ("diet" → "dietitian").
fn known_word(known: &str, word: &str) -> bool {
    if known == word
        || stem(word).is_some_and(|s| known.starts_with(s))
        || stem(known).is_some_and(|s| word.starts_with(s))
    {
        return true;
    }
    let (short, long) = if known.len() <= word.len() {
        (known, word)
    } else {
        (word, known)
    };
    let Some(rest) = long.strip_prefix(short) else {
        return false;
    };
    // A doubled last letter before the ending ("swim" → "swimming").
    let rest = match (short.chars().last(), rest.chars().next()) {
        (Some(a), Some(b)) if a == b => rest.get(b.len_utf8()..).unwrap_or(rest),
        _ => rest,
    };
    ["s", "es", "d", "ed", "r", "er", "ers", "ing", "ings", "y", "ies"].contains(&rest)
}

/// A word's first five letters, when it has five.
fn stem(w: &str) -> Option<&str> {
    w.char_indices()
        .nth(5)
        .and_then(|(i, _)| w.get(..i))
        .or_else(|| (w.chars().count() == 5).then_some(w))
}

/// A whitespace token's lowercase word and whether punctuation ends the phrase after it.
fn token(raw: &str) -> (String, bool) {
    let ends = raw.ends_with(|c: char| !c.is_alphanumeric() && c != '\'' && c != '-');
    let w: String = raw.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
    (w, ends)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{ChildSummary, EvidenceItem, EvidenceKind};

    fn synth(text: &str) -> Task {
        Task::Synth {
            person: "Soren".into(),
            speaker: "user".into(),
            time: None,
            lines: vec![("Soren".into(), text.into())],
        }
    }

    fn items(reply: &str, key: &str) -> Vec<String> {
        let v: Value = serde_json::from_str(reply).unwrap();
        v[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap().to_string())
            .collect()
    }

    #[test]
    fn a_conclusion_naming_an_absent_thing_is_left_out_and_grounded_ones_stay() {
        let t = synth("The clinic called: my blood test shows coeliac disease, so no more wheat or barley.");
        let raw = r#"{"fact": "Soren learned he has coeliac disease.", "base_conclusions": ["Soren has a strong preference for home cooking.", "Soren avoids wheat and barley."], "salient_conclusions": ["Soren plans to consult a dietitian about his meals.", "Soren has coeliac disease, found by a blood test."]}"#;
        let out = reply(&t, OutputMode::JsonSchema, raw);
        assert_eq!(
            items(&out, "salient_conclusions"),
            ["Soren has coeliac disease, found by a blood test."]
        );
        // "preference" and "strong" are the instructions' own words; "wheat" is the input's.
        assert_eq!(items(&out, "base_conclusions").len(), 2);
        // In the text format the same bullets go.
        // The head names the thing: a cast on the wrist is said, on the leg it is not.
        let t2 = synth("A car door opened and I fell: a cast on my left wrist.");
        let raw = r#"{"fact": "Soren fell.", "base_conclusions": ["Soren has a cast on his left wrist.", "Soren has a cast on his left leg."], "salient_conclusions": []}"#;
        let out = reply(&t2, OutputMode::JsonSchema, raw);
        assert_eq!(items(&out, "base_conclusions"), ["Soren has a cast on his left wrist."]);
        let text = "Fact: Soren learned he has coeliac disease.\nSalient Conclusions:\n- Soren plans to consult a dietitian.\n- Soren avoids wheat.";
        let out = reply(&t, OutputMode::Text, text);
        assert!(!out.contains("dietitian") && out.contains("avoids wheat"), "{out}");
    }

    #[test]
    fn an_item_copying_the_instructions_is_left_out() {
        let t = Task::Rk3 {
            person: "Soren".into(),
            concept: "Soren".into(),
            children: vec![ChildSummary {
                name: "Cooking".into(),
                sigma: "- Soren cooks every evening.".into(),
                delta: "Regarding Diet:\n- Soren avoids wheat since June.".into(),
            }],
            subconcepts: vec!["Cooking".into(), "Physical Fitness".into()],
        };
        let raw = r#"{"macro_law": "Soren cooks every evening.", "core_traits": ["Soren cooks every evening."], "restrictions_and_guidelines": ["Soren must respect the time, money, physical effort or energy the positives demand.", "Soren avoids wheat since June."]}"#;
        let out = reply(&t, OutputMode::JsonSchema, raw);
        assert_eq!(
            items(&out, "restrictions_and_guidelines"),
            ["Soren avoids wheat since June."]
        );
    }

    #[test]
    fn an_item_cut_at_its_schema_length_ends_at_its_last_whole_clause() {
        let t = Task::Rk2 {
            person: "Rowan".into(),
            concept: "Swimming".into(),
            sigma: Default::default(),
            delta: Default::default(),
            evidence: vec![EvidenceItem {
                kind: EvidenceKind::Conclusion,
                facet: "Swimming".into(),
                text: "Rowan swims laps at the city pool every morning before work.".into(),
                salient: false,
                time: None,
            }],
        };
        // The rk2 schema caps a fact at 240 characters: this one reached it.
        let long = format!(
            "Rowan swims laps at the city pool every morning before work, {}and then he",
            "swims laps every morning ".repeat(8)
        );
        assert!(long.chars().count() >= 240);
        let raw = serde_json::json!({"general_core_facts": [long], "specific_domain_facts": []}).to_string();
        let out = reply(&t, OutputMode::JsonSchema, &raw);
        assert_eq!(
            items(&out, "general_core_facts"),
            ["Rowan swims laps at the city pool every morning before work."]
        );
        assert_eq!(whole_clause("cut here"), None);
        // A summary that pruning would empty stays as written (the grounding check judges it).
        let invented = r#"{"general_core_facts": ["Rowan sees a chiropractor."], "specific_domain_facts": []}"#;
        assert_eq!(reply(&t, OutputMode::JsonSchema, invented), invented);
    }

    #[test]
    fn the_offline_shapes_of_other_tasks_are_untouched() {
        let t = Task::Plan {
            question: "Where?".into(),
        };
        assert_eq!(
            reply(&t, OutputMode::JsonSchema, "{\"keywords\": []}"),
            "{\"keywords\": []}"
        );
    }
}
