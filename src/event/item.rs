//! What a correction names: one fact, conclusion, Σ bullet or Δ item of the memory, by id and
//! position, with a short text form (`e3`, `e3/c1`, `c12/s0`, `c12/d1`) that people, scripts
//! and MCP clients type.

use crate::ids::{ConceptId, EpisodeId};
use serde::{Deserialize, Serialize};

/// One correctable item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "item", rename_all = "snake_case")]
pub enum ItemRef {
    /// An episode's λ_fact (`e3`).
    Fact {
        /// The episode.
        episode: EpisodeId,
    },
    /// One of an episode's conclusions, base first (`e3/c1`).
    Conclusion {
        /// The episode.
        episode: EpisodeId,
        /// Its position in [`crate::memory::Episode::conclusions`].
        index: u32,
    },
    /// One bullet of a concept's Σ (`c12/s0`).
    Sigma {
        /// The concept.
        concept: ConceptId,
        /// The bullet's position when corrected.
        index: u32,
    },
    /// One item of a concept's Δ (`c12/d1`).
    Delta {
        /// The concept.
        concept: ConceptId,
        /// The item's position when corrected.
        index: u32,
    },
}

impl ItemRef {
    /// Reads the text form: `e3`, `e3/c1`, `c12/s0`, `c12/d1` (case and spaces ignored).
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim().to_ascii_lowercase();
        let num = |s: &str| s.parse::<u32>().ok();
        let (head, tail) = match text.split_once('/') {
            Some((h, t)) => (h.trim().to_string(), Some(t.trim().to_string())),
            None => (text.clone(), None),
        };
        if let Some(e) = head.strip_prefix('e').and_then(num) {
            let episode = EpisodeId(e);
            return match tail {
                None => Some(Self::Fact { episode }),
                Some(t) => t
                    .strip_prefix('c')
                    .and_then(num)
                    .map(|index| Self::Conclusion { episode, index }),
            };
        }
        let concept = ConceptId(head.strip_prefix('c').and_then(num)?);
        let tail = tail?;
        if let Some(index) = tail.strip_prefix('s').and_then(num) {
            return Some(Self::Sigma { concept, index });
        }
        tail.strip_prefix('d')
            .and_then(num)
            .map(|index| Self::Delta { concept, index })
    }

    /// "fact", "conclusion", "Σ bullet" or "Δ item".
    #[must_use]
    pub fn noun(&self) -> &'static str {
        match self {
            Self::Fact { .. } => "fact",
            Self::Conclusion { .. } => "conclusion",
            Self::Sigma { .. } => "Σ bullet",
            Self::Delta { .. } => "Δ item",
        }
    }

    /// The concept a Σ/Δ item belongs to.
    #[must_use]
    pub fn concept(&self) -> Option<ConceptId> {
        match self {
            Self::Sigma { concept, .. } | Self::Delta { concept, .. } => Some(*concept),
            Self::Fact { .. } | Self::Conclusion { .. } => None,
        }
    }

    /// The episode a fact or conclusion belongs to.
    #[must_use]
    pub fn episode(&self) -> Option<EpisodeId> {
        match self {
            Self::Fact { episode } | Self::Conclusion { episode, .. } => Some(*episode),
            Self::Sigma { .. } | Self::Delta { .. } => None,
        }
    }
}

impl std::fmt::Display for ItemRef {
    /// The text form [`ItemRef::parse`] reads.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Fact { episode } => write!(f, "{episode}"),
            Self::Conclusion { episode, index } => write!(f, "{episode}/c{index}"),
            Self::Sigma { concept, index } => write!(f, "{concept}/s{index}"),
            Self::Delta { concept, index } => write!(f, "{concept}/d{index}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_form_reads_back() {
        for text in ["e3", "e3/c1", "c12/s0", "c12/d4"] {
            let item = ItemRef::parse(text);
            assert_eq!(item.map(|i| i.to_string()).as_deref(), Some(text));
        }
        assert_eq!(
            ItemRef::parse(" E3 / C1 ").map(|i| i.to_string()).as_deref(),
            Some("e3/c1")
        );
        for bad in ["", "e", "x3", "c12", "c12/x1", "e3/s1", "e-1", "c1/s"] {
            assert_eq!(ItemRef::parse(bad), None, "{bad}");
        }
    }
}
