//! Many people's memories in one PostgreSQL database against one SQLite file each (issue 28),
//! each PostgreSQL figure beside SQLite's in the same run:
//!
//! - 32 people ingesting at once: 32 threads, each an engine over its own person in one
//!   database (or its own file), each ingesting the same cycled sample turns through the
//!   offline model as `rgmem replay` does; criterion times a whole round, and a summary prints
//!   turns per second over all the people.
//! - Opening one person's 100,000-turn memory in the inspector: the store, the engine at head
//!   (the latest checkpoint and the events after it) and the timeline at head, with resident
//!   memory then, each in a child process of this bench so its memory is its own (as
//!   `benches/scale.rs` measures the file alone).
//!
//! Run: `export RGMEM_TEST_POSTGRES=$(scripts/postgres/start.sh); cargo bench --bench
//! postgres_scale` (`RGMEM_PG_SCALE_PEOPLE=32`, `RGMEM_PG_SCALE_EACH=60` turns per person,
//! `RGMEM_PG_SCALE_TURNS=100000` for the memory opened). The 100,000-turn file is generated once
//! into `target/rgmem-scale/` (shared with `scale`), and copied into the server once per run.
//! Without `RGMEM_TEST_POSTGRES` the PostgreSQL half prints "skipped: no server" and the SQLite
//! half still runs.

#![allow(missing_docs)]

#[allow(dead_code, unused_imports, clippy::all)]
#[path = "../src/tui/mod.rs"]
mod tui;

#[path = "support/history.rs"]
mod history;

use criterion::{BatchSize, Criterion, SamplingMode};
use rgmem::Engine;
use rgmem::formats::session::TurnInput;
use rgmem::log::pg::PgLog;
use rgmem::log::{EventStore, Log};
use rgmem::rules::OfflineModel;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The allocator the `rgmem` binary uses (src/main.rs), so the bench measures what it runs.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const CHILD: &str = "RGMEM_PG_SCALE_CHILD";

fn env_or(var: &str, default: usize) -> usize {
    std::env::var(var)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

fn server() -> Option<String> {
    std::env::var("RGMEM_TEST_POSTGRES").ok().filter(|u| !u.is_empty())
}

/// `base` with `person=NAME` added.
fn person(base: &str, name: &str) -> String {
    let sep = if base.contains('?') { '&' } else { '?' };
    format!("{base}{sep}person={name}")
}

fn dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"),
        PathBuf::from,
    );
    target.join("rgmem-scale")
}

fn ms(start: Instant) -> f64 {
    start.elapsed().as_secs_f64() * 1e3
}

/// `VmRSS` and `VmHWM` of this process, in MB (Linux).
fn rss_mb() -> (f64, f64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<f64>().ok())
            .map_or(f64::NAN, |kb| kb / 1024.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// One person's ingest, as `rgmem replay` runs it: group commits (which a PostgreSQL person
/// ignores: it commits every step), then the turns, then the open segment closed.
fn ingest<L: EventStore>(log: L, turns: &[(TurnInput, String)]) {
    let mut engine = Engine::open(log, Box::new(OfflineModel)).expect("an engine");
    engine
        .group_commits(rgmem::log::group::MAX_GROUP_STEPS, rgmem::log::group::MAX_GROUP_AGE)
        .expect("group commits");
    for (t, user) in turns {
        engine.ingest(t, user).expect("a turn");
    }
    engine.finish().expect("the last segment");
}

/// Where a round of people ingests: fresh files in a directory, or fresh people in one database.
enum Round {
    Files(tempfile::TempDir),
    People(String, u64),
}

/// People ingesting at once, each on a thread of its own; returns the wall time.
fn round(round: &Round, people: usize, turns: &[(TurnInput, String)]) -> Duration {
    let start = Instant::now();
    std::thread::scope(|s| {
        for p in 0..people {
            s.spawn(move || match round {
                Round::Files(dir) => ingest(Log::open(&dir.path().join(format!("p{p}.db"))).expect("a file"), turns),
                Round::People(base, run) => {
                    let url = person(base, &format!("bench-{}-{run}-{p}", std::process::id()));
                    ingest(PgLog::open(&url).expect("a person"), turns);
                }
            });
        }
    });
    start.elapsed()
}

fn bench_ingest(c: &mut Criterion, people: usize, each: usize) {
    let samples = history::samples().expect("the sample sessions");
    let turns = history::cycled(&samples, each);
    let total = (people * turns.len()) as f64;
    let mut group = c.benchmark_group(format!("{people} people ingesting {each} turns each"));
    group.sample_size(10).sampling_mode(SamplingMode::Flat);
    group.warm_up_time(Duration::from_millis(1));
    group.measurement_time(Duration::from_secs(1));
    let mut best = Vec::new();
    let mut fastest = f64::INFINITY;
    group.bench_function("32 SQLite files", |b| {
        b.iter_batched_ref(
            || Round::Files(tempfile::tempdir().expect("a directory")),
            |r| fastest = fastest.min(round(r, people, &turns).as_secs_f64()),
            BatchSize::PerIteration,
        );
    });
    best.push(("SQLite, a file each", fastest));
    match server() {
        Some(base) => {
            // Each round's people are new, so every round starts from empty logs.
            let run = AtomicU64::new(0);
            let mut fastest = f64::INFINITY;
            group.bench_function("one PostgreSQL database", |b| {
                b.iter_batched_ref(
                    || Round::People(base.clone(), run.fetch_add(1, Ordering::Relaxed)),
                    |r| fastest = fastest.min(round(r, people, &turns).as_secs_f64()),
                    BatchSize::PerIteration,
                );
            });
            best.push(("PostgreSQL, one database", fastest));
        }
        None => println!("postgres_scale: ingest into PostgreSQL: skipped: no server (set RGMEM_TEST_POSTGRES)"),
    }
    group.finish();
    for (what, secs) in &best {
        println!(
            "ingest, {people} people at once, {what}: {:.0} turns/s ({total} turns in {secs:.2} s, best round)",
            total / secs
        );
    }
}

/// Opens the memory at `location` as the inspector does: the store, the engine at head and the
/// timeline at head.
fn child_open(location: &str) -> String {
    let start = Instant::now();
    let log: Box<dyn EventStore + Send> = if location.starts_with("postgres") {
        Box::new(PgLog::open(location).expect("the person"))
    } else {
        Box::new(Log::open(Path::new(location)).expect("the file"))
    };
    let store_ms = ms(start);
    let phase = Instant::now();
    let engine = Engine::open(log, Box::new(OfflineModel)).expect("the engine");
    let engine_ms = ms(phase);
    let phase = Instant::now();
    let timeline = tui::engine_task::open_at_head(&engine).expect("the timeline at head");
    let timeline_ms = ms(phase);
    std::hint::black_box(timeline.head());
    let open_ms = ms(start);
    let (rss, hwm) = rss_mb();
    format!(
        "open_ms={open_ms:.1} store_ms={store_ms:.1} engine_ms={engine_ms:.1} timeline_ms={timeline_ms:.1} rss_mb={rss:.1} hwm_mb={hwm:.1}"
    )
}

/// Runs [`child_open`] `runs` times in child processes; returns each run's `key=value` pairs.
fn measure(location: &str, runs: usize) -> Vec<Vec<(String, f64)>> {
    let exe = std::env::current_exe().expect("this bench's path");
    (0..runs)
        .map(|_| {
            let out = Command::new(&exe).env(CHILD, location).output().expect("a child run");
            assert!(
                out.status.success(),
                "opening {}: {}",
                rgmem::log::redact(location),
                String::from_utf8_lossy(&out.stderr)
            );
            String::from_utf8_lossy(&out.stdout)
                .split_whitespace()
                .filter_map(|kv| kv.split_once('='))
                .filter_map(|(k, v)| Some((k.to_string(), v.parse().ok()?)))
                .collect()
        })
        .collect()
}

/// The smallest value of `key` over the runs (the machine is shared: the least disturbed run).
fn best(runs: &[Vec<(String, f64)>], key: &str) -> f64 {
    runs.iter()
        .filter_map(|r| r.iter().find(|(k, _)| k == key).map(|(_, v)| *v))
        .fold(f64::INFINITY, f64::min)
}

/// The cycled-turns file `scale` also uses, generated once.
fn turns_file(n: usize) -> PathBuf {
    let path = dir().join(format!("turns-{n}.db"));
    if !path.is_file() {
        std::fs::create_dir_all(dir()).expect("the scale directory");
        eprintln!("postgres_scale: generating {} ({n} turns)...", path.display());
        let secs = history::generate(&path, n).expect("a generated log");
        eprintln!("postgres_scale: {n} turns in {secs:.0} s");
    }
    path
}

fn bench_open(turns: usize) {
    let path = turns_file(turns);
    let file = path.to_str().expect("a UTF-8 path").to_string();
    let events = Log::open(&path).map(|l| l.head().0).unwrap_or(0);
    let mut rows = vec![("SQLite file", measure(&file, 3))];
    match server() {
        Some(base) => {
            let url = person(&base, &format!("open-{turns}"));
            let mut target = PgLog::open(&url).expect("the person");
            if target.head().0 != events {
                assert_eq!(target.head().0, 0, "{} holds another log", target.location());
                let start = Instant::now();
                let source = Log::open(&path).expect("the file");
                rgmem::log::copy(&source, &mut target).expect("the copy");
                println!(
                    "copy of {turns} turns ({events} events) into PostgreSQL: {:.0} s",
                    start.elapsed().as_secs_f64()
                );
            }
            drop(target);
            rows.push(("PostgreSQL person", measure(&url, 3)));
        }
        None => println!("postgres_scale: opening in PostgreSQL: skipped: no server (set RGMEM_TEST_POSTGRES)"),
    }
    println!("opening one person's {turns}-turn memory ({events} events) in the inspector, best of 3:");
    println!("| store | open ms | store ms | engine at head ms | timeline ms | RSS MB | peak MB |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for (what, runs) in &rows {
        println!(
            "| {what} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} |",
            best(runs, "open_ms"),
            best(runs, "store_ms"),
            best(runs, "engine_ms"),
            best(runs, "timeline_ms"),
            best(runs, "rss_mb"),
            best(runs, "hwm_mb"),
        );
    }
}

fn main() {
    if let Ok(location) = std::env::var(CHILD) {
        println!("{}", child_open(&location));
        return;
    }
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let mut c = Criterion::default().configure_from_args();
    bench_ingest(
        &mut c,
        env_or("RGMEM_PG_SCALE_PEOPLE", 32),
        env_or("RGMEM_PG_SCALE_EACH", 60),
    );
    bench_open(env_or("RGMEM_PG_SCALE_TURNS", 100_000));
    c.final_summary();
}
