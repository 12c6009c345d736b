//! The event a turn of input becomes: everything the fold needs is decided here, at ingest,
//! so `Memory::apply` reads no language (the dates a turn names are resolved now, against the
//! turn's own date, not when the turn joins an episode).

use crate::event::Event;
use crate::formats::session::TurnInput;
use crate::relative_date::turn_dates;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Attachment;
    use crate::time::Timestamp;

    #[test]
    fn ingest_resolves_the_dates_a_turn_names_into_its_event() {
        let turn = TurnInput {
            speaker: "user".into(),
            text: "I ran yesterday.".into(),
            attachments: vec![Attachment::Photo {
                caption: "a trail".into(),
            }],
            time: Timestamp::parse_rfc3339("2024-03-02T09:00:00Z"),
            session: 1,
            index: 0,
            source_ref: None,
        };
        let Event::TurnIngested {
            text,
            dates,
            attachments,
            ..
        } = turn_ingested(&turn)
        else {
            panic!("a turn event");
        };
        assert_eq!(text, "I ran yesterday.");
        assert_eq!(attachments.len(), 1);
        assert_eq!(dates.len(), 1);
        assert_eq!(dates[0].start, "2024-03-01");
    }
}
