//! Pane contents derived from the memory at the cursor, rebuilt when the cursor, the log or the
//! filter changes rather than on every frame, so drawing stays cheap on large memories.

use super::diff_view::DiffView;
use rgmem::event::{Event, EventRecord, Operator, Subject};
use rgmem::ids::{ConceptId, ProposalId, RelationId, Seq};
use rgmem::ingest::preview::{self, Preview};
use rgmem::memory::{Level, Memory, ProposalStatus};
use rgmem::rules::OfflineModel;
use rgmem::timeline::Timeline;
use std::collections::HashMap;

/// How many entries before the cursor an RK1 firing still flashes.
pub const FLASH_WINDOW: usize = 8;
/// How far back the chat and the Σ/Δ pane look for turns and firings.
const LOOKBACK: usize = 20_000;
/// Chat lines kept.
const CHAT_LINES: usize = 400;

/// One evidence counter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EvidenceRow {
    /// The relation.
    pub relation: RelationId,
    /// "Fitness → Strength Training".
    pub name: String,
    /// Mentions since the last RK1.
    pub mentions: u32,
    /// Mentions over its life.
    pub total: u32,
    /// θ_inf.
    pub theta: u32,
    /// RK1 firings so far.
    pub firings: u32,
    /// Set when RK1 just fired: the counter value it reset from.
    pub fired_at: Option<u32>,
    /// Mentions the open segment will add when it closes.
    pub pending: u32,
    /// The relation does not exist yet: the open segment's close will add it.
    pub new: bool,
}

impl EvidenceRow {
    /// The next close fires RK1: the counter with its pending mentions reaches θ_inf.
    #[must_use]
    pub fn due(&self) -> bool {
        let after = self.mentions.saturating_add(self.pending);
        after >= self.theta && after > 0
    }
}

/// One line of the conversation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChatLine {
    /// A turn.
    Message {
        /// Who spoke.
        speaker: rgmem::event::Speaker,
        /// What was said.
        text: String,
        /// Where it was logged.
        seq: Seq,
    },
    /// An operator firing the previous message caused.
    Firing {
        /// One-line summary.
        text: String,
        /// Where it was logged.
        seq: Seq,
    },
}

/// What a concept tree node shows after its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeKind {
    /// A base or abstract concept: its score against θ_sum, and whether Σ and Δ are written.
    Scored {
        /// The score.
        score: u32,
        /// θ_sum.
        theta: u32,
        /// Σ is not empty.
        sigma: bool,
        /// Δ is not empty.
        delta: bool,
    },
    /// A general event node.
    Event,
    /// An instance node.
    Instance,
    /// A person root.
    Person,
}

/// One node of the concept tree, with its children.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeRow {
    /// The concept id (the tree widget's identifier).
    pub id: u32,
    /// The concept's name.
    pub name: String,
    /// What follows the name.
    pub kind: NodeKind,
    /// A child's Σ/Δ changed; RK3 will flow it up.
    pub dirty: bool,
    /// A proposal waiting for approval.
    pub pending: Option<ProposalId>,
    /// Child nodes, in memory order.
    pub children: Vec<TreeRow>,
}

/// The cached pane contents.
#[derive(Default)]
pub struct Views {
    /// Concept tree nodes (roots).
    pub tree: Vec<TreeRow>,
    /// Evidence counters, just-fired first, then closest to firing.
    pub evidence: Vec<EvidenceRow>,
    /// The open segment at the cursor and the mentions its close will add.
    pub pending: Preview,
    /// What the open segment's latest turn by a person brings alone (when more than one turn is
    /// open).
    pub latest: Option<Preview>,
    /// The (cursor, head) `pending` was previewed for: the preview runs the extraction, so it
    /// runs again only when the memory at the cursor changes.
    pending_for: Option<(Seq, Seq)>,
    /// The Σ/Δ pane.
    pub diff: DiffView,
    /// The seqs of pending proposals at head (approval mode).
    pub proposals: Vec<Seq>,
    /// The conversation up to the cursor.
    pub chat: Vec<ChatLine>,
    /// Timeline entries matching the filter (None: no filter).
    pub timeline: Option<Vec<Seq>>,
    /// The filter and head `timeline` was computed for: matching reads the whole log from the
    /// file, so it runs again only when one of them changes, not on every step.
    timeline_for: Option<(String, Seq)>,
}

impl Views {
    /// Rebuilds everything; true when a relation just fired (the evidence pane flashes).
    pub fn rebuild(&mut self, timeline: &Timeline, filter: &str, proposal_index: usize) -> bool {
        let memory = timeline.memory();
        self.tree = tree_rows(memory, filter);
        self.proposals = pending_proposals(timeline);
        let fired = just_fired(timeline);
        let flashed = !fired.is_empty();
        let at = (timeline.cursor(), timeline.head());
        if self.pending_for != Some(at) {
            // The offline extractor is the engine's own extraction code without a network, so
            // previewing never waits for (or spends) a real model's calls.
            self.pending = preview::preview(memory, &mut OfflineModel);
            // With more than one turn open, also what the latest person's turn brings alone, so
            // each message shows what it touched even when the segment's count does not move.
            self.latest = memory
                .open_segment
                .iter()
                .rev()
                .find(|t| {
                    memory
                        .turns
                        .get(t.index())
                        .is_some_and(|turn| !turn.speaker.is_assistant())
                })
                .filter(|_| memory.open_segment.len() > 1)
                .map(|t| preview::preview_turns(memory, &[*t], &mut OfflineModel));
            self.pending_for = Some(at);
        }
        self.evidence = evidence_rows(timeline, &fired, &self.pending);
        self.diff = match self.proposals.get(proposal_index) {
            Some(seq) => DiffView::proposals(timeline, &self.proposals, *seq),
            None => match timeline.firing_at_or_before(timeline.cursor(), LOOKBACK) {
                Some(r) => DiffView::firing(&r, timeline.cursor()),
                None => DiffView::empty(),
            },
        };
        self.chat = chat_lines(timeline);
        let key = (filter.to_string(), timeline.head());
        if self.timeline_for.as_ref() != Some(&key) {
            self.timeline = (!filter.is_empty()).then(|| {
                timeline
                    .records()
                    .filter(|r| r.summary().to_lowercase().contains(filter))
                    .map(|r| r.seq)
                    .collect()
            });
            self.timeline_for = Some(key);
        }
        flashed
    }
}

/// The tree nodes for a memory; with a filter, only matching nodes and their ancestors.
fn tree_rows(memory: &Memory, filter: &str) -> Vec<TreeRow> {
    memory.roots().filter_map(|r| tree_row(memory, r.id, filter)).collect()
}

fn tree_row(memory: &Memory, id: ConceptId, filter: &str) -> Option<TreeRow> {
    let c = memory.concept(id);
    let children: Vec<TreeRow> = c
        .children
        .iter()
        .filter_map(|child| tree_row(memory, *child, filter))
        .collect();
    let matches = filter.is_empty() || c.name.to_lowercase().contains(filter);
    if !matches && children.is_empty() {
        return None;
    }
    let kind = match c.level {
        Level::Base | Level::Abstract => NodeKind::Scored {
            score: c.score,
            theta: memory.thresholds.theta_sum,
            sigma: !c.sigma.is_empty(),
            delta: !c.delta.is_empty(),
        },
        Level::Activity => NodeKind::Event,
        Level::Occurrence => NodeKind::Instance,
        Level::Root => NodeKind::Person,
    };
    Some(TreeRow {
        id: id.0,
        name: c.name.clone(),
        kind,
        dirty: c.dirty,
        pending: c.pending,
        children,
    })
}

/// The pending proposals on the cursor's branch, oldest first: at head's when the cursor is on
/// the head's branch (what can be decided now), else those pending at the cursor on the branch a
/// rollback left behind, so the list never shows another branch's proposals.
fn pending_proposals(timeline: &Timeline) -> Vec<Seq> {
    let cursor = timeline.cursor();
    let on_head = timeline.is_on_head_branch(cursor) || cursor == timeline.head();
    let memory = if on_head {
        timeline.head_memory()
    } else {
        timeline.memory()
    };
    if !memory.proposals.values().any(|p| p.status == ProposalStatus::Pending) {
        return Vec::new();
    }
    let pending = |r: &EventRecord| match &r.event {
        Event::AbstractionProposed { proposal, .. }
            if memory
                .proposals
                .get(proposal)
                .is_some_and(|p| p.status == ProposalStatus::Pending) =>
        {
            Some(r.seq)
        }
        _ => None,
    };
    let mut out: Vec<Seq> = if on_head {
        timeline.head_branch_firings().filter_map(|r| pending(&r)).collect()
    } else {
        // Firing to firing down the cursor's chain: only firings are read from the file.
        let mut found = Vec::new();
        let mut at = cursor;
        while let Some(r) = timeline.firing_at_or_before(at, usize::MAX) {
            found.extend(pending(&r));
            at = r.parent;
        }
        found
    };
    out.reverse();
    out
}

/// RK1 firings within the flash window before the cursor: relation → counter value it reset from.
fn just_fired(timeline: &Timeline) -> HashMap<RelationId, u32> {
    timeline
        .chain_back(timeline.cursor())
        .take(FLASH_WINDOW)
        .filter_map(|r| match &r.event {
            Event::OperatorFired {
                operator: Operator::Rk1,
                subject: Subject::Relation(rel),
                trigger,
                ..
            } => Some((*rel, trigger.value)),
            _ => None,
        })
        .collect()
}

/// Every relation's counter with the mentions pending for it, and the relations the open
/// segment will add; just fired first, then the ones with pending mentions, then the closest to
/// firing.
fn evidence_rows(timeline: &Timeline, fired: &HashMap<RelationId, u32>, pending: &Preview) -> Vec<EvidenceRow> {
    let memory = timeline.memory();
    let theta = memory.thresholds.theta_inf;
    let mut rows: Vec<EvidenceRow> = memory
        .relations
        .iter()
        .map(|r| EvidenceRow {
            relation: r.id,
            name: memory.relation_name(r.id),
            mentions: r.mentions,
            total: r.total_mentions,
            theta,
            firings: r.rk1_firings,
            fired_at: fired.get(&r.id).copied(),
            pending: pending.for_relation(r.id),
            new: false,
        })
        .collect();
    rows.extend(pending.mentions.iter().filter(|m| m.new).map(|m| EvidenceRow {
        relation: m.relation,
        name: m.name.clone(),
        mentions: 0,
        total: 0,
        theta,
        firings: 0,
        fired_at: None,
        pending: m.count,
        new: true,
    }));
    rows.sort_by_key(|r| {
        (
            r.fired_at.is_none(),
            r.pending == 0,
            r.theta.saturating_sub(r.mentions.saturating_add(r.pending)),
            std::cmp::Reverse(r.total),
            r.relation,
        )
    });
    rows
}

fn chat_lines(timeline: &Timeline) -> Vec<ChatLine> {
    let mut lines = Vec::new();
    for r in timeline.chain_back(timeline.cursor()).take(LOOKBACK) {
        match &r.event {
            Event::TurnIngested {
                speaker,
                text,
                attachments,
                ..
            } => lines.push(ChatLine::Message {
                speaker: speaker.clone(),
                text: rgmem::event::said(text, attachments),
                seq: r.seq,
            }),
            Event::OperatorFired { .. } | Event::AbstractionProposed { .. } => lines.push(ChatLine::Firing {
                text: r.event.detail(),
                seq: r.seq,
            }),
            Event::RolledBack { to } => lines.push(ChatLine::Firing {
                text: format!("rolled back to {to}"),
                seq: r.seq,
            }),
            _ => {}
        }
        if lines.len() >= CHAT_LINES {
            break;
        }
    }
    lines.reverse();
    lines
}
