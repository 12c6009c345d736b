//! The tools' arguments: what an MCP client sends, with the JSON Schemas and field descriptions
//! `tools/list` shows. Unknown fields are refused, so a misspelt argument is an error, not ignored.
//! An optional field is typed as its value (one `type`, not `["string", "null"]`), which every
//! client's schema dialect reads.

use schemars::JsonSchema;
use serde::Deserialize;

/// One turn of dialogue.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnArg {
    /// Who said it: "user", "assistant", or a person's name.
    pub speaker: String,
    /// What was said.
    pub text: String,
    /// When it was said, ISO 8601 (e.g. "2024-05-08T18:30:00Z"; a date alone, or a time without an offset, is read as UTC); optional.
    #[serde(default)]
    #[schemars(with = "String")]
    pub time: Option<String>,
}

/// `remember`'s arguments.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RememberArgs {
    /// The turns, oldest first (at most 500; each text at most 64 KiB).
    pub turns: Vec<TurnArg>,
    /// The user's name, when the memory should know it (default: the server's --person, else "User").
    #[serde(default)]
    #[schemars(with = "String")]
    pub person: Option<String>,
    /// The session number the turns belong to (default: a new session after the latest).
    #[serde(default)]
    #[schemars(with = "u32")]
    pub session: Option<u32>,
}

/// `recall`'s arguments.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RecallArgs {
    /// The question, in plain words ("Where does Alex work?").
    pub question: String,
    /// The most tokens the returned context may take (default 1500).
    #[serde(default)]
    #[schemars(with = "u32")]
    pub budget: Option<u32>,
    /// Whose memory, when the file holds several people (default: the server's --person).
    #[serde(default)]
    #[schemars(with = "String")]
    pub person: Option<String>,
}

/// `profile`'s arguments.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ProfileArgs {
    /// Whose profile, when the file holds several people (default: the server's --person, or the only person).
    #[serde(default)]
    #[schemars(with = "String")]
    pub person: Option<String>,
    /// One concept by name or path ("Fitness", "Alex / Health and Wellness / Fitness"); default the person as a whole.
    #[serde(default)]
    #[schemars(with = "String")]
    pub concept: Option<String>,
}

/// `history`'s arguments.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HistoryArgs {
    /// The concept ("Fitness"), its path, or a relation ("Fitness -> Swimming").
    pub concept: String,
    /// Whose, when the file holds several people.
    #[serde(default)]
    #[schemars(with = "String")]
    pub person: Option<String>,
}

/// `correct`'s arguments.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CorrectArgs {
    /// The item's id as recall and profile give it: a fact "e3", a conclusion "e3/c1", a Σ bullet "c12/s0", a Δ item "c12/d1".
    pub item: String,
    /// Why it is wrong, in the user's words (required).
    pub reason: String,
    /// The corrected text; leave it out to retire the item.
    #[serde(default)]
    #[schemars(with = "String")]
    pub text: Option<String>,
}

/// `undo_correction`'s arguments.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UndoArgs {
    /// The correction's id as `correct` returned it ("k0").
    pub correction: String,
}
