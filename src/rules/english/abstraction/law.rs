//! RK3's macro-law for the offline model: which children a concept rests on, heaviest first.
//! A person root has all eleven base concepts as children, and "User is shaped by" all of them
//! says nothing; the law names the few that carry the evidence and counts the rest.

use crate::event::DeltaStatus;
use crate::model::ChildSummary;

/// Children named in the law; the others are counted.
const NAMED: usize = 3;

/// How much a child's Σ and Δ hold: a bullet and each of its mentions count one, an active Δ
/// item two (it is what is changing now).
#[must_use]
pub fn weight(child: &ChildSummary) -> usize {
    let sigma: usize = child
        .sigma
        .bullets
        .iter()
        .map(|b| b.mentions.len().saturating_add(1))
        .fold(0, usize::saturating_add);
    let delta = child
        .delta
        .items
        .iter()
        .filter(|i| i.status == DeltaStatus::Active)
        .count();
    sigma.saturating_add(delta.saturating_mul(2))
}

/// The children heaviest first; equal weights keep the tree's order.
#[must_use]
pub fn by_weight(children: &[ChildSummary]) -> Vec<&ChildSummary> {
    let mut out: Vec<&ChildSummary> = children.iter().collect();
    out.sort_by_key(|c| std::cmp::Reverse(weight(c)));
    out
}

/// The law's sentences: "Health is shaped by Fitness and Diet.", or for many children "Work
/// and Study is shaped most by Career, Education and Workplace; 2 other areas come up less.",
/// then the children whose Δ is active ("Fitness shows active tension."). For a person
/// (`person`) the children are what their conversations are about: "Sam's conversations
/// centre on Work and Study and Dining."
#[must_use]
pub fn law(concept: &str, children: &[ChildSummary], person: bool) -> String {
    let ranked = by_weight(children);
    let names: Vec<&str> = ranked.iter().map(|c| c.name.as_str()).collect();
    let carrying: Vec<&str> = ranked
        .iter()
        .filter(|c| weight(c) > 0)
        .map(|c| c.name.as_str())
        .collect();
    let shaped = if person {
        format!("{concept}'s conversations centre on")
    } else {
        format!("{concept} is shaped by")
    };
    let mut law = match (names.as_slice(), carrying.len()) {
        ([one], _) if person => format!("{shaped} {one} so far."),
        ([one], _) => format!("{concept} currently rests on {one} alone; this is a narrow view of {concept}."),
        (_, n) if n > NAMED && person => {
            let named = carrying.get(..NAMED).unwrap_or(&carrying);
            let rest = n.saturating_sub(NAMED);
            let areas = if rest == 1 { "area comes" } else { "areas come" };
            format!("{shaped} {}; {rest} other {areas} up less.", join(named))
        }
        (_, n) if n > NAMED => {
            let named = carrying.get(..NAMED).unwrap_or(&carrying);
            let rest = n.saturating_sub(NAMED);
            let areas = if rest == 1 { "area comes" } else { "areas come" };
            format!(
                "{concept} is shaped most by {}; {rest} other {areas} up less.",
                join(named)
            )
        }
        (_, n) if n > 0 => format!("{shaped} {}.", join(&carrying)),
        (many, _) => format!("{shaped} {}.", join(many)),
    };
    let tense: Vec<&str> = ranked
        .iter()
        .filter(|c| c.delta.items.iter().any(|i| i.status == DeltaStatus::Active))
        .map(|c| c.name.as_str())
        .collect();
    if let Some(named) = tense.get(..tense.len().min(NAMED)).filter(|t| !t.is_empty()) {
        let verb = if named.len() == 1 { "shows" } else { "show" };
        law.push_str(&format!(" {} {verb} active tension", join(named)));
        let rest = tense.len().saturating_sub(named.len());
        if rest > 0 {
            if rest == 1 {
                law.push_str(", as does one more");
            } else {
                law.push_str(&format!(", as do {rest} more"));
            }
        }
        law.push('.');
    }
    law
}

fn join(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::{Delta, Sigma};

    fn child(name: &str, sigma: &str, delta: &str) -> ChildSummary {
        ChildSummary {
            name: name.into(),
            sigma: Sigma::parse(sigma),
            delta: Delta::parse(delta),
        }
    }

    #[test]
    fn many_children_name_the_heaviest_and_count_the_rest() {
        let active = "Regarding Jobs:\n- [change] Sam took a new job. (1 March 2024; active)";
        let children = vec![
            child("Personal Identity and Traits", "", ""),
            child("Health and Wellness", "- Yoga: Yoga recurs.", ""),
            child("Dining", "- Cafés: Cafés recur.", ""),
            child("Travel and Commute", "- Trains: Trains recur.", ""),
            child(
                "Work and Study",
                "- Jobs: Jobs recur. Mentions: Sam applied (1 May 2024); Sam got it (2 May 2024).",
                active,
            ),
        ];
        assert_eq!(
            law("Sam", &children, true),
            "Sam's conversations centre on Work and Study, Health and Wellness and Dining; 1 other area comes \
             up less. Work and Study shows active tension."
        );
        assert_eq!(
            law("Life", &children, false),
            "Life is shaped most by Work and Study, Health and Wellness and Dining; 1 other area comes up less. \
             Work and Study shows active tension."
        );
        let one = vec![child("Work and Study", "- Jobs: Jobs recur.", "")];
        assert_eq!(
            law("Sam", &one, true),
            "Sam's conversations centre on Work and Study so far."
        );
    }

    #[test]
    fn a_few_children_are_all_named_and_empty_ones_left_out() {
        let children = vec![
            child("Fitness", "- Running: Running recurs.", ""),
            child("Diet", "", ""),
            child("Sleep", "- Naps: Naps recur.", ""),
        ];
        assert_eq!(
            law("Health", &children, false),
            "Health is shaped by Fitness and Sleep."
        );
        let empty = vec![child("Fitness", "", ""), child("Diet", "", "")];
        assert_eq!(law("Health", &empty, false), "Health is shaped by Fitness and Diet.");
        let one = vec![child("Fitness", "", "")];
        assert_eq!(
            law("Health", &one, false),
            "Health currently rests on Fitness alone; this is a narrow view of Health."
        );
    }
}
