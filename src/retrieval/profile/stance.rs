//! What a person likes, wants and plans, as their Σ bullets and relation summaries hold it: the
//! traits RK1/RK2 inferred ("Caroline enjoys therapy and counseling") and the gathered mentions
//! that state a preference, a goal or a plan ("Caroline is keen on counseling (8 May 2023)").
//! A question about what the person would likely do ("Would Caroline pursue writing as a
//! career?") hinges on these, and no turn that shares its words need hold them.

use crate::rules::words::hedges::HYPOTHETICAL;
use crate::rules::words::hedges::STANCE;

use crate::event::profile_text::render_mention;
use crate::retrieval::concept_text::Gathered;
use crate::text::words;
use std::collections::HashSet;

/// Whether a question asks what the person would likely do, be or prefer.
pub(super) fn hypothetical(question: &str) -> bool {
    words(question).any(|w| HYPOTHETICAL.contains(&w.as_str()))
}

/// The item's text: `who`'s inferred traits ("X enjoys a, b and c.", only those `activity`
/// accepts: a person enjoys pottery, not their partner) and up to `max` gathered mentions that
/// state a stance, those holding the most of `keywords` first; `None` when there are fewer than
/// two statements.
pub(super) fn stance_text(
    who: &str,
    texts: &[Gathered<'_>],
    keywords: &[String],
    max: usize,
    activity: &dyn Fn(&str) -> bool,
) -> Option<String> {
    let wanted: HashSet<String> = keywords
        .iter()
        .flat_map(|k| crate::text::content_words(k))
        .map(|w| crate::text::stem::stem(&w))
        .collect();
    let enjoys_prefix = format!("{who} enjoys ");
    let mut enjoys: Vec<String> = Vec::new();
    let mut said: Vec<(usize, String)> = Vec::new();
    let mut seen: Vec<HashSet<String>> = Vec::new();
    for (core, list) in texts.iter().flat_map(|t| statements(*t)) {
        for sentence in core.split(". ") {
            if let Some(what) = sentence.trim().strip_prefix(&enjoys_prefix) {
                let what = what.trim_end_matches('.').trim().to_lowercase();
                if !what.is_empty() && activity(&what) && !enjoys.contains(&what) {
                    enjoys.push(what);
                }
            }
        }
        for mention in &list {
            let toks: Vec<String> = words(mention).collect();
            if !toks.iter().any(|w| STANCE.contains(&w.as_str())) {
                continue;
            }
            let stems: HashSet<String> = toks.iter().map(|w| crate::text::stem::stem(w)).collect();
            // The same mention gathered by a parent's Σ, a child's and a relation's summary.
            let repeat = seen.iter().any(|s| {
                let shared = s.intersection(&stems).count();
                shared * 10 >= s.len().min(stems.len()).max(1) * 8
            });
            if repeat {
                continue;
            }
            let hits = wanted.iter().filter(|w| stems.contains(*w)).count();
            seen.push(stems);
            said.push((hits, mention.clone()));
        }
    }
    // Stable: among equals, the order the memory holds them in.
    said.sort_by_key(|(hits, _)| std::cmp::Reverse(*hits));
    said.truncate(max);
    if enjoys.len() + said.len() < 2 {
        return None;
    }
    let mut text = format!("What {who} likes, wants and plans:");
    if !enjoys.is_empty() {
        text.push_str(&format!(" {who} enjoys {}.", list(&enjoys)));
    }
    if !said.is_empty() {
        let said: Vec<String> = said.into_iter().map(|(_, s)| s).collect();
        text.push_str(&format!(" {}.", said.join("; ")));
    }
    Some(text)
}

/// Each line of a Σ or summary as its own sentences (the branch as their label) and its
/// gathered mentions as printed.
fn statements(g: Gathered<'_>) -> Vec<(String, Vec<String>)> {
    let mentions = |ms: &[crate::event::Mention]| ms.iter().map(render_mention).collect::<Vec<_>>();
    match g {
        Gathered::Sigma(s) => s
            .overview
            .iter()
            .map(|l| (l.clone(), Vec::new()))
            .chain(s.bullets.iter().map(|b| {
                let core = if b.branch.is_empty() {
                    b.text.clone()
                } else {
                    format!("{}: {}", b.branch, b.text)
                };
                (core, mentions(&b.mentions))
            }))
            .collect(),
        Gathered::Summary(s) => std::iter::once((format!("Fact Summary: {}", s.fact), mentions(&s.mentions)))
            .chain(
                s.inferences
                    .iter()
                    .map(|i| (format!("Inferred Trait/Interest: {i}"), Vec::new())),
            )
            .collect(),
    }
}

/// "a", "a and b", "a, b and c".
fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIGMA: &str = "# General Core Facts\n\
        - Therapy and Counseling: Therapy and counseling has come up regularly since 8 May 2023. Caroline enjoys therapy and counseling. Mentions: Caroline is keen on counseling or working in mental health (8 May 2023); Caroline went to a support group (9 May 2023).\n\
        - Visual Art: Visual art has come up regularly since 15 July 2023. Caroline enjoys visual art. Mentions: Caroline loves creating art (23 August 2023).";

    #[test]
    fn traits_and_stated_preferences_and_plans_are_kept() {
        let sigma = crate::event::Sigma::parse(SIGMA);
        let texts = [Gathered::Sigma(&sigma), Gathered::Sigma(&sigma)];
        let text = stance_text("Caroline", &texts, &["art".to_string()], 4, &|_| true).unwrap_or_default();
        assert_eq!(
            text,
            "What Caroline likes, wants and plans: Caroline enjoys therapy and counseling and visual art. \
             Caroline loves creating art (23 August 2023); Caroline is keen on counseling or working in mental health (8 May 2023)."
        );
        assert!(
            !text.contains("support group"),
            "a mention that states no stance stays out"
        );
    }

    #[test]
    fn a_question_about_what_someone_would_do_is_hypothetical() {
        assert!(hypothetical("Would Caroline pursue writing as a career option?"));
        assert!(hypothetical("What would Caroline's political leaning likely be?"));
        assert!(!hypothetical("What did Caroline research?"));
    }
}
