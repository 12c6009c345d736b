//! How an event reads outside the log: its scripting form (`log --json`) and its one-line
//! summary for people (`log`, the timeline).

use super::{Event, EventRecord, said};

impl EventRecord {
    /// The scripting form: `seq`, `parent`, `kind`, then the event's own fields. An event field
    /// that shares a name with the record's (`concept_added`'s `parent`) is prefixed with the
    /// kind's first word (`concept_parent`), so it never hides the record's `parent`.
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        let mut value = serde_json::to_value(&self.event).unwrap_or(serde_json::Value::Null);
        if let serde_json::Value::Object(obj) = &mut value {
            let kind = self.event.kind();
            let prefix = kind.split('_').next().unwrap_or(kind);
            let mut out = serde_json::Map::new();
            out.insert("seq".into(), self.seq.0.into());
            out.insert("parent".into(), self.parent.0.into());
            out.insert("kind".into(), kind.into());
            for (k, v) in std::mem::take(obj) {
                match k.as_str() {
                    "kind" => {}
                    "seq" | "parent" => {
                        out.insert(format!("{prefix}_{k}"), v);
                    }
                    _ => {
                        out.insert(k, v);
                    }
                }
            }
            return serde_json::Value::Object(out);
        }
        value
    }

    /// One line for people: seq, kind and what happened, without the bulky texts.
    #[must_use]
    pub fn summary(&self) -> String {
        format!("{} {:<20} {}", self.seq, self.event.kind(), self.event.detail())
    }
}

impl Event {
    /// What happened, in a few words: the part of a log line after its seq and kind.
    #[must_use]
    pub fn detail(&self) -> String {
        use crate::text::clip;
        match self {
            Event::ThresholdsChanged { theta_inf, theta_sum } => format!("θ_inf={theta_inf} θ_sum={theta_sum}"),
            Event::PersonTracked { name, speaker, .. } => format!("{name} (speaker {speaker})"),
            Event::TurnIngested {
                turn,
                speaker,
                text,
                attachments,
                ..
            } => format!("turn {turn} {speaker}: {}", clip(&said(text, attachments), 70)),
            Event::SegmentClosed { turns, reason } => format!("{} turns ({reason:?})", turns.len()),
            Event::EpisodeRecorded { fact, .. } if fact.is_empty() => {
                "no fact: the segment said nothing about the person".into()
            }
            Event::EpisodeRecorded { fact, .. } => clip(fact, 80),
            Event::ConceptAdded { name, level, .. } => format!("{name} ({level})"),
            Event::RelationAdded { source, target } => format!("{source} → {target}"),
            Event::MentionRecorded { relation, label, .. } => format!("{relation}: {}", clip(label, 70)),
            Event::SlotStated {
                holder,
                slot,
                value,
                what,
                ..
            } => clip(
                &super::slot_sentence("the person", holder, *slot, what.as_deref(), value),
                80,
            ),
            Event::OperatorFired {
                operator,
                target,
                trigger,
                ..
            } => format!("{} {target} ({})", operator.label(), trigger.words()),
            Event::AbstractionProposed {
                proposal,
                operator,
                target,
                trigger,
                ..
            } => format!(
                "{} {target} proposed {proposal} ({})",
                operator.label(),
                trigger.words()
            ),
            Event::AbstractionApproved { proposal } | Event::AbstractionRejected { proposal } => proposal.to_string(),
            Event::AbstractionReverted { firing, concept, .. } => format!("{concept} back to before {firing}"),
            Event::ModelCalled {
                purpose,
                model,
                tokens_in,
                tokens_out,
                latency_ms,
                mode,
                ..
            } => {
                // Text is the default; a structured call says so.
                let mode = if mode.is_text() {
                    String::new()
                } else {
                    format!(" ({})", mode.name())
                };
                format!(
                    "{} via {model}{mode}: {tokens_in}+{tokens_out} tokens, {latency_ms} ms",
                    purpose.name()
                )
            }
            Event::ModelFailed { purpose, error, .. } => format!("{}: {}", purpose.name(), clip(error, 80)),
            Event::ItemCorrected {
                correction,
                item,
                was,
                text,
                reason,
                ..
            } => match text {
                Some(t) => format!(
                    "{correction} {item} replaced: {} → {} ({})",
                    clip(was, 30),
                    clip(t, 30),
                    clip(reason, 40)
                ),
                None => format!("{correction} {item} retired: {} ({})", clip(was, 50), clip(reason, 40)),
            },
            Event::CorrectionUndone { correction } => format!("{correction} undone"),
            Event::RolledBack { to } => format!("to {to}"),
        }
    }
}
