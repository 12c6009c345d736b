//! The prompt templates in `assets/prompts/`, embedded at build time, and their rendering.
//!
//! A template has a common part (role, rules, the start of an invented example), then an
//! optional `@@text` part (the example's reply and the paper's text format) and `@@json` part
//! (the same for structured output), then the `@@input` part holding the task's inputs. Inputs
//! come last so a server's prompt cache reuses everything before them. `#!` lines are notes for
//! the program, never shown to a model: `#! example-names:` lists the invented names of the
//! template's example, which no reply may copy unless its own input holds them.

// Slices start or end at indexes `find` returned for the ASCII `{{`/`}}` markers, which are
// always character boundaries; the fuzz test renders Unicode prompts through them.
#![allow(clippy::string_slice)]

use super::schema::OutputMode;
use crate::event::Purpose;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// The template text for a purpose, as stored.
#[must_use]
pub fn template(purpose: Purpose) -> &'static str {
    match purpose {
        Purpose::Synth => include_str!("../../assets/prompts/synth.txt"),
        Purpose::Entities => include_str!("../../assets/prompts/entities.txt"),
        Purpose::Relations => include_str!("../../assets/prompts/relations.txt"),
        Purpose::Rk1 => include_str!("../../assets/prompts/rk1.txt"),
        Purpose::Rk2 => include_str!("../../assets/prompts/rk2.txt"),
        Purpose::Rk3 => include_str!("../../assets/prompts/rk3.txt"),
        Purpose::Planner => include_str!("../../assets/prompts/planner.txt"),
        Purpose::Answer => include_str!("../../assets/prompts/answer.txt"),
        Purpose::Judge => include_str!("../../assets/prompts/judge.txt"),
        Purpose::Repair => include_str!("../../assets/prompts/repair.txt"),
        Purpose::Embed => "@@input\n{{text}}",
    }
}

/// The parts of a template.
#[derive(Debug, Default)]
struct Parts<'a> {
    common: Vec<&'a str>,
    text: Vec<&'a str>,
    json: Vec<&'a str>,
    input: Vec<&'a str>,
    example_names: Vec<&'a str>,
}

/// A purpose's template cut into its parts. The templates are built in, so each is cut once per
/// thread and shared: every model call renders one, and the grounding check reads its names.
fn parts(purpose: Purpose) -> Rc<Parts<'static>> {
    thread_local! {
        static PARTS: RefCell<HashMap<Purpose, Rc<Parts<'static>>>> = RefCell::new(HashMap::new());
    }
    PARTS.with(|cache| {
        Rc::clone(
            cache
                .borrow_mut()
                .entry(purpose)
                .or_insert_with(|| Rc::new(cut(purpose))),
        )
    })
}

fn cut(purpose: Purpose) -> Parts<'static> {
    let mut p = Parts::default();
    let mut section = 0;
    for line in template(purpose).lines() {
        if let Some(names) = line.strip_prefix("#! example-names:") {
            p.example_names
                .extend(names.split(',').map(str::trim).filter(|n| !n.is_empty()));
            continue;
        }
        if line.starts_with("#!") {
            continue;
        }
        match line.trim_end() {
            "@@text" => section = 1,
            "@@json" => section = 2,
            "@@input" => section = 3,
            _ => match section {
                0 => p.common.push(line),
                1 => p.text.push(line),
                2 => p.json.push(line),
                _ => p.input.push(line),
            },
        }
    }
    p
}

/// The invented names in a template's example, which a reply may only use when its input does.
#[must_use]
pub fn example_names(purpose: Purpose) -> Vec<&'static str> {
    parts(purpose).example_names.clone()
}

/// The template without its inputs and its example: the words a reply may take from the
/// instructions (headers, base concepts, field names).
#[must_use]
pub fn instructions(purpose: Purpose, mode: OutputMode) -> String {
    let p = parts(purpose);
    let tail = if mode == OutputMode::JsonSchema && !p.json.is_empty() {
        &p.json
    } else {
        &p.text
    };
    let mut out = String::new();
    let mut in_example = false;
    for line in p.common.iter().chain(tail.iter()) {
        if line.starts_with("EXAMPLE ONLY") {
            in_example = true;
        }
        if !in_example {
            out.push_str(line);
            out.push('\n');
        }
        if line.starts_with("END OF EXAMPLE") {
            in_example = false;
        }
    }
    out
}

/// Renders a purpose's prompt for a reply format, filling `{{name}}` placeholders.
#[must_use]
pub fn render(purpose: Purpose, mode: OutputMode, vars: &[(&str, &str)]) -> String {
    thread_local! {
        static JOINED: RefCell<HashMap<(Purpose, OutputMode), Rc<str>>> = RefCell::new(HashMap::new());
    }
    let t = JOINED.with(|cache| {
        Rc::clone(
            cache
                .borrow_mut()
                .entry((purpose, mode))
                .or_insert_with(|| joined(purpose, mode).into()),
        )
    });
    fill(&t, vars)
}

/// A purpose's template for a reply format with its placeholders still in: the same text for
/// every call, so [`render`] joins it once.
fn joined(purpose: Purpose, mode: OutputMode) -> String {
    let p = parts(purpose);
    let tail = if mode == OutputMode::JsonSchema && !p.json.is_empty() {
        &p.json
    } else {
        &p.text
    };
    let mut t = p.common.join("\n").trim_end().to_string();
    for section in [tail, &p.input] {
        let body = section.join("\n");
        let body = body.trim();
        if !body.is_empty() {
            t.push_str("\n\n");
            t.push_str(body);
        }
    }
    t.push('\n');
    t.trim_start().to_string()
}

/// Fills `{{name}}` placeholders in one pass, so a value that itself contains `{{…}}` is never
/// expanded again.
fn fill(t: &str, vars: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(t.len() + vars.iter().map(|(_, v)| v.len()).sum::<usize>());
    let mut rest = t;
    while let Some(start) = find_pair(rest, '{') {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        match find_pair(after, '}') {
            Some(end) => {
                let name = &after[..end];
                match vars.iter().find(|(k, _)| *k == name) {
                    Some((_, v)) => out.push_str(v),
                    None => {
                        out.push_str("{{");
                        out.push_str(name);
                        out.push_str("}}");
                    }
                }
                rest = &after[end + 2..];
            }
            None => {
                out.push_str(&rest[start..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// Where `c` first occurs twice in a row: `text.find("{{")` for `c = '{'`, by a byte search
/// for `c` (a template is a few kilobytes, and the string searcher was most of filling it).
fn find_pair(text: &str, c: char) -> Option<usize> {
    let mut from = 0;
    loop {
        // `from` is 0 or just after an ASCII `c`: a character boundary.
        let at = from + text.get(from..)?.find(c)?;
        if text.get(at + 1..)?.starts_with(c) {
            return Some(at);
        }
        from = at + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_brace_pair_is_found_where_the_string_search_finds_it() {
        for text in [
            "",
            "{",
            "{{",
            "a{b{{c",
            "}{}}",
            "{{{",
            "é{{",
            "x}}y{{z",
            "{ {",
            "漢{字}}",
        ] {
            assert_eq!(find_pair(text, '{'), text.find("{{"), "{text:?}");
            assert_eq!(find_pair(text, '}'), text.find("}}"), "{text:?}");
        }
    }

    const CASES: &[(Purpose, &[&str])] = &[
        (Purpose::Synth, &["person", "date", "segment"]),
        (Purpose::Entities, &["person", "unit"]),
        (Purpose::Relations, &["person", "unit", "paths", "edges"]),
        (Purpose::Rk1, &["person", "source", "target", "evidence", "previous"]),
        (Purpose::Rk2, &["person", "concept", "previous", "evidence"]),
        (Purpose::Rk3, &["person", "concept", "children"]),
        (Purpose::Planner, &["question"]),
        (Purpose::Answer, &["person", "context", "question"]),
        (Purpose::Judge, &["question", "gold", "answer"]),
        (Purpose::Repair, &["error", "reply", "format"]),
    ];

    #[test]
    fn every_placeholder_of_every_prompt_is_filled_and_inputs_come_last() {
        for mode in [OutputMode::Text, OutputMode::JsonSchema] {
            for (purpose, names) in CASES {
                let vars: Vec<(&str, &str)> = names.iter().map(|n| (*n, "VALUE")).collect();
                let out = render(*purpose, mode, &vars);
                assert!(!out.contains("{{"), "{purpose:?} left a placeholder");
                assert!(!out.contains("@@") && !out.contains("#!"), "{purpose:?} shows markup");
                assert!(out.trim_end().ends_with("VALUE"), "{purpose:?}: inputs are not last");
                assert!(out.contains("VALUE"), "{purpose:?}");
            }
        }
    }

    #[test]
    fn every_task_about_a_person_names_them_and_never_says_user() {
        for (purpose, names) in CASES {
            let t = template(*purpose);
            assert!(
                !t.split(|c: char| !c.is_alphanumeric()).any(|w| w == "User"),
                "{purpose:?} calls someone \"User\""
            );
            if names.contains(&"person") {
                let vars: Vec<(&str, &str)> = names
                    .iter()
                    .map(|n| (*n, if *n == "person" { "Rowan" } else { "VALUE" }))
                    .collect();
                let out = render(*purpose, OutputMode::JsonSchema, &vars);
                assert!(
                    out.matches("Rowan").count() >= 2,
                    "{purpose:?} names the person only once"
                );
            }
        }
    }

    #[test]
    fn the_two_modes_differ_only_where_a_task_has_a_json_form() {
        for (purpose, names) in CASES {
            let vars: Vec<(&str, &str)> = names.iter().map(|n| (*n, "VALUE")).collect();
            let text = render(*purpose, OutputMode::Text, &vars);
            let json = render(*purpose, OutputMode::JsonSchema, &vars);
            let has_json = !parts(*purpose).json.is_empty();
            assert_eq!(text != json, has_json, "{purpose:?}");
        }
    }

    #[test]
    fn examples_are_marked_invented_and_never_benchmark_text() {
        // LoCoMo's speakers and the old examples' phrases must not come back.
        let banned = [
            "Melanie",
            "Caroline",
            "Becoming Nicole",
            "Charity Race",
            "Jolene",
            "Deborah",
            "Audrey",
            "Andrew",
        ];
        for (purpose, _) in CASES {
            let t = template(*purpose);
            for b in banned {
                assert!(!t.contains(b), "{purpose:?} holds {b}");
            }
            if t.contains("Example reply") {
                assert!(
                    t.contains("EXAMPLE ONLY") && t.contains("END OF EXAMPLE"),
                    "{purpose:?}"
                );
                assert!(!example_names(*purpose).is_empty(), "{purpose:?}");
            }
            assert!(
                !instructions(*purpose, OutputMode::Text).contains("Ysolde"),
                "{purpose:?}"
            );
        }
    }

    #[test]
    fn values_are_not_expanded_twice() {
        let out = render(
            Purpose::Judge,
            OutputMode::Text,
            &[("question", "{{gold}}"), ("gold", "G"), ("answer", "A")],
        );
        assert!(out.contains("{{gold}}"));
    }
}
