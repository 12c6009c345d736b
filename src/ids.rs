//! Newtype ids for everything the log and the memory refer to, so a seq is never mistaken for a turn.

use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! id_newtype {
    ($(#[$doc:meta])* $name:ident($inner:ty), $prefix:literal) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub $inner);

        impl $name {
            /// The id as an index into the owning vector.
            #[must_use]
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

id_newtype!(
    /// Position of an event in the log. Seq 0 is the empty memory every branch starts from.
    Seq(u64),
    "#"
);
id_newtype!(
    /// An ingested turn, numbered in ingest order across every session file of one memory.
    TurnId(u32),
    "t"
);
id_newtype!(
    /// An L0 episodic unit.
    EpisodeId(u32),
    "e"
);
id_newtype!(
    /// A node of the L1 graph: a person root, an abstract concept, an activity or an occurrence.
    ConceptId(u32),
    "c"
);
id_newtype!(
    /// A relation (edge) of the L1 graph, the unit RK1 works on.
    RelationId(u32),
    "r"
);
id_newtype!(
    /// An RK2/RK3 result waiting for a person's approval.
    ProposalId(u32),
    "p"
);

id_newtype!(
    /// A person's correction of one memory item (a fact, a conclusion, a Σ bullet or a Δ item).
    CorrectionId(u32),
    "k"
);

/// A count or position as the `u32` ids and counters hold it, saturating at `u32::MAX`: no
/// memory holds four billion of anything, and saturating never panics on one that claims to.
#[must_use]
pub fn saturating_u32(n: impl TryInto<u32>) -> u32 {
    n.try_into().unwrap_or(u32::MAX)
}
