//! Ingest of long replies, in bytes a second: a synthetic user–assistant chat whose replies run
//! to 20k characters (paragraphs and code blocks), through `formats::import` and the offline
//! engine into a fresh SQLite log, as `rgmem import` does. The baseline, measured in the same
//! run, is parsing the same file alone, so the ratio is what the memory costs over reading it.
//! Also timed: cutting one 1 MB reply into passages (retrieval indexes and quotes those).
//!
//! Run with `cargo bench --bench long_replies`. The target is at least 10 MB a second.

use criterion::{BatchSize, Criterion, Throughput};
use rgmem::Engine;
use rgmem::formats::import::{self, Format};
use rgmem::log::Log;
use rgmem::rules::OfflineModel;
use std::fmt::Write as _;
use std::time::Duration;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A session file of `n` exchanges; each reply is 40 paragraphs with a code block every eighth.
fn chat(n: usize) -> String {
    const WORDS: [&str; 16] = [
        "cache", "limit", "request", "server", "client", "token", "retry", "header", "status", "minute", "python",
        "flask", "route", "database", "index", "query",
    ];
    let mut out = String::from("{\"rgmem_session\": 1, \"user\": \"Kai\"}\n");
    let mut k = 0usize;
    let mut word = || {
        k = k.wrapping_mul(2_654_435_761).wrapping_add(12_345);
        WORDS[(k >> 7) % WORDS.len()]
    };
    for i in 0..n {
        let day = 1 + i / 10;
        let question = format!("Question {i}: how do I tune the {} of my service?", word());
        let mut reply = String::new();
        for p in 0..40 {
            let para: Vec<&str> = (0..80).map(|_| word()).collect();
            let _ = write!(reply, "{}.\n\n", para.join(" "));
            if p % 8 == 0 {
                reply.push_str("```python\nx = f(x)\ny = g(y)\n```\n\n");
            }
        }
        for (speaker, text, minute) in [("user", question, 0), ("assistant", reply, 1)] {
            let line = serde_json::json!({
                "speaker": speaker,
                "text": text,
                "time": format!("2024-03-{day:02}T10:{:02}:00Z", (i % 10) * 5 + minute),
                "session": day,
            });
            out.push_str(&line.to_string());
            out.push('\n');
        }
    }
    out
}

fn main() {
    let text = chat(120);
    let bytes = text.len() as u64;
    let mut c = Criterion::default()
        .configure_from_args()
        .sample_size(10)
        .measurement_time(Duration::from_secs(15));
    let mut group = c.benchmark_group("long_replies");
    group.throughput(Throughput::Bytes(bytes));
    group.bench_function("parse (baseline)", |b| {
        b.iter(|| import::parse(&text, "bench.jsonl", Some(Format::Session)).expect("parses"));
    });
    group.bench_function("ingest", |b| {
        b.iter_batched(
            || {
                let dir = tempfile::tempdir().expect("temp dir");
                let log = Log::open(&dir.path().join("bench.db")).expect("a log");
                let mut engine = Engine::open(log, Box::new(OfflineModel)).expect("an engine");
                engine
                    .group_commits(rgmem::log::group::MAX_GROUP_STEPS, rgmem::log::group::MAX_GROUP_AGE)
                    .expect("group commits");
                (dir, engine)
            },
            |(dir, mut engine)| {
                let imported = import::parse(&text, "bench.jsonl", Some(Format::Session)).expect("parses");
                let all: Vec<_> = imported.conversations.iter().collect();
                for turn in imported.turns(&all) {
                    engine.ingest(&turn, "Kai").expect("ingest");
                }
                engine.finish().expect("finish");
                (dir, engine)
            },
            BatchSize::PerIteration,
        );
    });
    group.finish();
    let reply: String = text.lines().nth(2).unwrap_or_default().repeat(50);
    let mut cut = c.benchmark_group("passages");
    cut.throughput(Throughput::Bytes(reply.len() as u64));
    cut.bench_function("cut a 1 MB reply", |b| {
        b.iter(|| rgmem::text::passage::passages(&reply).len())
    });
    cut.finish();
    c.final_summary();
}
