//! Packing a token budget by value per token: the item that adds the most new evidence per token
//! goes in next, whatever its layer. An item's gain is its retrieval value, discounted for the
//! question keywords that items already packed cover (so a second keyword, a second hop, gets
//! its own evidence) and for the items already packed from its session (so evidence spreads
//! across sessions).

use super::context::{Item, Layer};
use crate::text::estimate_tokens;
use std::collections::HashMap;

/// Discount on a keyword's weight for each packed item that already covers it.
const COVERED: f64 = 0.5;
/// Discount for each packed item from the same session.
const SAME_SESSION: f64 = 0.85;
/// Share of an item's gain that does not depend on which keywords it covers.
const BASE: f64 = 0.35;

/// What packing needs to know of one item besides its text.
#[derive(Debug, Clone, Default)]
pub struct Facets {
    /// The question keywords (stems) the item holds, with their weights.
    pub keywords: Vec<(String, f64)>,
    /// The session the item comes from, for items tied to one.
    pub session: Option<u32>,
}

/// Keeps the items that fit `budget` tokens (section headings included), best gain per token
/// first, in their original order. Returns how many were dropped.
pub fn pack(items: &mut Vec<Item>, facets: &[Facets], budget: u32) -> usize {
    let n = items.len();
    let mut keep = vec![false; n];
    let mut used = 0u32;
    let mut layers: Vec<Layer> = Vec::new();
    let mut covered: HashMap<&str, u32> = HashMap::new();
    let mut sessions: HashMap<u32, u32> = HashMap::new();
    let empty = Facets::default();
    loop {
        let mut best: Option<(f64, usize, u32)> = None;
        for i in 0..n {
            if keep[i] {
                continue;
            }
            let heading = if layers.contains(&items[i].layer) {
                0
            } else {
                estimate_tokens(items[i].layer.heading()) + 3
            };
            let cost = items[i].tokens + heading;
            if used.saturating_add(cost) > budget {
                continue;
            }
            let f = facets.get(i).unwrap_or(&empty);
            let total: f64 = f.keywords.iter().map(|(_, w)| w).sum();
            let fresh: f64 = f
                .keywords
                .iter()
                .map(|(k, w)| {
                    w * COVERED.powi(
                        covered
                            .get(k.as_str())
                            .copied()
                            .unwrap_or(0)
                            .try_into()
                            .unwrap_or(i32::MAX),
                    )
                })
                .sum();
            let novelty = if total > 0.0 {
                BASE + (1.0 - BASE) * fresh / total
            } else {
                BASE
            };
            let spread = f.session.map_or(1.0, |s| {
                SAME_SESSION.powi(sessions.get(&s).copied().unwrap_or(0).try_into().unwrap_or(i32::MAX))
            });
            let density = items[i].value * novelty * spread / f64::from(cost.max(1));
            if best.is_none_or(|(d, _, _)| density > d) {
                best = Some((density, i, cost));
            }
        }
        let Some((_, i, cost)) = best else { break };
        keep[i] = true;
        used += cost;
        if !layers.contains(&items[i].layer) {
            layers.push(items[i].layer);
        }
        if let Some(f) = facets.get(i) {
            for (k, _) in &f.keywords {
                *covered.entry(k.as_str()).or_insert(0) += 1;
            }
            if let Some(s) = f.session {
                *sessions.entry(s).or_insert(0) += 1;
            }
        }
    }
    let before = items.len();
    let mut k = keep.into_iter();
    items.retain(|_| k.next().unwrap_or(false));
    before - items.len()
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
}
