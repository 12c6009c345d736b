//! Waiting out another process's write transaction, and naming who holds the file when the
//! wait runs out.

use super::holders;
use crate::error::{Error, Result};
use std::path::Path;

/// How long to wait for another process's write transaction before saying the file is in use
/// (`RGMEM_BUSY_TIMEOUT_MS`, default 10 s).
pub(super) fn busy_timeout() -> std::time::Duration {
    let ms = std::env::var("RGMEM_BUSY_TIMEOUT_MS")
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .unwrap_or(10_000)
        .min(3_600_000);
    std::time::Duration::from_millis(ms)
}

/// Runs `f` again while SQLite says the file is busy, for at most the busy wait; then the file
/// is [`Error::InUse`].
pub(super) fn retry_busy<T>(path: &Path, mut f: impl FnMut() -> Result<T>) -> Result<T> {
    let deadline = std::time::Instant::now().checked_add(busy_timeout());
    loop {
        match f() {
            Err(e) if is_busy(&e) && deadline.is_some_and(|d| std::time::Instant::now() < d) => {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            other => return other.map_err(|e| busy_to_in_use(e, path)),
        }
    }
}

fn is_busy(e: &Error) -> bool {
    matches!(e, Error::Sqlite(rusqlite::Error::SqliteFailure(f, _))
        if matches!(f.code, rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked))
}

/// A busy or locked database after the wait becomes [`Error::InUse`], naming who holds it.
pub(super) fn busy_to_in_use(e: Error, path: &Path) -> Error {
    if is_busy(&e) {
        Error::InUse {
            path: path.display().to_string(),
            holders: holders::describe(&holders::holders(path)),
        }
    } else {
        e
    }
}
