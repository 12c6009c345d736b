//! One key as a keymap file names it (`q`, `C-c`, `PgUp`) and as the help writes it (`←`, `S-Tab`).

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// One key: a code, and whether Ctrl is held (Shift is in the character: `G`, `?`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    /// The key.
    pub code: KeyCode,
    /// Ctrl held.
    pub ctrl: bool,
}

/// The names a keymap file may use, with their codes.
const NAMED: &[(&str, KeyCode)] = &[
    ("tab", KeyCode::Tab),
    ("backtab", KeyCode::BackTab),
    ("s-tab", KeyCode::BackTab),
    ("esc", KeyCode::Esc),
    ("escape", KeyCode::Esc),
    ("enter", KeyCode::Enter),
    ("return", KeyCode::Enter),
    ("backspace", KeyCode::Backspace),
    ("space", KeyCode::Char(' ')),
    ("left", KeyCode::Left),
    ("right", KeyCode::Right),
    ("up", KeyCode::Up),
    ("down", KeyCode::Down),
    ("home", KeyCode::Home),
    ("end", KeyCode::End),
    ("pgup", KeyCode::PageUp),
    ("pageup", KeyCode::PageUp),
    ("pgdn", KeyCode::PageDown),
    ("pagedown", KeyCode::PageDown),
    ("delete", KeyCode::Delete),
    ("del", KeyCode::Delete),
    ("insert", KeyCode::Insert),
];

impl Key {
    /// The key a terminal event reports.
    #[must_use]
    pub fn from_event(event: KeyEvent) -> Self {
        let ctrl = event.modifiers.contains(KeyModifiers::CONTROL);
        let code = match event.code {
            KeyCode::Char(ch) if ctrl => KeyCode::Char(ch.to_ascii_lowercase()),
            code => code,
        };
        Self { code, ctrl }
    }

    /// Reads a key name from a keymap file.
    ///
    /// # Errors
    /// A sentence saying what the name should look like.
    pub fn parse(name: &str) -> Result<Self, String> {
        let (ctrl, rest) = match name.strip_prefix("C-").or_else(|| name.strip_prefix("Ctrl-")) {
            Some(rest) if !rest.is_empty() => (true, rest),
            _ => (false, name),
        };
        let mut chars = rest.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(ch), None) if !ch.is_control() => KeyCode::Char(if ctrl { ch.to_ascii_lowercase() } else { ch }),
            _ => {
                let lower = rest.to_lowercase();
                let function = lower
                    .strip_prefix('f')
                    .and_then(|n| n.parse::<u8>().ok())
                    .filter(|n| (1..=12).contains(n));
                match (function, NAMED.iter().find(|(n, _)| *n == lower)) {
                    (Some(n), _) => KeyCode::F(n),
                    (None, Some((_, code))) => *code,
                    (None, None) => {
                        return Err(format!(
                            "\"{name}\" is not a key: use one character, C-x for Ctrl+x, F1…F12, or one of Tab BackTab Esc Enter Backspace Space Left Right Up Down Home End PgUp PgDn Delete Insert"
                        ));
                    }
                }
            }
        };
        Ok(Self { code, ctrl })
    }

    /// How the help writes it.
    #[must_use]
    pub fn label(self) -> String {
        let base = match self.code {
            KeyCode::Char(' ') => "Space".to_string(),
            KeyCode::Char(ch) => ch.to_string(),
            KeyCode::Left => "←".into(),
            KeyCode::Right => "→".into(),
            KeyCode::Up => "↑".into(),
            KeyCode::Down => "↓".into(),
            KeyCode::BackTab => "S-Tab".into(),
            KeyCode::PageUp => "PgUp".into(),
            KeyCode::PageDown => "PgDn".into(),
            KeyCode::F(n) => format!("F{n}"),
            other => format!("{other:?}"),
        };
        if self.ctrl { format!("C-{base}") } else { base }
    }

    /// Whether it types a character in a text input (so binding it where one is typed would
    /// make that character impossible to type).
    #[must_use]
    pub fn types_text(self) -> bool {
        !self.ctrl && matches!(self.code, KeyCode::Char(ch) if !ch.is_control())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_and_print_back() {
        assert_eq!(
            Key::parse("q"),
            Ok(Key {
                code: KeyCode::Char('q'),
                ctrl: false
            })
        );
        assert_eq!(
            Key::parse("C-c"),
            Ok(Key {
                code: KeyCode::Char('c'),
                ctrl: true
            })
        );
        assert_eq!(Key::parse("PgDn").map(Key::label).as_deref(), Ok("PgDn"));
        assert_eq!(Key::parse("left").map(Key::label).as_deref(), Ok("←"));
        assert_eq!(Key::parse("F12").map(|k| k.code), Ok(KeyCode::F(12)));
        assert_eq!(Key::parse("é").map(|k| k.code), Ok(KeyCode::Char('é')));
        assert!(Key::parse("F13").is_err());
        assert!(Key::parse("Hyper").unwrap_err().contains("\"Hyper\" is not a key"));
    }

    #[test]
    fn a_ctrl_key_matches_whatever_case_the_terminal_reports() {
        let event = KeyEvent::new(KeyCode::Char('C'), KeyModifiers::CONTROL | KeyModifiers::SHIFT);
        assert_eq!(Some(Key::from_event(event)), Key::parse("C-c").ok());
    }
}
