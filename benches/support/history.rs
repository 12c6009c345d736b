//! A long history for the scale bench and the storage example: the sample sessions, cycled,
//! ingested through the offline model as one long conversation.

#![allow(dead_code)]

use rgmem::formats::session::{SessionFile, TurnInput};
use std::path::PathBuf;

/// The sample sessions, each with its user, in file-name order.
pub fn samples() -> Result<Vec<(Vec<TurnInput>, String)>, String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("sample_sessions");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| {
            let s = SessionFile::read(p).map_err(|e| e.to_string())?;
            let user = s.user_name();
            Ok((s.turns, user))
        })
        .collect()
}

/// `n` turns: the samples again and again, each pass in later sessions and a year later, so the
/// history reads as one long conversation.
pub fn cycled(samples: &[(Vec<TurnInput>, String)], n: usize) -> Vec<(TurnInput, String)> {
    let mut out = Vec::with_capacity(n);
    let mut pass: u32 = 0;
    while out.len() < n {
        let mut session_base = pass.saturating_mul(1000);
        for (turns, user) in samples {
            let last_session = turns.iter().map(|t| t.session).max().unwrap_or(0);
            for t in turns {
                if out.len() == n {
                    return out;
                }
                let mut t = t.clone();
                t.session = session_base.saturating_add(t.session);
                t.time = t.time.and_then(|x| {
                    rgmem::time::Timestamp::from_unix_seconds(x.unix_seconds() + i64::from(pass) * 366 * 86_400)
                });
                t.index = u32::try_from(out.len()).unwrap_or(u32::MAX);
                out.push((t, user.clone()));
            }
            session_base = session_base.saturating_add(last_session);
        }
        pass += 1;
    }
    out
}

/// Writes a log of `n` cycled turns at `path` (replacing it), returning seconds spent.
pub fn generate(path: &std::path::Path, n: usize) -> Result<f64, String> {
    let samples = samples()?;
    let turns = cycled(&samples, n);
    let _ = std::fs::remove_file(path);
    let log = rgmem::log::Log::open(path).map_err(|e| e.to_string())?;
    let mut engine = rgmem::Engine::open(log, Box::new(rgmem::rules::OfflineModel)).map_err(|e| e.to_string())?;
    let start = std::time::Instant::now();
    for (t, user) in &turns {
        engine.ingest(t, user).map_err(|e| e.to_string())?;
    }
    engine.finish().map_err(|e| e.to_string())?;
    Ok(start.elapsed().as_secs_f64())
}
