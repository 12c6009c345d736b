//! Where a value sits in a JSON text: the line a loader names when a value it got from
//! `serde_json::Value` (which keeps no positions) is wrong. Run only on the error path.
// Input, files and other processes reach this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

/// One step of a path into a JSON document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Key<'a> {
    /// An element of a list.
    Index(usize),
    /// A member of an object.
    Field(&'a str),
}

/// The 1-based line where the value at `path` starts (1 for the root, or when the path is not
/// found). The text is assumed to be valid JSON (it parsed already); on anything else the scan
/// stops where it is and names that line.
#[must_use]
pub fn line_of(text: &str, path: &[Key<'_>]) -> usize {
    let mut s = Scanner {
        bytes: text.as_bytes(),
        at: 0,
        line: 1,
    };
    s.skip_ws();
    for key in path {
        if !s.enter(key) {
            break;
        }
    }
    s.line
}

struct Scanner<'t> {
    bytes: &'t [u8],
    at: usize,
    line: usize,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let b = self.peek()?;
        if b == b'\n' {
            self.line = self.line.saturating_add(1);
        }
        self.at = self.at.saturating_add(1);
        Some(b)
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.bump();
        }
    }

    /// Reads a string at the cursor (which is on its opening quote), returning its decoded
    /// text only when it is short and plain (member names), else an empty string.
    fn string(&mut self) -> String {
        let start = self.at.saturating_add(1);
        self.bump();
        let mut escaped = false;
        while let Some(b) = self.bump() {
            match b {
                b'\\' => {
                    escaped = true;
                    self.bump();
                }
                b'"' => break,
                _ => {}
            }
        }
        let end = self.at.saturating_sub(1);
        let raw = self.bytes.get(start..end).unwrap_or_default();
        if escaped {
            serde_json::from_slice::<String>(self.bytes.get(start.saturating_sub(1)..self.at).unwrap_or_default())
                .unwrap_or_default()
        } else {
            String::from_utf8_lossy(raw).into_owned()
        }
    }

    /// Skips the value at the cursor.
    fn skip_value(&mut self) {
        let mut depth: usize = 0;
        loop {
            self.skip_ws();
            match self.peek() {
                None => return,
                Some(b'"') => {
                    self.string();
                }
                Some(b'{' | b'[') => {
                    depth = depth.saturating_add(1);
                    self.bump();
                    continue;
                }
                Some(b'}' | b']') => {
                    depth = depth.saturating_sub(1);
                    self.bump();
                }
                Some(b',' | b':') if depth > 0 => {
                    self.bump();
                    continue;
                }
                Some(_) => {
                    while self
                        .peek()
                        .is_some_and(|b| !matches!(b, b',' | b'}' | b']' | b':') && !b.is_ascii_whitespace())
                    {
                        self.bump();
                    }
                }
            }
            if depth == 0 {
                return;
            }
        }
    }

    /// Moves the cursor onto the value `key` names inside the container at the cursor.
    fn enter(&mut self, key: &Key<'_>) -> bool {
        match (self.peek(), key) {
            (Some(b'['), Key::Index(want)) => {
                self.bump();
                for _ in 0..*want {
                    self.skip_ws();
                    if self.peek() == Some(b']') {
                        return false;
                    }
                    self.skip_value();
                    self.skip_ws();
                    if self.bump() != Some(b',') {
                        return false;
                    }
                }
                self.skip_ws();
                self.peek().is_some_and(|b| b != b']')
            }
            (Some(b'{'), Key::Field(want)) => {
                self.bump();
                loop {
                    self.skip_ws();
                    if self.peek() != Some(b'"') {
                        return false;
                    }
                    let name = self.string();
                    self.skip_ws();
                    if self.bump() != Some(b':') {
                        return false;
                    }
                    self.skip_ws();
                    if name == *want {
                        return true;
                    }
                    self.skip_value();
                    self.skip_ws();
                    if self.bump() != Some(b',') {
                        return false;
                    }
                }
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_nested_values_across_lines() {
        let text = "[\n {\"a\": 1,\n  \"b\": [\"x\",\n   {\"c\": \"y\\\"]\"},\n   \"z\"]},\n {\"a\":\n 2}\n]";
        assert_eq!(line_of(text, &[]), 1);
        assert_eq!(line_of(text, &[Key::Index(0)]), 2);
        assert_eq!(line_of(text, &[Key::Index(0), Key::Field("b")]), 3);
        assert_eq!(line_of(text, &[Key::Index(0), Key::Field("b"), Key::Index(2)]), 5);
        assert_eq!(line_of(text, &[Key::Index(1), Key::Field("a")]), 7);
        assert_eq!(line_of(text, &[Key::Index(1)]), 6);
    }

    #[test]
    fn any_text_is_safe() {
        for text in ["", "[", "{\"a", "[1,", "\"\\", "{\"é\": [\u{0}]}", "[[[[[", "]]]"] {
            let _ = line_of(text, &[Key::Index(3), Key::Field("a"), Key::Index(0)]);
        }
    }
}
