//! Reading keymap files: the defaults, then the user's file replacing them key by key. Every
//! problem is one sentence naming the file and line; the line is skipped and the rest still
//! applies, so a typo never leaves the inspector without keys.

use super::{Binding, Context, Key, Keymap};
use crate::tui::action::Action;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::PathBuf;
use toml::Spanned;

/// The user's keymap file: `keymap.toml` in rgmem's config directory.
#[must_use]
pub fn user_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "rgmem").map(|d| d.config_dir().join("keymap.toml"))
}

/// One line of a keymap file.
struct Entry {
    context: Context,
    key: Key,
    /// `None`: the line unbinds the key (`= "none"`).
    action: Option<Action>,
    line: usize,
}

type Raw = BTreeMap<String, Spanned<BTreeMap<String, Spanned<toml::Value>>>>;

/// The 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.bytes().take(offset).filter(|b| *b == b'\n').count() + 1
}

fn sections() -> String {
    Context::ALL.map(|c| format!("[{}]", c.name())).join(" ")
}

/// Reads one file's lines, in file order; what cannot be read is reported and skipped.
fn read(text: &str, source: &str, problems: &mut Vec<String>) -> Vec<Entry> {
    let raw: Raw = match toml::from_str(text) {
        Ok(raw) => raw,
        Err(e) => {
            let line = e
                .span()
                .map_or(String::new(), |s| format!(":{}", line_of(text, s.start)));
            problems.push(format!(
                "{source}{line}: {}; none of its keys were used",
                e.message().trim_end()
            ));
            return Vec::new();
        }
    };
    let mut entries = Vec::new();
    for (section, table) in raw {
        let Some(context) = Context::ALL.into_iter().find(|c| c.name() == section) else {
            problems.push(format!(
                "{source}:{}: unknown section [{section}]; the sections are {}",
                line_of(text, table.span().start),
                sections()
            ));
            continue;
        };
        for (name, value) in table.into_inner() {
            let line = line_of(text, value.span().start);
            let at = |message: String| format!("{source}:{line}: [{section}] {name}: {message}");
            let key = match Key::parse(&name) {
                Ok(key) => key,
                Err(e) => {
                    problems.push(format!("{source}:{line}: [{section}] {e}"));
                    continue;
                }
            };
            let Some(word) = value.get_ref().as_str() else {
                problems.push(at("the action must be a name in quotes, e.g. \"quit\"".into()));
                continue;
            };
            let action = if word == "none" {
                None
            } else {
                let de = serde::de::value::StrDeserializer::<serde::de::value::Error>::new(word);
                match Action::deserialize(de) {
                    Ok(action) => Some(action),
                    Err(e) => {
                        problems.push(at(unknown_action(word, &e.to_string())));
                        continue;
                    }
                }
            };
            if let Some(why) = action.and_then(|a| misplaced(context, key, a)) {
                problems.push(at(why));
                continue;
            }
            entries.push((
                value.span().start,
                Entry {
                    context,
                    key,
                    action,
                    line,
                },
            ));
        }
    }
    entries.sort_by_key(|(start, _)| *start);
    entries.into_iter().map(|(_, e)| e).collect()
}

/// "unknown action", with the names closest to it (from serde's list of the expected names).
fn unknown_action(word: &str, serde_message: &str) -> String {
    let names: Vec<&str> = serde_message
        .split_once("expected one of")
        .map_or("", |(_, list)| list)
        .split('`')
        .skip(1)
        .step_by(2)
        .collect();
    let shared = |name: &str| name.chars().zip(word.chars()).take_while(|(a, b)| a == b).count();
    let best = names.iter().map(|n| shared(n)).max().unwrap_or(0);
    let near: Vec<&str> = names
        .iter()
        .copied()
        .filter(|n| best >= 2 && shared(n) == best || n.contains(word) && word.len() >= 3)
        .take(4)
        .collect();
    if near.is_empty() {
        format!("unknown action \"{word}\" (assets/keymap.toml in rgmem's source names every action)")
    } else {
        format!("unknown action \"{word}\"; did you mean {}?", near.join(", "))
    }
}

/// Why an action may not be bound to this key in this section, if it may not.
fn misplaced(context: Context, key: Key, action: Action) -> Option<String> {
    let name = action.name();
    let confirm = matches!(action, Action::ConfirmYes | Action::ConfirmNo);
    let tree = matches!(
        action,
        Action::ToggleNode | Action::Collapse | Action::Expand | Action::OpenHistory
    );
    let chat = matches!(
        action,
        Action::SendMessage
            | Action::InputHistoryBack
            | Action::InputHistoryForward
            | Action::ScrollChatUp
            | Action::ScrollChatDown
    );
    let editing = matches!(
        context,
        Context::Edit | Context::Timeline | Context::Evidence | Context::Diff
    );
    if context == Context::Confirm && !confirm {
        Some(format!(
            "only confirm_yes and confirm_no answer a confirmation, not {name}"
        ))
    } else if confirm && context != Context::Confirm {
        Some(format!("{name} answers a confirmation popup: bind it in [confirm]"))
    } else if action.writes() && !editing {
        Some(format!(
            "{name} writes to the log, so it may be bound only in [edit] [timeline] [evidence] [diff], where letters are commands, not in [{}]",
            context.name()
        ))
    } else if tree && context != Context::Tree {
        Some(format!("{name} works on the concept tree: bind it in [tree]"))
    } else if chat && context != Context::Chat {
        Some(format!("{name} works on the chat input: bind it in [chat]"))
    } else if context.while_typing() && key.types_text() {
        Some(format!(
            "[{}] applies while typing, so \"{}\" could no longer be typed: use C-x, F1…F12 or a named key, or bind it in [panes]",
            context.name(),
            key.label()
        ))
    } else {
        None
    }
}

/// The sections that apply together in some pane without one of them being that pane's own.
fn overlap(a: Context, b: Context) -> bool {
    let general = |c: Context| matches!(c, Context::Global | Context::Panes | Context::Edit);
    a != b && general(a) && general(b)
}

/// The defaults, with `overrides` on top; and every problem found.
pub(super) fn build(defaults: &str, overrides: Option<&str>, source: &str) -> (Keymap, Vec<String>) {
    let mut problems = Vec::new();
    let mut bindings: Vec<Binding> = read(defaults, "assets/keymap.toml", &mut problems)
        .into_iter()
        .filter_map(|e| {
            e.action.map(|action| Binding {
                context: e.context,
                key: e.key,
                action,
            })
        })
        .collect();
    let user = overrides.map_or_else(Vec::new, |text| read(text, source, &mut problems));
    for entry in &user {
        let same = bindings
            .iter()
            .position(|b| b.context == entry.context && b.key == entry.key);
        match (same, entry.action) {
            (Some(i), Some(action)) => bindings[i].action = action,
            (Some(i), None) => {
                bindings.remove(i);
            }
            (None, Some(action)) => bindings.push(Binding {
                context: entry.context,
                key: entry.key,
                action,
            }),
            (None, None) => {}
        }
    }
    for entry in user.iter().filter(|e| e.action.is_some()) {
        for other in bindings
            .iter()
            .filter(|b| b.key == entry.key && overlap(b.context, entry.context))
        {
            let winner = [Context::Edit, Context::Global, Context::Panes]
                .into_iter()
                .find(|c| *c == other.context || *c == entry.context)
                .unwrap_or(entry.context);
            problems.push(format!(
                "{source}:{}: {} in [{}] is also bound in [{}] ({}); where both apply, [{}] wins",
                entry.line,
                entry.key.label(),
                entry.context.name(),
                other.context.name(),
                other.action.name(),
                winner.name()
            ));
        }
    }
    (Keymap { bindings }, problems)
}

#[cfg(test)]
pub(super) fn overlap_for_tests(a: Context, b: Context) -> bool {
    overlap(a, b)
}
