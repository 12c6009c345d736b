//! Ingest speed: the 1,775 turns of the LoCoMo dev split through the offline model into a fresh
//! SQLite log, as `rgmem replay --locomo FILE` does (every conversation into one memory).
//!
//! Run with `cargo bench --bench ingest`. The data file is looked up in `$RGMEM_LOCOMO`, then in
//! `../shared/data/locomo/locomo-dev.json` beside the project (and one level further up, for
//! worktrees); without it the bench says so and exits successfully.
//!
//! Like the replay, the timed ingest lets consecutive steps share a transaction (group commits,
//! see `rgmem::log::group`). Besides criterion's timing, instrumented passes print turns per
//! second and the time of the last tenth of the turns against the first tenth, both grouped and
//! with a commit per step (what a chat pays): the engine must not slow down as history grows
//! (target: at least 2,000 turns/s, ratio at most 1.5).

use criterion::{BatchSize, Criterion, Throughput};
use rgmem::Engine;
use rgmem::formats::session::TurnInput;
use rgmem::log::Log;
use rgmem::rules::OfflineModel;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The allocator the `rgmem` binary uses (src/main.rs), so the bench measures what it runs.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn data_file() -> Option<PathBuf> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    std::env::var_os("RGMEM_LOCOMO")
        .map(PathBuf::from)
        .into_iter()
        .chain([
            manifest.join("../shared/data/locomo/locomo-dev.json"),
            manifest.join("../../shared/data/locomo/locomo-dev.json"),
        ])
        .find(|p| p.is_file())
}

/// An engine over a fresh file. `grouped`: steps share transactions, as `rgmem replay` and the
/// eval ingest them; otherwise each step commits, as in a chat.
fn fresh_engine(dir: &tempfile::TempDir, grouped: bool) -> Engine {
    let log = Log::open(&dir.path().join("bench.db")).expect("a log in a temp dir");
    let mut engine = Engine::open(log, Box::new(OfflineModel)).expect("an engine over a fresh log");
    if grouped {
        engine
            .group_commits(rgmem::log::group::MAX_GROUP_STEPS, rgmem::log::group::MAX_GROUP_AGE)
            .expect("group commits");
    }
    engine
}

/// Ingests every turn and closes the last segment; returns each turn's time.
fn ingest_all(engine: &mut Engine, turns: &[TurnInput]) -> Vec<Duration> {
    let mut times = Vec::with_capacity(turns.len());
    for turn in turns {
        let start = Instant::now();
        engine.ingest(turn, "User").expect("ingest");
        times.push(start.elapsed());
    }
    engine.finish().expect("finish");
    times
}

/// Passes of the instrumented run; the machine may be shared, so the report keeps the best.
const PASSES: usize = 5;

/// User + system CPU time of this process so far, from `/proc/self/stat` (Linux; `None` elsewhere).
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the parenthesised command name; utime and stime are the 12th and 13th.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // USER_HZ is 100 on every Linux target rgmem builds for.
    Some(Duration::from_millis(ticks * 10))
}

/// Instrumented passes: turns per second (wall and CPU), and the last tenth of the turns against
/// the first, each tenth taken at its fastest over the passes so a busy neighbour does not decide
/// the ratio.
fn report(turns: &[TurnInput], grouped: bool) {
    let tenth = turns.len() / 10;
    let mut walls = Vec::new();
    let mut cpus = Vec::new();
    let mut first = Duration::MAX;
    let mut last = Duration::MAX;
    for pass in 0..PASSES {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut engine = fresh_engine(&dir, grouped);
        let (start, cpu_start) = (Instant::now(), cpu_time());
        let times = ingest_all(&mut engine, turns);
        let wall = start.elapsed();
        let cpu = cpu_time().zip(cpu_start).map(|(b, a)| b.saturating_sub(a));
        let (f, l): (Duration, Duration) = (times[..tenth].iter().sum(), times[times.len() - tenth..].iter().sum());
        println!(
            "ingest pass {pass}: {:.0} turns/s wall{}; first tenth {:.1} ms, last tenth {:.1} ms",
            turns.len() as f64 / wall.as_secs_f64(),
            cpu.map_or(String::new(), |c| format!(
                ", {:.0} turns/s of CPU time",
                turns.len() as f64 / c.as_secs_f64().max(1e-3)
            )),
            f.as_secs_f64() * 1e3,
            l.as_secs_f64() * 1e3,
        );
        if pass == 0 && grouped {
            let m = engine.memory();
            println!(
                "ingest: {} turns -> {} events, {} episodes, {} concepts, {} relations; RK1×{} RK2×{} RK3×{}",
                turns.len(),
                engine.log().head().0,
                m.episodes.len(),
                m.concepts.len(),
                m.relations.len(),
                m.firings[0],
                m.firings[1],
                m.firings[2]
            );
        }
        walls.push(wall);
        cpus.extend(cpu);
        first = first.min(f);
        last = last.min(l);
    }
    walls.sort();
    cpus.sort();
    let rate = |d: Duration| turns.len() as f64 / d.as_secs_f64().max(1e-3);
    println!(
        "ingest ({}): best {:.0} turns/s, median {:.0} turns/s (wall){}; last tenth / first tenth = {:.1} ms / {:.1} ms = {:.2}",
        if grouped {
            "grouped commits, as a replay"
        } else {
            "a commit per step, as a chat"
        },
        rate(walls[0]),
        rate(walls[walls.len() / 2]),
        cpus.get(cpus.len() / 2).map_or(String::new(), |c| format!(
            ", median {:.0} turns/s of CPU time",
            rate(*c)
        )),
        last.as_secs_f64() * 1e3,
        first.as_secs_f64() * 1e3,
        last.as_secs_f64() / first.as_secs_f64()
    );
}

fn main() {
    let Some(path) = data_file() else {
        eprintln!("ingest bench skipped: no locomo-dev.json (set RGMEM_LOCOMO=/path/to/locomo-dev.json)");
        return;
    };
    let conversations = match rgmem::formats::locomo::load(&path) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("ingest bench skipped: {e}");
            return;
        }
    };
    let turns: Vec<TurnInput> = conversations
        .iter()
        .flat_map(rgmem::formats::locomo::Conversation::turns)
        .collect();
    report(&turns, true);
    report(&turns, false);
    let mut c = Criterion::default()
        .configure_from_args()
        .sample_size(10)
        .measurement_time(Duration::from_secs(30));
    let mut group = c.benchmark_group("ingest");
    group.throughput(Throughput::Elements(turns.len() as u64));
    group.bench_function("locomo-dev", |b| {
        b.iter_batched(
            || {
                let dir = tempfile::tempdir().expect("temp dir");
                let engine = fresh_engine(&dir, true);
                (dir, engine)
            },
            |(dir, mut engine)| {
                ingest_all(&mut engine, &turns);
                (dir, engine)
            },
            BatchSize::PerIteration,
        );
    });
    group.finish();
    c.final_summary();
}
