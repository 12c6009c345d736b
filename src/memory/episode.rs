//! L0: ingested turns and the episodic units synthesised from them.

use crate::event::{Attachment, Speaker};
use crate::ids::{ConceptId, EpisodeId, TurnId};
use crate::relative_date::DateSpan;
use crate::time::Timestamp;
use serde::{Deserialize, Serialize};

/// A turn of dialogue as ingested.
///
/// `attachments` and `dates` are always written, so a stored turn without them is one a
/// checkpoint of codec version 1 holds: reading it upgrades it as the event upgrade does (see
/// [`StoredTurn`]), and an old checkpoint equals a fresh fold of its log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "StoredTurn")]
pub struct Turn {
    /// Its id.
    pub id: TurnId,
    /// Index in its session file.
    pub index: u32,
    /// Who said it.
    pub speaker: Speaker,
    /// What was said, without what was shared.
    pub text: String,
    /// Time, if known.
    pub time: Option<Timestamp>,
    /// Session number.
    pub session: u32,
    /// The source's own id (LoCoMo `dia_id`).
    pub source_ref: Option<String>,
    /// What was shared with it (a photo and its caption).
    pub attachments: Vec<Attachment>,
    /// The dates it names, as ingest resolved them.
    pub dates: Vec<DateSpan>,
}

impl Turn {
    /// The turn as text, its attachments rendered: what prompts, contexts and panes show.
    #[must_use]
    pub fn said(&self) -> String {
        crate::event::said(&self.text, &self.attachments)
    }
}

/// A turn as a checkpoint stores it; one without `attachments` and `dates` was written by
/// codec version 1, whose text still holds the photo caption and whose dates were resolved
/// only when the turn joined an episode.
#[derive(Deserialize)]
struct StoredTurn {
    id: TurnId,
    index: u32,
    speaker: Speaker,
    text: String,
    time: Option<Timestamp>,
    session: u32,
    source_ref: Option<String>,
    attachments: Option<Vec<Attachment>>,
    dates: Option<Vec<DateSpan>>,
}

impl From<StoredTurn> for Turn {
    fn from(t: StoredTurn) -> Self {
        let (text, attachments, dates) = match (t.attachments, t.dates) {
            (None, None) => {
                let dates =
                    crate::relative_date::turn_dates_with(&t.text, t.time, crate::relative_date::Phrases::CodecV1);
                let (text, attachments) = crate::event::split_v1(&t.text);
                (text, attachments, dates)
            }
            (attachments, dates) => (t.text, attachments.unwrap_or_default(), dates.unwrap_or_default()),
        };
        Self {
            id: t.id,
            index: t.index,
            speaker: t.speaker,
            text,
            time: t.time,
            session: t.session,
            source_ref: t.source_ref,
            attachments,
            dates,
        }
    }
}

/// An L0 episodic unit: one fact plus base and salient conclusions about one person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Episode {
    /// Its id.
    pub id: EpisodeId,
    /// The person root it is about.
    pub person: ConceptId,
    /// Provenance.
    pub turns: Vec<TurnId>,
    /// λ_fact.
    pub fact: String,
    /// Λ_base.
    pub base_conclusions: Vec<String>,
    /// Λ_rel.
    pub salient_conclusions: Vec<String>,
    /// Time of its first turn.
    pub time: Option<Timestamp>,
    /// Session.
    pub session: u32,
    /// The dates and date ranges its turns name ("yesterday", "last week"), resolved.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dates: Vec<DateSpan>,
}

impl Episode {
    /// Every conclusion, base first.
    pub fn conclusions(&self) -> impl Iterator<Item = (&str, bool)> {
        self.base_conclusions
            .iter()
            .map(|c| (c.as_str(), false))
            .chain(self.salient_conclusions.iter().map(|c| (c.as_str(), true)))
    }
}
