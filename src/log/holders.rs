//! Who else has a memory file open: the process ids a "file in use" message names. Linux
//! exposes every process's open files under `/proc`; elsewhere nothing is known and the message
//! says so.
// Input, files and other processes reach this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use std::path::{Path, PathBuf};

/// Other processes that hold `db` (or its `-wal`/`-shm`) open, ascending; empty when unknown.
#[must_use]
pub fn holders(db: &Path) -> Vec<u32> {
    let Ok(db) = std::fs::canonicalize(db) else {
        return Vec::new();
    };
    let names: Vec<PathBuf> = ["", "-wal", "-shm"]
        .iter()
        .map(|suffix| {
            let mut s = db.clone().into_os_string();
            s.push(suffix);
            PathBuf::from(s)
        })
        .collect();
    let me = std::process::id();
    let Ok(procs) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut out: Vec<u32> = procs
        .filter_map(Result::ok)
        .filter_map(|p| p.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| pid != me)
        .filter(|pid| {
            std::fs::read_dir(format!("/proc/{pid}/fd")).is_ok_and(|fds| {
                fds.filter_map(Result::ok)
                    .filter_map(|fd| std::fs::read_link(fd.path()).ok())
                    .any(|target| names.contains(&target))
            })
        })
        .collect();
    out.sort_unstable();
    out
}

/// "in use by PID 123" / "in use by PIDs 1, 2" / "in use by another process".
#[must_use]
pub fn describe(pids: &[u32]) -> String {
    match pids {
        [] => "in use by another process".into(),
        [one] => format!("in use by PID {one}"),
        many => format!(
            "in use by PIDs {}",
            many.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_nobody_else_holds_has_no_holders() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.db");
        std::fs::write(&path, b"").unwrap();
        let _mine = std::fs::File::open(&path).unwrap();
        assert!(holders(&path).is_empty(), "this process is not counted");
        assert_eq!(describe(&[7]), "in use by PID 7");
        assert_eq!(describe(&[7, 9]), "in use by PIDs 7, 9");
    }
}
