//! The Σ/Δ pane's contents as plain data: the firing (or pending proposal) at the cursor, its
//! trigger and the diff of its before and after. `ui::diff` only styles what this returns.

use rgmem::diff::{DiffLine, Section, abstraction_diff};
use rgmem::event::{Abstraction, Event, EventRecord, Trigger};
use rgmem::ids::Seq;
use rgmem::timeline::Timeline;

/// One line of the Σ/Δ pane.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiffRow {
    /// Secondary text (explanations, "the latest firing at or before …").
    Note(String),
    /// A heading; a diff section starts after it.
    Heading(String),
    /// "#433 RK2 trigger: score 8 ≥ θ_sum 6": the firing's seq and operator, then the trigger.
    Trigger {
        /// "#433 RK2 ".
        firing: String,
        /// "trigger: …".
        text: String,
    },
    /// A pending proposal in the approval list.
    Proposal {
        /// Its timeline row.
        text: String,
        /// Whether it is the selected one.
        selected: bool,
    },
    /// An empty line.
    Blank,
    /// One bullet of a diff.
    Diff(DiffLine),
}

/// The pane's title and lines.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DiffView {
    /// The title.
    pub title: String,
    /// The lines.
    pub rows: Vec<DiffRow>,
    /// The firing (or proposal) shown, if any.
    pub firing: Option<Seq>,
}

impl DiffView {
    /// Shown before any firing.
    #[must_use]
    pub fn empty() -> Self {
        Self {
            title: "Σ/Δ diff".into(),
            rows: empty_rows(),
            firing: None,
        }
    }

    /// The firing (or proposal) `record`, seen from the cursor.
    #[must_use]
    pub fn firing(record: &EventRecord, cursor: Seq) -> Self {
        let Some((operator, target, trigger, before, after)) = parts(&record.event) else {
            return Self::empty();
        };
        let proposed = matches!(record.event, Event::AbstractionProposed { .. });
        let title = format!(
            "Σ/Δ · {} {} {target}{}",
            record.seq,
            operator,
            if proposed { " (proposed)" } else { "" }
        );
        let mut rows = vec![trigger_row(record.seq, operator, trigger)];
        if cursor != record.seq {
            rows.push(DiffRow::Note(format!(
                "the latest firing at or before the cursor {cursor}"
            )));
        }
        rows.extend(section_rows(&abstraction_diff(before, after)));
        Self {
            title,
            rows,
            firing: Some(record.seq),
        }
    }

    /// The pending proposals, with the diff of the selected one.
    #[must_use]
    pub fn proposals(timeline: &Timeline, proposals: &[Seq], selected: Seq) -> Self {
        let mut rows = vec![DiffRow::Heading(
            "Pending proposals: ↑↓ select · a approve · x reject".into(),
        )];
        for seq in proposals {
            let Some(r) = timeline.entry(*seq) else { continue };
            let selected = *seq == selected;
            let marker = if selected { "▶ " } else { "  " };
            rows.push(DiffRow::Proposal {
                text: format!("{marker}{}", super::timeline_rows::row_text(&r)),
                selected,
            });
        }
        rows.push(DiffRow::Blank);
        if let Some(r) = timeline.entry(selected) {
            rows.extend(Self::firing(&r, selected).rows);
        }
        Self {
            title: format!("Approval · {} pending", proposals.len()),
            rows,
            firing: Some(selected),
        }
    }
}

fn empty_rows() -> Vec<DiffRow> {
    vec![
        DiffRow::Note("No operator has fired at this point of the log.".into()),
        DiffRow::Note(
            "RK1 fires when a relation's mentions reach θ_inf; RK2 when a concept's score reaches θ_sum.".into(),
        ),
    ]
}

type Parts<'a> = (&'static str, &'a str, &'a Trigger, &'a Abstraction, &'a Abstraction);

fn parts(event: &Event) -> Option<Parts<'_>> {
    match event {
        Event::OperatorFired {
            operator,
            target,
            trigger,
            before,
            after,
            ..
        }
        | Event::AbstractionProposed {
            operator,
            target,
            trigger,
            before,
            after,
            ..
        } => Some((operator.label(), target, trigger, before, after)),
        _ => None,
    }
}

fn trigger_row(seq: Seq, operator: &str, trigger: &Trigger) -> DiffRow {
    let theta = trigger.counter.theta();
    DiffRow::Trigger {
        firing: format!("{seq} {operator} "),
        text: format!(
            "trigger: {} {} ≥ {theta} {}",
            trigger.counter, trigger.value, trigger.threshold
        ),
    }
}

pub(super) fn section_rows(sections: &[Section]) -> Vec<DiffRow> {
    let mut out = Vec::new();
    for s in sections {
        out.push(DiffRow::Heading(format!("── {} ({}) ──", s.title, s.counts.summary())));
        out.extend(s.lines.iter().map(|l| DiffRow::Diff(l.clone())));
    }
    out
}
