//! The event a turn of input becomes: everything the fold needs is decided here, at ingest,
//! so `Memory::apply` reads no language (the dates a turn names are resolved now, against the
//! turn's own date, not when the turn joins an episode).

use crate::event::{Event, turn_dates};
use crate::session::TurnInput;

/// `turn` as the event that ingests it, with the dates its words (and captions) name resolved.
#[must_use]
pub fn turn_ingested(turn: &TurnInput) -> Event {
    let said = crate::event::said(&turn.text, &turn.attachments);
    Event::TurnIngested {
        turn: turn.index,
        speaker: turn.speaker.clone(),
        text: turn.text.clone(),
        time: turn.time,
        session: turn.session,
        source_ref: turn.source_ref.clone(),
        attachments: turn.attachments.clone(),
        dates: turn_dates(&said, turn.time),
    }
}
