//! L0 and L1 ingestion: cutting turns into segments (f_seg), synthesising episodes (f_synth),
//! and extracting entity paths and relations into the graph (f_extract).

mod canon;
mod dates_set;
mod graph;
mod helper;
pub mod import;
pub mod name;
pub mod never;
pub mod preview;
pub mod segment;
pub mod settings;
pub mod slots;
#[cfg(test)]
mod tests;
pub mod tools;
mod turn;
mod unit;

pub use turn::turn_ingested;

use crate::event::{CutReason, Event, Speaker};
use crate::ids::{ConceptId, EpisodeId, TurnId, saturating_u32};
use crate::lexicon::Lexicon;
use crate::step::Step;

/// The name a person goes by until they say theirs.
pub const DEFAULT_USER: &str = "User";

/// What a rejected synth reply leaves, said in its `model_failed` reason.
const NO_EPISODE: &str = "; the segment closes without this episode";
/// What a rejected entities reply leaves.
const NO_PATHS: &str = "; the episode is stored without entity paths";
/// What a rejected relations reply leaves.
const NO_LABELS: &str = "; the relations get labels from the episode's fact";

/// Closes every segment f_seg finds in the open turns. Returns false if a model could not be
/// reached (the segment stays open and is retried at the next step); a reply that was
/// rejected, and its repair, do not hold the segment open (see [`close_segment`]).
pub fn close_due_segments(step: &mut Step<'_>) -> bool {
    while let Some((len, reason)) = segment::next_cut(step.memory, Lexicon::builtin()) {
        let turns: Vec<TurnId> = step.memory.open_segment[..len].to_vec();
        if !close_segment(step, turns, reason) {
            return false;
        }
    }
    true
}

/// Closes whatever is open (end of input).
pub fn close_open_segment(step: &mut Step<'_>) -> bool {
    let turns = step.memory.open_segment.clone();
    if turns.is_empty() {
        return true;
    }
    close_segment(step, turns, CutReason::EndOfInput)
}

/// Synthesises one episode per person who spoke in the segment, then extracts their paths.
/// Nothing but model-call records is emitted unless every call succeeded.
fn close_segment(step: &mut Step<'_>, turns: Vec<TurnId>, reason: CutReason) -> bool {
    let mem = &*step.memory;
    let lines: Vec<(String, String)> = turns
        .iter()
        .map(|t| {
            let turn = &mem.turns[t.index()];
            (display_speaker(mem, &turn.speaker), turn.said())
        })
        .collect();
    let time = turns.iter().find_map(|t| mem.turns[t.index()].time);
    let session = mem.turns[turns[0].index()].session;
    let mut persons: Vec<(Speaker, ConceptId)> = Vec::new();
    for t in &turns {
        let speaker = &mem.turns[t.index()].speaker;
        if let Some(root) = mem.person_for(speaker)
            && !persons.iter().any(|(s, _)| s == speaker)
        {
            persons.push((speaker.clone(), root));
        }
    }
    let segment = std::sync::Arc::new(unit::Segment {
        turns: turns.clone(),
        lines,
        time,
    });
    let Some(units) = unit::make_all(step, &segment, &persons) else {
        return false;
    };
    step.emit(Event::SegmentClosed {
        turns: turns.clone(),
        reason,
    });
    for unit in units {
        let episode = EpisodeId(saturating_u32(step.memory.episodes.len()));
        step.emit(Event::EpisodeRecorded {
            person: unit.person,
            turns: turns.clone(),
            fact: unit.synth.fact,
            base_conclusions: unit.synth.base,
            salient_conclusions: unit.synth.salient,
            time,
            session,
        });
        graph::update(step, unit.person, episode, &unit.paths, &unit.relations);
        record_slots(step, unit.person, episode, &turns);
    }
    true
}

/// Whether `job` is the person's current occupation by its last words ("manager" after
/// "editorial manager", "nurse" after "pediatric nurse"): the same job said shorter, not a new one.
fn restates_job(m: &crate::memory::Memory, person: ConceptId, job: &str) -> bool {
    let tail = format!(" {job}");
    m.slots_of(person).iter().any(|(cur, _)| {
        cur.slot == crate::event::Slot::Occupation
            && cur.holder == crate::event::Holder::Person
            && cur.value.ends_with(&tail)
    })
}

/// The slots the person states in their own turns of the segment ("I'm 34", "my brother
/// Scott"), one event each, read by the same rules whichever model made the episode.
fn record_slots(step: &mut Step<'_>, person: ConceptId, episode: EpisodeId, turns: &[TurnId]) {
    let mut stated = Vec::new();
    for t in turns {
        let turn = &step.memory.turns[t.index()];
        if step.memory.person_for(&turn.speaker) == Some(person) {
            for (holder, slot, value) in slots::stated(&turn.text) {
                if slot == crate::event::Slot::Occupation && restates_job(step.memory, person, &value) {
                    continue;
                }
                stated.push(Event::SlotStated {
                    person,
                    episode,
                    turn: *t,
                    holder,
                    slot,
                    value,
                    what: None,
                });
            }
            for (holder, claim) in never::stated(&turn.text) {
                stated.push(Event::SlotStated {
                    person,
                    episode,
                    turn: *t,
                    holder,
                    slot: crate::event::Slot::Never,
                    value: claim,
                    what: None,
                });
            }
            // A tool they no longer use retires the setting or version that names it.
            let mut stopped = tools::stopped(&turn.text);
            // The person's own settings, versions and tools, each named by what it is of.
            let mut named: Vec<_> = tools::stated(&turn.text)
                .into_iter()
                .map(|(what, value)| (crate::event::Slot::Setting, what, value))
                .collect();
            // A switch updates the tool it names the role of ("my editor from Vim to VS Code"),
            // or the one whose current value it moves away from ("from MongoDB to PostgreSQL"
            // after "Our database is MongoDB").
            let retired = tools::retired_by_switch(&turn.text);
            for (from, to, role) in tools::switched(&turn.text) {
                if let Some(what) = role.or_else(|| switched_setting(step.memory, person, &from)) {
                    named.push((crate::event::Slot::Setting, what, to));
                } else if retired.contains(&from)
                    && !stopped.contains(&from)
                    && switch_is_news(step.memory, person, &from)
                {
                    // "We switched from Fly.io to a Hetzner VPS", with no role named and none held
                    // before: what is sure is that the old one is no longer used.
                    stopped.push(from);
                }
            }
            for tool in stopped {
                stated.push(Event::SlotStated {
                    person,
                    episode,
                    turn: *t,
                    holder: crate::event::Holder::Person,
                    slot: crate::event::Slot::Stopped,
                    value: tool,
                    what: None,
                });
            }
            named.extend(settings::stated(&turn.text));
            for (slot, what, value) in named {
                stated.push(Event::SlotStated {
                    person,
                    episode,
                    turn: *t,
                    holder: crate::event::Holder::Person,
                    slot,
                    value,
                    what: Some(what),
                });
            }
        }
    }
    for event in stated {
        step.emit(event);
    }
}

/// The setting of the person's whose current value is the tool a switch moves away from
/// ("MongoDB" is the value of "database" after "Our database is MongoDB 6.0").
/// Whether a switch away from `tool` tells something new: a current setting or version names
/// it (the switch retires it), or no slot ever did. A tool already said to be given up, or only
/// a past value ("from SQLite to PostgreSQL" said again after the database moved), is old news.
fn switch_is_news(memory: &crate::memory::Memory, person: ConceptId, tool: &str) -> bool {
    let key = crate::text::entity_key(tool);
    let first = key.split_whitespace().next();
    let names = |e: &crate::memory::SlotEntry| {
        crate::text::entity_key(&e.value).split_whitespace().next() == first
            || e.what.as_deref().map(crate::text::entity_key).is_some_and(|w| w == key)
    };
    let slots = memory.slots_of(person);
    if slots.iter().any(|(cur, _)| names(cur)) {
        return slots
            .iter()
            .all(|(cur, _)| !(cur.slot == crate::event::Slot::Stopped && names(cur)));
    }
    !slots.iter().any(|(_, earlier)| earlier.iter().any(|e| names(e)))
}

fn switched_setting(memory: &crate::memory::Memory, person: ConceptId, from: &str) -> Option<String> {
    let key = crate::text::entity_key(from);
    memory
        .slots_of(person)
        .into_iter()
        .filter(|(cur, _)| cur.slot == crate::event::Slot::Setting && cur.holder == crate::event::Holder::Person)
        .find(|(cur, _)| {
            let value = crate::text::entity_key(&cur.value);
            !key.is_empty() && (value == key || value.split_whitespace().next() == key.split_whitespace().next())
        })
        .and_then(|(cur, _)| cur.what.clone())
}

/// How a speaker appears in prompts: a person's name, or "Assistant".
fn display_speaker(memory: &crate::memory::Memory, speaker: &Speaker) -> String {
    match memory.person_for(speaker) {
        Some(root) => memory.concept(root).name.clone(),
        None if speaker.is_assistant() => "Assistant".into(),
        None => speaker.to_string(),
    }
}
