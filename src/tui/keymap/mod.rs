//! The keymap as data: `assets/keymap.toml` holds the defaults, a `keymap.toml` in the user's
//! config directory replaces them key by key, and the help is generated from the result, so the
//! keys and their help can never disagree.

mod key;
mod load;
#[cfg(test)]
mod tests;

pub use key::Key;
pub use load::user_path;

use super::action::Action;
use super::focus::Focus;
use crossterm::event::KeyEvent;

/// The defaults, shipped with the binary.
pub const DEFAULTS: &str = include_str!("../../../assets/keymap.toml");

/// Where a binding applies: one section of a keymap file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Context {
    /// Everywhere, also while typing in the chat.
    Global,
    /// Every pane but the chat (whose plain keys type text).
    Panes,
    /// The panes whose keys may change the log (evidence, Σ/Δ, timeline); each such key asks
    /// first. The tree and the chat have none, so text typed there by mistake never writes.
    Edit,
    /// The concept tree.
    Tree,
    /// The timeline.
    Timeline,
    /// The evidence pane.
    Evidence,
    /// The Σ/Δ pane.
    Diff,
    /// The chat input (the characters it types are not bindings).
    Chat,
    /// The chat input while it is empty: a plain key bound here acts instead of starting a
    /// message, so `?` opens the help on the first keypress after start, when the chat has focus.
    EmptyChat,
    /// A confirmation popup: only these keys answer it; any other key cancels it.
    Confirm,
}

impl Context {
    /// Every section, in the order the help lists them.
    pub const ALL: [Self; 10] = [
        Self::Global,
        Self::Panes,
        Self::Edit,
        Self::Tree,
        Self::Timeline,
        Self::Evidence,
        Self::Diff,
        Self::Chat,
        Self::EmptyChat,
        Self::Confirm,
    ];

    /// The section's name in a keymap file.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Global => "global",
            Self::Panes => "panes",
            Self::Edit => "edit",
            Self::Tree => "tree",
            Self::Timeline => "timeline",
            Self::Evidence => "evidence",
            Self::Diff => "diff",
            Self::Chat => "chat",
            Self::EmptyChat => "empty_chat",
            Self::Confirm => "confirm",
        }
    }

    /// Heading in the help.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Global => "everywhere",
            Self::Panes => "panes (not while typing)",
            Self::Edit => "evidence, Σ/Δ, timeline",
            Self::Tree => "concept tree",
            Self::Timeline => "timeline",
            Self::Evidence => "evidence",
            Self::Diff => "Σ/Δ",
            Self::Chat => "chat input",
            Self::EmptyChat => "empty chat input",
            Self::Confirm => "confirmation popup",
        }
    }

    /// The sections that apply in a pane, the most specific first: the first that binds a key wins.
    #[must_use]
    pub fn search_order(focus: Focus) -> &'static [Self] {
        match focus {
            Focus::Chat => &[Self::Chat, Self::Global],
            Focus::Tree => &[Self::Tree, Self::Global, Self::Panes],
            Focus::Timeline => &[Self::Timeline, Self::Edit, Self::Global, Self::Panes],
            Focus::Evidence => &[Self::Evidence, Self::Edit, Self::Global, Self::Panes],
            Focus::Diff => &[Self::Diff, Self::Edit, Self::Global, Self::Panes],
        }
    }

    /// Whether a text input is typed where the section applies.
    #[must_use]
    pub fn while_typing(self) -> bool {
        matches!(self, Self::Global | Self::Chat)
    }
}

/// One binding: a key in a section, and what it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Binding {
    /// Where it applies.
    pub context: Context,
    /// The key.
    pub key: Key,
    /// The intent.
    pub action: Action,
}

/// Every binding, in file order (the help lists them in that order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keymap {
    bindings: Vec<Binding>,
}

impl Default for Keymap {
    /// The shipped defaults.
    fn default() -> Self {
        Self::from_text(None, None).0
    }
}

impl Keymap {
    /// The defaults with the user's file on top, and one sentence per problem in that file
    /// (each naming the file and line; what could not be read keeps its default).
    #[must_use]
    pub fn load() -> (Self, Vec<String>) {
        match user_path() {
            Some(path) if path.exists() => match std::fs::read_to_string(&path) {
                Ok(text) => Self::from_text(Some(&text), Some(&path.display().to_string())),
                Err(e) => (
                    Self::default(),
                    vec![format!(
                        "{}: could not be read ({e}); using the default keys",
                        path.display()
                    )],
                ),
            },
            _ => (Self::default(), Vec::new()),
        }
    }

    /// The defaults with `overrides` (a keymap file's text, named `source` in messages) on top.
    #[must_use]
    pub fn from_text(overrides: Option<&str>, source: Option<&str>) -> (Self, Vec<String>) {
        load::build(DEFAULTS, overrides, source.unwrap_or("keymap.toml"))
    }

    /// Every binding.
    #[must_use]
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn bindings(&self) -> &[Binding] {
        &self.bindings
    }

    fn find(&self, context: Context, key: Key) -> Option<Action> {
        self.bindings
            .iter()
            .find(|b| b.context == context && b.key == key)
            .map(|b| b.action)
    }

    /// The intent a key has in the focused pane, if any.
    #[must_use]
    pub fn lookup(&self, focus: Focus, event: KeyEvent) -> Option<Action> {
        let key = Key::from_event(event);
        Context::search_order(focus)
            .iter()
            .find_map(|context| self.find(*context, key))
    }

    /// The intent a key has in the chat input while it is empty ([`Context::EmptyChat`]), if any.
    #[must_use]
    pub fn lookup_empty_chat(&self, event: KeyEvent) -> Option<Action> {
        self.find(Context::EmptyChat, Key::from_event(event))
    }

    /// The label of the first key that does `action` where the focus is (with the chat input
    /// empty or not), for hints that must name a key that works there.
    #[must_use]
    pub fn key_for(&self, focus: Focus, empty_chat: bool, action: Action) -> Option<String> {
        let extra: &[Context] = if focus == Focus::Chat && empty_chat {
            &[Context::EmptyChat]
        } else {
            &[]
        };
        // A plain character ("?", "q") where one works, as the shortest thing to press.
        let found: Vec<&Binding> = extra
            .iter()
            .chain(Context::search_order(focus))
            .filter_map(|c| self.bindings.iter().find(|b| b.context == *c && b.action == action))
            .collect();
        found
            .iter()
            .find(|b| b.key.types_text())
            .or(found.first())
            .map(|b| b.key.label())
    }

    /// The answer a key gives to an open confirmation: yes, no, or `None` (the key cancels it).
    #[must_use]
    pub fn confirm_answer(&self, event: KeyEvent) -> Option<Action> {
        self.find(Context::Confirm, Key::from_event(event))
    }

    /// The help's rows for one section: the keys of each action (in file order) and what it does.
    #[must_use]
    pub fn help_rows(&self, context: Context) -> Vec<(String, &'static str)> {
        let mut rows: Vec<(Action, Vec<String>)> = Vec::new();
        for b in self.bindings.iter().filter(|b| b.context == context) {
            match rows.iter_mut().find(|(a, _)| *a == b.action) {
                Some((_, keys)) => keys.push(b.key.label()),
                None => rows.push((b.action, vec![b.key.label()])),
            }
        }
        rows.into_iter()
            .map(|(action, keys)| (keys.join(" "), action.describe()))
            .collect()
    }

    /// The keymap as a Markdown table (the README's copy is checked against it).
    #[must_use]
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn markdown_table(&self) -> String {
        let mut out = String::from("| where | keys | what it does |\n|---|---|---|\n");
        for context in Context::ALL {
            for (keys, desc) in self.help_rows(context) {
                out.push_str(&format!(
                    "| {} | `{}` | {} |\n",
                    context.label(),
                    keys.replace('|', "\\|"),
                    desc
                ));
            }
        }
        out
    }
}
