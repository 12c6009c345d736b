//! The text of a concept item: which Σ/Δ bullets, and which of the mentions a bullet gathered,
//! go into the context for one question, so the item carries the instances the question asks
//! about in a few tokens instead of the concept's whole Σ/Δ; and the one item that lists a
//! person's gathered mentions across concepts.

use crate::text::words;
use std::collections::HashSet;

/// The marker before a bullet's gathered mentions ("Camping: … Mentions: a (d); b (d).").
const MARK: &str = " Mentions: ";
/// Prefix of the bullet that lists one-off branches.
const ALSO: &str = "Also mentioned";

/// One Σ bullet: its branch, its own sentences and the mentions it gathered.
struct Bullet<'a> {
    branch: &'a str,
    core: &'a str,
    mentions: Vec<&'a str>,
}

fn bullet(line: &str) -> Bullet<'_> {
    let body = line.strip_prefix("- ").unwrap_or(line);
    let (branch, rest) = match body.split_once(": ") {
        Some((b, r)) if !b.contains(['.', ',']) => (b, r),
        _ => ("", body),
    };
    let (core, mentions) = match rest.split_once(MARK) {
        Some((core, list)) => (
            core,
            list.trim_end()
                .trim_end_matches('.')
                .split("; ")
                .map(str::trim)
                .filter(|m| !m.is_empty())
                .collect(),
        ),
        None => (rest, Vec::new()),
    };
    Bullet { branch, core, mentions }
}

/// Whether a text holds one of the wanted stems.
fn holds(text: &str, wanted: &HashSet<String>) -> bool {
    words(text).any(|w| wanted.contains(&crate::stem::stem(&w)))
}

/// The item's text: `path:` then the Σ bullets and Δ items that hold one of `keywords` (the
/// question's keywords without the person's name, which every gathered mention holds). A bullet
/// whose branch or own sentence holds a keyword keeps its mentions, or only those that hold one
/// when some do; a bullet that holds a keyword only in some mentions keeps just those. When
/// nothing holds a keyword, the item names the concept's branches, a list a question about "what
/// activities" is answered by.
#[must_use]
pub fn concept_text(path: &str, sigma: &str, delta: &str, keywords: &[String]) -> String {
    let wanted: HashSet<String> = keywords
        .iter()
        .flat_map(|k| crate::text::content_words(k))
        .map(|w| crate::stem::stem(&w))
        .collect();
    let lines = |body: &str| -> Vec<String> {
        body.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_string)
            .collect()
    };
    let sigma_lines = lines(sigma);
    let delta_lines = lines(delta);
    let mut kept_sigma: Vec<String> = Vec::new();
    for line in &sigma_lines {
        let b = bullet(line);
        let matching: Vec<&str> = b.mentions.iter().copied().filter(|m| holds(m, &wanted)).collect();
        let head_holds = holds(b.branch, &wanted) || holds(b.core, &wanted);
        let label = if b.branch.is_empty() {
            String::new()
        } else {
            format!("{}: ", b.branch)
        };
        if head_holds {
            let mentions = if matching.is_empty() {
                b.mentions.clone()
            } else {
                matching
            };
            kept_sigma.push(with_mentions(&format!("{label}{}", b.core.trim()), &mentions));
        } else if !matching.is_empty() {
            kept_sigma.push(format!("{label}{}.", matching.join("; ")));
        }
    }
    // Δ: the items that hold a keyword, under their "Regarding …:" heading.
    let mut kept_delta: Vec<String> = Vec::new();
    let mut heading: Option<&str> = None;
    let mut heading_holds = false;
    for line in &delta_lines {
        if line.starts_with("Regarding ") && line.ends_with(':') {
            heading = Some(line);
            heading_holds = holds(line, &wanted);
            continue;
        }
        // The item's date and status ("(17 August 2023; active)") are not what it is about.
        let said = line.rsplit_once(" (").map_or(line.as_str(), |(t, _)| t);
        if heading_holds || holds(said, &wanted) {
            if let Some(h) = heading.take() {
                kept_delta.push(h.to_string());
            }
            kept_delta.push(line.clone());
        }
    }
    let mut text = format!("{path}:");
    if kept_sigma.is_empty() && kept_delta.is_empty() {
        let branches = branch_names(&sigma_lines);
        if !branches.is_empty() {
            text.push_str(&format!(" Σ {}.", branches.join(", ")));
        }
        return text;
    }
    if !kept_sigma.is_empty() {
        text.push_str(&format!(" Σ {}", kept_sigma.join(" ")));
    }
    if !kept_delta.is_empty() {
        text.push_str(&format!(" Δ {}", kept_delta.join(" ")));
    }
    text
}

/// The mentions gathered in `texts` (one person's Σ bullets and relation summaries) that hold
/// one of `keywords`, or sit under a branch that does: the instances a question about "where has
/// X camped" or "what has X painted" lists, spread over sessions and concepts. Those holding the
/// most keywords come first; at most `max`, none twice.
#[must_use]
pub fn gathered_mentions(texts: &[&str], keywords: &[String], max: usize) -> Vec<String> {
    let wanted: HashSet<String> = keywords
        .iter()
        .flat_map(|k| crate::text::content_words(k))
        .map(|w| crate::stem::stem(&w))
        .collect();
    let stems = |t: &str| -> HashSet<String> { words(t).map(|w| crate::stem::stem(&w)).collect() };
    let mut found: Vec<(usize, String, HashSet<String>)> = Vec::new();
    for line in texts.iter().flat_map(|t| t.lines()).map(str::trim) {
        let line = line.strip_prefix("Fact Summary: ").unwrap_or(line);
        let b = bullet(line);
        let branch_holds = holds(b.branch, &wanted);
        for m in b.mentions {
            let own = stems(m);
            let hits = wanted.iter().filter(|w| own.contains(*w)).count() + usize::from(branch_holds);
            if hits == 0 {
                continue;
            }
            // The same mention gathered by a parent's Σ, a child's and a relation's summary.
            let repeat = found.iter().any(|(_, t, s)| {
                t == m || {
                    let shared = s.intersection(&own).count();
                    shared * 10 >= s.len().min(own.len()).max(1) * 8
                }
            });
            if !repeat {
                found.push((hits, m.to_string(), own));
            }
        }
    }
    // Stable: among equals, the order the memory holds them in.
    found.sort_by_key(|f| std::cmp::Reverse(f.0));
    found.into_iter().take(max).map(|(_, t, _)| t).collect()
}

/// The core sentence followed by the kept mentions.
fn with_mentions(core: &str, mentions: &[&str]) -> String {
    if mentions.is_empty() {
        core.to_string()
    } else {
        format!("{}{MARK}{}.", core.trim_end(), mentions.join("; "))
    }
}

/// The branches a Σ names, the one-off ones ("Also mentioned: Pottery and Chess each came up
/// once.") among them.
fn branch_names(sigma_lines: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in sigma_lines {
        let b = bullet(line);
        if b.branch == ALSO {
            let list = b
                .core
                .trim_end_matches('.')
                .trim_end_matches(" each came up once")
                .trim_end_matches(" came up once");
            out.extend(
                list.split(", ")
                    .flat_map(|p| p.split(" and "))
                    .map(str::trim)
                    .filter(|n| !n.is_empty())
                    .map(str::to_string),
            );
        } else if !b.branch.is_empty() {
            out.push(b.branch.to_string());
        }
    }
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIGMA: &str = "# General Core Facts\n\
        - Camping: Camping has come up regularly since 25 May 2023. Mentions: Melanie went camping in the mountains (27 June 2023); Melanie went camping in the forest (15 July 2023).\n\
        - Beach Trips: Beach trips has come up regularly since 15 July 2023. Mentions: Melanie went to the beach with the kids (20 July 2023); Melanie took the kids camping at the beach (3 August 2023).\n\
        - Also mentioned: Pottery and Chess each came up once.";
    const DELTA: &str = "# Specific Domain Facts\nRegarding Hiking:\n- [change] Melanie hikes less since the fall. (17 August 2023; active)";

    fn keys(k: &[&str]) -> Vec<String> {
        k.iter().map(|s| (*s).to_string()).collect()
    }

    #[test]
    fn a_branch_the_question_names_keeps_its_mentions_and_the_rest_goes() {
        let text = concept_text("Melanie / Outdoor", SIGMA, DELTA, &keys(&["camped"]));
        assert!(text.contains("Camping: Camping has come up regularly since 25 May 2023. Mentions: Melanie went camping in the mountains (27 June 2023); Melanie went camping in the forest (15 July 2023)."), "{text}");
        // Beach Trips holds "camping" in one mention only: that mention alone stays.
        assert!(
            text.contains("Beach Trips: Melanie took the kids camping at the beach (3 August 2023)."),
            "{text}"
        );
        assert!(!text.contains("with the kids (20 July"), "{text}");
        assert!(!text.contains('Δ'), "{text}");
    }

    #[test]
    fn a_question_no_bullet_answers_gets_the_branch_list() {
        let text = concept_text("Melanie / Outdoor", SIGMA, DELTA, &keys(&["activities"]));
        assert_eq!(text, "Melanie / Outdoor: Σ Camping, Beach Trips, Pottery, Chess.");
    }

    #[test]
    fn mentions_gather_across_concepts_and_summaries_without_repeats() {
        let summary = "Fact Summary: Beach trips came up twice. Mentions: Melanie went to the beach with the kids (20 July 2023); Melanie swam at the beach (1 August 2023).\nActionable Inferences:";
        let found = gathered_mentions(&[SIGMA, summary, SIGMA], &keys(&["beach"]), 5);
        assert_eq!(
            found,
            vec![
                "Melanie went to the beach with the kids (20 July 2023)",
                "Melanie took the kids camping at the beach (3 August 2023)",
                "Melanie swam at the beach (1 August 2023)",
            ],
            "the branch named and the mention naming it count twice, so they lead"
        );
        assert!(gathered_mentions(&[SIGMA], &keys(&["violin"]), 5).is_empty());
    }

    #[test]
    fn delta_items_keep_their_heading() {
        let text = concept_text("Melanie / Outdoor", SIGMA, DELTA, &keys(&["hiking"]));
        assert!(
            text.ends_with(
                "Δ Regarding Hiking: - [change] Melanie hikes less since the fall. (17 August 2023; active)"
            ),
            "{text}"
        );
    }
}
