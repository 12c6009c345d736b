//! Offline RK1, RK2 and RK3.
//!
//! - RK1 condenses a relation's new mentions into a Fact Summary and inferred traits.
//! - RK2 keeps one Σ sentence per recurring branch ("Strength Training: Strength training has
//!   come up regularly since 4 March 2024."), kept verbatim while evidence stays consistent, so
//!   Σ settles; restrictions, injuries and changes go to Δ under "Regarding <branch>:", each with
//!   a status (see [`crate::memory::delta`] and `status.rs`). Tension that persists on a branch
//!   rewrites its Σ sentence ("It has been interrupted since …") only while it stays active: the
//!   phase transition.
//! - RK3 merges the children's Σ bullets into the parent's Σ and keeps their Δ as restrictions.

use super::lexicon::{Cue, Lexicon};
use super::synth::{cue_of, untagged};
use crate::event::profile_text::{mention_date, render_bullet, render_mention};
use crate::event::{Delta, DeltaStatus, RelationSummary, Sigma, SigmaBullet};
use crate::model::{ChildSummary, EvidenceItem, EvidenceKind};
use crate::text::{clip, clip_words, entity_key};

use case::{inline_case, topic_case};
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

fn count_words(n: usize) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{n} times"),
    }
}

fn span_text(items: &[&EvidenceItem]) -> String {
    match date_range(items) {
        Some((a, b)) if a == b => format!(" on {}", day_text(&a)),
        Some((a, b)) => format!(" between {} and {}", day_text(&a), day_text(&b)),
        None => String::new(),
    }
}

/// "2024-03-04" → "4 March 2024".
fn day_text(iso: &str) -> String {
    crate::relative_date::anchor_of(iso).map_or_else(|| iso.to_string(), crate::relative_date::human)
}

/// The person the conclusions are about: the name most of them start with ("Alex", "Alex's").
fn subject_of(evidence: &[EvidenceItem]) -> String {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for e in evidence.iter().filter(|e| e.kind == EvidenceKind::Conclusion) {
        let Some(first) = untagged(&e.text).split_whitespace().next() else {
            continue;
        };
        let name = first
            .trim_end_matches(|c: char| !c.is_alphanumeric())
            .trim_end_matches("'s");
        let name = name.trim_end_matches(|c: char| !c.is_alphanumeric());
        if name.starts_with(char::is_uppercase)
            && !matches!(
                name,
                "The" | "A" | "An" | "No" | "Their" | "His" | "Her" | "It" | "This" | "That" | "Someone" | "Still"
            )
        {
            *counts.entry(name.to_string()).or_default() += 1;
        }
    }
    counts
        .into_iter()
        .max_by_key(|(_, n)| *n)
        .map_or_else(|| "The person".to_string(), |(name, _)| name)
}

/// A conclusion as the second half of "Most recently, …".
fn after_comma(sentence: &str) -> String {
    let first = sentence.split_whitespace().next().unwrap_or("");
    if matches!(first, "The" | "A" | "An" | "No" | "Their" | "Still" | "Someone") {
        let mut c = sentence.chars();
        c.next()
            .map_or_else(String::new, |f| f.to_lowercase().chain(c).collect())
    } else {
        sentence.to_string()
    }
}

/// The person the text is about: the tracked person's name when the task gives it, else the name
/// most conclusions start with. A concept's own word ("Art can be …") is never the person.
fn person_or_subject(person: &str, evidence: &[EvidenceItem]) -> String {
    let person = person.trim();
    if person.is_empty() {
        subject_of(evidence)
    } else {
        person.to_string()
    }
}

/// RK1: Fact Summary plus `Inferred Trait/Interest:` bullets, each a sentence, about `person`
/// (the name most conclusions start with when it is empty).
pub fn rk1(
    lex: &Lexicon,
    person: &str,
    source: &str,
    target: &str,
    evidence: &[EvidenceItem],
    previous: &RelationSummary,
) -> String {
    let raw: Vec<&EvidenceItem> = evidence.iter().filter(|e| e.kind == EvidenceKind::Mention).collect();
    let conclusions: Vec<&EvidenceItem> = evidence.iter().filter(|e| e.kind == EvidenceKind::Conclusion).collect();
    let when = span_text(&raw);
    let topic = topic_case(target);
    let lower = inline_case(target);
    let who = person_or_subject(person, evidence);
    let only_target: BTreeMap<String, String> = std::iter::once((entity_key(target), target.to_string())).collect();
    // Only conclusions that name this relation's activity shape its summary and traits: one
    // that names none ("Melanie is so grateful") says nothing about the activity.
    let target_key = entity_key(target);
    let about: Vec<&&EvidenceItem> = conclusions
        .iter()
        .filter(|c| attribute(lex, &c.text, target, &only_target).is_some())
        .filter(|c| {
            lex.matches(&c.text).any(|m| entity_key(&m.general) == target_key) || gather::about(lex, target, &c.text)
        })
        .collect();
    // The latest thing said about the person's own life; a reply to the listener's news ("so
    // happy for you") is not.
    let latest = about
        .iter()
        .rev()
        .map(|c| whose::without_lead_in(untagged(&c.text)))
        .find(|t| whose::about_person(t, &who))
        .map(|t| {
            format!(
                " Most recently, {}",
                after_comma(&clip_words(&whose::without_recently(&t), 200))
            )
        })
        .unwrap_or_default();
    let summary = if previous.is_empty() {
        format!(
            "{topic} came up {} within {source}{when}.{latest}",
            count_words(raw.len())
        )
    } else {
        format!(
            "Compared with the previous inference, {lower} keeps coming up within {source}: {} more{when}.{latest}",
            count_words(raw.len())
        )
    };
    let condition = lex.names_condition(target);
    let mut inferences: Vec<String> = Vec::new();
    let push = |inferences: &mut Vec<String>, s: String| {
        if !inferences.contains(&s) && inferences.len() < 4 {
            inferences.push(s);
        }
    };
    for c in &about {
        let text = whose::without_lead_in(untagged(&c.text));
        // A trait is the person's only when the line is about the person's own life.
        let own = whose::about_person(&text, &who);
        if whose::to_listener(&text) {
            continue;
        }
        let text = clip_words(&text, 140);
        for cue in cues_of(lex, &c.text) {
            match cue {
                // Nobody enjoys, keeps up or plans around stress or a knee injury.
                Cue::Like | Cue::Habit | Cue::Plan if !own || condition => {}
                Cue::Like => push(&mut inferences, format!("{who} enjoys {lower}.")),
                Cue::Habit => push(&mut inferences, format!("{who} keeps a regular {lower} routine.")),
                Cue::Plan => push(&mut inferences, format!("{who} has plans involving {lower}.")),
                Cue::Change => push(&mut inferences, format!("{topic} changed recently: {text}")),
                c if c.is_restrictive() => push(
                    &mut inferences,
                    format!(
                        "{topic} {} currently restricted: {text}",
                        case::agree(target, "is", "are")
                    ),
                ),
                _ => {}
            }
        }
    }
    if inferences.is_empty() {
        let inner = if who == "The person" {
            "the person".to_string()
        } else {
            who.clone()
        };
        // Mentions that all speak of the listener's activity ("your adoption journey") are
        // someone else's: saying so keeps a reader from taking the topic as the person's own.
        let mentions: Vec<&str> = raw.iter().map(|e| e.text.as_str()).collect();
        let others = !mentions.is_empty()
            && !mentions.iter().any(|m| gather::own_quote(m))
            && mentions.iter().any(|m| gather::quote_to_listener(m));
        if others {
            push(
                &mut inferences,
                format!("{topic} came up as another person's, not as {inner}'s own."),
            );
        } else {
            let is = case::agree(target, "is", "are");
            push(&mut inferences, format!("{topic} {is} a recurring topic for {inner}."));
        }
    }
    // What the relation's mentions said, gathered with what the previous summary had gathered.
    let before = previous.mentions.iter().map(render_mention).collect();
    let all: Vec<&EvidenceItem> = evidence.iter().collect();
    let clauses = gather::merge(lex, target, &who, before, &all);
    let summary = gather::join(&summary, &clauses);
    let mut out = format!("Fact Summary: {summary}\nActionable Inferences:\n");
    for i in inferences {
        out.push_str(&format!("- Inferred Trait/Interest: {i}\n"));
    }
    out
}

/// A previous Σ's bullets, in order: branch, own sentences, and gathered clauses as written.
fn sigma_bullets(sigma: &Sigma) -> Vec<(String, String, Vec<String>)> {
    sigma
        .bullets
        .iter()
        .map(|b| {
            (
                b.branch.clone(),
                b.text.clone(),
                b.mentions.iter().map(render_mention).collect(),
            )
        })
        .collect()
}

const ALSO: &str = "Also mentioned";

/// "Pottery, Baking and Chess each came up once." → the names. A name that holds "and" itself
/// ("Grains and Staples", "Arts and Crafts") stays whole where `known` says it is one.
fn also_names(text: &str, known: &dyn Fn(&str) -> bool) -> Vec<String> {
    let list = text
        .trim_end_matches('.')
        .trim_end_matches(" each came up once")
        .trim_end_matches(" came up once");
    let mut out: Vec<String> = Vec::new();
    for part in list.split(", ") {
        let part = part.strip_prefix("and ").unwrap_or(part);
        let pieces: Vec<&str> = part.split(" and ").map(str::trim).filter(|p| !p.is_empty()).collect();
        let mut i = 0;
        while let Some(first) = pieces.get(i) {
            match pieces.get(i + 1).map(|next| format!("{first} and {next}")) {
                Some(joined) if known(&joined) => {
                    out.push(joined);
                    i += 2;
                }
                _ => {
                    out.push((*first).to_string());
                    i += 1;
                }
            }
        }
    }
    let mut seen: Vec<String> = Vec::new();
    out.retain(|n| {
        let fresh = !seen.contains(&entity_key(n));
        seen.push(entity_key(n));
        fresh
    });
    out
}

fn also_text(names: &[String]) -> String {
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    match refs.as_slice() {
        [one] => format!("{one} came up once."),
        many => format!("{} each came up once.", join_names(many)),
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

/// RK2: `# General Core Facts` (Σ) and `# Specific Domain Facts` (Δ), about `person` (see [`rk1`]).
pub fn rk2(
    lex: &Lexicon,
    person: &str,
    concept: &str,
    sigma: &Sigma,
    delta: &Delta,
    evidence: &[EvidenceItem],
) -> String {
    let mut order: Vec<&str> = Vec::new();
    for e in evidence {
        if !order.contains(&e.facet.as_str()) {
            order.push(&e.facet);
        }
    }
    let mut sig = sigma_bullets(sigma);
    // The one-off branches, and what their single mentions said.
    let (also_core, mut also_clauses) = sig
        .iter()
        .find(|(k, ..)| k == ALSO)
        .map(|(_, core, clauses)| (core.clone(), clauses.clone()))
        .unwrap_or_default();
    // A name is one name when the lexicon files events under it or this batch's evidence has it.
    let known =
        |name: &str| lex.synonyms(name).next().is_some() || order.iter().any(|o| entity_key(o) == entity_key(name));
    let mut also: Vec<String> = also_names(&also_core, &known);
    sig.retain(|(k, ..)| k != ALSO);
    let mut items = delta.items.clone();
    // The concept's activities: this batch's branches and those its Σ and Δ already know.
    let branch_keys: BTreeMap<String, String> = order
        .iter()
        .map(|b| (*b).to_string())
        .chain(sig.iter().map(|(k, ..)| k.clone()).filter(|k| !k.is_empty()))
        .chain(also.iter().cloned())
        .chain(items.iter().map(|i| i.group.clone()))
        .map(|b| (entity_key(&b), b))
        .collect();
    let had_tension: Vec<String> = items
        .iter()
        .filter(|i| i.status == DeltaStatus::Active)
        .map(|i| entity_key(&i.group))
        .collect();
    let now = evidence.iter().filter_map(|e| e.time.map(|t| t.date())).max();
    let who = person_or_subject(person, evidence);

    // Δ: restrictions, injuries, changes and aversions, each under the branch it names.
    let mut fresh: Vec<String> = Vec::new();
    let mut seen_text: Vec<&str> = Vec::new();
    for c in evidence.iter().filter(|e| e.kind == EvidenceKind::Conclusion) {
        let Some(named) = attribute(lex, &c.text, &c.facet, &branch_keys) else {
            continue;
        };
        let date = c.time.map(|t| t.date());
        status::observe(&mut items, &named, untagged(&c.text), date.as_deref());
        if seen_text.contains(&c.text.as_str()) || !cues_of(lex, &c.text).iter().any(|k| k.is_restrictive()) {
            continue;
        }
        seen_text.push(&c.text);
        // A reply to the listener's news is not the person's change or restriction.
        if whose::to_listener(untagged(&c.text)) {
            continue;
        }
        let tag = cue_of(&c.text)
            .or_else(|| cues_of(lex, &c.text).first().copied())
            .map(|k| super::synth::label(k).trim_matches(['[', ']']).to_string());
        let said = whose::without_lead_in(untagged(&c.text));
        let item = status::new_item(&named, tag, clip_words(&said, 200), date);
        if !fresh.contains(&entity_key(&named)) {
            fresh.push(entity_key(&named));
        }
        if !items
            .iter()
            .any(|i| entity_key(&i.group) == entity_key(&named) && i.text == item.text)
        {
            items.push(item);
        }
    }
    status::settle(&mut items, now.as_deref());

    // Σ: one sentence per recurring branch, kept verbatim while evidence stays consistent.
    for branch in &order {
        let branch_items: Vec<&EvidenceItem> = evidence.iter().filter(|e| e.facet == *branch).collect();
        let raw: Vec<&EvidenceItem> = branch_items
            .iter()
            .copied()
            .filter(|e| e.kind == EvidenceKind::Mention)
            .collect();
        let inference = branch_items.iter().rev().find(|e| e.kind == EvidenceKind::Inference);
        let key = entity_key(branch);
        let known = sig.iter().position(|(k, ..)| entity_key(k) == key);
        let was_also = also.iter().any(|a| entity_key(a) == key);
        if !(raw.len() >= 2 || inference.is_some() || known.is_some() || was_also) {
            if !was_also {
                also.push((*branch).to_string());
            }
            also_clauses = gather::merge(lex, branch, &who, std::mem::take(&mut also_clauses), &branch_items);
            continue;
        }
        also.retain(|a| entity_key(a) != key);
        // What the branch's one mention said moves with it into its own bullet.
        let (mine, rest): (Vec<String>, Vec<String>) = std::mem::take(&mut also_clauses)
            .into_iter()
            .partition(|c| gather::about(lex, branch, c));
        also_clauses = rest;
        if let Some(at) = known {
            // A known bullet keeps its sentences and gathers this batch's mentions.
            let before = std::mem::take(&mut sig[at].2).into_iter().chain(mine).collect();
            sig[at].2 = gather::merge(lex, branch, &who, before, &branch_items);
        } else {
            let clauses = gather::merge(lex, branch, &who, mine, &branch_items);
            // A mention that waited under "Also mentioned" is older than this batch: the branch
            // has come up since the first of either ("since 25 August" above a May mention
            // reads as a mistake).
            let first = date_range(&raw)
                .map(|(a, _)| a)
                .into_iter()
                .chain(clauses.iter().filter_map(|c| mention_date(c)))
                .filter_map(|d| crate::relative_date::anchor_of(&d).map(|day| (day, d)))
                .min();
            let since = first
                .map(|(_, a)| a)
                .or_else(|| date_range(&raw).map(|(a, _)| a))
                .map(|a| format!(" since {}", day_text(&a)));
            let mut text = format!(
                "{} {} come up regularly{}.",
                topic_case(branch),
                case::agree(branch, "has", "have"),
                since.unwrap_or_default()
            );
            if let Some(t) = trait_of(lex, &who, branch, inference.copied(), &branch_items) {
                text.push(' ');
                text.push_str(&t);
            }
            sig.push(((*branch).to_string(), text, clauses));
        }
    }
    // Tension that persists across two abstractions reorganises a habit's Σ sentence, whether or
    // not the habit itself was mentioned again (a change is often said about something else); the
    // mark goes once nothing on the branch is active any more.
    for (branch, core, _) in &mut sig {
        let key = entity_key(branch);
        *core = status::reorganise(core, &items, &key, had_tension.contains(&key) && fresh.contains(&key));
    }
    sig.truncate(MAX_SIGMA);
    let items = status::keep_weightiest(items, MAX_DELTA_PER_GROUP, MAX_DELTA_GROUPS);

    let mut out = String::from("# General Core Facts\n");
    for (k, core, clauses) in &sig {
        let v = gather::join(core, clauses);
        if k.is_empty() {
            out.push_str(&format!("- {v}\n"));
        } else {
            out.push_str(&format!("- {k}: {v}\n"));
        }
    }
    if !also.is_empty() {
        out.push_str(&format!(
            "- {ALSO}: {}\n",
            gather::join(&also_text(&also), &also_clauses)
        ));
    }
    if sig.is_empty() && also.is_empty() {
        out.push_str(&format!("- {concept}: Nothing recurs here yet.\n"));
    }
    out.push_str("# Specific Domain Facts\n");
    let mut group: Option<&str> = None;
    for item in &items {
        if group != Some(item.group.as_str()) {
            out.push_str(&format!("Regarding {}:\n", item.group));
            group = Some(&item.group);
        }
        out.push_str(&format!("- {}\n", item.render()));
    }
    out
}

/// The positive trait a recurring branch is known by, as a sentence: an RK1 preference or
/// habit inference, or a preference/habit conclusion.
fn trait_of(
    lex: &Lexicon,
    who: &str,
    branch: &str,
    inference: Option<&EvidenceItem>,
    items: &[&EvidenceItem],
) -> Option<String> {
    let from_inference = inference.and_then(|inf| {
        inf.text
            .lines()
            .filter_map(|l| l.trim().strip_prefix("- Inferred Trait/Interest: "))
            .find(|t| t.contains(" enjoys ") || t.contains(" keeps a regular "))
            .map(str::to_string)
    });
    from_inference.or_else(|| {
        items
            .iter()
            .find(|e| {
                e.kind == EvidenceKind::Conclusion
                    && whose::about_person(untagged(&e.text), who)
                    && cues_of(lex, &e.text)
                        .iter()
                        .any(|c| matches!(c, Cue::Like | Cue::Habit))
                    && lex
                        .matches(&e.text)
                        .any(|m| entity_key(&m.general) == entity_key(branch))
            })
            .map(|e| clip_words(&whose::without_lead_in(untagged(&e.text)), 160))
    })
}

/// RK3: Macro-Law, Core Traits (children's Σ) and Restrictions and Guidelines (children's Δ).
pub fn rk3(concept: &str, children: &[ChildSummary], person: bool) -> String {
    let mut traits: Vec<SigmaBullet> = Vec::new();
    let mut restrictions: Vec<(bool, String)> = Vec::new();
    // The heaviest children first, so their bullets are the ones the cap keeps.
    for child in law::by_weight(children) {
        // Strip lower-tier structure: keep only the factual bullets.
        for b in &child.sigma.bullets {
            if !traits.contains(b) && traits.len() < MAX_RK3_TRAITS {
                traits.push(b.clone());
            }
        }
    }
    // Restrictions in the tree's order, so "the oldest" below stays the first said.
    for child in children {
        for item in &child.delta.items {
            let r = (
                item.status == DeltaStatus::Active,
                format!("{}: {}", item.group, item.render()),
            );
            if !restrictions.contains(&r) {
                restrictions.push(r);
            }
        }
    }
    // Over the cap, what is over goes first, then the oldest.
    while restrictions.len() > MAX_RK3_RESTRICTIONS {
        let at = restrictions.iter().position(|(active, _)| !active).unwrap_or(0);
        restrictions.remove(at);
    }
    let law = law::law(concept, children, person);
    let mut out = format!("# Macro-Law\n{law}\n# Core Traits\n");
    for t in &traits {
        out.push_str(&format!("- {}\n", shorten(t, 400)));
    }
    out.push_str("# Restrictions and Guidelines\n");
    for (_, r) in &restrictions {
        out.push_str(&format!("- {}\n", clip(r, 320)));
    }
    out
}

/// A Σ bullet cut to `max` characters by dropping its oldest gathered mentions first, so what
/// stays is whole clauses.
fn shorten(bullet: &SigmaBullet, max: usize) -> String {
    let mut bullet = bullet.clone();
    let mut text = render_bullet(&bullet);
    while text.chars().count() > max && !bullet.mentions.is_empty() {
        bullet.mentions.remove(0);
        text = render_bullet(&bullet);
    }
    clip(&text, max)
}

fn join_names(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        // A name that holds "and" itself keeps the list readable with a serial comma:
        // "Design and Marketing, and Teaching".
        [init @ .., last] if names.iter().any(|n| n.contains(" and ")) => format!("{}, and {last}", init.join(", ")),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

mod asks;
mod case;
mod clause_ends;
mod gather;
mod law;
mod status;
#[cfg(test)]
mod tests;
mod whose;
