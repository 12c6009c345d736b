//! Every sample session's final memory reads as English: facts, conclusions, relation summaries,
//! Σ and Δ are walked for the error shapes seen before (a base-form verb after the person's name,
//! "User" once the person has a name, the subject repeated as a possessive, "Alex's own", a bare
//! "She"/"He" opening a sentence, junk relation targets, a compound's noun inflected as a verb
//! ("Alex meals prep"), an unplaced "we"), and the mentions Σ bullets and summaries gather for
//! fragments, photo captions and unresolved relative dates.

mod common;

use rgmem::session::SessionFile;

/// Base-form verbs that must agree with a third-person subject.
const BASE_VERBS: &[&str] = &[
    "write", "swim", "need", "go", "have", "do", "want", "like", "love", "feel", "think", "play", "run", "lift",
    "walk", "cook", "eat", "drink", "try", "keep", "hope", "plan", "know", "miss", "hate", "enjoy", "work", "train",
    "say", "see", "get", "make", "take", "start", "usually", "don't", "haven't", "am", "are", "were",
];

/// Noun-verb compounds whose noun must not take the verb's ending ("meals prep").
const NOUN_VERB: &[(&str, &str)] = &[
    ("meals", "prep"),
    ("meals", "preps"),
    ("bikes", "ride"),
    ("rocks", "climb"),
];

fn texts(memory: &rgmem::memory::Memory) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for e in &memory.episodes {
        out.push(("fact".to_string(), e.fact.clone()));
        for (c, _) in e.conclusions() {
            out.push(("conclusion".to_string(), c.to_string()));
        }
    }
    for c in &memory.concepts {
        out.push((format!("Σ of {}", c.name), c.sigma.clone()));
        out.push((format!("Δ of {}", c.name), c.delta.clone()));
    }
    for r in &memory.relations {
        out.push((format!("summary of {}", memory.relation_name(r.id)), r.summary.clone()));
    }
    out
}

fn problems(name: &str, text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let words: Vec<&str> = text.split_whitespace().collect();
    for (i, w) in words.iter().enumerate() {
        let core = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'');
        let next = words.get(i + 1).map(|n| {
            n.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
                .to_lowercase()
        });
        // The name as a subject: not an object before a bare infinitive ("let Alex know").
        let object = i > 0
            && matches!(
                words[i - 1].to_lowercase().as_str(),
                "let"
                    | "lets"
                    | "make"
                    | "makes"
                    | "made"
                    | "help"
                    | "helps"
                    | "helped"
                    | "have"
                    | "had"
                    | "see"
                    | "saw"
                    | "watch"
                    | "hear"
                    | "heard"
                    | "to"
                    | "of"
                    | "for"
                    | "with"
                    | "want"
                    | "wants"
            );
        if *w == name
            && !object
            && let Some(next) = &next
            && BASE_VERBS.contains(&next.as_str())
            && !matches!(next.as_str(), "usually")
        {
            found.push(format!("\"{name} {next}\""));
        }
        if *w == name
            && words.get(i + 1).is_some_and(|v| v.chars().all(char::is_alphabetic))
            && words.get(i + 2).is_some_and(|w2| w2.starts_with(&format!("{name}'s")))
        {
            found.push(format!("\"{name} {} {name}'s\"", words[i + 1]));
        }
        if *w == format!("{name}'s") && next.as_deref() == Some("own") {
            found.push(format!("\"{name}'s own\""));
        }
        // A lexicon compound's noun inflected as if it were the verb ("Alex meals prep").
        if *w == name
            && next
                .as_deref()
                .is_some_and(|n| NOUN_VERB.iter().any(|(noun, _)| n == *noun))
        {
            let second = words
                .get(i + 2)
                .map(|n| n.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase());
            if NOUN_VERB
                .iter()
                .any(|(noun, verb)| next.as_deref() == Some(*noun) && second.as_deref() == Some(*verb))
            {
                found.push(format!(
                    "\"{name} {} {}\"",
                    next.as_deref().unwrap_or(""),
                    second.unwrap_or_default()
                ));
            }
        }
        // "we" nobody can place.
        if matches!(
            core.to_lowercase().as_str(),
            "we" | "we're" | "we've" | "we'll" | "we'd"
        ) {
            found.push(format!("an unplaced \"{core}\""));
        }
        if name != "User" && core == "User" {
            found.push("\"User\" for a named person".to_string());
        }
        let starts_sentence = i == 0
            || words[i - 1].ends_with(['.', '!', '?', ':', '"', '“'])
            || words[i - 1].starts_with('[') && words[i - 1].ends_with(']');
        if starts_sentence && matches!(core, "She" | "He" | "She's" | "He's") {
            found.push(format!("a bare \"{core}\""));
        }
    }
    found
}

/// Error shapes of the mentions a Σ bullet or a summary gathered ("Mentions: a (d); b (d)."): a
/// fragment with no subject ("Walking past a wall …"), a photo caption ("[shares a photo: …]"),
/// a relative date left unresolved ("two weekends ago").
fn mention_problems(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let Some((_, list)) = line.split_once(" Mentions: ") else {
            continue;
        };
        for m in list.trim_end().trim_end_matches('.').split("; ") {
            let first = m.split_whitespace().next().unwrap_or_default();
            if first.len() > 4 && first.ends_with("ing") && first.starts_with(char::is_uppercase) {
                found.push(format!("a fragment with no subject \"{m}\""));
            }
            if m.contains(['[', ']']) {
                found.push(format!("a bracketed aside in \"{m}\""));
            }
            let lower = m.to_lowercase();
            if [
                " ago",
                "yesterday",
                "last week",
                "next week",
                "last month",
                "this weekend",
            ]
            .iter()
            .any(|r| lower.contains(r))
            {
                found.push(format!("an unresolved relative date in \"{m}\""));
            }
        }
    }
    found
}

#[test]
fn every_sample_memory_reads_as_english() {
    let mut failures = Vec::new();
    for path in common::samples() {
        let dir = tempfile::tempdir().unwrap();
        let mut engine = common::engine(&dir.path().join("m.db"), 1000);
        let file = SessionFile::read(&path).unwrap();
        common::replay(&mut engine, &file);
        let m = engine.memory();
        let sample = path.file_name().unwrap().to_string_lossy().into_owned();
        for root in m.roots() {
            for (place, text) in texts(m) {
                for p in problems(&root.name, &text).into_iter().chain(mention_problems(&text)) {
                    failures.push(format!("{sample}: {p} in {place}: {text}"));
                }
            }
        }
        for r in &m.relations {
            let (s, t) = (m.concept(r.source), m.concept(r.target));
            let target = t.name.to_lowercase();
            let junk = rgmem::text::entity_key(&s.name) == rgmem::text::entity_key(&t.name)
                || [
                    "monday",
                    "tuesday",
                    "wednesday",
                    "thursday",
                    "friday",
                    "saturday",
                    "sunday",
                    "first",
                    "second",
                    "third",
                    "fourth",
                    "fifth",
                ]
                .iter()
                .any(|d| target == *d || target == format!("{d}s"))
                || target.chars().all(|c| c.is_ascii_digit());
            if junk {
                failures.push(format!("{sample}: junk relation {} → {}", s.name, t.name));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_name_said_in_the_conversation_replaces_user() {
    let path = common::sample("steady_habits.jsonl");
    let dir = tempfile::tempdir().unwrap();
    let mut engine = common::engine(&dir.path().join("m.db"), 1000);
    let file = SessionFile::read(&path).unwrap();
    assert_eq!(file.user_name(), "User", "the header gives no name");
    common::replay(&mut engine, &file);
    let m = engine.memory();
    assert_eq!(m.roots().next().map(|r| r.name.as_str()), Some("Priya"));
    assert!(m.episodes.iter().all(|e| !e.fact.contains("User")), "facts say Priya");
}
