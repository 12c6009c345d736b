//! The chat pane: the conversation up to the cursor with the operator firings each message
//! caused shown inline, the reply being streamed with a spinner, and the input line.

use super::status_bar::spinner;
use super::{pane_block, wrap};
use crate::tui::app::{App, ChatLine};
use crate::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// Draws the pane.
pub fn render(frame: &mut Frame<'_>, area: Rect, app: &App, focused: bool) {
    let theme = app.theme;
    let title = if app.timeline.is_at_head() {
        "Chat".to_string()
    } else {
        format!("Chat · as of {}", app.timeline.cursor())
    };
    let block = pane_block(title, focused, theme);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let [body, input] = Layout::vertical([Constraint::Min(1), Constraint::Length(1)]).areas(inner);
    let width = usize::from(body.width);
    let mut lines: Vec<Line<'static>> = Vec::new();
    for item in &app.views.chat {
        push_item(&mut lines, item, width, theme);
    }
    if let Some(p) = &app.chat.pending {
        // The message's turn reaches the log with the engine's step; until then, show it here.
        let logged = app.views.chat.iter().rev().find_map(|l| match l {
            ChatLine::Message { speaker, text, .. } if !speaker.is_assistant() => Some(text == &p.message),
            _ => None,
        });
        if !p.message.is_empty() && logged != Some(true) {
            for l in wrap(&format!("you: {}", p.message), width) {
                lines.push(Line::styled(l, theme.user));
            }
        }
        let text = format!("assistant: {}{}", p.text, spinner(app.ticks));
        for l in wrap(&text, width) {
            lines.push(Line::styled(l, theme.assistant));
        }
    }
    for (_, text) in &app.chat.queued {
        for l in wrap(&format!("you (queued, waiting for the engine): {text}"), width) {
            lines.push(Line::styled(l, theme.dim));
        }
    }
    if lines.is_empty() {
        for l in wrap(&app.empty_chat_hint(), width) {
            lines.push(Line::styled(l, theme.dim));
        }
    }
    let height = usize::from(body.height);
    let end = lines.len().saturating_sub(usize::from(app.chat.scroll));
    let start = end.saturating_sub(height);
    let visible: Vec<Line<'static>> = lines[start..end].to_vec();
    frame.render_widget(Paragraph::new(visible), body);
    let cursor = if focused { "█" } else { "" };
    let prompt = Line::from(vec![
        Span::styled("> ", theme.title),
        Span::raw(tail(&app.chat.input, usize::from(input.width).saturating_sub(3))),
        Span::styled(cursor, theme.dim),
    ]);
    frame.render_widget(Paragraph::new(prompt), input);
}

fn push_item(lines: &mut Vec<Line<'static>>, item: &ChatLine, width: usize, theme: Theme) {
    match item {
        ChatLine::Message { speaker, text, .. } => {
            let style = if speaker.is_assistant() {
                theme.assistant
            } else {
                theme.user
            };
            let who = format!("{speaker}: ");
            for (i, l) in wrap(&format!("{who}{text}"), width).into_iter().enumerate() {
                if let Some(b) = l.strip_prefix(&who).filter(|_| i == 0) {
                    lines.push(Line::from(vec![
                        Span::styled(who.clone(), style),
                        Span::raw(b.to_string()),
                    ]));
                } else {
                    lines.push(Line::raw(l));
                }
            }
        }
        ChatLine::Firing { text, .. } => {
            for l in wrap(&format!("  ↯ {text}"), width) {
                lines.push(Line::styled(l, theme.firing.patch(Style::new())));
            }
        }
    }
}

/// The end of the input line that fits.
fn tail(s: &str, width: usize) -> String {
    let chars: Vec<char> = s.chars().collect();
    let start = chars.len().saturating_sub(width);
    chars[start..].iter().collect()
}
