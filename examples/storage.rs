//! Storage growth: ingests the sample sessions, cycled, through the offline model into a fresh
//! log at 2,000 and 16,000 turns (or the counts given), and prints bytes and seconds per turn,
//! what each table holds, and the ratio of the larger run to the smaller. Storage must grow
//! linearly with history: checkpoints cost what changed, not the whole memory.
//!
//! Run: `cargo run --release --example storage [-- --turns 2000,16000] [--keep DIR]`.
//! With `--keep DIR` the logs stay in DIR (`turns-N.db`), e.g. to open one with `rgmem tui`.

#[path = "../benches/support/history.rs"]
mod history;

use history::{cycled, samples};
use rgmem::Engine;
use rgmem::formats::session::TurnInput;
use rgmem::log::Log;
use rgmem::rules::OfflineModel;
use std::path::{Path, PathBuf};
use std::time::Instant;

struct Run {
    turns: usize,
    events: u64,
    bytes: u64,
    seconds: f64,
    tables: Vec<(&'static str, u64)>,
    /// Per event kind: how many, and the bytes their stored bodies take.
    kinds: Vec<(String, u64, u64)>,
    /// Per table or index: the bytes of its pages in the file (SQLite's `dbstat`).
    pages: Vec<(String, u64)>,
}

fn run(path: &Path, turns: &[(TurnInput, String)]) -> Result<Run, String> {
    let _ = std::fs::remove_file(path);
    let log = Log::open(path).map_err(|e| e.to_string())?;
    let mut engine = Engine::open(log, Box::new(OfflineModel)).map_err(|e| e.to_string())?;
    let start = Instant::now();
    for (t, user) in turns {
        engine.ingest(t, user).map_err(|e| e.to_string())?;
    }
    engine.finish().map_err(|e| e.to_string())?;
    let seconds = start.elapsed().as_secs_f64();
    let events = engine.log().head().0;
    let conn = engine.log().connection();
    let mut tables = Vec::new();
    for (name, sql) in [
        (
            "events",
            "SELECT COALESCE(SUM(LENGTH(CAST(body AS BLOB))), 0) FROM events",
        ),
        (
            "checkpoints",
            "SELECT COALESCE(SUM(LENGTH(CAST(memory AS BLOB))), 0) FROM checkpoints",
        ),
        (
            "checkpoint chunks",
            "SELECT COALESCE(SUM(LENGTH(CAST(body AS BLOB))), 0) FROM checkpoint_chunks",
        ),
    ] {
        let n: i64 = conn.query_row(sql, [], |r| r.get(0)).map_err(|e| e.to_string())?;
        tables.push((name, u64::try_from(n).unwrap_or(0)));
    }
    let kinds = query_rows(
        conn,
        "SELECT kind, COUNT(*), COALESCE(SUM(LENGTH(CAST(body AS BLOB))), 0) FROM events GROUP BY kind ORDER BY 3 DESC",
        |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?, r.get::<_, i64>(2)?)),
    )?
    .into_iter()
    .map(|(k, n, b)| (k, u64::try_from(n).unwrap_or(0), u64::try_from(b).unwrap_or(0)))
    .collect();
    let pages = query_rows(
        conn,
        "SELECT name, SUM(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC",
        |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)),
    )?
    .into_iter()
    .map(|(k, b)| (k, u64::try_from(b).unwrap_or(0)))
    .collect();
    drop(engine);
    let bytes = std::fs::metadata(path).map_err(|e| e.to_string())?.len();
    Ok(Run {
        turns: turns.len(),
        events,
        bytes,
        seconds,
        tables,
        kinds,
        pages,
    })
}

fn query_rows<T>(
    conn: &rusqlite::Connection,
    sql: &str,
    f: impl FnMut(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
) -> Result<Vec<T>, String> {
    let mut stmt = conn.prepare(sql).map_err(|e| format!("{sql}: {e}"))?;
    let rows = stmt.query_map([], f).map_err(|e| format!("{sql}: {e}"))?;
    rows.collect::<Result<_, _>>().map_err(|e| format!("{sql}: {e}"))
}

/// Where the bytes go: per event kind (stored body bytes per turn) and per table or index
/// (file pages per turn), the larger run beside the smaller.
fn breakdown(runs: &[Run]) {
    let per = |b: u64, r: &Run| b as f64 / r.turns as f64;
    let header: Vec<String> = runs.iter().map(|r| format!("{} turns", r.turns)).collect();
    println!();
    println!("Stored event bodies by kind (count, bytes per turn):");
    println!();
    println!(
        "| kind | {} |",
        header
            .iter()
            .map(|h| format!("{h}: count | bytes/turn"))
            .collect::<Vec<_>>()
            .join(" | ")
    );
    println!("|---|{}", "---:|---:|".repeat(runs.len()));
    let mut kinds: Vec<&String> = runs.iter().flat_map(|r| r.kinds.iter().map(|k| &k.0)).collect();
    kinds.sort();
    kinds.dedup();
    if let Some(last) = runs.last() {
        kinds.sort_by_key(|k| std::cmp::Reverse(last.kinds.iter().find(|x| &x.0 == *k).map_or(0, |x| x.2)));
    }
    for k in kinds {
        let cells: Vec<String> = runs
            .iter()
            .map(|r| {
                let (n, b) = r.kinds.iter().find(|x| &x.0 == k).map_or((0, 0), |x| (x.1, x.2));
                format!("{n} | {:.0}", per(b, r))
            })
            .collect();
        println!("| {k} | {} |", cells.join(" | "));
    }
    println!();
    println!("File pages by table and index (bytes per turn):");
    println!();
    println!("| table or index | {} |", header.join(" | "));
    println!("|---|{}", "---:|".repeat(runs.len()));
    let mut names: Vec<&String> = runs.iter().flat_map(|r| r.pages.iter().map(|k| &k.0)).collect();
    names.sort();
    names.dedup();
    if let Some(last) = runs.last() {
        names.sort_by_key(|k| std::cmp::Reverse(last.pages.iter().find(|x| &x.0 == *k).map_or(0, |x| x.1)));
    }
    for k in names {
        let cells: Vec<String> = runs
            .iter()
            .map(|r| format!("{:.0}", per(r.pages.iter().find(|x| &x.0 == k).map_or(0, |x| x.1), r)))
            .collect();
        println!("| {k} | {} |", cells.join(" | "));
    }
}

fn main() -> Result<(), String> {
    let mut counts = vec![2_000usize, 16_000];
    let mut keep: Option<PathBuf> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--turns" => {
                let v = args.next().ok_or("--turns needs a list, e.g. 2000,16000")?;
                counts = v
                    .split(',')
                    .map(|n| n.trim().parse::<usize>().map_err(|e| format!("--turns {n}: {e}")))
                    .collect::<Result<_, _>>()?;
            }
            "--keep" => keep = Some(PathBuf::from(args.next().ok_or("--keep needs a directory")?)),
            "--bench" => {}
            other => return Err(format!("unknown argument {other}")),
        }
    }
    let samples = samples()?;
    let temp = tempfile::tempdir().map_err(|e| e.to_string())?;
    let dir = keep.unwrap_or_else(|| temp.path().to_path_buf());
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut runs = Vec::new();
    println!("| turns | events | file bytes | bytes/turn | s/turn | events | checkpoints | chunks |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|");
    for n in counts {
        let turns = cycled(&samples, n);
        let r = run(&dir.join(format!("turns-{n}.db")), &turns)?;
        println!(
            "| {} | {} | {} | {:.0} | {:.6} | {} | {} | {} |",
            r.turns,
            r.events,
            r.bytes,
            r.bytes as f64 / r.turns as f64,
            r.seconds / r.turns as f64,
            r.tables[0].1,
            r.tables[1].1,
            r.tables[2].1,
        );
        runs.push(r);
    }
    if let (Some(a), Some(b)) = (runs.first(), runs.last())
        && runs.len() > 1
    {
        let per = |r: &Run| (r.bytes as f64 / r.turns as f64, r.seconds / r.turns as f64);
        let ((ba, sa), (bb, sb)) = (per(a), per(b));
        println!(
            "{} vs {} turns: bytes/turn ×{:.2}, s/turn ×{:.2} (targets: ≤1.30 each, and under 4,096 bytes/turn)",
            b.turns,
            a.turns,
            bb / ba,
            sb / sa
        );
    }
    breakdown(&runs);
    Ok(())
}
