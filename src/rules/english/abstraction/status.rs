//! The status of the offline RK2's Δ items: a restriction with an end date ends by itself, an
//! injury heals when the person says they recovered or may start again, an older change is
//! superseded by a later one on the same branch; and the Σ mark a persisting change leaves on
//! its habit ("It has been interrupted since …") stays only while something on it is active.

use crate::memory::delta::{DeltaItem, DeltaStatus};
use crate::relative_date::{anchor_of, human, restriction_end};
use crate::text::{entity_key, words};

const INTERRUPTED: &str = " It has been interrupted since ";
const CHANGED: &str = " It has changed since ";
const RESUMED: &str = " It resumed on ";

fn iso(d: jiff::civil::Date) -> String {
    format!("{:04}-{:02}-{:02}", d.year(), d.month(), d.day())
}

fn day_text(iso: &str) -> String {
    anchor_of(iso).map_or_else(|| iso.to_string(), human)
}

/// A new Δ item; a restriction that says how long it lasts is active until then.
pub fn new_item(group: &str, tag: Option<String>, text: String, date: Option<String>) -> DeltaItem {
    let until = match (tag.as_deref(), date.as_deref().and_then(anchor_of)) {
        (Some("constraint"), Some(said)) => restriction_end(&text, said).map(iso),
        _ => None,
    };
    DeltaItem {
        group: group.to_string(),
        tag,
        text,
        date,
        status: DeltaStatus::Active,
        status_date: until,
        turns: Vec::new(),
    }
}

/// When a sentence says the person is over a setback: the day it says, or the day it was said.
fn recovery(text: &str, date: Option<&str>) -> Option<String> {
    let ws: Vec<String> = words(text).collect();
    let has = |w: &str| ws.iter().any(|x| x == w);
    let lower = text.to_lowercase();
    let healed = ["healed", "recovered", "pain-free"].iter().any(|w| has(w))
        || [
            "back to normal",
            "no more pain",
            "all better",
            "fully better",
            "pain free",
        ]
        .iter()
        .any(|p| lower.contains(p));
    let again = has("again")
        && ["start", "starting", "resume", "can", "back", "cleared"]
            .iter()
            .any(|w| has(w));
    if !(healed || again) {
        return None;
    }
    let said = date.and_then(anchor_of);
    match said.and_then(|d| restriction_end(text, d)) {
        Some(end) => Some(iso(end)),
        None => date.map(str::to_string),
    }
}

/// What a conclusion about `group` does to the items already there: a recovery sets when the
/// group's injuries and open-ended restrictions end.
pub fn observe(items: &mut [DeltaItem], group: &str, text: &str, date: Option<&str>) {
    let Some(end) = recovery(text, date) else {
        return;
    };
    let key = entity_key(group);
    for item in items
        .iter_mut()
        .filter(|i| entity_key(&i.group) == key && i.status == DeltaStatus::Active)
    {
        let before = item.date.as_deref().is_none_or(|d| date.is_none_or(|now| d <= now));
        let open = item.status_date.is_none() || item.tag.as_deref() == Some("injury");
        if before && open && matches!(item.tag.as_deref(), Some("injury" | "constraint")) {
            item.status_date = Some(end.clone());
        }
    }
}

/// Ends what is over by `now`, supersedes older changes, and heals an injury whose
/// restrictions have all ended.
pub fn settle(items: &mut [DeltaItem], now: Option<&str>) {
    let groups: Vec<String> = items.iter().map(|i| entity_key(&i.group)).collect();
    for key in &groups {
        let latest_change = items
            .iter()
            .filter(|i| entity_key(&i.group) == *key && i.tag.as_deref() == Some("change"))
            .filter_map(|i| i.date.clone())
            .max();
        if let Some(latest) = latest_change {
            for i in items.iter_mut().filter(|i| {
                entity_key(&i.group) == *key
                    && i.tag.as_deref() == Some("change")
                    && i.status == DeltaStatus::Active
                    && i.date.as_ref().is_some_and(|d| *d < latest)
            }) {
                i.status = DeltaStatus::Superseded;
                i.status_date = Some(latest.clone());
            }
        }
    }
    if let Some(now) = now {
        for i in items.iter_mut() {
            let (status, date) = i.status_at(Some(now));
            i.status = status;
            i.status_date = date;
        }
    }
    for key in &groups {
        let constraints: Vec<&DeltaItem> = items
            .iter()
            .filter(|i| entity_key(&i.group) == *key && i.tag.as_deref() == Some("constraint"))
            .collect();
        let all_over = !constraints.is_empty() && constraints.iter().all(|c| c.status != DeltaStatus::Active);
        let ended = constraints.iter().filter_map(|c| c.status_date.clone()).max();
        if all_over {
            for i in items.iter_mut().filter(|i| {
                entity_key(&i.group) == *key && i.tag.as_deref() == Some("injury") && i.status == DeltaStatus::Active
            }) {
                i.status = DeltaStatus::Resolved;
                i.status_date = ended.clone().or_else(|| i.status_date.clone());
            }
        }
    }
}

/// Rewrites a habit's Σ sentence for the tension on its branch: marked while an injury, three
/// restrictions or repeated changes are active, unmarked (and resumed) once none is.
pub fn reorganise(text: &str, items: &[DeltaItem], key: &str, persisted: bool) -> String {
    let on: Vec<&DeltaItem> = items.iter().filter(|i| entity_key(&i.group) == key).collect();
    let active = |tag: &str| {
        on.iter()
            .filter(|i| i.status == DeltaStatus::Active && i.tag.as_deref() == Some(tag))
            .count()
    };
    let changes = on.iter().filter(|i| i.tag.as_deref() == Some("change")).count();
    let word = if active("injury") > 0 || active("constraint") >= 3 {
        Some(INTERRUPTED)
    } else if changes >= 2 && active("change") > 0 {
        Some(CHANGED)
    } else {
        None
    };
    let base = [INTERRUPTED, CHANGED, RESUMED]
        .iter()
        .filter_map(|m| text.find(m))
        .min()
        .and_then(|at| text.get(..at))
        .unwrap_or(text);
    let marked = base.len() < text.len() && !text.contains(RESUMED);
    match word {
        Some(w) if marked || persisted => {
            if text.get(base.len()..).is_some_and(|t| t.starts_with(w)) {
                return text.to_string();
            }
            let since = if w == INTERRUPTED {
                on.iter()
                    .find(|i| i.status == DeltaStatus::Active && i.tag.as_deref() == Some("injury"))
                    .or_else(|| on.iter().find(|i| i.status == DeltaStatus::Active))
            } else {
                on.iter().find(|i| i.tag.as_deref() == Some("change"))
            }
            .and_then(|i| i.date.as_deref())
            .map_or_else(|| "recently".to_string(), day_text);
            format!("{base}{w}{since}.")
        }
        None if marked && text.contains(INTERRUPTED) => {
            let back = on.iter().filter_map(|i| i.status_date.clone()).max();
            match back {
                Some(d) => format!("{base}{RESUMED}{}.", day_text(&d)),
                None => base.to_string(),
            }
        }
        None if marked => base.to_string(),
        _ => text.to_string(),
    }
}

fn rank(item: &DeltaItem) -> (bool, u8) {
    let weight = match item.tag.as_deref() {
        Some("injury") => 4,
        Some("constraint") => 3,
        Some("change") => 2,
        Some("dislike") => 1,
        _ => 0,
    };
    (item.status == DeltaStatus::Active, weight)
}

/// Keeps the weightiest items per branch (active first, then injuries, restrictions, changes),
/// and the most recently touched branches; branches come out together, the latest last.
pub fn keep_weightiest(items: Vec<DeltaItem>, per_group: usize, groups: usize) -> Vec<DeltaItem> {
    let mut order: Vec<(String, String)> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let key = entity_key(&item.group);
        let stamp = format!("{}#{i:06}", item.date.clone().unwrap_or_default());
        match order.iter_mut().find(|(k, _)| *k == key) {
            Some(entry) => entry.1 = entry.1.clone().max(stamp),
            None => order.push((key, stamp)),
        }
    }
    order.sort_by(|a, b| a.1.cmp(&b.1));
    let excess = order.len().saturating_sub(groups);
    order.drain(..excess);
    let mut out = Vec::new();
    for (key, _) in &order {
        let mut ranked: Vec<(usize, &DeltaItem)> = items
            .iter()
            .enumerate()
            .filter(|(_, i)| entity_key(&i.group) == *key)
            .collect();
        ranked.sort_by_key(|(i, item)| (std::cmp::Reverse(rank(item)), std::cmp::Reverse(*i)));
        ranked.truncate(per_group);
        ranked.sort_by_key(|(i, _)| *i);
        out.extend(ranked.into_iter().map(|(_, item)| item.clone()));
    }
    out
}
