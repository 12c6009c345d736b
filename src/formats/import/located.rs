//! Where in a JSON document an import went wrong: a path of keys kept while walking a
//! `serde_json::Value`, turned into the file's line only when there is an error to report.
// Input, files and other processes reach this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use crate::error::Error;
use crate::formats::jsonpos;
use serde_json::Value;

/// One step into a JSON document, owned (object keys can be ids read from the file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// An element of a list.
    Index(usize),
    /// A member of an object.
    Field(String),
}

/// A path into the document, for a message that names where the fault is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct At(pub Vec<Step>);

impl At {
    /// The path one element further down a list.
    #[must_use]
    pub fn index(&self, i: usize) -> Self {
        let mut next = self.clone();
        next.0.push(Step::Index(i));
        next
    }

    /// The path one member further down an object.
    #[must_use]
    pub fn field(&self, name: &str) -> Self {
        let mut next = self.clone();
        next.0.push(Step::Field(name.to_string()));
        next
    }

    /// The path as a reader writes it: `[3].mapping["a1"].message`.
    #[must_use]
    pub fn render(&self) -> String {
        let mut out = String::new();
        for s in &self.0 {
            match s {
                Step::Index(i) => out.push_str(&format!("[{i}]")),
                Step::Field(f) if f.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(f);
                }
                Step::Field(f) => out.push_str(&format!("[{f:?}]")),
            }
        }
        if out.is_empty() { "the top level".into() } else { out }
    }

    /// The error for a fault at this path of `text`, naming the file, the line and the path.
    #[must_use]
    pub fn fault(&self, text: &str, origin: &str, message: &str) -> Error {
        let keys: Vec<jsonpos::Key<'_>> = self
            .0
            .iter()
            .map(|s| match s {
                Step::Index(i) => jsonpos::Key::Index(*i),
                Step::Field(f) => jsonpos::Key::Field(f),
            })
            .collect();
        Error::BadInput {
            path: origin.to_string(),
            line: jsonpos::line_of(text, &keys),
            message: format!("{}: {message}", self.render()),
        }
    }
}

/// What is wrong inside a document, and where.
pub type Fault = (At, String);

/// An export's conversations: a JSON list of them (or one conversation object alone, as some
/// tools save one), each read by `one(conversation, its position, its path)`.
pub fn conversations<T>(
    text: &str,
    origin: &str,
    one: impl Fn(&Value, usize, &At) -> Result<T, Fault>,
) -> Result<Vec<T>, Error> {
    let root = json(text, origin)?;
    let list = match &root {
        Value::Array(list) => list.as_slice(),
        Value::Object(_) => std::slice::from_ref(&root),
        _ => return Err(At::default().fault(text, origin, "expected a list of conversations")),
    };
    let mut out = Vec::new();
    for (i, c) in list.iter().enumerate() {
        let at = if root.is_array() {
            At::default().index(i)
        } else {
            At::default()
        };
        out.push(one(c, i, &at).map_err(|(at, e)| at.fault(text, origin, &e))?);
    }
    Ok(out)
}

/// The whole text as JSON, or the error naming the line serde stopped at.
pub fn json(text: &str, origin: &str) -> Result<Value, Error> {
    serde_json::from_str(text).map_err(|e| Error::BadInput {
        path: origin.to_string(),
        line: e.line().max(1),
        message: format!("not valid JSON: {e}"),
    })
}

/// A time written as RFC 3339 (`2024-05-01T12:00:00.123Z`) or as Unix seconds (`1714564800.5`),
/// the two ways the vendors' exports write one. `Ok(None)` for an absent or null time.
pub fn time(v: Option<&Value>) -> Result<Option<crate::time::Timestamp>, String> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => crate::time::Timestamp::parse(s.trim())
            .map(Some)
            .map_err(|e| format!("time `{s}`: {e}")),
        Some(Value::Number(n)) => {
            let secs = n
                .as_f64()
                .filter(|f| f.is_finite())
                .ok_or("time is not a finite number")?;
            // Saturating and range-checked: a year-99999 epoch is refused, not wrapped.
            #[allow(clippy::cast_possible_truncation)]
            let whole = secs.floor().clamp(i64::MIN as f64, i64::MAX as f64) as i64;
            crate::time::Timestamp::from_unix_seconds(whole)
                .map(Some)
                .ok_or_else(|| format!("time {secs} is out of range"))
        }
        Some(_) => Err("time must be a string or a number".into()),
    }
}
