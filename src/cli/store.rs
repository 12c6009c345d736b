//! Which store a `--db` (or `copy --from/--to`) names: a `postgres://` URL is a person's log in
//! a PostgreSQL database, anything else a SQLite memory file. Every command opens its log here,
//! as a [`Store`], so each runs alike on both.

use anyhow::{Context, Result, bail};
use rgmem::log::{EventStore, Log};
use std::path::Path;

/// A log in whichever store `--db` names; the engine of every command runs over one.
pub type Store = Box<dyn EventStore + Send>;

/// How a command opens a SQLite file (a PostgreSQL person is opened alike for all three).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Create the file if it is missing (commands that ingest).
    Create,
    /// The file must exist; it is opened for writing (corrections, `ask`).
    Existing,
    /// The file must exist; it is opened read-only (commands that only look at history).
    ReadOnly,
}

/// Whether `location` is a PostgreSQL URL rather than a file.
pub fn is_postgres(location: &Path) -> bool {
    location
        .to_str()
        .is_some_and(|s| s.starts_with("postgres://") || s.starts_with("postgresql://"))
}

/// Opens the log at `location`; a SQLite file must exist unless `create`.
pub fn open(location: &Path, create: bool) -> Result<Store> {
    open_with(location, if create { Access::Create } else { Access::Existing })
}

/// Opens the log at `location` as `access` says.
pub fn open_with(location: &Path, access: Access) -> Result<Store> {
    if is_postgres(location) {
        return open_postgres(location);
    }
    if access != Access::Create && !location.exists() {
        bail!(
            "no memory file at {} (ingest something first, or pass --db)",
            location.display()
        );
    }
    let opened = if access == Access::ReadOnly {
        Log::open_read_only(location)
    } else {
        Log::open(location)
    };
    let log = opened.with_context(|| format!("opening the memory file {}", location.display()))?;
    Ok(Box::new(log))
}

#[cfg(feature = "postgres")]
fn open_postgres(location: &Path) -> Result<Store> {
    let url = location.to_str().unwrap_or_default();
    // The library's message already names the URL without its password.
    Ok(Box::new(rgmem::log::pg::PgLog::open(url)?))
}

#[cfg(not(feature = "postgres"))]
fn open_postgres(location: &Path) -> Result<Store> {
    bail!(
        "{} is a PostgreSQL URL, and this build has no PostgreSQL support (build with --features postgres)",
        rgmem::log::redact(location.to_str().unwrap_or_default())
    )
}
