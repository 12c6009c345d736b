//! Every sample session's final memory reads as English: facts, conclusions, relation summaries,
//! Σ and Δ are walked for the error shapes seen before (a base-form verb after the person's name,
//! "User" once the person has a name, the subject repeated as a possessive, "Alex's own", a bare
//! "She"/"He" opening a sentence, junk relation targets, a compound's noun inflected as a verb
//! ("Alex meals prep"), an unplaced "we"), and the mentions Σ bullets and summaries gather for
//! fragments, photo captions and unresolved relative dates.

mod common;

use rgmem::formats::session::SessionFile;

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
        out.push((format!("Σ of {}", c.name), c.sigma.render()));
        out.push((format!("Δ of {}", c.name), c.delta.render()));
    }
    for r in &memory.relations {
        out.push((format!("summary of {}", memory.relation_name(r.id)), r.summary.render()));
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

/// Words that speak to the listener: a summary, Σ or Δ is about the person, never to "you".
const SECOND_PERSON: &[&str] = &["you", "your", "you're", "you've", "yours", "yourself"];
/// Discourse lead-ins that carry nothing into a summary ("Most recently, BTW, …").
const LEAD_INS: &[&str] = &[
    "btw", "anyway", "oh", "well", "also", "plus", "so", "honestly", "yeah", "wow",
];
/// Words a spoken sentence ends on without adding to it ("Alex really misses squats though").
const TRAILING: &[&str] = &["though", "anyway", "lol", "haha"];

/// Error shapes of the memory's own layer (Σ, Δ, relation summaries): the listener addressed
/// ("Melanie is so happy for you."), a lead-in or a second "recently" after "Most recently,", a
/// gathered mention ending on a filler word or on a number whose unit was cut ("every day, 20 to 30").
fn l1_problems(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for w in text.split_whitespace() {
        let core = w
            .trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
            .to_lowercase();
        if SECOND_PERSON.contains(&core.as_str()) {
            found.push(format!("the listener addressed (\"{core}\")"));
        }
    }
    for rest in text.split("Most recently, ").skip(1) {
        let first = rest
            .split(|c: char| !c.is_alphanumeric())
            .next()
            .unwrap_or_default()
            .to_lowercase();
        if LEAD_INS.contains(&first.as_str()) || first == "recently" || first == "lately" {
            found.push(format!("\"Most recently, {first}\""));
        }
    }
    for line in text.lines() {
        let Some((_, list)) = line.split_once(" Mentions: ") else {
            continue;
        };
        for m in list.trim_end().trim_end_matches('.').split("; ") {
            let clause = m.rsplit_once(" (").map_or(m, |(c, _)| c);
            let ws: Vec<String> = clause
                .split_whitespace()
                .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
                .collect();
            let last = ws.last().cloned().unwrap_or_default();
            if TRAILING.contains(&last.as_str()) {
                found.push(format!("a mention ending on \"{last}\": \"{m}\""));
            }
            let before = ws
                .len()
                .checked_sub(2)
                .and_then(|i| ws.get(i))
                .cloned()
                .unwrap_or_default();
            if last.len() <= 3 && last.chars().all(|c| c.is_ascii_digit()) && matches!(before.as_str(), "to" | "or") {
                found.push(format!("a number range without its unit: \"{m}\""));
            }
        }
    }
    found
}

fn l1_texts(memory: &rgmem::memory::Memory) -> Vec<(String, String)> {
    texts(memory)
        .into_iter()
        .filter(|(place, _)| place.starts_with("Σ") || place.starts_with("Δ") || place.starts_with("summary"))
        .collect()
}

#[test]
fn every_sample_memory_speaks_about_the_person_not_to_the_listener() {
    let mut failures = Vec::new();
    for path in common::samples() {
        let dir = tempfile::tempdir().unwrap();
        let mut engine = common::engine(&dir.path().join("m.db"), 1000);
        let file = SessionFile::read(&path).unwrap();
        common::replay(&mut engine, &file);
        let sample = path.file_name().unwrap().to_string_lossy().into_owned();
        for (place, text) in l1_texts(engine.memory()) {
            for p in l1_problems(&text) {
                failures.push(format!("{sample}: {p} in {place}: {text}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Two friends: Caroline's adoption, which Melanie only replies to, and Melanie's own pottery.
fn two_friends() -> String {
    let turns: &[(&str, &str, &str, u32)] = &[
        (
            "Caroline",
            "I'm researching adoption agencies, it's been a dream to have a family.",
            "2023-05-25T10:00:00Z",
            1,
        ),
        (
            "Melanie",
            "That's lovely! Anything you're excited for in the adoption process?",
            "2023-05-25T10:01:00Z",
            1,
        ),
        (
            "Caroline",
            "Meeting the kids, honestly. I went to an adoption council meeting too.",
            "2023-05-25T10:02:00Z",
            1,
        ),
        (
            "Melanie",
            "I just signed up for a pottery class yesterday. Pottery is so calming for me.",
            "2023-05-25T10:03:00Z",
            1,
        ),
        (
            "Caroline",
            "I applied to two adoption agencies this week!",
            "2023-07-03T10:00:00Z",
            2,
        ),
        (
            "Melanie",
            "Wishing you the best on your adoption journey! I love your courage.",
            "2023-07-03T10:01:00Z",
            2,
        ),
        (
            "Caroline",
            "Thanks! How is the pottery going?",
            "2023-07-03T10:02:00Z",
            2,
        ),
        (
            "Melanie",
            "I made a bowl in my pottery class, I'm proud of it.",
            "2023-07-03T10:03:00Z",
            2,
        ),
        (
            "Caroline",
            "I passed the adoption agency interviews last Friday!",
            "2023-10-22T10:00:00Z",
            3,
        ),
        (
            "Melanie",
            "Congrats, Caroline! Adoption sounds awesome. I'm so happy for you.",
            "2023-10-22T10:01:00Z",
            3,
        ),
        (
            "Caroline",
            "Thank you! What about your pottery?",
            "2023-10-22T10:02:00Z",
            3,
        ),
        (
            "Melanie",
            "BTW, recently I had a setback: I hurt my hand and had to take a break from pottery.",
            "2023-10-22T10:03:00Z",
            3,
        ),
        (
            "Caroline",
            "The adoption agency called me again today, the adoption is going well.",
            "2023-10-29T10:00:00Z",
            4,
        ),
        (
            "Melanie",
            "A buddy of mine adopted last year. Adoption takes patience.",
            "2023-10-29T10:01:00Z",
            4,
        ),
        (
            "Caroline",
            "I hope my adoption goes as well.",
            "2023-10-29T10:02:00Z",
            4,
        ),
        (
            "Melanie",
            "I'm back at pottery, I made two cups this week.",
            "2023-10-29T10:03:00Z",
            4,
        ),
    ];
    let mut out = String::from("{\"rgmem_session\": 1, \"title\": \"Two friends\"}\n");
    for (speaker, text, time, session) in turns {
        out.push_str(
            &serde_json::json!({"speaker": speaker, "text": text, "time": time, "session": session}).to_string(),
        );
        out.push('\n');
    }
    out
}

#[test]
fn a_reply_to_the_other_speakers_news_is_not_the_replier_s_own() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two_friends.jsonl");
    std::fs::write(&path, two_friends()).unwrap();
    let mut engine = common::engine(&dir.path().join("m.db"), 1000);
    let file = SessionFile::read(&path).unwrap();
    common::replay(&mut engine, &file);
    let m = engine.memory();
    let mut failures = Vec::new();
    for (place, text) in l1_texts(m) {
        for p in l1_problems(&text) {
            failures.push(format!("{p} in {place}: {text}"));
        }
        if text.contains("Melanie enjoys adoption") || text.contains("Melanie has plans involving adoption") {
            failures.push(format!("Caroline's adoption credited to Melanie in {place}: {text}"));
        }
    }
    let melanies_adoption: Vec<String> = m
        .relations
        .iter()
        .filter(|r| {
            m.concept(m.concept(r.source).person).name == "Melanie"
                && m.concept(r.target).name == "Adoption"
                && !r.summary.is_empty()
        })
        .map(|r| r.summary.render())
        .collect();
    assert!(
        melanies_adoption
            .iter()
            .any(|s| s.contains("Adoption came up as another person's, not as Melanie's own.")),
        "{melanies_adoption:?}"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_walk_flags_the_shapes_seen_before() {
    for bad in [
        "Fact Summary: Adoption came up 3 times. Most recently, Melanie is so happy for you.",
        "Fact Summary: Pottery came up twice. Most recently, BTW, recently Melanie had a setback.",
        "- Walking: Walking has come up regularly. Mentions: Alex should walk every day, 20 to 30 (20 May 2024).",
        "- Strength Training: It recurs. Mentions: Alex really misses squats though (20 May 2024).",
    ] {
        assert!(!l1_problems(bad).is_empty(), "{bad}");
    }
    assert!(
        l1_problems("- Walking: Walking recurs. Mentions: Alex should walk every day, 20 to 30 minutes (20 May 2024).")
            .is_empty()
    );
}
