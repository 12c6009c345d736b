//! The slots each person has stated (age, home, occupation, who someone is to them), in the order
//! said. Nothing is overwritten: the current value of a slot is its latest statement, and the
//! earlier ones stay as its history, so a question about the change can still be answered.

use super::Memory;
use crate::event::{Holder, PERIOD_ADVERBS, Slot};
use crate::ids::{ConceptId, EpisodeId, TurnId};
use crate::text::entity_key;
use crate::time::Timestamp;
use serde::{Deserialize, Serialize};

/// One statement of a slot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SlotEntry {
    /// The person root whose memory it is.
    pub person: ConceptId,
    /// The episode it was said in.
    pub episode: EpisodeId,
    /// The turn that says it.
    pub turn: TurnId,
    /// Whose slot.
    pub holder: Holder,
    /// Which slot.
    pub slot: Slot,
    /// The value as said.
    pub value: String,
    /// What a setting or version is of ("rate limit", "Flask").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub what: Option<String>,
    /// When the turn was said.
    pub time: Option<Timestamp>,
}

fn holder_key(h: &Holder) -> String {
    match h {
        Holder::Person => String::new(),
        Holder::Named(n) => entity_key(n),
    }
}

/// What makes two statements the same slot: the holder, and for a setting the noun it ends in
/// with the value's unit ("the rate limit … 100 requests per minute" and "the limit … 120
/// requests per minute" are one), for a version the tool.
fn slot_key(e: &SlotEntry) -> (Slot, String) {
    let holder = holder_key(&e.holder);
    let what = e.what.as_deref().unwrap_or_default();
    let key = match e.slot {
        Slot::Setting => {
            let head = what.split_whitespace().last().unwrap_or_default();
            // The unit is what follows the number ("around 6000 dollars" → "dollars").
            // A period said as an adverb ("$500 monthly") is said as often in the name ("monthly
            // contributions … $475"): it tells the same setting either way.
            // So is a period said as a phrase right after the value ("$58,000 a year" and
            // "$52,000 annually"); "100 requests per minute" keeps its rate.
            let mut unit: Vec<&str> = e
                .value
                .split_whitespace()
                .skip_while(|w| !w.contains(|c: char| c.is_ascii_digit()))
                .skip(1)
                .filter(|w| !PERIOD_ADVERBS.contains(&w.to_lowercase().as_str()))
                .collect();
            let per = |join: &str, period: &str, joins: &[&str]| {
                joins.contains(&join.to_lowercase().as_str())
                    && PERIODS.contains(&period.to_lowercase().trim_end_matches('s'))
            };
            if let [join, period, ..] = unit.as_slice()
                && per(join, period, &["a", "an", "per", "each", "every"])
            {
                unit.drain(..2);
            }
            // …and so is one after the unit ("520 pounds a month" and "560 pounds" are one rent).
            if let [.., join, period] = unit.as_slice()
                && per(join, period, &["a", "an", "each", "every"])
            {
                unit.truncate(unit.len().saturating_sub(2));
            }
            // A rate's unit ("requests per minute") names the setting by itself: "the limiter
            // allows 100" and "the new rate limit of 120" are one setting.
            // The numbers inside a unit are more of the value: a span of times of day ("9 AM-5
            // PM", "8:30 AM–4:30 PM") has the unit "AM PM" whatever its hours.
            let unit_key = entity_key(
                &unit
                    .iter()
                    .map(|w| {
                        w.chars()
                            .filter(|c| !c.is_ascii_digit() && *c != ':')
                            .collect::<String>()
                    })
                    .collect::<Vec<_>>()
                    .join(" "),
            );
            if unit.contains(&"per") {
                format!("{holder}||{unit_key}")
            } else {
                format!("{holder}|{}|{unit_key}", entity_key(head))
            }
        }
        Slot::Version => format!("{holder}|{}", entity_key(what)),
        // Each thing never done is its own claim; saying it again changes nothing.
        Slot::Never | Slot::Stopped => format!("{holder}|{}", entity_key(&e.value)),
        _ => holder,
    };
    (e.slot, key)
}

/// Lengths of time a value is said per ("a year", "per month").
const PERIODS: &[&str] = &["hour", "day", "night", "week", "fortnight", "month", "quarter", "year"];

/// Words that say which value of a setting is meant, not which setting: "the maximum upload
/// size" and "the upload size" are one.
const WHICH_VALUE: &[&str] = &[
    "maximum", "max", "minimum", "min", "new", "current", "default", "total", "overall", "average", "initial", "final",
];

/// Whether two names of a setting with the same head and unit name one setting: the words before
/// the head of one are among the other's ("limit" and "rate limit"), so "the upload size" and
/// "the image size" are two, however alike their values.
fn same_setting(a: Option<&str>, b: Option<&str>) -> bool {
    let modifiers = |w: Option<&str>| -> Vec<String> {
        let words: Vec<String> = w.map(|w| crate::text::words(w).collect()).unwrap_or_default();
        let n = words.len().saturating_sub(1);
        words
            .into_iter()
            .take(n)
            .filter(|m| !WHICH_VALUE.contains(&m.as_str()))
            .collect()
    };
    let (ma, mb) = (modifiers(a), modifiers(b));
    ma.iter().all(|m| mb.contains(m)) || mb.iter().all(|m| ma.contains(m))
}

/// Whether two values of a setting can be one quantity over time: a value with a unit ("120MB")
/// and a bare number ("30") are two things ("size" and "pool size"), whatever their names share.
fn same_measure(a: &SlotEntry, b: &SlotEntry) -> bool {
    let unit = |v: &str| v.chars().any(char::is_alphabetic);
    let bare = |v: &str| !v.is_empty() && v.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | ',' | ' '));
    a.slot != Slot::Setting || !((unit(&a.value) && bare(&b.value)) || (bare(&a.value) && unit(&b.value)))
}

/// The values a slot had before `cur`, oldest first: a tool retired on the way is said by the
/// value before it, not again as its own; under a retired tool a version names its tool
/// ("MongoDB 6.0", not "6.0").
pub fn values_of<'a>(
    cur: &'a SlotEntry,
    earlier: &'a [&'a SlotEntry],
) -> impl Iterator<Item = std::borrow::Cow<'a, str>> + 'a {
    earlier
        .iter()
        .filter(|e| e.slot != Slot::Stopped)
        .map(move |e| match (&e.what, e.slot) {
            (Some(tool), Slot::Version) if cur.slot == Slot::Stopped => format!("{tool} {}", e.value).into(),
            _ => e.value.as_str().into(),
        })
}

/// A slot's value as compared with another said for the same slot: a version is the same
/// written with or without its "v" ("v4.12.1" is "4.12.1").
fn value_key(e: &SlotEntry) -> String {
    let key = entity_key(&e.value);
    match key.strip_prefix('v') {
        Some(rest) if e.slot == Slot::Version && rest.starts_with(|c: char| c.is_ascii_digit()) => rest.to_string(),
        _ => key,
    }
}

/// Whether a current setting or version names the tool `tool`: a version of it ("MongoDB":
/// "6.0"), or a setting whose value is it ("database": "MongoDB 6.0").
fn names_tool(cur: &SlotEntry, tool: &str) -> bool {
    let key = entity_key(tool);
    if key.is_empty() {
        return false;
    }
    match cur.slot {
        Slot::Version => cur.what.as_deref().is_some_and(|w| entity_key(w) == key),
        Slot::Setting => {
            let value = entity_key(&cur.value);
            value == key || value.starts_with(&format!("{key} "))
        }
        _ => false,
    }
}

/// The fullest name a setting was given across its statements ("rate limit" over "limit").
#[must_use]
pub fn fullest_what<'a>(cur: &'a SlotEntry, earlier: &[&'a SlotEntry]) -> Option<&'a str> {
    std::iter::once(cur)
        .chain(earlier.iter().copied())
        .filter_map(|e| e.what.as_deref())
        .max_by_key(|w| w.split_whitespace().count())
}

impl Memory {
    /// The current value of every slot `person` has stated, each with the values it replaced
    /// (oldest first), in the order the slots were first stated.
    #[must_use]
    pub fn slots_of(&self, person: ConceptId) -> Vec<(&SlotEntry, Vec<&SlotEntry>)> {
        let mut out: Vec<(&SlotEntry, Vec<&SlotEntry>)> = Vec::new();
        // Where each (slot, holder) is in `out`, so a long memory is read in one pass.
        let mut at: std::collections::HashMap<(Slot, String), Vec<usize>> = std::collections::HashMap::new();
        for e in self.slots.iter().filter(|e| e.person == person) {
            // "We no longer use MongoDB" retires each current setting or version that names it.
            if e.slot == Slot::Stopped {
                let mut retired = false;
                for (cur, earlier) in &mut out {
                    if cur.holder == e.holder && names_tool(cur, &e.value) {
                        earlier.push(*cur);
                        *cur = e;
                        retired = true;
                    }
                }
                if retired {
                    continue;
                }
            }
            let key = slot_key(e);
            let group = at.get(&key).and_then(|groups| {
                groups.iter().copied().find(|&i| {
                    out.get(i).is_some_and(|(cur, earlier)| {
                        same_setting(fullest_what(cur, earlier), e.what.as_deref()) && same_measure(cur, e)
                    })
                })
            });
            match group.and_then(|i| out.get_mut(i)) {
                // Who someone is does not change by being said again: "my friend Brittney" after
                // "my sister Brittney" adds no news, so the first stays.
                Some(_) if e.slot == Slot::Relation => {}
                Some((cur, earlier)) => {
                    if value_key(cur) != value_key(e) {
                        earlier.push(cur);
                        *cur = e;
                    } else if matches!(e.slot, Slot::Setting | Slot::Version) {
                        // A setting said again as it was ("I've been using Flask 2.2 …") is
                        // still that value: the latest turn that says it is what the value
                        // rests on now, and the history gains nothing.
                        *cur = e;
                    }
                }
                None => {
                    at.entry(key).or_default().push(out.len());
                    out.push((e, Vec::new()));
                }
            }
        }
        // A tool retired from several slots (its version and the role it filled) is one line.
        let mut lines: Vec<(&SlotEntry, Vec<&SlotEntry>)> = Vec::with_capacity(out.len());
        for (cur, earlier) in out {
            match lines
                .iter_mut()
                .find(|(c, _)| cur.slot == Slot::Stopped && std::ptr::eq(*c, cur))
            {
                Some((_, kept)) => kept.extend(earlier),
                None => lines.push((cur, earlier)),
            }
        }
        lines
    }

    /// The current slots of `person` as English lines, each with when it was said and the
    /// values it replaced: "Scott is Taylor's brother (15 March 2024)", "Taylor lives in Porto
    /// (2 May 2024; was Lisbon)", and a "never" with the sentence that contradicts it.
    #[must_use]
    pub fn slot_lines(&self, person: ConceptId) -> Vec<String> {
        let name = &self.concept(person).name;
        self.slots_of(person)
            .into_iter()
            .map(|(cur, earlier)| {
                let mut notes: Vec<String> = cur.time.map(|t| t.human_date()).into_iter().collect();
                let what = fullest_what(cur, &earlier);
                if !earlier.is_empty() {
                    // An earlier value reads as the current one does: "was $300, then $350",
                    // not "$300 monthly" beside "monthly contributions are $500".
                    let was: Vec<String> = values_of(cur, &earlier)
                        .map(|v| match (cur.slot, what) {
                            (Slot::Setting, Some(w)) => crate::event::without_repeated_period(w, &v).to_string(),
                            _ => v.into_owned(),
                        })
                        .collect();
                    notes.push(format!("was {}", was.join(", then ")));
                }
                // A "never" the person also contradicted is kept as said, with the other side.
                if cur.slot == Slot::Never
                    && let Some((t, said)) = self.contradiction_of(cur)
                {
                    let when = self.turns.get(t.index()).and_then(|x| x.time);
                    let on = when.map(|w| format!(" on {}", w.human_date())).unwrap_or_default();
                    notes.push(format!("contradicted{on}: \"{}\"", crate::text::clip(said.trim(), 160)));
                }
                let sentence = crate::event::slot_sentence(name, &cur.holder, cur.slot, what, &cur.value);
                if notes.is_empty() {
                    sentence
                } else {
                    format!("{sentence} ({})", notes.join("; "))
                }
            })
            .collect()
    }

    pub(super) fn slot_stated(&mut self, entry: SlotEntry) {
        self.slots.push(entry);
    }
}
