//! syntect highlighting of the structured texts operators write (`- key: value` bullets and
//! `Heading:` lines read well as YAML), turned into ratatui colours.

use ratatui::style::Color;
use std::sync::OnceLock;
use syntect::easy::HighlightLines;
use syntect::highlighting::{Theme, ThemeSet};
use syntect::parsing::{SyntaxReference, SyntaxSet};

struct Assets {
    syntaxes: SyntaxSet,
    theme: Theme,
}

fn assets() -> Option<&'static Assets> {
    static ASSETS: OnceLock<Option<Assets>> = OnceLock::new();
    ASSETS
        .get_or_init(|| {
            let syntaxes = SyntaxSet::load_defaults_newlines();
            let theme = ThemeSet::load_defaults().themes.remove("base16-ocean.dark")?;
            Some(Assets { syntaxes, theme })
        })
        .as_ref()
}

/// Highlights a block of lines; each line comes back as (colour, byte range) runs.
pub struct Highlighter {
    inner: Option<(HighlightLines<'static>, &'static SyntaxSet)>,
}

impl Highlighter {
    /// A highlighter for operator texts.
    #[must_use]
    pub fn new() -> Self {
        let inner = assets().and_then(|a| {
            let syntax: &SyntaxReference = a.syntaxes.find_syntax_by_extension("yaml")?;
            Some((HighlightLines::new(syntax, &a.theme), &a.syntaxes))
        });
        Self { inner }
    }

    /// The colour runs of one line (no runs when highlighting is unavailable).
    pub fn line(&mut self, line: &str) -> Vec<(Color, std::ops::Range<usize>)> {
        let Some((h, syntaxes)) = self.inner.as_mut() else {
            return Vec::new();
        };
        let with_newline = format!("{line}\n");
        let Ok(ranges) = h.highlight_line(&with_newline, syntaxes) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut start = 0;
        for (style, text) in ranges {
            let end = (start + text.len()).min(line.len());
            if start < end {
                let c = style.foreground;
                out.push((Color::Rgb(c.r, c.g, c.b), start..end));
            }
            start += text.len();
        }
        out
    }
}
