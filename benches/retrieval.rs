//! Retrieval latency on a memory of 10,000 facts, as a ratio against a plain FTS5 query over the
//! same index in the same run (p50 of each, printed at the end).

use criterion::{Criterion, black_box};
use rgmem::event::Event;
use rgmem::ids::{ConceptId, TurnId};
use rgmem::log::Log;
use rgmem::memory::Memory;
use rgmem::retrieval::{Budgets, Plan, Retriever};
use rgmem::rules::OfflineModel;
use std::time::{Duration, Instant};

const FACTS: u32 = 10_000;
const WORDS: &[&str] = &[
    "pottery",
    "running",
    "marathon",
    "guitar",
    "painting",
    "hiking",
    "camping",
    "yoga",
    "cooking",
    "pasta",
    "garden",
    "tomatoes",
    "museum",
    "concert",
    "violin",
    "chess",
    "swimming",
    "lake",
    "beach",
    "mountains",
    "adoption",
    "counseling",
    "volunteer",
    "library",
    "novel",
    "poetry",
    "bakery",
    "bread",
    "dog",
    "cat",
    "horse",
    "bicycle",
    "train",
    "flight",
    "Paris",
    "Tokyo",
    "school",
    "exam",
    "promotion",
    "startup",
];
const QUESTIONS: &[&str] = &[
    "When did Sam go camping at the lake?",
    "What did Sam paint after hiking in the mountains?",
    "Why did Sam start yoga?",
    "What kind of music does Sam play on the guitar?",
    "When did Sam fly to Tokyo?",
    "What does Sam bake?",
];

/// A deterministic word stream (xorshift), so every run builds the same memory.
struct Words(u64);

impl Words {
    fn next(&mut self) -> &'static str {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        WORDS[(self.0 % WORDS.len() as u64) as usize]
    }
}

fn build(path: &std::path::Path) -> (Log, Memory) {
    let mut log = Log::open(path).expect("open log");
    let mut memory = Memory::new();
    let mut words = Words(0x9e37_79b9_7f4a_7c15);
    let mut batch = vec![Event::person_tracked("Sam", "user")];
    for i in 0..FACTS {
        let (a, b, c) = (words.next(), words.next(), words.next());
        let text = format!("I spent the day on {a} and {b}, then some {c} with friends.");
        batch.push(Event::TurnIngested {
            turn: i,
            speaker: "user".into(),
            text: text.clone(),
            time: rgmem::time::Timestamp::from_civil(2023, 1 + i % 12, 1 + i % 28, 9, 0, 0),
            session: i,
            source_ref: None,
            attachments: Vec::new(),
            dates: Vec::new(),
        });
        batch.push(Event::EpisodeRecorded {
            person: ConceptId(0),
            turns: vec![TurnId(i)],
            fact: format!("Sam said: \"{text}\""),
            base_conclusions: vec![format!("[habit] Sam enjoys {a}."), format!("[topic] Sam tried {b}.")],
            salient_conclusions: vec![format!("[reason] Sam does {c} because of friends.")],
            time: None,
            session: i,
        });
        if batch.len() >= 2000 {
            for e in &batch {
                memory.apply(e);
            }
            log.append_step(&batch, &memory).expect("append");
            batch.clear();
        }
    }
    for e in &batch {
        memory.apply(e);
    }
    log.append_step(&batch, &memory).expect("append");
    (log, memory)
}

fn p50(mut samples: Vec<Duration>) -> Duration {
    samples.sort_unstable();
    samples[samples.len() / 2]
}

fn main() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (log, memory) = build(&dir.path().join("bench.db"));
    let retriever = Retriever::new(&log, &memory, log.head()).expect("retriever");
    let budgets = Budgets::default();
    let plain = |q: &str| -> usize {
        // The question's content words, the tracked person's name left out as rgmem leaves it out.
        let words: Vec<String> = rgmem::text::content_words(q)
            .into_iter()
            .filter(|w| w != "sam")
            .collect();
        let expr = rgmem::retrieval::index::match_expr(&words).unwrap_or_default();
        let mut stmt = log
            .connection()
            .prepare_cached("SELECT rowid FROM memory_fts WHERE memory_fts MATCH ?1 ORDER BY rank LIMIT 5")
            .expect("prepare");
        stmt.query_map([expr], |r| r.get::<_, i64>(0)).expect("query").count()
    };
    let retrieve = |q: &str| -> usize {
        retriever
            .retrieve(q, Plan::by_model(&mut OfflineModel, q), &budgets, &mut OfflineModel)
            .expect("retrieve")
            .items
            .len()
    };

    let mut c = Criterion::default().configure_from_args().sample_size(30);
    c.bench_function("rgmem_retrieve_10k_facts", |b| {
        let mut i = 0;
        b.iter(|| {
            i += 1;
            black_box(retrieve(QUESTIONS[i % QUESTIONS.len()]))
        });
    });
    c.bench_function("plain_fts5_query_10k_facts", |b| {
        let mut i = 0;
        b.iter(|| {
            i += 1;
            black_box(plain(QUESTIONS[i % QUESTIONS.len()]))
        });
    });
    c.final_summary();

    // The ratio, measured here in one run: p50 of each over the same questions.
    let (mut r, mut p) = (Vec::new(), Vec::new());
    for round in 0..20 {
        for q in QUESTIONS {
            let t = Instant::now();
            black_box(retrieve(q));
            r.push(t.elapsed());
            let t = Instant::now();
            black_box(plain(q));
            p.push(t.elapsed());
        }
        black_box(round);
    }
    let (r50, p50v) = (p50(r), p50(p));
    println!(
        "p50 over {} questions on {FACTS} facts: rgmem retrieve {:.3} ms, plain FTS5 {:.3} ms, ratio {:.1}x",
        QUESTIONS.len() * 20,
        r50.as_secs_f64() * 1e3,
        p50v.as_secs_f64() * 1e3,
        r50.as_secs_f64() / p50v.as_secs_f64().max(1e-9)
    );
}
