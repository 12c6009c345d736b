//! `rgmem export`: a log's current branch as a session file, its turns plus a
//! `{"model_call": ...}` line for every recorded model call, so replaying the file with
//! `--model recorded` on another machine rebuilds the same memory with no network.
//!
//! The header carries the θ the branch started with (`theta_inf`, `theta_sum`; readers that
//! do not know them ignore them), because the same replies only fit the same prompts.
// Input, files and other processes reach this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::EventStore;
use crate::error::{Error, Result};
use crate::event::Event;
use crate::formats::session::RecordedCall;
use crate::formats::session::TurnInput;
use crate::memory::Thresholds;
use serde_json::{Value, json};
use std::io::Write;

/// What an export wrote.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Exported {
    /// Turn lines.
    pub turns: usize,
    /// Model-call lines.
    pub model_calls: usize,
}

/// The session lines of a log's current branch, header first, in log order.
pub fn session_lines(log: &dyn EventStore) -> Result<Vec<Value>> {
    let chain: std::collections::BTreeSet<_> = log.chain(log.head()).into_iter().collect();
    let memory = log.memory_at(log.head())?;
    let user = memory
        .speakers
        .iter()
        .find(|(speaker, _)| speaker == crate::event::Speaker::USER)
        .map(|(_, root)| memory.concept(*root).name.clone());
    let mut thresholds: Option<Thresholds> = None;
    let mut body = Vec::new();
    for record in log.all()?.into_iter().filter(|r| chain.contains(&r.seq)) {
        match &record.event {
            Event::ThresholdsChanged { theta_inf, theta_sum } if thresholds.is_none() => {
                thresholds = Some(Thresholds {
                    theta_inf: *theta_inf,
                    theta_sum: *theta_sum,
                });
            }
            Event::TurnIngested {
                speaker,
                text,
                time,
                session,
                source_ref,
                attachments,
                ..
            } => {
                let turn = TurnInput {
                    speaker: speaker.clone(),
                    text: text.clone(),
                    attachments: attachments.clone(),
                    time: *time,
                    session: *session,
                    index: 0,
                    source_ref: source_ref.clone(),
                };
                body.push(serde_json::to_value(turn).map_err(|e| Error::Codec(e.to_string()))?);
            }
            other => {
                if let Some(line) = RecordedCall::from_event(other) {
                    body.push(json!({ "model_call": line }));
                }
            }
        }
    }
    let thresholds = thresholds.unwrap_or(memory.thresholds);
    let mut header = json!({
        "rgmem_session": 1,
        "title": format!("export of {}", log.location()),
        "description": "Turns and recorded model replies; replay with --model recorded for the same memory.",
        "theta_inf": thresholds.theta_inf,
        "theta_sum": thresholds.theta_sum,
    });
    if let (Some(user), Some(obj)) = (user, header.as_object_mut()) {
        obj.insert("user".into(), json!(user));
    }
    let mut out = vec![header];
    out.extend(body);
    Ok(out)
}

/// Writes the export, one JSON object per line.
pub fn write(log: &dyn EventStore, out: &mut impl Write) -> Result<Exported> {
    let lines = session_lines(log)?;
    let mut counts = Exported::default();
    for line in lines.iter().skip(1) {
        if line.get("model_call").is_some() {
            counts.model_calls = counts.model_calls.saturating_add(1);
        } else {
            counts.turns = counts.turns.saturating_add(1);
        }
    }
    let io = |source| Error::Io {
        path: "export".into(),
        source,
    };
    for line in &lines {
        writeln!(out, "{line}").map_err(io)?;
    }
    out.flush().map_err(io)?;
    Ok(counts)
}

/// The θ an exported session's header names, if it names both.
#[must_use]
pub fn header_thresholds(session_text: &str) -> Option<Thresholds> {
    let first = session_text.lines().find(|l| !l.trim().is_empty())?;
    let v: Value = serde_json::from_str(first).ok()?;
    v.get("rgmem_session")?;
    let get = |k: &str| v.get(k).and_then(Value::as_u64).and_then(|n| u32::try_from(n).ok());
    let (theta_inf, theta_sum) = (get("theta_inf")?, get("theta_sum")?);
    (theta_inf > 0 && theta_sum > 0).then_some(Thresholds { theta_inf, theta_sum })
}

/// Writes the export to `out` through a temporary file in the same directory, renamed into
/// place only once complete, so a failed export leaves any earlier file as it was. Refuses to
/// write onto the memory file itself or its `-wal`, `-shm` or `-journal` (which would erase it).
pub fn write_file(log: &dyn EventStore, out: &std::path::Path) -> Result<Exported> {
    if let Some(file) = log.sqlite() {
        refuse_memory_files(file.path(), out)?;
    }
    let io = |path: &std::path::Path| {
        let path = path.display().to_string();
        move |source| Error::Io { path, source }
    };
    let dir = match out.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let name = out
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let file = std::fs::File::create(&tmp).map_err(io(&tmp))?;
        let mut writer = std::io::BufWriter::new(file);
        let counts = write(log, &mut writer)?;
        let file = writer.into_inner().map_err(|e| io(&tmp)(e.into_error()))?;
        file.sync_all().map_err(io(&tmp))?;
        std::fs::rename(&tmp, out).map_err(io(out))?;
        Ok(counts)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// The memory file and its SQLite companions, compared after resolving links and `..`.
fn refuse_memory_files(db: &std::path::Path, out: &std::path::Path) -> Result<()> {
    let resolve = |p: &std::path::Path| -> Option<std::path::PathBuf> {
        if let Ok(c) = std::fs::canonicalize(p) {
            return Some(c);
        }
        let parent = match p.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => std::path::Path::new("."),
        };
        Some(std::fs::canonicalize(parent).ok()?.join(p.file_name()?))
    };
    let (Some(db), Some(target)) = (resolve(db), resolve(out)) else {
        return Ok(());
    };
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let mut name = db.clone().into_os_string();
        name.push(suffix);
        if name == target.as_os_str() {
            return Err(Error::ExportOntoMemory {
                out: out.display().to_string(),
                what: if suffix.is_empty() {
                    "the memory file being exported".to_string()
                } else {
                    format!("the memory file's {suffix} file")
                },
            });
        }
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(a), Ok(b)) = (std::fs::metadata(&db), std::fs::metadata(&target))
            && a.dev() == b.dev()
            && a.ino() == b.ino()
        {
            return Err(Error::ExportOntoMemory {
                out: out.display().to_string(),
                what: "the memory file being exported, under another name".into(),
            });
        }
    }
    Ok(())
}
