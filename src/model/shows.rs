//! What a context item shows, as data: a turn (who said it, when), a note (a fact or a
//! conclusion with its day), a slot (whose, which, its value now and before), or what of a
//! concept's Σ/Δ it carries (its path, and each bullet's branch, sentences, mentions with their
//! days, status). Retrieval
//! fills it where it builds the item's text, so an answerer reads these fields and never
//! parses the line a renderer wrote.

use super::context::Said;
use crate::event::{DeltaStatus, Slot};
use crate::time::Timestamp;

/// What an item shows beyond its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shows {
    /// Only its text: a Σ/Δ line or relation summary, or an item of a context that arrived as
    /// text (a fixture, a prompt a test server quotes back). An answerer reads the line.
    Text,
    /// A turn: who said it, on which day, and the words shown.
    Turn(Said),
    /// A fact or a conclusion.
    Note(Note),
    /// A slot a question asks about.
    Slot(SlotLine),
    /// What of a concept's Σ/Δ, or of a person's gathered mentions, the item carries.
    Profile(Profile),
}

/// Bullets of a concept's Σ and Δ, or a person's gathered mentions, as an item carries them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Profile {
    /// The concept's path, the person first ("Alex", "Health", "Fitness"); for the person's
    /// gathered mentions, the person alone.
    pub path: Vec<String>,
    /// The bullets kept, in the order shown: Σ's first, then Δ's.
    pub bullets: Vec<ProfileBullet>,
}

/// One Σ or Δ bullet as an item keeps it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProfileBullet {
    /// The branch it is about ("Camping"); empty for none.
    pub branch: String,
    /// Its own sentences as kept (may be empty when only mentions are).
    pub text: String,
    /// The mentions kept, each with its day.
    pub told: Vec<Told>,
    /// A Δ bullet's day.
    pub day: Option<Timestamp>,
    /// A Δ bullet's status; `None` for a Σ bullet.
    pub status: Option<DeltaStatus>,
}

/// A gathered mention and the day it was said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Told {
    /// The clause ("Melanie went camping in the forest").
    pub text: String,
    /// The day, when known.
    pub day: Option<Timestamp>,
}

impl Told {
    /// A mention as the event vocabulary stores it (its date as `YYYY-MM-DD`).
    #[must_use]
    pub fn of(m: &crate::event::Mention) -> Self {
        Self {
            text: m.text.clone(),
            day: m.date.as_deref().and_then(iso_day),
        }
    }
}

/// `YYYY-MM-DD` as a day.
fn iso_day(d: &str) -> Option<Timestamp> {
    crate::relative_date::anchor_of(d).and_then(Timestamp::from_date)
}

impl ProfileBullet {
    /// A Δ item as kept: its branch, sentence, day and status.
    #[must_use]
    pub fn delta(item: &crate::event::DeltaItem) -> Self {
        Self {
            branch: item.group.clone(),
            text: item.text.clone(),
            told: Vec::new(),
            day: item.date.as_deref().and_then(iso_day),
            status: Some(item.status),
        }
    }
}

/// A fact or a conclusion: the statement and the day it rests on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// The day of the episode it was drawn from, when the item shows one.
    pub day: Option<Timestamp>,
    /// The statement, without the day or the tag ("[habit]") the line shows before it.
    pub words: String,
}

impl Note {
    /// A note said at `time`: the day is kept, the time of day is not, since a context shows
    /// days.
    #[must_use]
    pub fn on(time: Option<Timestamp>, words: String) -> Self {
        Self {
            day: time.and_then(day_of),
            words,
        }
    }
}

/// The day (UTC midnight) of a time.
#[must_use]
pub fn day_of(time: Timestamp) -> Option<Timestamp> {
    Timestamp::from_date(time.to_datetime().date())
}

/// A slot's current value, with the values it replaced: "Scott is 12", "Dana lives in Porto
/// (before: Lisbon)".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlotLine {
    /// Which slot.
    pub slot: Slot,
    /// Whose it is, by name: the person's own, or someone they named ("Scott").
    pub who: String,
    /// The person whose memory it is, whom a relation is to ("Cynthia is Dana's mom").
    pub of: String,
    /// The value now ("12", "mom", "Porto", "paramedic").
    pub value: String,
    /// The day the value was said.
    pub day: Option<Timestamp>,
    /// The earlier values, oldest first.
    pub before: Vec<String>,
    /// The statement as the line shows it after its day.
    pub words: String,
    /// For a setting, version or "never" the question asks about: the answer, as retrieval
    /// worded it for that question (the value, its history, or both sides of a contradiction).
    pub answers: Option<String>,
}
