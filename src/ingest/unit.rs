//! One person's unit of a closing segment: the episode's synthesis, its entity paths and their
//! relations, a chain of three model calls. The units of one segment read nothing the others
//! write, so with a model whose replies depend on the request alone ([`Model::fork`]) every unit
//! after the first is made on another core while this one makes the first; their events are
//! then emitted in the order a one-core run gives them, so the log is the same either way.
//!
//! [`Model::fork`]: crate::model::Model::fork

use super::{NO_EPISODE, NO_LABELS, NO_PATHS, canon, helper};
use crate::event::Speaker;
use crate::ids::{ConceptId, TurnId};
use crate::model::Task;
use crate::model::parse::{self, PathNode, RelationTriple, SynthReply};
use crate::step::{CallFailure, Step};
use crate::time::Timestamp;
use std::sync::Arc;

/// What every unit of a segment reads.
pub(super) struct Segment {
    pub turns: Vec<TurnId>,
    /// (speaker as shown, what they said), per turn.
    pub lines: Vec<(String, String)>,
    pub time: Option<Timestamp>,
}

/// A person's share of a closed segment, ready to be recorded.
pub(super) struct Unit {
    pub person: ConceptId,
    pub synth: SynthReply,
    pub paths: Vec<Vec<PathNode>>,
    pub relations: Vec<RelationTriple>,
}

/// How making a unit ended.
enum Made {
    Unit(Unit),
    /// The synthesis and its repair were rejected: the segment closes without this episode.
    Skipped,
    /// A model could not be reached: the segment stays open.
    Unavailable,
}

/// The units of every person who spoke, in order; `None` if a model could not be reached (the
/// calls made so far are recorded either way).
pub(super) fn make_all(
    step: &mut Step<'_>,
    segment: &Arc<Segment>,
    persons: &[(Speaker, ConceptId)],
) -> Option<Vec<Unit>> {
    let (first, rest) = persons.split_first()?;
    // Every unit after the first goes to the helper when the model can be copied for it.
    let mut others = Vec::with_capacity(rest.len());
    for (speaker, root) in rest {
        let pending = step.fork_model().and_then(|mut model| {
            let (mut memory, approve) = (step.memory.clone(), step.approve);
            let (segment, speaker, root) = (Arc::clone(segment), speaker.clone(), *root);
            helper::spawn(move || {
                let mut side = Step::new(&mut memory, model.as_mut(), approve);
                let unit = make(&mut side, &segment, &speaker, root);
                (unit, side.events)
            })
        });
        others.push(pending);
    }
    let mut units = Vec::with_capacity(persons.len());
    let mut keep = |unit: Made| match unit {
        Made::Unit(u) => {
            units.push(u);
            true
        }
        Made::Skipped => true,
        Made::Unavailable => false,
    };
    if !keep(make(step, segment, &first.0, first.1)) {
        return None;
    }
    for (pending, (speaker, root)) in others.into_iter().zip(rest) {
        let unit = match pending.and_then(helper::Pending::wait) {
            Some((unit, events)) => {
                // The helper's calls, recorded where a one-core run records them.
                for event in events {
                    step.emit(event);
                }
                unit
            }
            None => make(step, segment, speaker, *root),
        };
        if !keep(unit) {
            return None;
        }
    }
    Some(units)
}

/// One person's unit: synthesis, then entity paths, then relations.
fn make(step: &mut Step<'_>, segment: &Segment, speaker: &Speaker, root: ConceptId) -> Made {
    let Segment { turns, lines, time } = segment;
    let time = *time;
    let person = step.memory.concept(root).name.clone();
    let own_words: Vec<&str> = lines
        .iter()
        .zip(turns)
        .filter(|(_, t)| step.memory.turns[t.index()].speaker == *speaker)
        .map(|((_, text), _)| text.as_str())
        .collect();
    let source_text = own_words.join("\n");
    let replies: Vec<&str> = lines
        .iter()
        .zip(turns)
        .filter(|(_, t)| step.memory.turns[t.index()].speaker.is_assistant())
        .map(|((_, text), _)| text.as_str())
        .collect();
    let replies = replies.join("\n");
    let task = Task::Synth {
        person: person.clone(),
        speaker: speaker.to_string(),
        time,
        lines: lines.to_vec(),
    };
    // A rejected reply (and its repair) would be rejected again at the next step: the
    // segment closes without this person's episode, so the turns after it still form.
    let synth = match step.try_call(task, parse::parse_synth, NO_EPISODE) {
        Ok(synth) => synth,
        Err(CallFailure::Rejected) => return Made::Skipped,
        Err(CallFailure::Unavailable) => return Made::Unavailable,
    };
    // "Fact: none": nothing about this person here. The episode is still recorded with an
    // empty fact, since it is what keeps the segment's turns retrievable and its topics
    // counted; a conclusion is no fact ("[habit] Every other Saturday.") and does not stand
    // in for one.
    let conclusions: Vec<(String, bool)> = synth
        .base
        .iter()
        .map(|c| (c.clone(), false))
        .chain(synth.salient.iter().map(|c| (c.clone(), true)))
        .collect();
    let task = Task::Entities {
        person: person.clone(),
        fact: synth.fact.clone(),
        conclusions: conclusions.clone(),
        source_text: source_text.clone(),
        replies: replies.clone(),
    };
    let paths = match step.try_call(task, parse::parse_paths, NO_PATHS) {
        Ok(paths) => paths,
        Err(CallFailure::Rejected) => Vec::new(),
        Err(CallFailure::Unavailable) => return Made::Unavailable,
    };
    // A language model's paths: a base folder in an activity's place is a copy of the
    // instructions' structure; names it varies fold onto the branches the person has.
    let paths = if step.generative() {
        let said = [
            synth.fact.as_str(),
            &synth.base.join("\n"),
            &synth.salient.join("\n"),
            &source_text,
        ]
        .join("\n");
        let paths = crate::model::grounding::grounded_paths(&said, paths);
        canon::fold(step.memory, root, &said, &source_text, !synth.salient.is_empty(), paths)
    } else {
        paths
    };
    let relations = if paths.is_empty() {
        Vec::new()
    } else {
        let paths_json = serde_json::to_string(&paths).unwrap_or_else(|_| "[]".into());
        let task = Task::Relations {
            person,
            fact: synth.fact.clone(),
            conclusions,
            paths_json,
            paths: paths.clone(),
            source_text,
            replies,
            time,
        };
        match step.try_call(task, parse::parse_relations, NO_LABELS) {
            Ok(relations) => relations,
            Err(CallFailure::Rejected) => Vec::new(),
            Err(CallFailure::Unavailable) => return Made::Unavailable,
        }
    };
    Made::Unit(Unit {
        person: root,
        synth,
        paths,
        relations,
    })
}
