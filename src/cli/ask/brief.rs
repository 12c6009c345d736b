//! `ask` without `--context`: the answer first, then the context item it rests on and the turns
//! behind that item, then one line counting the other items. A newcomer wants the answer and
//! why to believe it; the whole context (often hundreds of lines) is one flag away.

use rgmem::engine::Answer;
use rgmem::ids::TurnId;
use rgmem::memory::Memory;
use rgmem::retrieval::turn_line;
use rgmem::retrieval::{Item, Layer};
use rgmem::text::clip;
use std::collections::HashSet;

/// Turns shown under the support; the rest are counted.
const TURNS_SHOWN: usize = 3;
/// Characters of an item or turn shown.
const TEXT_SHOWN: usize = 300;

/// The answer, its support with the turns behind it, and a count of the rest of the context.
#[must_use]
pub fn describe(answer: &Answer, model: &str, memory: &Memory) -> String {
    let context = &answer.context;
    let note = answer.note.map(|n| format!(" ({n})")).unwrap_or_default();
    let mut out = format!("answer ({model}): {}{note}\n", answer.text);
    let support = answer
        .support
        .as_deref()
        .map(|s| (s, supporting_item(&context.items, s)));
    match support {
        Some((_, Some(index))) => {
            let item = &context.items[index];
            out.push_str(&format!(
                "  from: [{:?}] {}\n",
                item.layer,
                clip(&item.text, TEXT_SHOWN)
            ));
            out.push_str(&turns_behind(item, memory));
        }
        Some((text, None)) => out.push_str(&format!("  from: {}\n", clip(text, TEXT_SHOWN))),
        None => {}
    }
    let shown = usize::from(matches!(support, Some((_, Some(_)))));
    let others = context.items.len().saturating_sub(shown);
    out.push_str(&format!(
        "{others} {}context {}, {} tokens in all (--context lists every item and why it is there)\n",
        if shown == 1 { "other " } else { "" },
        if others == 1 { "item" } else { "items" },
        context.tokens()
    ));
    out
}

/// The item a support line names: the one whose text it is, else the first that holds it (or is
/// held in it, for a model that quotes more than one item's words).
fn supporting_item(items: &[Item], support: &str) -> Option<usize> {
    let wanted = normal(support);
    if wanted.is_empty() {
        return None;
    }
    items.iter().position(|i| normal(&i.text) == wanted).or_else(|| {
        items.iter().position(|i| {
            let text = normal(&i.text);
            text.contains(&wanted) || (text.chars().count() >= 12 && wanted.contains(&text))
        })
    })
}

/// Lowercase words separated by single spaces, without the final full stop.
fn normal(text: &str) -> String {
    let words: Vec<String> = text.split_whitespace().map(str::to_lowercase).collect();
    words.join(" ").trim_end_matches(['.', '!', '?']).to_string()
}

/// The turns behind an item that say most of what it says (by words shared with it), in the
/// order they were said; a turn item is its own turn and gets no list. A conclusion drawn from a
/// whole segment rests on one or two of its turns, and those are the ones worth reading.
fn turns_behind(item: &Item, memory: &Memory) -> String {
    let turns = &item.provenance.turns;
    if turns.is_empty() || (turns.len() == 1 && item.layer == Layer::Turn) {
        return String::new();
    }
    let said = words(&item.text);
    let mut scored: Vec<(usize, TurnId)> = turns
        .iter()
        .filter(|t| memory.turns.get(t.index()).is_some())
        .map(|t| (words(&memory.turns[t.index()].said()).intersection(&said).count(), *t))
        .collect();
    // The most words shared first; among equals, the earliest.
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let best = scored.first().map_or(0, |s| s.0);
    let mut chosen: Vec<TurnId> = scored
        .iter()
        .take_while(|(n, _)| *n * 2 >= best && *n > 0)
        .take(TURNS_SHOWN)
        .map(|(_, t)| *t)
        .collect();
    if chosen.is_empty() {
        chosen = scored.iter().take(TURNS_SHOWN).map(|(_, t)| *t).collect();
    }
    chosen.sort();
    let span = match (turns.first(), turns.last()) {
        (Some(a), Some(b)) if turns.len() > 1 => format!("turns {a}–{b}"),
        (Some(a), _) => format!("turn {a}"),
        _ => String::new(),
    };
    let mut out = if chosen.len() == turns.len() {
        format!("  behind it, {span}:\n")
    } else {
        let which = if chosen.len() == 1 {
            "the one that says it"
        } else {
            "the ones that say it"
        };
        format!("  behind it, {span}; {which}:\n")
    };
    for t in chosen {
        out.push_str(&format!("    {t} {}\n", clip(&turn_line(memory, t), TEXT_SHOWN)));
    }
    if turns.iter().any(|t| memory.turns.get(t.index()).is_none()) {
        out.push_str("    (some of them are not in the memory at this point)\n");
    }
    out
}

/// The lowercase words of three letters or more in a text.
fn words(text: &str) -> HashSet<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_lowercase)
        .collect()
}
