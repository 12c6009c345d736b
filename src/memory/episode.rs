//! L0: ingested turns and the episodic units synthesised from them.

use crate::ids::{ConceptId, EpisodeId, TurnId};
use crate::time::Timestamp;
use serde::{Deserialize, Serialize};

/// A turn of dialogue as ingested.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Its id.
    pub id: TurnId,
    /// Index in its session file.
    pub index: u32,
    /// Speaker label.
    pub speaker: String,
    /// Text.
    pub text: String,
    /// Time, if known.
    pub time: Option<Timestamp>,
    /// Session number.
    pub session: u32,
    /// The source's own id (LoCoMo `dia_id`).
    pub source_ref: Option<String>,
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
    pub dates: Vec<crate::relative_date::DateSpan>,
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
