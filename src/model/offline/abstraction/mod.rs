//! Offline RK1, RK2 and RK3.
//!
//! - RK1 condenses a relation's new mentions into a Fact Summary and inferred traits.
//! - RK2 keeps one Σ bullet per recurring branch ("Strength Training: recurring since …"),
//!   kept verbatim while evidence stays consistent, so Σ settles; restrictions, injuries,
//!   changes and plans go to Δ under "Regarding <branch>:". Repeated changes on a branch
//!   rewrite its Σ bullet: the phase transition.
//! - RK3 merges the children's Σ bullets into the parent's Σ and keeps their Δ as restrictions.

use super::lexicon::{Cue, Lexicon};
use super::synth::{cue_of, untagged};
use crate::model::{ChildSummary, EvidenceItem, EvidenceKind};
use crate::text::{clip, entity_key};
use std::collections::BTreeMap;

const MAX_SIGMA: usize = 10;
const MAX_DELTA_GROUPS: usize = 6;
const MAX_DELTA_PER_GROUP: usize = 3;
const MAX_RK3_TRAITS: usize = 12;
const MAX_RK3_RESTRICTIONS: usize = 8;

fn cues_of(lex: &Lexicon, conclusion: &str) -> Vec<Cue> {
    match cue_of(conclusion) {
        Some(c) => vec![c],
        None => lex.cues(conclusion),
    }
}

fn date_range(items: &[&EvidenceItem]) -> Option<(String, String)> {
    let mut dates: Vec<String> = items.iter().filter_map(|e| e.time.map(|t| t.date())).collect();
    dates.sort();
    Some((dates.first()?.clone(), dates.last()?.clone()))
}

/// RK1: Fact Summary plus `Inferred Trait/Interest:` bullets.
pub fn rk1(lex: &Lexicon, source: &str, target: &str, evidence: &[EvidenceItem], previous: &str) -> String {
    let raw: Vec<&EvidenceItem> = evidence.iter().filter(|e| e.kind == EvidenceKind::Mention).collect();
    let conclusions: Vec<&EvidenceItem> = evidence.iter().filter(|e| e.kind == EvidenceKind::Conclusion).collect();
    let when = match date_range(&raw) {
        Some((a, b)) if a == b => format!(" on {a}"),
        Some((a, b)) => format!(" between {a} and {b}"),
        None => String::new(),
    };
    let latest = raw.last().map(|e| clip(&e.text, 200)).unwrap_or_default();
    let summary = if previous.is_empty() {
        format!(
            "Within {source}, {target} came up {} times{when}; most recently: {latest}.",
            raw.len()
        )
    } else {
        format!(
            "Compared with the previous inference, {target} keeps recurring within {source}: {} new mentions{when}; most recently: {latest}.",
            raw.len()
        )
    };
    let mut inferences: Vec<String> = Vec::new();
    let push = |inferences: &mut Vec<String>, s: String| {
        if !inferences.contains(&s) && inferences.len() < 4 {
            inferences.push(s);
        }
    };
    let only_target: BTreeMap<String, String> = std::iter::once((entity_key(target), target.to_string())).collect();
    // Only conclusions about this relation's activity (or about no activity at all) shape its traits.
    for c in conclusions
        .iter()
        .filter(|c| attribute(lex, &c.text, target, &only_target).is_some())
    {
        for cue in cues_of(lex, &c.text) {
            let text = clip(untagged(&c.text), 140);
            match cue {
                Cue::Like => push(&mut inferences, format!("enjoys {}", target.to_lowercase())),
                Cue::Habit => push(
                    &mut inferences,
                    format!("keeps a regular {} routine", target.to_lowercase()),
                ),
                Cue::Plan => push(
                    &mut inferences,
                    format!("has plans involving {}: {text}", target.to_lowercase()),
                ),
                Cue::Change => push(&mut inferences, format!("{target} changed recently: {text}")),
                c if c.is_restrictive() => push(&mut inferences, format!("{target} is currently restricted: {text}")),
                _ => {}
            }
        }
    }
    if inferences.is_empty() {
        push(&mut inferences, format!("{target} is a recurring topic for the person"));
    }
    let mut out = format!("Fact Summary: {summary}\nActionable Inferences:\n");
    for i in inferences {
        out.push_str(&format!("- Inferred Trait/Interest: {i}\n"));
    }
    out
}

/// Parses "- Branch: text" bullets of a previous Σ, in order.
fn sigma_bullets(sigma: &str) -> Vec<(String, String)> {
    sigma
        .lines()
        .filter_map(|l| l.trim().strip_prefix("- "))
        .map(|b| match b.split_once(": ") {
            Some((k, v)) => (k.to_string(), v.to_string()),
            None => (String::new(), b.to_string()),
        })
        .collect()
}

/// Parses "Regarding X:" groups of a previous Δ, in order.
fn delta_groups(delta: &str) -> Vec<(String, Vec<String>)> {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for line in delta.lines().map(str::trim) {
        if let Some(label) = line.strip_prefix("Regarding ").and_then(|l| l.strip_suffix(':')) {
            groups.push((label.to_string(), Vec::new()));
        } else if let Some(b) = line.strip_prefix("- ") {
            match groups.last_mut() {
                Some(g) => g.1.push(b.to_string()),
                // RK3 output ("Label: restriction") when a concept has both children and its own evidence.
                None => {
                    let (label, rest) = b.split_once(": ").unwrap_or(("General", b));
                    match groups.iter_mut().find(|(g, _)| g == label) {
                        Some(g) => g.1.push(rest.to_string()),
                        None => groups.push((label.to_string(), vec![rest.to_string()])),
                    }
                }
            }
        }
    }
    groups
}

const ALSO: &str = "Also mentioned";

/// How much a Δ bullet matters: injuries and restrictions outrank changes and aversions.
fn tension_rank(bullet: &str) -> u8 {
    match cue_of(bullet) {
        Some(Cue::Injury) => 4,
        Some(Cue::Constraint) => 3,
        Some(Cue::Change) => 2,
        Some(Cue::Dislike) => 1,
        _ => 0,
    }
}

/// The branch a conclusion is about: a branch of this concept it names, else (if it names no
/// known activity at all) the branch it arrived with. Conclusions about other concepts' activities
/// are left to those concepts.
fn attribute(lex: &Lexicon, text: &str, arrived: &str, branches: &BTreeMap<String, String>) -> Option<String> {
    let found: Vec<_> = lex.matches(text).collect();
    // Short one-word patterns ("work", "job") are weak: in "no barbell work" the activity is the barbell.
    let weak = |pattern: &str| !pattern.contains([' ', '*']) && pattern.len() <= 4;
    let strong_exists = found.iter().any(|m| !weak(&m.pattern));
    let mut named_elsewhere = false;
    for m in found.iter().filter(|m| !(strong_exists && weak(&m.pattern))) {
        // A tension that names one of this concept's activities belongs here, even when it also
        // names another concept's (an injury that stops a habit is tension for both).
        if let Some(b) = branches.get(&entity_key(&m.general)) {
            return Some(b.clone());
        }
        named_elsewhere = true;
    }
    (!named_elsewhere).then(|| arrived.to_string())
}

/// RK2: `# General Core Facts` (Σ) and `# Specific Domain Facts` (Δ).
pub fn rk2(lex: &Lexicon, concept: &str, sigma: &str, delta: &str, evidence: &[EvidenceItem]) -> String {
    let mut order: Vec<&str> = Vec::new();
    for e in evidence {
        if !order.contains(&e.facet.as_str()) {
            order.push(&e.facet);
        }
    }
    let mut sig = sigma_bullets(sigma);
    let mut also: Vec<String> = sig
        .iter()
        .find(|(k, _)| k == ALSO)
        .map(|(_, v)| v.trim_end_matches('.').split(", ").map(str::to_string).collect())
        .unwrap_or_default();
    sig.retain(|(k, _)| k != ALSO);
    let mut groups = delta_groups(delta);
    // The concept's activities: this batch's branches and those its Σ and Δ already know.
    let branch_keys: BTreeMap<String, String> = order
        .iter()
        .map(|b| (*b).to_string())
        .chain(sig.iter().map(|(k, _)| k.clone()).filter(|k| !k.is_empty()))
        .chain(also.iter().cloned())
        .chain(groups.iter().map(|(g, _)| g.clone()))
        .map(|b| (entity_key(&b), b))
        .collect();
    let had_tension: Vec<String> = groups
        .iter()
        .filter(|(_, b)| !b.is_empty())
        .map(|(g, _)| entity_key(g))
        .collect();

    // Δ: restrictions, injuries, changes and aversions, each under the branch it names.
    let mut fresh_tension: BTreeMap<String, String> = BTreeMap::new();
    let mut injured: Vec<String> = Vec::new();
    let mut seen_text: Vec<&str> = Vec::new();
    for c in evidence.iter().filter(|e| e.kind == EvidenceKind::Conclusion) {
        if seen_text.contains(&c.text.as_str()) || !cues_of(lex, &c.text).iter().any(|k| k.is_restrictive()) {
            continue;
        }
        seen_text.push(&c.text);
        let Some(named) = attribute(lex, &c.text, &c.facet, &branch_keys) else {
            continue;
        };
        let date = c.time.map(|t| format!(" ({})", t.date())).unwrap_or_default();
        let tag = cue_of(&c.text).map_or_else(
            || cues_of(lex, &c.text).first().map_or("", |k| super::synth::label(*k)),
            super::synth::label,
        );
        let bullet = format!("{tag} {}{date}", clip(untagged(&c.text), 200))
            .trim()
            .to_string();
        // An interruption dates from its injury if there is one, else from its first restriction.
        let day = date.trim().trim_matches(['(', ')']).to_string();
        let entry = fresh_tension.entry(entity_key(&named)).or_insert_with(|| day.clone());
        if cue_of(&bullet) == Some(Cue::Injury) && !injured.contains(&entity_key(&named)) {
            injured.push(entity_key(&named));
            *entry = day;
        }
        let i = match groups.iter().position(|(g, _)| entity_key(g) == entity_key(&named)) {
            Some(i) => i,
            None => {
                groups.push((named.to_string(), Vec::new()));
                groups.len() - 1
            }
        };
        if !groups[i].1.contains(&bullet) {
            groups[i].1.push(bullet);
        }
        // The most recent tension is listed last.
        let g = groups.remove(i);
        groups.push(g);
    }

    // Σ: one bullet per recurring branch, kept verbatim while evidence stays consistent.
    for branch in &order {
        let items: Vec<&EvidenceItem> = evidence.iter().filter(|e| e.facet == *branch).collect();
        let raw: Vec<&EvidenceItem> = items
            .iter()
            .copied()
            .filter(|e| e.kind == EvidenceKind::Mention)
            .collect();
        let inference = items.iter().rev().find(|e| e.kind == EvidenceKind::Inference);
        let key = entity_key(branch);
        let known = sig.iter().position(|(k, _)| entity_key(k) == key);
        let was_also = also.iter().any(|a| entity_key(a) == key);
        if !(raw.len() >= 2 || inference.is_some() || known.is_some() || was_also) {
            if !was_also {
                also.push((*branch).to_string());
            }
            continue;
        }
        also.retain(|a| entity_key(a) != key);
        if known.is_none() {
            let since = date_range(&raw).map(|(a, _)| a);
            let mut text = since.map_or_else(|| "recurring".to_string(), |d| format!("recurring since {d}"));
            if let Some(t) = trait_of(lex, branch, inference.copied(), &items) {
                text.push_str(&format!("; {t}"));
            }
            sig.push(((*branch).to_string(), text));
        }
    }
    // Tension that persists across two abstractions reorganises a habit's Σ bullet, whether or not
    // the habit itself was mentioned again (a change is often said about something else).
    for (branch, text) in &mut sig {
        let key = entity_key(branch);
        let reorganised = text.contains("; interrupted since ") || text.contains("; changed since ");
        if let (true, false, Some(word), Some(fresh)) = (
            had_tension.contains(&key),
            reorganised,
            disruption(&groups, &key),
            fresh_tension.get(&key),
        ) {
            let since = injury_date(&groups, &key).unwrap_or_else(|| fresh.clone());
            let since = if since.is_empty() {
                "recently".to_string()
            } else {
                since
            };
            *text = format!("{}; {word} since {since}", text.trim_end_matches('.'));
        }
    }
    sig.truncate(MAX_SIGMA);
    for (_, bullets) in &mut groups {
        // Keep the weightiest tension, then the most recent.
        let mut ranked: Vec<(usize, String)> = bullets.drain(..).enumerate().collect();
        ranked.sort_by_key(|(i, b)| (std::cmp::Reverse(tension_rank(b)), std::cmp::Reverse(*i)));
        ranked.truncate(MAX_DELTA_PER_GROUP);
        ranked.sort_by_key(|(i, _)| *i);
        *bullets = ranked.into_iter().map(|(_, b)| b).collect();
    }
    groups.retain(|(_, b)| !b.is_empty());
    let excess = groups.len().saturating_sub(MAX_DELTA_GROUPS);
    groups.drain(..excess);

    let mut out = String::from("# General Core Facts\n");
    for (k, v) in &sig {
        if k.is_empty() {
            out.push_str(&format!("- {v}\n"));
        } else {
            out.push_str(&format!("- {k}: {v}\n"));
        }
    }
    if !also.is_empty() {
        out.push_str(&format!("- {ALSO}: {}.\n", also.join(", ")));
    }
    if sig.is_empty() && also.is_empty() {
        out.push_str(&format!("- {concept}: no recurring pattern yet\n"));
    }
    out.push_str("# Specific Domain Facts\n");
    for (label, bullets) in &groups {
        out.push_str(&format!("Regarding {label}:\n"));
        for b in bullets {
            out.push_str(&format!("- {b}\n"));
        }
    }
    out
}

/// Whether a branch's tension is strong enough to reorganise its Σ bullet, and how to say so:
/// an injury interrupts it, repeated changes change it, and many restrictions interrupt it too.
fn disruption(groups: &[(String, Vec<String>)], key: &str) -> Option<&'static str> {
    let bullets: Vec<&String> = groups
        .iter()
        .filter(|(g, _)| entity_key(g) == key)
        .flat_map(|(_, b)| b)
        .collect();
    let count = |cue: Cue| bullets.iter().filter(|b| cue_of(b) == Some(cue)).count();
    if count(Cue::Injury) > 0 || count(Cue::Constraint) >= 3 {
        Some("interrupted")
    } else if count(Cue::Change) >= 2 {
        Some("changed")
    } else {
        None
    }
}

/// The date of the injury behind a branch's tension, from its Δ bullet's "(YYYY-MM-DD)".
fn injury_date(groups: &[(String, Vec<String>)], key: &str) -> Option<String> {
    groups
        .iter()
        .filter(|(g, _)| entity_key(g) == key)
        .flat_map(|(_, b)| b)
        .find(|b| cue_of(b) == Some(Cue::Injury))
        .and_then(|b| {
            b.trim_end()
                .strip_suffix(')')?
                .rsplit_once('(')
                .map(|(_, d)| d.to_string())
        })
}

/// The positive trait a recurring branch is known by: an RK1 preference or habit inference, or
/// a preference/habit conclusion.
fn trait_of(lex: &Lexicon, branch: &str, inference: Option<&EvidenceItem>, items: &[&EvidenceItem]) -> Option<String> {
    let from_inference = inference.and_then(|inf| {
        inf.text
            .lines()
            .filter_map(|l| l.trim().strip_prefix("- Inferred Trait/Interest: "))
            .find(|t| t.starts_with("enjoys") || t.starts_with("keeps a regular"))
            .map(str::to_string)
    });
    from_inference.or_else(|| {
        items
            .iter()
            .find(|e| {
                e.kind == EvidenceKind::Conclusion
                    && cues_of(lex, &e.text)
                        .iter()
                        .any(|c| matches!(c, Cue::Like | Cue::Habit))
                    && lex
                        .matches(&e.text)
                        .any(|m| entity_key(&m.general) == entity_key(branch))
            })
            .map(|e| clip(untagged(&e.text), 120))
    })
}

/// RK3: Macro-Law, Core Traits (children's Σ) and Restrictions and Guidelines (children's Δ).
pub fn rk3(concept: &str, children: &[ChildSummary]) -> String {
    let mut traits: Vec<String> = Vec::new();
    let mut restrictions: Vec<String> = Vec::new();
    let mut tense: Vec<&str> = Vec::new();
    for child in children {
        for line in child.sigma.lines().map(str::trim) {
            // Strip lower-tier structure: keep only the factual bullets.
            if let Some(b) = line.strip_prefix("- ")
                && !traits.iter().any(|t| t == b)
                && traits.len() < MAX_RK3_TRAITS
            {
                traits.push(b.to_string());
            }
        }
        // RK2 output groups restrictions under "Regarding X:"; RK3 output already prefixes them.
        let mut label: Option<&str> = None;
        for line in child.delta.lines().map(str::trim) {
            if let Some(l) = line.strip_prefix("Regarding ").and_then(|l| l.strip_suffix(':')) {
                label = Some(l);
            } else if let Some(b) = line.strip_prefix("- ") {
                let r = label.map_or_else(|| b.to_string(), |l| format!("{l}: {b}"));
                if !restrictions.contains(&r) {
                    restrictions.push(r);
                }
                if !tense.contains(&child.name.as_str()) {
                    tense.push(&child.name);
                }
            }
        }
    }
    let excess = restrictions.len().saturating_sub(MAX_RK3_RESTRICTIONS);
    restrictions.drain(..excess);
    let names: Vec<&str> = children.iter().map(|c| c.name.as_str()).collect();
    let mut law = match names.as_slice() {
        [one] => format!("{concept} currently rests on {one} alone; this is a narrow view of {concept}."),
        many => format!("{concept} is shaped by {}.", join_names(many)),
    };
    if !tense.is_empty() {
        law.push_str(&format!(" Active tension in {}.", join_names(&tense)));
    }
    let mut out = format!("# Macro-Law\n{law}\n# Core Traits\n");
    for t in &traits {
        out.push_str(&format!("- {}\n", clip(t, 240)));
    }
    out.push_str("# Restrictions and Guidelines\n");
    for r in &restrictions {
        out.push_str(&format!("- {}\n", clip(r, 240)));
    }
    out
}

fn join_names(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests;
