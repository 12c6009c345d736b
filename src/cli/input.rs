//! The conversation file `import`, `replay` and `tui --session` read: any format
//! `formats::import` knows, the conversations picked from it, and whose turns they are.

use anyhow::{Result, bail};
use rgmem::formats::import::{self, Format, Imported};
use rgmem::formats::session::TurnInput;
use rgmem::ingest::DEFAULT_USER;
use std::path::{Path, PathBuf};

/// Which file, read how, and as whose.
#[derive(Debug, Clone, clap::Args)]
pub struct Pick {
    /// The file's format, instead of telling it from the content: session, locomo, beam,
    /// openai, chatgpt, claude, claude-code or transcript.
    #[arg(long, value_name = "FORMAT")]
    pub format: Option<Format>,
    /// Only this conversation of a file that holds several (its id, as `--dry-run` lists them),
    /// or `all` (the default).
    #[arg(long, value_name = "ID|all")]
    pub conversation: Option<String>,
    /// The person whose conversation it is: names the human side of a user–assistant file, or
    /// maps it onto a person this memory already holds.
    #[arg(long, value_name = "NAME")]
    pub person: Option<String>,
}

/// A file read and picked, ready to ingest.
pub struct Input {
    /// The file as read.
    pub imported: Imported,
    /// Positions in `imported.conversations` of the picked ones.
    pub picked: Vec<usize>,
    /// Their turns, as one input.
    pub turns: Vec<TurnInput>,
    /// The name the human side goes by.
    pub user: String,
    /// Where that name came from, for a dry run ("--person", "the file", "nobody").
    pub user_from: &'static str,
    /// The file's name as messages print it.
    pub name: String,
    /// The file.
    pub path: PathBuf,
}

/// Reads `path` and picks what `pick` asks for.
pub fn load(path: &Path, pick: &Pick) -> Result<Input> {
    let imported = import::read(path, pick.format)?;
    let all = pick
        .conversation
        .as_deref()
        .is_none_or(|c| c.eq_ignore_ascii_case("all"));
    let picked: Vec<usize> = imported
        .conversations
        .iter()
        .enumerate()
        .filter(|(_, c)| all || pick.conversation.as_deref() == Some(c.id.as_str()))
        .map(|(i, _)| i)
        .collect();
    if picked.is_empty() {
        let ids: Vec<&str> = imported.conversations.iter().take(10).map(|c| c.id.as_str()).collect();
        bail!(
            "{}: no conversation {} (it holds {}{})",
            path.display(),
            pick.conversation.as_deref().unwrap_or_default(),
            ids.join(", "),
            if imported.conversations.len() > ids.len() {
                ", …"
            } else {
                ""
            }
        );
    }
    let chosen: Vec<_> = picked.iter().filter_map(|&i| imported.conversations.get(i)).collect();
    let turns = imported.turns(&chosen);
    let named = chosen.iter().find_map(|c| c.person.clone());
    let (user, user_from) = match (&pick.person, named) {
        (Some(p), _) if !p.trim().is_empty() => (p.trim().to_string(), "--person"),
        (_, Some(n)) => (n, "the file"),
        _ => (
            DEFAULT_USER.to_string(),
            "nowhere: the file names nobody, so the name they give is learned",
        ),
    };
    Ok(Input {
        imported,
        picked,
        turns,
        user,
        user_from,
        name: path.display().to_string(),
        path: path.to_path_buf(),
    })
}

impl Input {
    /// Reads a whole input's identity: `kind:sha256-of-the-bytes`.
    pub fn source_id(&self) -> Result<String> {
        use anyhow::Context;
        use sha2::Digest;
        let bytes = std::fs::read(&self.path).with_context(|| format!("reading {}", self.path.display()))?;
        let digest = sha2::Sha256::digest(&bytes);
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        Ok(format!("{}:{hex}", self.imported.format))
    }
}
