//! The text of a concept item: which Σ/Δ bullets, and which of the mentions a bullet gathered,
//! go into the context for one question, so the item carries the instances the question asks
//! about in a few tokens instead of the concept's whole Σ/Δ; and the one item that lists a
//! person's gathered mentions across concepts.

use crate::rules::words::nouns::UNSPECIFIC;

use crate::event::profile_text::{join_mentions, render_bullet, render_item, render_mention};
use crate::event::{Delta, DeltaLayout, RelationSummary, Sigma};
use crate::model::{Profile, ProfileBullet, Told};
use crate::text::words;
use std::collections::HashSet;

/// Branch of the bullet that lists one-off branches.
const ALSO: &str = "Also mentioned";

/// One Σ line as a context reads it: its branch, its own sentences, the mentions it gathered
/// (as printed, and as data), and the whole line.
struct Bullet {
    branch: String,
    core: String,
    mentions: Vec<String>,
    told: Vec<Told>,
    line: String,
}

impl Bullet {
    /// The mentions printed as `kept`, as data.
    fn told_of(&self, kept: &[&str]) -> Vec<Told> {
        kept.iter()
            .filter_map(|k| self.mentions.iter().position(|m| m == k))
            .filter_map(|i| self.told.get(i).cloned())
            .collect()
    }
}

/// Σ's overview lines (as branchless bullets) and bullets.
fn bullets(sigma: &Sigma) -> Vec<Bullet> {
    let overview = sigma.overview.iter().filter(|l| !l.starts_with('#')).map(|l| Bullet {
        branch: String::new(),
        core: l.clone(),
        mentions: Vec::new(),
        told: Vec::new(),
        line: l.clone(),
    });
    overview
        .chain(sigma.bullets.iter().map(|b| Bullet {
            branch: b.branch.clone(),
            core: b.text.clone(),
            mentions: b.mentions.iter().map(render_mention).collect(),
            told: b.mentions.iter().map(Told::of).collect(),
            line: format!("- {}", render_bullet(b)),
        }))
        .collect()
}

/// The stems of the keywords' content words, without the unspecific ones.
fn wanted_stems(keywords: &[String]) -> HashSet<String> {
    keywords
        .iter()
        .flat_map(|k| crate::text::content_words(k))
        .filter(|w| !UNSPECIFIC.contains(&w.to_lowercase().as_str()))
        .map(|w| crate::text::stem::stem(&w))
        .collect()
}

/// Whether a text holds one of the wanted stems.
fn holds(text: &str, wanted: &HashSet<String>) -> bool {
    words(text).any(|w| wanted.contains(&crate::text::stem::stem(&w)))
}

/// The item's text: `path:` then the Σ bullets and Δ items that hold one of `keywords` (the
/// question's keywords without the person's name, which every gathered mention holds). A bullet
/// whose branch or own sentence holds a keyword keeps its mentions, or only those that hold one
/// when some do; a bullet that holds a keyword only in some mentions keeps just those. When
/// nothing holds a keyword, the item names the concept's branches, a list a question about "what
/// activities" is answered by.
#[cfg(test)]
#[must_use]
pub fn concept_text(path: &str, sigma: &str, delta: &str, keywords: &[String]) -> String {
    concept_text_unseen(
        path,
        &Sigma::parse(sigma),
        &Delta::parse(delta),
        keywords,
        &mut Seen::default(),
    )
    .0
}

/// The mentions (their stems) that items already built for the question carry.
#[derive(Debug, Default)]
pub struct Seen(Vec<HashSet<String>>);

impl Seen {
    /// Stems of a mention.
    fn stems(text: &str) -> HashSet<String> {
        words(text).map(|w| crate::text::stem::stem(&w)).collect()
    }

    /// Whether a mention says what one already seen says (most of its stems shared: the same
    /// mention gathered by a parent's Σ, a child's and a relation's summary).
    fn holds(&self, mention: &str) -> bool {
        let own = Self::stems(mention);
        self.0.iter().any(|s| {
            let shared = s.intersection(&own).count();
            shared * 10 >= s.len().min(own.len()).max(1) * 8
        })
    }

    /// Marks a mention as carried.
    pub fn add(&mut self, mention: &str) {
        self.0.push(Self::stems(mention));
    }
}

/// [`concept_text`] without the mentions `seen` already holds (an item built before carries
/// them: a parent concept's Σ gathers its child's bullets, and the list of a person's gathered
/// mentions holds the same clauses), marking those it keeps as seen. A bullet left with no
/// mention of its own keeps only its branch and core sentence, once.
///
/// With the text comes what it keeps as data (`path` split at " / ", the bullets kept), which
/// an answerer reads instead of the text.
#[must_use]
pub fn concept_text_unseen(
    path: &str,
    sigma: &Sigma,
    delta: &Delta,
    keywords: &[String],
    seen: &mut Seen,
) -> (String, Profile) {
    let wanted = wanted_stems(keywords);
    let sigma_lines = bullets(sigma);
    let mut kept_sigma: Vec<String> = Vec::new();
    let mut profile = Profile {
        path: path.split(" / ").map(str::to_string).collect(),
        bullets: Vec::new(),
    };
    for b in &sigma_lines {
        let matching: Vec<&str> = b
            .mentions
            .iter()
            .map(String::as_str)
            .filter(|m| holds(m, &wanted))
            .collect();
        let head_holds = holds(&b.branch, &wanted) || holds(&b.core, &wanted);
        let label = if b.branch.is_empty() {
            String::new()
        } else {
            format!("{}: ", b.branch)
        };
        if head_holds {
            // No mention holds a keyword: the latest few stand for the branch.
            let mentions = if matching.is_empty() {
                let skip = b.mentions.len().saturating_sub(UNMATCHED);
                b.mentions.iter().skip(skip).map(String::as_str).collect()
            } else {
                matching
            };
            let fresh: Vec<&str> = mentions.into_iter().filter(|m| !seen.holds(m)).collect();
            let (since, rest) = compact_core(&b.branch, &b.core);
            let head = format!("{}{since}", b.branch);
            if fresh.is_empty() && rest.is_empty() && seen.holds(&head) {
                continue;
            }
            seen.add(&head);
            fresh.iter().for_each(|m| seen.add(m));
            kept_sigma.push(bullet_text(&head, &rest, &fresh));
            profile.bullets.push(ProfileBullet {
                branch: b.branch.clone(),
                text: rest,
                told: b.told_of(&fresh),
                ..ProfileBullet::default()
            });
        } else {
            let fresh: Vec<&str> = matching.into_iter().filter(|m| !seen.holds(m)).collect();
            if !fresh.is_empty() {
                fresh.iter().for_each(|m| seen.add(m));
                kept_sigma.push(format!("{label}{}.", fresh.join("; ")));
                profile.bullets.push(ProfileBullet {
                    branch: b.branch.clone(),
                    told: b.told_of(&fresh),
                    ..ProfileBullet::default()
                });
            }
        }
    }
    // Δ: the items that hold a keyword, under their "Regarding …:" heading.
    let mut kept_delta: Vec<String> = Vec::new();
    let mut group: Option<&str> = None;
    let mut heading: Option<String> = None;
    let mut heading_holds = false;
    for item in &delta.items {
        let prefix = match delta.layout {
            DeltaLayout::Grouped => {
                if group != Some(item.group.as_str()) {
                    group = Some(&item.group);
                    let h = format!("Regarding {}:", item.group);
                    heading_holds = holds(&h, &wanted);
                    heading = Some(h);
                }
                String::new()
            }
            DeltaLayout::Prefixed => format!("{}: ", item.group),
        };
        // The item's date and status ("(17 August 2023; active)") are not what it is about.
        let tag = item.tag.as_ref().map(|t| format!("[{t}] ")).unwrap_or_default();
        let said = format!("- {prefix}{tag}{}", item.text);
        if (heading_holds || holds(&said, &wanted)) && !seen.holds(&said) {
            seen.add(&said);
            if let Some(h) = heading.take() {
                kept_delta.push(h);
            }
            kept_delta.push(format!("- {prefix}{}", render_item(item)));
            profile.bullets.push(ProfileBullet::delta(item));
        }
    }
    let mut text = format!("{path}:");
    if kept_sigma.is_empty() && kept_delta.is_empty() {
        // What the question's words hold here, items built before already carry.
        if dropped(&sigma_lines, &wanted) {
            return (text, profile);
        }
        let branches = branch_names(&sigma_lines);
        if !branches.is_empty() {
            text.push_str(&format!(" Σ {}.", branches.join(", ")));
            // The branches' names, one bullet each: what "what activities" is answered by.
            profile.bullets.extend(branches.into_iter().map(|branch| ProfileBullet {
                branch,
                ..ProfileBullet::default()
            }));
        }
        return (text, profile);
    }
    if !kept_sigma.is_empty() {
        text.push_str(&format!(" Σ {}", kept_sigma.join(" ")));
    }
    if !kept_delta.is_empty() {
        text.push_str(&format!(" Δ {}", kept_delta.join(" ")));
    }
    (text, profile)
}

/// The mentions gathered in `texts` (one person's Σ bullets and relation summaries) that hold
/// one of `keywords`, or sit under a branch that does: the instances a question about "where has
/// X camped" or "what has X painted" lists, spread over sessions and concepts. Those holding the
/// most keywords come first; at most `max`, none twice.
#[cfg(test)]
#[must_use]
pub fn gathered_mentions(texts: &[&str], keywords: &[String], max: usize) -> Vec<String> {
    let sigmas: Vec<Sigma> = texts.iter().map(|t| Sigma::parse(t)).collect();
    let summaries: Vec<RelationSummary> = texts.iter().map(|t| RelationSummary::parse(t)).collect();
    let gathered: Vec<Gathered<'_>> = texts
        .iter()
        .enumerate()
        .map(|(i, t)| {
            if t.starts_with("Fact Summary: ") {
                Gathered::Summary(&summaries[i])
            } else {
                Gathered::Sigma(&sigmas[i])
            }
        })
        .collect();
    gathered_unseen(&gathered, keywords, max, &Seen::default())
        .into_iter()
        .map(|(m, _)| m)
        .collect()
}

/// Where a person's gathered mentions sit: a concept's Σ or a relation's summary.
#[derive(Debug, Clone, Copy)]
pub enum Gathered<'a> {
    /// A Σ, whose bullets name their branch.
    Sigma(&'a Sigma),
    /// A relation summary.
    Summary(&'a RelationSummary),
}

/// [`gathered_mentions`] without those `seen` holds (concept items built before carry them).
#[must_use]
pub fn gathered_unseen(texts: &[Gathered<'_>], keywords: &[String], max: usize, seen: &Seen) -> Vec<(String, Told)> {
    let wanted = wanted_stems(keywords);
    let stems = |t: &str| -> HashSet<String> { words(t).map(|w| crate::text::stem::stem(&w)).collect() };
    let mut found: Vec<(usize, (String, Told), HashSet<String>)> = Vec::new();
    let lists: Vec<(String, Vec<String>, Vec<Told>)> = texts
        .iter()
        .flat_map(|t| match t {
            Gathered::Sigma(s) => bullets(s)
                .into_iter()
                .map(|b| (b.branch, b.mentions, b.told))
                .collect::<Vec<_>>(),
            Gathered::Summary(s) => vec![(
                String::new(),
                s.mentions.iter().map(render_mention).collect(),
                s.mentions.iter().map(Told::of).collect(),
            )],
        })
        .collect();
    for (branch, mentions, told) in &lists {
        let branch_holds = holds(branch, &wanted);
        for (m, told) in mentions.iter().zip(told) {
            if seen.holds(m) {
                continue;
            }
            // "Melanie and others went …" (the first-person plural the abstraction wrote out)
            // holds "others" for no keyword's sake.
            let own = stems(&m.replace(" and others ", " "));
            // A mention that holds none of the question's words itself is not what was asked
            // about, whatever its branch; under a branch that holds one, it ranks higher.
            let said = wanted.iter().filter(|w| own.contains(*w)).count();
            if said == 0 {
                continue;
            }
            let hits = said + usize::from(branch_holds);
            // The same mention gathered by a parent's Σ, a child's and a relation's summary.
            let repeat = found.iter().any(|(_, (t, _), s)| {
                t == m || {
                    let shared = s.intersection(&own).count();
                    shared * 10 >= s.len().min(own.len()).max(1) * 8
                }
            });
            if !repeat {
                found.push((hits, (m.to_string(), told.clone()), own));
            }
        }
    }
    // Stable: among equals, the order the memory holds them in.
    found.sort_by_key(|f| std::cmp::Reverse(f.0));
    found.into_iter().take(max).map(|(_, t, _)| t).collect()
}

/// Most mentions a bullet keeps when its branch holds a keyword and none of its mentions do.
const UNMATCHED: usize = 3;

/// A bullet's core sentences for a context: the sentence that says the branch recurs ("Camping
/// has come up regularly since 25 May 2023.") as ", regularly since 25 May 2023" after the
/// branch, the rest as they are, without the sentence that names the children in tension (it
/// carries no instance a question asks about).
fn compact_core(branch: &str, core: &str) -> (String, String) {
    let lower_branch = branch.to_lowercase();
    let recurs = [
        format!("{lower_branch} has come up regularly since "),
        format!("{lower_branch} have come up regularly since "),
    ];
    let mut since = String::new();
    let mut rest: Vec<&str> = Vec::new();
    for sentence in core
        .split(". ")
        .map(|t| t.trim().trim_end_matches('.'))
        .filter(|t| !t.is_empty())
    {
        let lower = sentence.to_lowercase();
        if let Some(date) = recurs.iter().find_map(|r| lower.strip_prefix(r.as_str()))
            && since.is_empty()
            && !branch.is_empty()
        {
            // The date as written (its month capitalised): the same length from the end.
            let n = date.chars().count();
            let skip = sentence.chars().count().saturating_sub(n);
            since = format!(", regularly since {}", sentence.chars().skip(skip).collect::<String>());
        } else if !(lower.ends_with(" active tension")) {
            rest.push(sentence);
        }
    }
    let rest = if rest.is_empty() {
        String::new()
    } else {
        format!("{}.", rest.join(". "))
    };
    (since, rest)
}

/// A bullet as a context shows it: "Camping, regularly since 25 May 2023: a (d); b (d)." or,
/// with core sentences, "Reading: Melanie enjoys reading. Mentions: a (d)."
fn bullet_text(head: &str, rest: &str, mentions: &[&str]) -> String {
    let head = head.trim();
    match (rest.is_empty(), mentions.is_empty()) {
        (true, true) if head.is_empty() => String::new(),
        (true, true) => format!("{head}."),
        (true, false) if head.is_empty() => format!("{}.", mentions.join("; ")),
        (true, false) => format!("{head}: {}.", mentions.join("; ")),
        (false, _) => {
            let core = if head.is_empty() {
                rest.to_string()
            } else {
                format!("{head}: {rest}")
            };
            with_mentions(&core, mentions)
        }
    }
}

/// Whether some Σ bullet holds a keyword (so the item is empty because other items carry it).
fn dropped(sigma_lines: &[Bullet], wanted: &HashSet<String>) -> bool {
    sigma_lines.iter().any(|b| holds(&b.line, wanted))
}

/// The core sentence followed by the kept mentions.
fn with_mentions(core: &str, mentions: &[&str]) -> String {
    let mentions: Vec<crate::event::Mention> = mentions
        .iter()
        .map(|m| crate::event::Mention {
            text: (*m).to_string(),
            date: None,
            turns: Vec::new(),
        })
        .collect();
    join_mentions(core, &mentions)
}

/// The branches a Σ names, the one-off ones ("Also mentioned: Pottery and Chess each came up
/// once.") among them.
fn branch_names(sigma_lines: &[Bullet]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for b in sigma_lines {
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
#[path = "concept_text_tests.rs"]
mod tests;
