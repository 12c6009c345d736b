//! The context an answer is asked over, as data: its items in order, each with the section and
//! shared header it stands under and what it shows as data ([`Shows`]: a turn's speaker and
//! day, a fact's day, a slot's holder and value, a Σ/Δ item's path and bullets). A model that reads text (an LLM) gets
//! [`AnswerContext::render`] in its prompt; the offline answerer reads the fields, so nothing a
//! renderer wrote has to be parsed back.
//!
//! It lives in `model` (not `retrieval`) because the task carries it and `model` sits below
//! `retrieval`: retrieval, the engine's open turns and the eval's baselines all build one.

pub use super::shows::{Note, Shows, SlotLine};
use crate::time::Timestamp;

/// What an answerer is given to answer from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AnswerContext {
    /// The items, grouped by section in the order they are shown.
    pub items: Vec<ContextItem>,
}

/// One item of a context.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContextItem {
    /// The heading of the section it stands in ("Facts (L0)").
    pub section: String,
    /// The header it shares with the items next to it (a session's day), shown once over them.
    pub group: Option<String>,
    /// What it shows as text: for a turn, `speaker: words`. [`AnswerContext::render`] makes
    /// the prompt of it, and an answer names it as its support; what the answer is read from
    /// is [`ContextItem::shows`].
    pub text: String,
    /// What it shows as data: a turn, a dated note, a slot, Σ/Δ bullets, or (for a context
    /// that arrives only as text) nothing beyond its text.
    pub shows: Shows,
}

/// Who said a turn, the day they said it, and what of it the item shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said {
    /// The speaker's name as the item shows it.
    pub speaker: String,
    /// The day (UTC midnight), when the turn has a time.
    pub day: Option<Timestamp>,
    /// The words the item shows (the whole turn, or the brief a tight budget keeps of it).
    pub words: String,
}

impl Said {
    /// A turn said by `speaker` at `time`: the day is kept, the time of day is not, since a
    /// context shows days.
    #[must_use]
    pub fn new(speaker: String, time: Option<Timestamp>, words: String) -> Self {
        Self {
            speaker,
            day: time.and_then(super::shows::day_of),
            words,
        }
    }
}

impl ContextItem {
    /// An item in `section` showing `text` and, as data, `shows`.
    #[must_use]
    pub fn new(section: &str, text: String, shows: Shows) -> Self {
        Self {
            section: section.to_string(),
            group: None,
            text,
            shows,
        }
    }

    /// Who said it and when, if it is a turn.
    #[must_use]
    pub fn said(&self) -> Option<&Said> {
        match &self.shows {
            Shows::Turn(said) => Some(said),
            _ => None,
        }
    }
}

impl AnswerContext {
    /// The context as a model reads it: one `# section` per run of items in the same section,
    /// one `- item` line each, and a `## header` (a session's day) once over each run of items
    /// that share it.
    #[must_use]
    pub fn render(&self) -> String {
        let mut out = String::new();
        let mut section: Option<&str> = None;
        let mut group: Option<&str> = None;
        for item in &self.items {
            if section != Some(item.section.as_str()) {
                if section.is_some() {
                    out.push('\n');
                }
                // Items of no section (a fixture's bare lines) stand under no heading.
                if !item.section.is_empty() {
                    out.push_str(&format!("# {}\n", item.section));
                }
                section = Some(&item.section);
                group = None;
            }
            if let Some(g) = item.group.as_deref()
                && group != Some(g)
            {
                out.push_str(&format!("## {g}\n"));
                group = Some(g);
            }
            out.push_str(&format!("- {}\n", item.text));
        }
        out
    }

    /// Whether there is nothing to answer from.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// A context that exists only as text in the shape [`AnswerContext::render`] writes (a
    /// hand-written fixture, a prompt a test server quotes back): its `# section`, `## header`
    /// and `- item` lines. Items keep their text as written and carry no speaker; the engine
    /// never builds a context this way.
    #[must_use]
    pub fn from_rendered(text: &str) -> Self {
        let mut items = Vec::new();
        let mut section = String::new();
        let mut group: Option<String> = None;
        for line in text.lines().map(str::trim) {
            if let Some(header) = line.strip_prefix("## ") {
                group = Some(header.to_string());
            } else if let Some(heading) = line.strip_prefix('#') {
                section = heading.trim().to_string();
                group = None;
            } else if let Some(item) = line.strip_prefix("- ") {
                items.push(ContextItem {
                    section: section.clone(),
                    group: group.clone(),
                    text: item.to_string(),
                    shows: Shows::Text,
                });
            }
        }
        Self { items }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_and_headers_are_shown_once_over_their_runs() {
        let day = Timestamp::from_civil(2023, 5, 8, 14, 30, 0);
        let turn = |text: &str| ContextItem {
            section: "Turns".into(),
            group: Some("8 May 2023".into()),
            text: format!("Caroline: {text}"),
            shows: Shows::Turn(Said::new("Caroline".into(), day, text.into())),
        };
        let ctx = AnswerContext {
            items: vec![
                ContextItem::new(
                    "Facts",
                    "[8 May 2023] Caroline went to a support group".into(),
                    Shows::Note(Note {
                        day: Timestamp::from_civil(2023, 5, 8, 0, 0, 0),
                        words: "Caroline went to a support group".into(),
                    }),
                ),
                turn("I went yesterday."),
                turn("It was powerful."),
            ],
        };
        assert_eq!(
            ctx.render(),
            "# Facts\n- [8 May 2023] Caroline went to a support group\n\n# Turns\n## 8 May 2023\n\
             - Caroline: I went yesterday.\n- Caroline: It was powerful.\n"
        );
        assert_eq!(
            AnswerContext::from_rendered(&ctx.render()).render(),
            ctx.render(),
            "a rendered context reads back to the same lines"
        );
        assert_eq!(
            ctx.items[1].said().and_then(|s| s.day),
            Timestamp::from_civil(2023, 5, 8, 0, 0, 0)
        );
    }
}
