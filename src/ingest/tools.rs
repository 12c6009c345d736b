//! The tools and services a person has one of at a time, read once at ingest so that a switch
//! is recognised as a knowledge update: "Our database is MongoDB", then "we migrated the order
//! service from MongoDB to PostgreSQL 16" makes PostgreSQL the database and MongoDB the one it
//! replaced. Each rule is one pattern of English, named on it with an example; code blocks are not
//! the person's words and are skipped.

use super::settings::{Tok, toks_with};

/// Kinds of tool or service one has one of at a time, said after "my" or "our": the name of the
/// setting a switch updates.
const ROLES: &[&str] = &[
    "database",
    "db",
    "cache",
    "queue",
    "broker",
    "framework",
    "editor",
    "ide",
    "host",
    "hosting",
    "orm",
    "cms",
    "crm",
    "bank",
    "carrier",
    "isp",
    "stack",
    "backend",
    "frontend",
    "cloud",
    "provider",
];

/// Verbs of moving from one tool to another ("we migrated from MongoDB to PostgreSQL").
const SWITCH_VERBS: &[&str] = &[
    "migrate",
    "migrated",
    "migrating",
    "move",
    "moved",
    "moving",
    "switch",
    "switched",
    "switching",
    "change",
    "changed",
    "changing",
    "port",
    "ported",
    "porting",
];

/// Most tool statements one turn gives: a pasted comparison is no history.
const MOST: usize = 8;

/// A tool's tokens: "C++" and "C#" keep their signs.
fn toks(sentence: &str) -> Vec<Tok> {
    let keep = |c: char| c.is_alphanumeric() || matches!(c, '+' | '#');
    toks_with(sentence, keep, keep)
}

/// The tool named at `at`: one to three words written as names ("PostgreSQL", "Google Cloud",
/// "VS Code"), and a release number after them ("PostgreSQL 16"), up to a clause end.
fn name_at(t: &[Tok], at: usize) -> Option<String> {
    let named = |x: &Tok| {
        x.raw.starts_with(|c: char| c.is_uppercase())
            && x.low != "i"
            && !crate::text::is_stopword(&x.low)
            && x.raw
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, '-' | '.' | '+' | '#'))
    };
    let mut parts: Vec<&str> = Vec::new();
    let mut i = at;
    while let Some(x) = t.get(i).filter(|x| parts.len() < 3 && named(x)) {
        parts.push(&x.raw);
        i += 1;
        if x.ends {
            return Some(parts.join(" "));
        }
    }
    if parts.is_empty() {
        return None;
    }
    if let Some(x) = t.get(i)
        && x.raw.starts_with(|c: char| c.is_ascii_digit())
        && x.raw.chars().all(|c| c.is_ascii_digit() || c == '.')
    {
        parts.push(&x.raw);
    }
    Some(parts.join(" "))
}

/// The sentences of the person's own words, a question's opening statement included ("We moved
/// to PostgreSQL, how should I tune it?"), each with whether it speaks in the first person.
fn statements(text: &str) -> Vec<Vec<Tok>> {
    let prose = crate::text::without_fences(text);
    crate::rules::told_sentences(&prose)
        .into_iter()
        .map(|s| toks(&s))
        .filter(|t| {
            t.iter().any(|x| {
                matches!(
                    x.low.as_str(),
                    "i" | "i'm" | "i've" | "my" | "we" | "we're" | "we've" | "our"
                )
            })
        })
        .collect()
}

/// Every tool `text` (one of the person's turns) says the person has, as (role, name): "Our
/// database is MongoDB" → ("database", "MongoDB"); "we use Redis as our cache" → ("cache",
/// "Redis").
#[must_use]
pub fn stated(text: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for t in statements(text) {
        for i in 0..t.len() {
            let low = |k: usize| t.get(i + k).map_or("", |x| x.low.as_str());
            let mine = matches!(low(0), "my" | "our");
            // "Our database is MongoDB", "my editor is now VS Code".
            if mine && ROLES.contains(&low(1)) && !t[i + 1].ends && low(2) == "is" {
                let at = i + 3 + usize::from(matches!(low(3), "now" | "still" | "currently"));
                if let Some(name) = name_at(&t, at) {
                    out.push((low(1).to_string(), name));
                }
            }
            // "We use Redis as our cache".
            if low(0) == "as"
                && matches!(low(1), "my" | "our")
                && ROLES.contains(&low(2))
                && i >= 1
                && let Some(start) = (i.saturating_sub(4)..i).find(|&j| matches!(t[j].low.as_str(), "use" | "using" | "run" | "running"))
                && let Some(name) = name_at(&t, start + 1)
                // The name is all that is said between the verb and "as": "React and Flask as my
                // backend" names two.
                && start + 1 + name.split_whitespace().count() == i
            {
                out.push((low(2).to_string(), name));
            }
        }
    }
    out.truncate(MOST);
    out
}

/// Every switch `text` says the person made, as (from, to, role where the sentence names it):
/// "we migrated the order service from MongoDB to PostgreSQL 16" → ("MongoDB", "PostgreSQL
/// 16", None); "I switched my editor from Vim to VS Code" → (…, Some("editor")); "we replaced
/// Jenkins with GitHub Actions" → ("Jenkins", "GitHub Actions", None).
#[must_use]
pub fn switched(text: &str) -> Vec<(String, String, Option<String>)> {
    switches(text)
        .into_iter()
        .map(|(from, to, role, _)| (from, to, role))
        .collect()
}

/// The old tool of each switch `text` says was one of tools, not of places: "we switched from
/// Fly.io to a Hetzner VPS", "we migrated off… from Heroku to Render" retire Fly.io and Heroku;
/// "we moved from Berlin to Lisbon" is a move of home, and retires nothing.
#[must_use]
pub fn retired_by_switch(text: &str) -> Vec<String> {
    switches(text)
        .into_iter()
        .filter(|(_, _, _, relocation)| !relocation)
        .map(|(from, ..)| from)
        .collect()
}

/// The switches with whether their verb is one of moving ("moved from X to Y"), which also
/// says a move between places.
fn switches(text: &str) -> Vec<(String, String, Option<String>, bool)> {
    let mut out = Vec::new();
    for t in statements(text) {
        for i in 0..t.len() {
            let verb = t[i].low.as_str();
            let (from_word, to_word) = if SWITCH_VERBS.contains(&verb) {
                ("from", "to")
            } else if matches!(verb, "replace" | "replaced" | "replacing") {
                ("", "with")
            } else {
                continue;
            };
            // The words before the clause ends, at most a dozen on.
            let end = (i..t.len().min(i + 12))
                .find(|&j| t[j].ends)
                .map_or(t.len().min(i + 12), |j| j + 1);
            let clause = &t[i + 1..end];
            let role = clause
                .iter()
                .find(|x| ROLES.contains(&x.low.as_str()))
                .map(|x| x.low.clone());
            let (from, to) = if from_word.is_empty() {
                // "replaced Jenkins with GitHub Actions": the old one is the verb's object.
                let with = clause.iter().position(|x| x.low == to_word);
                let from = name_at(&t, i + 1).filter(|_| with.is_some());
                (from, with.and_then(|w| name_at(&t, i + 2 + w)))
            } else {
                let f = clause.iter().position(|x| x.low == from_word);
                let to = f.and_then(|f| {
                    clause
                        .iter()
                        .skip(f + 1)
                        .position(|x| x.low == to_word)
                        .map(|k| f + 1 + k)
                });
                // "to a Hetzner VPS": the article before the name is no part of it.
                let after_to = |at: usize| {
                    name_at(&t, at).or_else(|| {
                        t.get(at)
                            .filter(|x| matches!(x.low.as_str(), "a" | "an" | "the"))
                            .and_then(|_| name_at(&t, at + 1))
                    })
                };
                (
                    f.and_then(|f| name_at(&t, i + 2 + f)),
                    to.and_then(|k| after_to(i + 2 + k)),
                )
            };
            if let (Some(from), Some(to)) = (from, to)
                && crate::text::entity_key(&from) != crate::text::entity_key(&to)
                && out.len() < MOST
            {
                out.push((from, to, role, verb.starts_with("mov")));
            }
        }
    }
    out
}

/// Subjects of the person's own "no longer".
const FIRST_PERSON: &[&str] = &[
    "i", "we", "i'm", "we're", "i've", "we've", "i'd", "we'd", "just", "finally",
];

/// Every tool `text` says the person no longer uses: "we no longer use MongoDB", "I stopped
/// using Vim", "we dropped Jenkins", "I don't use Notion anymore", "we got rid of Redis".
#[must_use]
pub fn stopped(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for t in statements(text) {
        for i in 0..t.len() {
            let low = |k: usize| t.get(i + k).map_or("", |x| x.low.as_str());
            let own = i
                .checked_sub(1)
                .is_some_and(|p| FIRST_PERSON.contains(&t[p].low.as_str()));
            if !own {
                continue;
            }
            let use_verb = |w: &str| matches!(w, "use" | "using" | "run" | "running" | "need");
            let at = match (low(0), low(1), low(2)) {
                // "we no longer use MongoDB", "I'm no longer using Vim".
                ("no", "longer", v) if use_verb(v) => Some(3),
                // "I stopped using Vim", "we quit using Heroku".
                ("stopped" | "quit", "using", _) => Some(2),
                // "we dropped Jenkins", "I ditched Notion".
                ("dropped" | "ditched" | "abandoned", _, _) => Some(1),
                // "we got rid of Redis", "we moved away from AWS".
                ("got", "rid", "of") | ("moved", "away", "from") => Some(3),
                // "I don't use Notion anymore": the "anymore" closes the clause.
                ("don't" | "dont", v, _) if use_verb(v) => {
                    let end = (i..t.len().min(i + 8))
                        .find(|&j| t[j].ends)
                        .unwrap_or(t.len().saturating_sub(1));
                    t.get(end)
                        .is_some_and(|x| {
                            x.low == "anymore"
                                || (x.low == "more"
                                    && end
                                        .checked_sub(1)
                                        .and_then(|p| t.get(p))
                                        .is_some_and(|p| p.low == "any"))
                        })
                        .then_some(2)
                }
                _ => None,
            };
            if let Some(name) = at.and_then(|k| name_at(&t, i + k))
                && out.len() < MOST
                && !out.contains(&name)
            {
                out.push(name);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tool_said_as_ones_own_is_stated_with_its_role() {
        assert_eq!(
            stated("Our database is MongoDB and the joins are getting painful."),
            vec![("database".to_string(), "MongoDB".to_string())]
        );
        assert_eq!(
            stated("We use Redis as our cache, and it works."),
            vec![("cache".to_string(), "Redis".to_string())]
        );
        assert_eq!(
            stated("My editor is now VS Code, how do I set up Rust there?"),
            vec![("editor".to_string(), "VS Code".to_string())]
        );
        // A question about a tool states none, nor does someone else's.
        assert!(stated("Is MongoDB a good database?").is_empty());
        assert!(stated("I'm using React and Flask as my backend.").is_empty());
        assert!(stated("Their database is Oracle.").is_empty());
        assert!(stated("```\nour database is MongoDB\n```").is_empty());
    }

    #[test]
    fn a_tool_the_person_no_longer_uses_is_named() {
        for (text, tool) in [
            ("We no longer use MongoDB for orders.", "MongoDB"),
            ("I stopped using Vim last year.", "Vim"),
            ("We finally dropped Jenkins, it was slow.", "Jenkins"),
            ("I don't use Notion anymore.", "Notion"),
            ("We got rid of Redis in March.", "Redis"),
        ] {
            assert_eq!(stopped(text), vec![tool.to_string()], "{text}");
        }
        // Someone else's tools, a question, a word of no tool and code are none of it.
        assert!(stopped("They no longer use MongoDB.").is_empty());
        assert!(stopped("Should I stop using Vim?").is_empty());
        assert!(stopped("I don't use it anymore.").is_empty());
        assert!(stopped("We dropped the idea.").is_empty());
        assert!(stopped("I don't use Vim for Rust, only for notes.").is_empty());
        assert_eq!(stopped("We don't need Jenkins any more."), vec!["Jenkins".to_string()]);
        assert!(stopped("we don't,").is_empty());
        assert!(stopped("```\nwe no longer use MongoDB\n```").is_empty());
    }

    #[test]
    fn a_switch_names_the_old_tool_and_the_new() {
        assert_eq!(
            switched("We decided to migrate the order service from MongoDB to PostgreSQL 16 this quarter."),
            vec![("MongoDB".to_string(), "PostgreSQL 16".to_string(), None)]
        );
        assert_eq!(
            switched("I switched my editor from Vim to VS Code last week."),
            vec![("Vim".to_string(), "VS Code".to_string(), Some("editor".to_string()))]
        );
        assert_eq!(
            switched("We replaced Jenkins with GitHub Actions in May."),
            vec![("Jenkins".to_string(), "GitHub Actions".to_string(), None)]
        );
        // A move between places or times is no switch of tools.
        assert!(switched("We moved from the flat to a house in May.").is_empty());
        assert!(switched("Should we switch from MySQL to PostgreSQL?").is_empty());
    }

    #[test]
    fn a_switch_of_tools_retires_the_old_one_and_a_move_of_home_nothing() {
        assert_eq!(
            retired_by_switch("We switched from Fly.io to a Hetzner VPS for 9 euros a month."),
            vec!["Fly.io".to_string()]
        );
        assert!(retired_by_switch("We moved from Berlin to Lisbon in March.").is_empty());
    }
}
