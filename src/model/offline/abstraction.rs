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
/// Change conclusions on one branch (across runs) that flip its Σ bullet.
const CHANGES_TO_FLIP: usize = 2;

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
    let raw: Vec<&EvidenceItem> = evidence.iter().filter(|e| e.kind == EvidenceKind::RawEvent).collect();
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
    for c in &conclusions {
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
                c if c.is_restrictive() => push(
                    &mut inferences,
                    format!("{target} is currently restricted or changing: {text}"),
                ),
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
                None => groups.push(("General".into(), vec![b.to_string()])),
            }
        }
    }
    groups
}

const ALSO: &str = "Also mentioned";

/// RK2: `# General Core Facts` (Σ) and `# Specific Domain Facts` (Δ).
pub fn rk2(lex: &Lexicon, concept: &str, sigma: &str, delta: &str, evidence: &[EvidenceItem]) -> String {
    let mut order: Vec<&str> = Vec::new();
    for e in evidence {
        if !order.contains(&e.branch.as_str()) {
            order.push(&e.branch);
        }
    }
    let branch_keys: BTreeMap<String, &str> = order.iter().map(|b| (entity_key(b), *b)).collect();
    let mut sig = sigma_bullets(sigma);
    let mut also: Vec<String> = sig
        .iter()
        .find(|(k, _)| k == ALSO)
        .map(|(_, v)| v.trim_end_matches('.').split(", ").map(str::to_string).collect())
        .unwrap_or_default();
    sig.retain(|(k, _)| k != ALSO);
    let mut groups = delta_groups(delta);

    for branch in &order {
        let items: Vec<&EvidenceItem> = evidence.iter().filter(|e| e.branch == *branch).collect();
        let raw: Vec<&EvidenceItem> = items
            .iter()
            .copied()
            .filter(|e| e.kind == EvidenceKind::RawEvent)
            .collect();
        let inference = items.iter().rev().find(|e| e.kind == EvidenceKind::Inference);
        let known = sig.iter().position(|(k, _)| entity_key(k) == entity_key(branch));
        let was_also = also.iter().any(|a| entity_key(a) == entity_key(branch));
        let recurring = raw.len() >= 2 || inference.is_some() || known.is_some() || was_also;

        // Restrictions, changes and plans, attributed to the branch they name.
        let mut changes = 0;
        for c in items.iter().filter(|e| e.kind == EvidenceKind::Conclusion) {
            let cues = cues_of(lex, &c.text);
            if !cues.iter().any(|k| k.is_restrictive() || *k == Cue::Plan) {
                continue;
            }
            let named = lex
                .matches(&c.text)
                .find_map(|m| branch_keys.get(&entity_key(&m.general)).copied())
                .unwrap_or(branch);
            let date = c.time.map(|t| format!(" ({})", t.date())).unwrap_or_default();
            let bullet = format!("{}{date}", clip(untagged(&c.text), 200));
            if named == *branch && cues.contains(&Cue::Change) {
                changes += 1;
            }
            match groups.iter_mut().find(|(g, _)| entity_key(g) == entity_key(named)) {
                Some((_, bullets)) => {
                    if !bullets.contains(&bullet) {
                        bullets.push(bullet);
                    }
                }
                None => groups.push((named.to_string(), vec![bullet])),
            }
            // A group that just changed moves to the end: the most recent tension is listed last.
            if let Some(i) = groups.iter().position(|(g, _)| entity_key(g) == entity_key(named)) {
                let g = groups.remove(i);
                groups.push(g);
            }
        }

        if !recurring {
            if !was_also {
                also.push((*branch).to_string());
            }
            continue;
        }
        also.retain(|a| entity_key(a) != entity_key(branch));
        let prior_changes = groups
            .iter()
            .find(|(g, _)| entity_key(g) == entity_key(branch))
            .map_or(0, |(_, b)| b.len());
        let since = date_range(&raw).map(|(a, _)| a);
        match known {
            Some(i) => {
                let flipped = sig[i].1.starts_with("previously");
                if !flipped && changes > 0 && changes + prior_changes > CHANGES_TO_FLIP {
                    let when = since.map(|d| format!(" (changed around {d})")).unwrap_or_default();
                    sig[i].1 = format!(
                        "previously {}; no longer the norm{when}",
                        sig[i].1.trim_end_matches('.')
                    );
                }
            }
            None => {
                let trait_line = inference
                    .and_then(|inf| {
                        inf.text
                            .lines()
                            .find_map(|l| l.trim().strip_prefix("- Inferred Trait/Interest: ").map(str::to_string))
                    })
                    .or_else(|| {
                        items
                            .iter()
                            .find(|e| {
                                e.kind == EvidenceKind::Conclusion
                                    && cues_of(lex, &e.text)
                                        .iter()
                                        .any(|c| matches!(c, Cue::Like | Cue::Habit))
                            })
                            .map(|e| clip(untagged(&e.text), 120))
                    });
                let mut text = match &since {
                    Some(d) => format!("recurring since {d}"),
                    None => "recurring".to_string(),
                };
                if let Some(t) = trait_line {
                    text.push_str(&format!("; {t}"));
                }
                sig.push(((*branch).to_string(), text));
            }
        }
    }
    sig.truncate(MAX_SIGMA);
    for (_, bullets) in &mut groups {
        let excess = bullets.len().saturating_sub(MAX_DELTA_PER_GROUP);
        bullets.drain(..excess);
    }
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
        if bullets.is_empty() {
            continue;
        }
        out.push_str(&format!("Regarding {label}:\n"));
        for b in bullets {
            out.push_str(&format!("- {b}\n"));
        }
    }
    out
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
