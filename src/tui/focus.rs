//! Which pane has the keyboard, and the Tab order between panes.

/// The panes, in Tab order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Focus {
    /// The conversation and its input line.
    Chat,
    /// The concept tree.
    Tree,
    /// The evidence counters.
    Evidence,
    /// The Σ/Δ diff (and the proposals in approval mode).
    Diff,
    /// The event log around the cursor.
    Timeline,
}

impl Focus {
    /// Every pane, in Tab order.
    pub const ORDER: [Self; 5] = [Self::Chat, Self::Tree, Self::Evidence, Self::Diff, Self::Timeline];

    /// The pane `by` steps along the Tab order (negative: backwards), wrapping around.
    #[must_use]
    pub fn shifted(self, by: isize) -> Self {
        let len = Self::ORDER.len() as isize;
        let i = Self::ORDER.iter().position(|f| *f == self).unwrap_or(0) as isize;
        Self::ORDER[(i + by).rem_euclid(len) as usize]
    }
}
