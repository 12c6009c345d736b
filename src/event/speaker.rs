//! Who said a turn: the user, the assistant, or a person known by name. Stored as the label
//! logs and session files have always held ("user", "assistant", "Caroline"), so no stored
//! byte changes; code matches on the variant instead of comparing strings.

use serde::{Deserialize, Serialize};

/// A turn's speaker.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub enum Speaker {
    /// The person chatting with the assistant (label "user").
    User,
    /// The assistant's own replies (label "assistant"); never a tracked person.
    Assistant,
    /// Anyone else, by the name their turns carry (a LoCoMo speaker).
    Named(String),
}

impl Speaker {
    /// The stored label of [`Speaker::User`].
    pub const USER: &'static str = "user";
    /// The stored label of [`Speaker::Assistant`].
    pub const ASSISTANT: &'static str = "assistant";

    /// The label as stored and shown.
    #[must_use]
    pub fn label(&self) -> &str {
        match self {
            Self::User => Self::USER,
            Self::Assistant => Self::ASSISTANT,
            Self::Named(name) => name,
        }
    }

    /// Whether this is the assistant.
    #[must_use]
    pub fn is_assistant(&self) -> bool {
        *self == Self::Assistant
    }

    /// Whether this is the user.
    #[must_use]
    pub fn is_user(&self) -> bool {
        *self == Self::User
    }
}

impl From<&str> for Speaker {
    fn from(label: &str) -> Self {
        match label {
            Self::USER => Self::User,
            Self::ASSISTANT => Self::Assistant,
            name => Self::Named(name.to_string()),
        }
    }
}

impl From<String> for Speaker {
    fn from(label: String) -> Self {
        match label.as_str() {
            Self::USER => Self::User,
            Self::ASSISTANT => Self::Assistant,
            _ => Self::Named(label),
        }
    }
}

impl From<Speaker> for String {
    fn from(s: Speaker) -> Self {
        match s {
            Speaker::Named(name) => name,
            other => other.label().to_string(),
        }
    }
}

/// A speaker reads as its label wherever a label is looked up (`Memory::person_for`).
impl std::ops::Deref for Speaker {
    type Target = str;
    fn deref(&self) -> &str {
        self.label()
    }
}

impl std::fmt::Display for Speaker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.label())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_speaker_is_stored_as_the_label_logs_always_held() {
        for (label, speaker) in [
            ("user", Speaker::User),
            ("assistant", Speaker::Assistant),
            ("Caroline", Speaker::Named("Caroline".into())),
        ] {
            let json = serde_json::to_string(&speaker).unwrap();
            assert_eq!(json, format!("\"{label}\""));
            assert_eq!(serde_json::from_str::<Speaker>(&json).unwrap(), speaker);
            assert_eq!(Speaker::from(label), speaker);
            assert_eq!(&*speaker, label);
        }
    }
}
