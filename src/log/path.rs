//! How a log's path reaches SQLite: always as a file name, or as an immutable URI for a file
//! that can only be read.

use crate::error::{Error, Result};
use std::path::{Path, PathBuf};

/// The path as SQLite should see it: a file name, never `:memory:` or a `file:` URI (the URI
/// flag is off; a relative `:memory:` is prefixed with `./`).
pub(super) fn literal_path(path: &Path) -> PathBuf {
    if path.is_relative()
        && path
            .to_str()
            .is_some_and(|s| s.starts_with(':') || s.starts_with("file:"))
    {
        Path::new(".").join(path)
    } else {
        path.to_path_buf()
    }
}

/// `file:/abs/path?immutable=1`, the path percent-encoded byte by byte.
pub(super) fn immutable_uri(path: &Path) -> Result<String> {
    let abs = std::fs::canonicalize(path).map_err(|source| Error::Io {
        path: path.display().to_string(),
        source,
    })?;
    let mut uri = String::from("file:");
    for b in abs.as_os_str().as_encoded_bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'/' | b'-' | b'_' | b'.' | b'~') {
            uri.push(char::from(*b));
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    uri.push_str("?immutable=1");
    Ok(uri)
}
