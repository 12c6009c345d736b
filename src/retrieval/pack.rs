//! Packing a token budget by value per token: the item that adds the most new evidence for its
//! size (gain over the square root of its tokens) goes in next, whatever its layer. An item's gain is its retrieval value, discounted for the
//! question keywords that items already packed cover (so a second keyword, a second hop, gets
//! its own evidence) and for the items already packed from its session (so evidence spreads
//! across sessions). Where a long turn no longer fits whole, it may go in as its brief (the
//! sentences that hold the question's keywords), widened to the whole turn if room is left; a
//! group header (a session's date) is paid for once, by the first item under it.

use super::context::{Item, Layer};
use super::floor::Reserve;
use crate::text::estimate_tokens;
use std::collections::HashMap;

/// Discount on a keyword's weight for each packed item that already covers it (0.5 and 0.85
/// below before gain was divided by the square root of the size: with long turns in, a milder
/// discount keeps the retrieval order; tuning pair 500 / 1000: +1.9 / +0.8, held-out conv-48
/// +1.2 / −0.1).
const COVERED: f64 = 0.7;
/// Discount for each packed item from the same session.
const SAME_SESSION: f64 = 0.9;
/// Share of an item's gain that does not depend on which keywords it covers (0.35 before the
/// reply to a matching question ranked with it; 0.5 keeps more of the retrieval order).
const BASE: f64 = 0.5;
/// Exponent on an item's cost where its gain is divided by it. At 1 (gain per token) a short
/// turn that holds a keyword and little else ("Thanks, Mel, support is the best!") beats a long
/// one that ranks well and carries the answer; at 0.5 a long item pays for its length but a
/// good rank still counts (tuning pair: +2.9 answer-token recall at 500, +4.8 evidence); 0.6
/// once turns that say nothing of their own weigh less (dev 1000: +0.1, held-out conv-48 +0.2).
const SIZE: f64 = 0.6;
/// Share of a turn's value its brief carries: the rest is in the sentences it leaves out.
const BRIEF: f64 = 0.7;
/// Share of a turn's value that widening its brief to the whole turn adds.
const WIDEN: f64 = 0.3;

/// What packing needs to know of one item besides its text.
#[derive(Debug, Clone, Default)]
pub struct Facets {
    /// The question keywords (stems) the item holds, with their weights.
    pub keywords: Vec<(String, f64)>,
    /// The session the item comes from, for items tied to one.
    pub session: Option<u32>,
    /// A shorter text for the item (its sentences that hold the question's keywords).
    pub brief: Option<String>,
    /// For a turn that goes in first (`floor`): the reserve it draws on and its rank there.
    pub first: Option<(Reserve, usize)>,
}

/// How much of an item is packed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kept {
    Out,
    Brief,
    Whole,
}

/// What is packed so far: the headings paid for, the keywords and sessions covered.
#[derive(Default)]
struct Packed<'a> {
    used: u32,
    layers: Vec<Layer>,
    groups: Vec<(Layer, String)>,
    covered: HashMap<&'a str, u32>,
    sessions: HashMap<u32, u32>,
}

impl<'a> Packed<'a> {
    /// The tokens of the headings an item would open (its layer's section, its group's header).
    fn heading(&self, item: &Item) -> u32 {
        let mut heading = if self.layers.contains(&item.layer) {
            0
        } else {
            estimate_tokens(item.layer.heading()) + 3
        };
        if let Some(g) = &item.group
            && !self.groups.iter().any(|(l, h)| *l == item.layer && h == g)
        {
            heading += Item::group_tokens(g);
        }
        heading
    }

    /// Records an item packed for the first time.
    fn admit(&mut self, item: &Item, f: Option<&'a Facets>) {
        if !self.layers.contains(&item.layer) {
            self.layers.push(item.layer);
        }
        if let Some(g) = &item.group {
            self.groups.push((item.layer, g.clone()));
        }
        if let Some(f) = f {
            for (k, _) in &f.keywords {
                *self.covered.entry(k.as_str()).or_insert(0) += 1;
            }
            if let Some(s) = f.session {
                *self.sessions.entry(s).or_insert(0) += 1;
            }
        }
    }
}

/// Keeps the items that fit `budget` tokens (section and group headings included), in their
/// original order; an item kept as its brief shows the brief. The items that go in first (see
/// `floor`) do so whole, reserve by reserve, in their rank order, each reserve within its share
/// of the budget; then the best gain per token first. Returns how many were dropped.
pub fn pack(items: &mut Vec<Item>, facets: &[Facets], budget: u32) -> usize {
    let n = items.len();
    let mut kept = vec![Kept::Out; n];
    let mut state = Packed::default();
    let empty = Facets::default();
    let briefs: Vec<Option<(&str, u32)>> = (0..n)
        .map(|i| {
            facets
                .get(i)
                .and_then(|f| f.brief.as_deref())
                .map(|b| (b, estimate_tokens(b) + 1))
                .filter(|(_, t)| *t < items[i].tokens)
        })
        .collect();
    // Each reserve in turn: its items whole, best first, within its share of the budget.
    let mut first: Vec<((Reserve, usize), usize)> = facets
        .iter()
        .enumerate()
        .filter_map(|(i, f)| f.first.map(|r| (r, i)))
        .filter(|(_, i)| *i < n)
        .collect();
    first.sort_unstable();
    let mut reserve: Option<(Reserve, u32)> = None;
    for ((r, _), i) in first {
        let cap = match reserve {
            Some((current, cap)) if current == r => cap,
            _ => {
                let cap = state.used.saturating_add(share_of(budget, r.share()));
                reserve = Some((r, cap));
                cap
            }
        };
        let cost = items[i].tokens + state.heading(&items[i]);
        if state.used.saturating_add(cost) <= cap {
            kept[i] = Kept::Whole;
            state.used += cost;
            state.admit(&items[i], facets.get(i));
        }
    }
    loop {
        // (density, item, what it becomes, cost)
        let mut best: Option<(f64, usize, Kept, u32)> = None;
        let used = state.used;
        let mut consider = |density: f64, i: usize, to: Kept, cost: u32| {
            if used.saturating_add(cost) <= budget && best.is_none_or(|(d, ..)| density > d) {
                best = Some((density, i, to, cost));
            }
        };
        for i in 0..n {
            let item = &items[i];
            if kept[i] == Kept::Brief {
                let extra = item.tokens.saturating_sub(briefs[i].map_or(0, |b| b.1));
                consider(
                    item.value * WIDEN / f64::from(extra.max(1)).powf(SIZE),
                    i,
                    Kept::Whole,
                    extra,
                );
                continue;
            }
            if kept[i] == Kept::Whole {
                continue;
            }
            let heading = state.heading(item);
            let f = facets.get(i).unwrap_or(&empty);
            let gain = item.value * novelty(f, &state.covered) * spread(f, &state.sessions);
            let cost = item.tokens + heading;
            consider(gain / f64::from(cost.max(1)).powf(SIZE), i, Kept::Whole, cost);
            // A brief loses the whole turn as evidence: it only fills room the whole turn
            // would not fit in.
            if let Some((_, t)) = briefs[i].filter(|_| used.saturating_add(cost) > budget) {
                let cost = t + heading;
                consider(gain * BRIEF / f64::from(cost.max(1)).powf(SIZE), i, Kept::Brief, cost);
            }
        }
        let Some((_, i, to, cost)) = best else { break };
        let first = kept[i] == Kept::Out;
        kept[i] = to;
        state.used += cost;
        if first {
            state.admit(&items[i], facets.get(i));
        }
    }
    for (i, item) in items.iter_mut().enumerate() {
        if kept[i] == Kept::Brief
            && let Some((text, tokens)) = briefs[i]
        {
            item.show_brief(text, tokens);
        }
    }
    let before = items.len();
    let mut k = kept.into_iter();
    items.retain(|_| k.next().is_some_and(|k| k != Kept::Out));
    before - items.len()
}

/// `share` of `budget` tokens, rounded down.
fn share_of(budget: u32, share: f64) -> u32 {
    // Shares are within 0..1, so the product is within 0..=budget.
    let tokens = (f64::from(budget) * share.clamp(0.0, 1.0)).floor();
    u32::try_from(tokens as u64).unwrap_or(budget)
}

/// The share of an item's gain left once packed items cover some of its keywords.
fn novelty(f: &Facets, covered: &HashMap<&str, u32>) -> f64 {
    let total: f64 = f.keywords.iter().map(|(_, w)| w).sum();
    if total <= 0.0 {
        return BASE;
    }
    let fresh: f64 = f
        .keywords
        .iter()
        .map(|(k, w)| w * COVERED.powi(times(covered.get(k.as_str()).copied())))
        .sum();
    BASE + (1.0 - BASE) * fresh / total
}

/// The discount for the items already packed from the item's session.
fn spread(f: &Facets, sessions: &HashMap<u32, u32>) -> f64 {
    f.session
        .map_or(1.0, |s| SAME_SESSION.powi(times(sessions.get(&s).copied())))
}

fn times(n: Option<u32>) -> i32 {
    n.unwrap_or(0).try_into().unwrap_or(i32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::retrieval::{Provenance, Scores};

    fn item(layer: Layer, words: usize, value: f64) -> Item {
        Item::new(
            layer,
            vec!["word"; words].join(" "),
            Scores::default(),
            value,
            String::new(),
            Provenance::default(),
        )
    }

    fn facets(keywords: &[&str], session: u32) -> Facets {
        Facets {
            keywords: keywords.iter().map(|k| ((*k).to_string(), 1.0)).collect(),
            session: Some(session),
            brief: None,
            first: None,
        }
    }

    #[test]
    fn the_densest_item_goes_first_whatever_its_layer() {
        // A short fact worth 0.5 carries more per token than a long turn worth 0.9.
        let mut items = vec![item(Layer::Turn, 60, 0.9), item(Layer::Fact, 10, 0.5)];
        let f = vec![facets(&["paint"], 1), facets(&["paint"], 2)];
        let dropped = pack(&mut items, &f, 30);
        assert_eq!(dropped, 1);
        assert_eq!(items[0].layer, Layer::Fact);
    }

    #[test]
    fn a_long_item_that_ranks_well_beats_a_short_one_that_ranks_poorly() {
        // Per token (heading included) the short item is denser, 0.3 / 18 against 1.0 / 63,
        // but the long one is worth more than three times as much.
        let mut items = vec![item(Layer::Turn, 4, 0.3), item(Layer::Turn, 40, 1.0)];
        let f = vec![facets(&["paint"], 1), facets(&["paint"], 2)];
        let heading = estimate_tokens(Layer::Turn.heading()) + 3;
        pack(&mut items, &f, heading + 55);
        assert_eq!(items.len(), 1);
        assert!((items[0].value - 1.0).abs() < 1e-9, "the long item is kept");
    }

    #[test]
    fn a_second_keyword_gets_its_own_evidence() {
        // Two items on "paint" and one on "camp", equal in value and size: after the first
        // "paint" item, the "camp" item adds more.
        let mut items = vec![
            item(Layer::Turn, 20, 1.0),
            item(Layer::Turn, 20, 1.0),
            item(Layer::Turn, 20, 0.9),
        ];
        let f = vec![facets(&["paint"], 1), facets(&["paint"], 1), facets(&["camp"], 2)];
        pack(&mut items, &f, 70);
        assert_eq!(items.len(), 2);
        assert!((items[1].value - 0.9).abs() < 1e-9, "the camping item is kept");
    }

    #[test]
    fn a_group_header_is_paid_for_once() {
        // Three turns under one date fit where they would not if each paid the header.
        let mut items: Vec<Item> = (0..3)
            .map(|_| item(Layer::Turn, 9, 1.0).in_group("8 May 2023".into()))
            .collect();
        let heading = estimate_tokens(Layer::Turn.heading()) + 3;
        let group = Item::group_tokens("8 May 2023");
        let budget = heading + group + 3 * items[0].tokens;
        let f = vec![facets(&["paint"], 1), facets(&["camp"], 1), facets(&["lake"], 1)];
        assert_eq!(pack(&mut items, &f, budget), 0, "all three fit under one header");
        let mut other: Vec<Item> = (0..3)
            .map(|d| item(Layer::Turn, 9, 1.0).in_group(format!("{} May 2023", d + 1)))
            .collect();
        assert_eq!(pack(&mut other, &f, budget), 1, "three headers leave room for two");
    }

    #[test]
    fn a_long_turn_goes_in_as_its_brief_when_the_budget_is_tight() {
        let whole = item(Layer::Turn, 40, 1.0);
        let brief = "Sam: … I went camping at the lake. …".to_string();
        let f = vec![Facets {
            brief: Some(brief.clone()),
            ..facets(&["camp"], 1)
        }];
        let mut tight = vec![whole.clone()];
        pack(&mut tight, &f, 30);
        assert_eq!(tight.len(), 1);
        assert_eq!(tight[0].text, brief, "only the sentence that holds the keyword");
        assert!(tight[0].tokens < whole.tokens);
        let mut loose = vec![whole.clone()];
        pack(&mut loose, &f, 100);
        assert_eq!(
            loose[0].text, whole.text,
            "with room to spare the brief widens to the whole turn"
        );
    }

    #[test]
    fn the_floor_goes_in_first_within_its_share() {
        // Four items of one size: a dense one (1.0), a plain one (0.5) and two the floor ranks
        // first (0.1 each). The budget holds two; the floor's share holds one of its own.
        let mut items = vec![
            item(Layer::Turn, 300, 1.0),
            item(Layer::Turn, 300, 0.5),
            item(Layer::Turn, 300, 0.1),
            item(Layer::Turn, 300, 0.1),
        ];
        let mut f: Vec<Facets> = ["paint", "camp", "lake", "hike"]
            .iter()
            .zip(1..)
            .map(|(k, s)| facets(&[k], s))
            .collect();
        f[2].first = Some((Reserve::Floor, 0));
        f[3].first = Some((Reserve::Floor, 1));
        let heading = estimate_tokens(Layer::Turn.heading()) + 3;
        let size = items[0].tokens;
        let budget = ((f64::from(heading + size) / Reserve::Floor.share()).ceil() as u32) + 1;
        assert!(budget >= heading + 2 * size && budget < heading + 3 * size);
        pack(&mut items, &f, budget);
        let values: Vec<f64> = items.iter().map(|i| i.value).collect();
        assert_eq!(values, vec![1.0, 0.1], "the floor's first item, then the densest");
    }
}
