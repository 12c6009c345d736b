//! What a turn shares besides its words (a photo and its caption), and the one place where that
//! becomes text: [`said`], which the contexts handed to an answerer, the prompts and the panes
//! call. Every other reader looks at the field.

use serde::{Deserialize, Serialize};

/// Something a speaker shared with a turn; stored as `{"type": "photo", "caption": …}` (not
/// `kind`, which names the event a body belongs to).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Attachment {
    /// A picture, known by its caption (LoCoMo's `blip_caption`).
    Photo {
        /// What the picture shows, as its caption says ("a photo of a dog on a trail").
        caption: String,
    },
}

/// How a shared photo reads in a rendered turn; kept private so no reader matches it.
const PHOTO_OPENING: &str = "[shares a photo: ";

impl Attachment {
    /// The caption a reader can match words against.
    #[must_use]
    pub fn caption(&self) -> &str {
        match self {
            Self::Photo { caption } => caption,
        }
    }

    /// Whether it is a photo.
    #[must_use]
    pub fn is_photo(&self) -> bool {
        matches!(self, Self::Photo { .. })
    }

    /// The attachment as a rendered turn writes it: "[shares a photo: a dog]".
    #[must_use]
    pub fn render(&self) -> String {
        match self {
            Self::Photo { caption } => format!("{PHOTO_OPENING}{caption}]"),
        }
    }
}

/// A turn as text: its words, then each attachment rendered after a space ("Look!
/// [shares a photo: a dog]"). The form every prompt, context and pane shows, and the form
/// codec version 1 stored inside the turn's text.
#[must_use]
pub fn said(text: &str, attachments: &[Attachment]) -> String {
    let mut out = text.to_string();
    for a in attachments {
        out.push(' ');
        out.push_str(&a.render());
    }
    out
}

/// A version-1 turn's text split into its words and the photo whose caption ingest appended
/// (" [shares a photo: …]" at its very end); text without one comes back whole. The split is
/// kept only if rendering it gives the text back, so nothing is lost or reordered.
#[must_use]
pub fn split_v1(text: &str) -> (String, Vec<Attachment>) {
    let whole = || (text.to_string(), Vec::new());
    let Some(inner) = text.strip_suffix(']') else {
        return whole();
    };
    let opening = format!(" {PHOTO_OPENING}");
    let Some(at) = inner.rfind(&opening) else {
        return whole();
    };
    // `at` and `at + opening.len()` are where an ASCII needle found by `rfind` starts and
    // ends, so both are character boundaries; `get` keeps that checked.
    let (Some(words), Some(caption)) = (inner.get(..at), inner.get(at.saturating_add(opening.len())..)) else {
        return whole();
    };
    let attachments = vec![Attachment::Photo {
        caption: caption.to_string(),
    }];
    if said(words, &attachments) != text {
        return whole();
    }
    (words.to_string(), attachments)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_version_1_caption_moves_out_of_the_text_and_renders_back_to_it() {
        for text in [
            "Look at this! [shares a photo: a photo of a dog on a trail]",
            " [shares a photo: a café in Zürich]",
            "Café time [shares a photo: a cup [of] tea]",
        ] {
            let (words, attachments) = split_v1(text);
            assert_eq!(attachments.len(), 1, "{text}");
            assert!(!words.contains("shares a photo"), "{words}");
            assert_eq!(said(&words, &attachments), text);
        }
        let (words, attachments) = split_v1("Look at this! [shares a photo: a dog]");
        assert_eq!(words, "Look at this!");
        assert_eq!(
            attachments,
            vec![Attachment::Photo {
                caption: "a dog".into()
            }]
        );
    }

    #[test]
    fn text_without_a_trailing_caption_stays_whole() {
        for text in [
            "",
            "no photo here",
            "[shares a photo: said first] then words",
            "ends with a bracket]",
            "ünïcödé ]",
        ] {
            assert_eq!(split_v1(text), (text.to_string(), Vec::new()), "{text}");
        }
    }

    #[test]
    fn a_photo_is_stored_by_kind_and_caption() {
        let a = Attachment::Photo {
            caption: "a dog".into(),
        };
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, r#"{"type":"photo","caption":"a dog"}"#);
        assert_eq!(serde_json::from_str::<Attachment>(&json).unwrap(), a);
    }
}
