//! Ingestion through a real step on the offline model (and on one that is down): what closing a
//! segment emits, in which order, and what a failed call leaves behind.

use super::*;
use crate::event::Event;
use crate::memory::Memory;
use crate::model::{Completion, Model, ModelError, ModelRequest};
use crate::rules::OfflineModel;

/// Alex's turns, already ingested but not yet cut.
/// Records the first turn's episode for `person` with `fact`, as ingest would.
fn recorded(m: &mut Memory, person: ConceptId, fact: &str) {
    m.apply(&Event::EpisodeRecorded {
        person,
        turns: vec![crate::ids::TurnId(0)],
        fact: fact.into(),
        base_conclusions: Vec::new(),
        salient_conclusions: Vec::new(),
        time: None,
        session: 1,
    });
}

fn memory(turns: &[(u32, &str)]) -> Memory {
    let mut m = Memory::new();
    m.apply(&Event::person_tracked("Alex", "user"));
    for (i, (session, text)) in turns.iter().enumerate() {
        m.apply(&Event::TurnIngested {
            turn: saturating_u32(i),
            speaker: if i % 2 == 0 { "user" } else { "assistant" }.into(),
            text: (*text).into(),
            time: None,
            session: *session,
            source_ref: None,
            attachments: Vec::new(),
            dates: Vec::new(),
        });
    }
    m
}

fn kinds(events: &[Event]) -> Vec<&'static str> {
    events.iter().map(Event::kind).collect()
}

struct Down;

impl Model for Down {
    fn name(&self) -> String {
        "down".into()
    }
    fn complete(&mut self, _: &ModelRequest) -> Result<Completion, ModelError> {
        Err(ModelError::Unreachable("no server in this test".into()))
    }
}

const RUN: &str = "I went for a long run in the park this morning.";
const REPLY: &str = "Running in the morning is a great habit!";

#[test]
fn closing_a_segment_calls_the_model_then_records_the_episode_and_its_graph() {
    let mut m = memory(&[(1, RUN), (1, REPLY)]);
    let mut model = OfflineModel;
    let mut step = Step::new(&mut m, &mut model, false);
    assert!(close_open_segment(&mut step));
    let kinds = kinds(&step.events);
    let closed = kinds.iter().position(|k| *k == "segment_closed").expect("{kinds:?}");
    assert!(closed >= 2, "synthesis and extraction come first: {kinds:?}");
    assert!(kinds[..closed].iter().all(|k| *k == "model_called"), "{kinds:?}");
    assert_eq!(kinds[closed + 1], "episode_recorded");
    assert!(
        matches!(&step.events[closed], Event::SegmentClosed { turns, reason: CutReason::EndOfInput } if turns.len() == 2)
    );
    assert!(step.memory.open_segment.is_empty());
    assert_eq!(step.memory.episodes.len(), 1);
    assert_eq!(step.memory.episodes[0].person, ConceptId(0));
    assert!(
        kinds.contains(&"mention_recorded"),
        "the run reaches the graph: {kinds:?}"
    );
}

#[test]
fn a_session_boundary_closes_the_earlier_turns_only() {
    let mut m = memory(&[(1, RUN), (1, REPLY), (2, "My knee hurts after yesterday.")]);
    let mut model = OfflineModel;
    let mut step = Step::new(&mut m, &mut model, false);
    assert!(close_due_segments(&mut step));
    let cut = step.events.iter().find_map(|e| match e {
        Event::SegmentClosed { turns, reason } => Some((turns.len(), *reason)),
        _ => None,
    });
    assert_eq!(cut, Some((2, CutReason::SessionBoundary)));
    assert_eq!(step.memory.open_segment, vec![TurnId(2)]);
}

#[test]
fn a_failed_call_records_the_failure_and_leaves_the_segment_open() {
    let mut m = memory(&[(1, RUN), (1, REPLY)]);
    let mut model = Down;
    let mut step = Step::new(&mut m, &mut model, false);
    assert!(!close_open_segment(&mut step));
    assert_eq!(kinds(&step.events), ["model_failed"]);
    assert_eq!(step.memory.open_segment.len(), 2, "retried at the next step");
    assert!(step.memory.episodes.is_empty());
}

/// Writes the same ungrounded episode for any segment about the park, like a small model at
/// temperature 0; otherwise answers as the offline model does. Keeps each call's temperature.
struct Stubborn {
    temperatures: Vec<Option<f32>>,
}

impl Model for Stubborn {
    fn name(&self) -> String {
        "stubborn".into()
    }
    fn complete(&mut self, request: &ModelRequest) -> Result<Completion, ModelError> {
        self.temperatures.push(request.temperature);
        let about_the_park = match &request.task {
            crate::model::Task::Synth { lines, .. } => lines.iter().any(|(_, t)| t.contains("park")),
            crate::model::Task::Repair { original, .. } => {
                matches!(original.as_ref(), crate::model::Task::Synth { lines, .. } if lines.iter().any(|(_, t)| t.contains("park")))
            }
            _ => false,
        };
        if about_the_park {
            return Ok(Completion {
                mode: crate::model::OutputMode::Text,
                reply: "Fact: Alex is a being of the planet Earth, a being of the planet Earth.".into(),
                tokens_in: 1,
                tokens_out: 1,
                latency_ms: 0,
            });
        }
        OfflineModel.complete(request)
    }
}

#[test]
fn a_rejected_episode_closes_its_segment_once_and_later_segments_still_form() {
    let mut m = memory(&[
        (1, RUN),
        (1, REPLY),
        (2, "I swam forty lengths at the pool today."),
        (2, "Nice!"),
    ]);
    let mut model = Stubborn {
        temperatures: Vec::new(),
    };
    let mut step = Step::new(&mut m, &mut model, false);
    assert!(
        close_due_segments(&mut step),
        "a rejected reply does not hold the segment open"
    );
    assert!(close_open_segment(&mut step));
    let failed: Vec<&str> = step
        .events
        .iter()
        .filter_map(|e| match e {
            Event::ModelFailed { error, .. } => Some(error.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(failed.len(), 1, "{failed:?}");
    assert!(
        failed[0].contains("'Earth'")
            && failed[0].contains("sampled at temperature 0.7")
            && failed[0].ends_with(NO_EPISODE),
        "{}",
        failed[0]
    );
    let closed = step
        .events
        .iter()
        .filter(|e| matches!(e, Event::SegmentClosed { .. }))
        .count();
    assert_eq!(closed, 2);
    assert!(step.memory.open_segment.is_empty());
    assert_eq!(step.memory.episodes.len(), 1, "the pool segment forms its episode");
    assert!(step.memory.episodes[0].fact.contains("forty lengths"));
    // The first call at the configured temperature, its repair sampled, then the next segment's.
    assert_eq!(model.temperatures[..2], [None, Some(crate::step::RETRY_TEMPERATURE)]);
    assert!(model.temperatures[2..].iter().all(Option::is_none));
}

#[test]
fn nothing_open_is_nothing_to_close() {
    let mut m = memory(&[]);
    let mut model = Down;
    let mut step = Step::new(&mut m, &mut model, false);
    assert!(close_open_segment(&mut step));
    assert!(close_due_segments(&mut step));
    assert!(step.events.is_empty());
}

#[test]
fn prompts_name_people_and_the_assistant() {
    let m = memory(&[]);
    assert_eq!(display_speaker(&m, &Speaker::User), "Alex");
    assert_eq!(display_speaker(&m, &Speaker::Assistant), "Assistant");
    assert_eq!(
        display_speaker(&m, &"Sam".into()),
        "Sam",
        "an untracked speaker keeps its label"
    );
}

/// "My first month as a manager" after "my role as an editorial manager" restates the job by
/// its last word; another job, or the same one said in full, is a statement of its own.
#[test]
fn a_job_said_by_its_last_words_is_the_same_job() {
    use crate::event::{Holder, Slot};
    use crate::ids::{ConceptId, EpisodeId, TurnId};
    let mut m = memory(&[(1, "I'm settling into my role as an editorial manager.")]);
    let person = m.roots().next().map_or(ConceptId(0), |r| r.id);
    assert!(!restates_job(&m, person, "manager"), "no job is known yet");
    recorded(&mut m, person, "Alex works as an editorial manager.");
    m.apply(&Event::SlotStated {
        person,
        episode: EpisodeId(0),
        turn: TurnId(0),
        holder: Holder::Person,
        slot: Slot::Occupation,
        value: "editorial manager".into(),
        what: None,
    });
    assert!(restates_job(&m, person, "manager"));
    assert!(!restates_job(&m, person, "editorial manager"));
    assert!(!restates_job(&m, person, "nurse"));
    assert!(!restates_job(&m, person, "rial manager"), "whole words only");
}

/// A switch away from a tool retires it once: said again after it was retired, or after it
/// became a past value, it is no news.
#[test]
fn a_switch_away_from_a_tool_is_news_once() {
    use crate::event::{Holder, Slot};
    use crate::ids::{EpisodeId, TurnId};
    let mut m = memory(&[(1, "We run the shop on Shopify 2.0.")]);
    let person = m.roots().next().map_or(ConceptId(0), |r| r.id);
    assert!(switch_is_news(&m, person, "Magento"), "a tool no slot names");
    let said = |m: &mut Memory, slot: Slot, value: &str, what: Option<&str>| {
        m.apply(&Event::SlotStated {
            person,
            episode: EpisodeId(0),
            turn: TurnId(0),
            holder: Holder::Person,
            slot,
            value: value.into(),
            what: what.map(str::to_string),
        });
    };
    recorded(&mut m, person, "Alex runs the shop on Shopify 2.0.");
    said(&mut m, Slot::Version, "2.0", Some("Shopify"));
    assert!(
        switch_is_news(&m, person, "Shopify"),
        "the switch retires a current version"
    );
    said(&mut m, Slot::Stopped, "Shopify", None);
    assert!(!switch_is_news(&m, person, "Shopify"), "already given up");
}
