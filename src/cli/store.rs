//! Which store a `--db` (or `copy --from/--to`) names: a `postgres://` URL is a person's log in
//! a PostgreSQL database, anything else a SQLite memory file. Commands that read only through
//! [`EventStore`] (`log --json`, `show` at a seq, `copy`) take either.

use super::Shared;
use anyhow::{Context, Result, bail};
use rgmem::log::{EventStore, Log};
use std::path::Path;

/// Whether `location` is a PostgreSQL URL rather than a file.
pub fn is_postgres(location: &Path) -> bool {
    location
        .to_str()
        .is_some_and(|s| s.starts_with("postgres://") || s.starts_with("postgresql://"))
}

/// Refuses a PostgreSQL `--db` for a command that needs the SQLite log (one sentence, naming it).
pub fn sqlite_only(shared: &Shared, what: &str) -> Result<()> {
    if shared.db.as_deref().is_some_and(is_postgres) {
        bail!("{what} reads a SQLite memory file; on PostgreSQL, `rgmem copy` the memory to a file first");
    }
    Ok(())
}

/// Opens the log at `location`; a SQLite file must exist unless `create`.
pub fn open(location: &Path, create: bool) -> Result<Box<dyn EventStore>> {
    if is_postgres(location) {
        return open_postgres(location);
    }
    if !create && !location.exists() {
        bail!(
            "no memory file at {} (ingest something first, or pass --db)",
            location.display()
        );
    }
    let log = Log::open(location).with_context(|| format!("opening the memory file {}", location.display()))?;
    Ok(Box::new(log))
}

#[cfg(feature = "postgres")]
fn open_postgres(location: &Path) -> Result<Box<dyn EventStore>> {
    let url = location.to_str().unwrap_or_default();
    // The library's message already names the URL without its password.
    Ok(Box::new(rgmem::log::pg::PgLog::open(url)?))
}

#[cfg(not(feature = "postgres"))]
fn open_postgres(location: &Path) -> Result<Box<dyn EventStore>> {
    bail!(
        "{} is a PostgreSQL URL, and this build has no PostgreSQL support (build with --features postgres)",
        rgmem::log::redact(location.to_str().unwrap_or_default())
    )
}
