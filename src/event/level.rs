//! Where a concept sits in the three-tier model: part of the event vocabulary, because
//! `concept_added` records it.

use serde::{Deserialize, Serialize};

/// Where a node sits in the three-tier model.
///
/// The paper calls the two lower tiers "general events" and "instance events"; here they are
/// activities and occurrences, so that "event" only ever names the log's events. The stored
/// names stay `general` and `instance`, so every existing log still decodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// A tracked person (`User`).
    Root,
    /// One of the 11 base concepts.
    Base,
    /// An abstract sub-concept ("Fitness").
    Abstract,
    /// A repeatable activity, the paper's general event ("Strength Training").
    #[serde(rename = "general")]
    Activity,
    /// A unique occurrence or named thing, the paper's instance event ("Boston Marathon").
    #[serde(rename = "instance")]
    Occurrence,
}

impl Level {
    /// Abstract levels carry Σ/Δ and join the classification tree.
    #[must_use]
    pub fn is_abstract(self) -> bool {
        matches!(self, Self::Root | Self::Base | Self::Abstract)
    }

    /// The tier's name in log lines, `rgmem show` and the inspector, in words a reader knows:
    /// the paper's general event is something that recurs, its instance event a one-off.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Root => "person",
            Self::Base => "base concept",
            Self::Abstract => "concept",
            Self::Activity => "recurring event",
            Self::Occurrence => "one-off event",
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label())
    }
}

#[cfg(test)]
mod tests {
    use super::Level;

    #[test]
    fn stored_names_are_those_of_older_logs() {
        let names: Vec<String> = [
            Level::Root,
            Level::Base,
            Level::Abstract,
            Level::Activity,
            Level::Occurrence,
        ]
        .iter()
        .map(|l| serde_json::to_string(l).unwrap())
        .collect();
        assert_eq!(
            names,
            ["\"root\"", "\"base\"", "\"abstract\"", "\"general\"", "\"instance\""]
        );
        assert_eq!(serde_json::from_str::<Level>("\"general\"").unwrap(), Level::Activity);
    }
}
