//! Pane contents derived from the memory at the cursor, rebuilt when the cursor, the log or the
//! filter changes rather than on every frame, so drawing stays cheap on large memories.

use crate::tui::theme::Theme;
use crate::tui::ui;
use ratatui::text::Line;
use rgmem::event::{Event, Operator, Subject};
use rgmem::ids::{RelationId, Seq};
use rgmem::memory::ProposalStatus;
use rgmem::timeline::Timeline;
use std::collections::HashMap;
use tui_tree_widget::TreeItem;

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
}

/// One line of the conversation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChatLine {
    /// A turn.
    Message {
        /// Who spoke.
        speaker: String,
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

/// The cached pane contents.
#[derive(Default)]
pub struct Views {
    /// Concept tree items.
    pub tree: Vec<TreeItem<'static, u32>>,
    /// Evidence counters, just-fired first, then closest to firing.
    pub evidence: Vec<EvidenceRow>,
    /// The Σ/Δ pane's title.
    pub diff_title: String,
    /// The Σ/Δ pane's lines.
    pub diff: Vec<Line<'static>>,
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
    pub fn rebuild(&mut self, timeline: &Timeline, filter: &str, theme: Theme, proposal_index: usize) -> bool {
        let memory = timeline.memory();
        self.tree = ui::concept_tree::items(memory, filter, theme);
        self.proposals = pending_proposals(timeline);
        let fired = just_fired(timeline);
        let flashed = !fired.is_empty();
        self.evidence = evidence_rows(timeline, &fired);
        let (title, lines) = match self.proposals.get(proposal_index) {
            Some(seq) if !self.proposals.is_empty() => ui::diff::proposal_view(timeline, &self.proposals, *seq, theme),
            _ => match timeline.firing_at_or_before(timeline.cursor(), LOOKBACK) {
                Some(r) => ui::diff::firing_view(&r, timeline.cursor(), theme),
                None => ("Σ/Δ diff".into(), ui::diff::empty_view(theme)),
            },
        };
        self.diff_title = title;
        self.diff = lines;
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

fn pending_proposals(timeline: &Timeline) -> Vec<Seq> {
    let head = timeline.head_memory();
    if !head.proposals.values().any(|p| p.status == ProposalStatus::Pending) {
        return Vec::new();
    }
    let mut out: Vec<Seq> = timeline
        .head_branch_firings()
        .filter_map(|r| match &r.event {
            Event::AbstractionProposed { proposal, .. }
                if head
                    .proposals
                    .get(proposal)
                    .is_some_and(|p| p.status == ProposalStatus::Pending) =>
            {
                Some(r.seq)
            }
            _ => None,
        })
        .collect();
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

fn evidence_rows(timeline: &Timeline, fired: &HashMap<RelationId, u32>) -> Vec<EvidenceRow> {
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
        })
        .collect();
    rows.sort_by_key(|r| {
        (
            r.fired_at.is_none(),
            r.theta.saturating_sub(r.mentions),
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
            Event::TurnIngested { speaker, text, .. } => lines.push(ChatLine::Message {
                speaker: speaker.clone(),
                text: text.clone(),
                seq: r.seq,
            }),
            Event::OperatorFired { .. } | Event::AbstractionProposed { .. } => lines.push(ChatLine::Firing {
                text: ui::timeline::detail(&r.event),
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
