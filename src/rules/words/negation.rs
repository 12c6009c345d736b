//! Negations: the words that keep a sentence from saying one did or can do something.
//!
//! Each list says the file it came from.

// From `src/ingest/never.rs`.
/// Words after "never" that make no claim about what one did ("never mind", "never again").
pub const NOT_CLAIMS: &[&str] = &[
    "mind", "again", "ever", "really", "mind,", "too", "enough", "fails", "stops",
];

// From `src/ingest/never.rs`.
/// Subjects that end just before "never" (with "have"/"has"/"had" between, or not).
pub const SELF: &[&str] = &["i", "i've", "i'd", "we", "we've", "we'd"];

// From `src/ingest/never.rs`.
/// Verbs of thinking, after which "never" voices surprise ("I never imagined pets would bring
/// so much joy"), not something left undone.
pub const THOUGHTS: &[&str] = &[
    "thought",
    "imagined",
    "expected",
    "realized",
    "realised",
    "knew",
    "dreamed",
    "dreamt",
    "believed",
    "guessed",
    "suspected",
    "considered",
    "felt",
    "saw",
    "pictured",
    "anticipated",
];

// From `src/rules/english/subject.rs`.
/// Negated verbs of mind a speaker says of themselves without "I" ("Can't wait to see it",
/// "Didn't expect that"), and the verbs they take. Left out: imperatives ("Don't worry").
pub const NEGATED: &[&str] = &["can't", "cannot", "couldn't", "didn't", "don't", "haven't"];
