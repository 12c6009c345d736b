//! Text fitted to terminal columns: word wrap, cutting and clipping by display width, never
//! by byte index.

/// Greedy word wrap to `width` display columns (long words are cut).
#[must_use]
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    use unicode_width::UnicodeWidthStr;
    let width = width.max(1);
    let mut lines = Vec::new();
    for para in text.split('\n') {
        let mut line = String::new();
        for word in para.split(' ') {
            let extra = usize::from(!line.is_empty());
            if !line.is_empty() && line.width() + extra + word.width() > width {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
            while line.width() > width {
                let cut = cut_at_width(&line, width);
                let rest = line.split_off(cut);
                lines.push(std::mem::replace(&mut line, rest));
            }
        }
        lines.push(line);
    }
    lines
}

/// The byte index where `s` reaches `width` columns.
#[must_use]
pub fn cut_at_width(s: &str, width: usize) -> usize {
    use unicode_width::UnicodeWidthChar;
    let mut w = 0;
    for (i, ch) in s.char_indices() {
        w += ch.width().unwrap_or(0);
        if w > width {
            return i.max(ch.len_utf8().min(s.len()));
        }
    }
    s.len()
}

/// `s` cut to `width` columns, with "…" when cut.
#[must_use]
pub fn clip(s: &str, width: usize) -> String {
    use unicode_width::UnicodeWidthStr;
    if s.width() <= width {
        return s.to_string();
    }
    if width == 0 {
        return String::new();
    }
    let cut = cut_at_width(s, width - 1);
    format!("{}…", s.get(..cut).unwrap_or_default())
}
