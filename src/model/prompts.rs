//! The prompt templates in `assets/prompts/`, embedded at build time, and their rendering.
// Slices start or end at indexes `find` returned for the ASCII `{{`/`}}` markers, which are
// always character boundaries; the fuzz test renders Unicode prompts through them.
#![allow(clippy::string_slice)]

use crate::event::Purpose;

/// The template text for a purpose.
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
        Purpose::Embed => "{{text}}",
    }
}

/// Fills `{{name}}` placeholders in one pass, so a value that itself contains `{{…}}` is never
/// expanded again.
#[must_use]
pub fn render(purpose: Purpose, vars: &[(&str, &str)]) -> String {
    let t = template(purpose);
    let mut out = String::with_capacity(t.len() + vars.iter().map(|(_, v)| v.len()).sum::<usize>());
    let mut rest = t;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        match after.find("}}") {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_placeholder_of_every_prompt_is_filled() {
        let cases: &[(Purpose, &[&str])] = &[
            (Purpose::Synth, &["person", "date", "segment"]),
            (Purpose::Entities, &["person", "unit"]),
            (Purpose::Relations, &["person", "unit", "paths"]),
            (Purpose::Rk1, &["source", "target", "evidence", "previous"]),
            (Purpose::Rk2, &["concept", "previous", "evidence"]),
            (Purpose::Rk3, &["concept", "children"]),
            (Purpose::Planner, &["question"]),
            (Purpose::Answer, &["person", "context", "question"]),
            (Purpose::Judge, &["question", "gold", "answer"]),
            (Purpose::Repair, &["error", "reply", "format"]),
        ];
        for (purpose, names) in cases {
            let vars: Vec<(&str, &str)> = names.iter().map(|n| (*n, "VALUE")).collect();
            let out = render(*purpose, &vars);
            assert!(!out.contains("{{"), "{purpose:?} left a placeholder");
            assert_eq!(out.matches("VALUE").count(), names.len(), "{purpose:?}");
        }
    }

    #[test]
    fn values_are_not_expanded_twice() {
        let out = render(
            Purpose::Judge,
            &[("question", "{{gold}}"), ("gold", "G"), ("answer", "A")],
        );
        assert!(out.contains("{{gold}}"));
    }
}
