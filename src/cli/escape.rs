//! Human output never carries a terminal control sequence from stored text: turn text can hold
//! ESC (clear screen, window title), C1 controls (a one-byte CSI) and bidi overrides, and `log`,
//! `show`, `ask` and `chat` print it. Everything but newline and tab is shown as a JSON-style
//! escape (`\u001b`, `\u009b`, `\u202e`), which keeps `--json` output valid JSON too (the
//! characters can only occur inside its strings).
// Input, files and other processes reach this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use std::borrow::Cow;
use std::io::{self, Write};

/// Whether a character must not reach a terminal raw.
fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{061c}')
}

/// `s` with every control character escaped.
#[must_use]
pub fn escape(s: &str) -> Cow<'_, str> {
    if !s.chars().any(is_unsafe) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len().saturating_add(8));
    for c in s.chars() {
        if is_unsafe(c) {
            out.push_str(&format!("\\u{:04x}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A writer that escapes control characters in what passes through it. Text arrives in pieces
/// that may split a UTF-8 sequence, so an incomplete tail waits for the next write; bytes that
/// are not UTF-8 at all are shown as `\xNN`.
pub struct Escaping<W: Write> {
    inner: W,
    pending: Vec<u8>,
}

impl<W: Write> Escaping<W> {
    /// Wraps a writer.
    pub fn new(inner: W) -> Self {
        Self {
            inner,
            pending: Vec::new(),
        }
    }

    fn drain(&mut self, at_end: bool) -> io::Result<()> {
        let mut rest: &[u8] = &self.pending;
        let mut out = String::new();
        loop {
            match std::str::from_utf8(rest) {
                Ok(text) => {
                    out.push_str(&escape(text));
                    rest = &[];
                    break;
                }
                Err(e) => {
                    let (valid, after) = rest.split_at(e.valid_up_to());
                    out.push_str(&escape(std::str::from_utf8(valid).unwrap_or_default()));
                    match e.error_len() {
                        Some(n) => {
                            let (bad, tail) = after.split_at(n.min(after.len()));
                            for b in bad {
                                out.push_str(&format!("\\x{b:02x}"));
                            }
                            rest = tail;
                        }
                        None if at_end => {
                            for b in after {
                                out.push_str(&format!("\\x{b:02x}"));
                            }
                            rest = &[];
                            break;
                        }
                        None => {
                            rest = after;
                            break;
                        }
                    }
                }
            }
        }
        let kept = rest.to_vec();
        self.pending = kept;
        self.inner.write_all(out.as_bytes())
    }
}

impl<W: Write> Write for Escaping<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        self.drain(false)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.drain(true)?;
        self.inner.flush()
    }
}

impl<W: Write> Drop for Escaping<W> {
    fn drop(&mut self) {
        let _ = self.flush();
    }
}

/// Standard output, escaped.
pub fn stdout() -> Escaping<io::StdoutLock<'static>> {
    Escaping::new(io::stdout().lock())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped_and_text_is_kept() {
        assert_eq!(escape("plain é 日本 👩‍👩‍👧\n\tok"), "plain é 日本 👩‍👩‍👧\n\tok");
        assert_eq!(escape("a\u{1b}[2Jb"), "a\\u001b[2Jb");
        assert_eq!(escape("\u{1b}]0;title\u{7}"), "\\u001b]0;title\\u0007");
        assert_eq!(escape("x\u{9b}31m\u{202e}y\r"), "x\\u009b31m\\u202ey\\u000d");
        let json = serde_json::json!({"t": "\u{9b}\u{202e}x"}).to_string();
        let back: serde_json::Value = serde_json::from_str(&escape(&json)).unwrap();
        assert_eq!(back["t"], "\u{9b}\u{202e}x");
    }

    #[test]
    fn split_writes_and_invalid_bytes() {
        let mut buf = Vec::new();
        {
            let mut w = Escaping::new(&mut buf);
            let bytes = "é\u{9b}z".as_bytes();
            for b in bytes {
                w.write_all(&[*b]).unwrap();
            }
            w.write_all(b"\xff\x1b").unwrap();
            w.write_all(b"\xe6").unwrap();
        }
        assert_eq!(String::from_utf8(buf).unwrap(), "é\\u009bz\\xff\\u001b\\xe6");
    }
}
