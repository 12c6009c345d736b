//! Embedding speed: the shipped static model (`embed::local`) against the hashed `builtin`
//! embedder on short texts like the ones retrieval embeds (turns, concept names), the cost of
//! loading the artifact, and the texts-per-second ratio printed at the end. Retrieval embeds
//! every turn for every question through `embed::memo::local`; its ratio to `embed::local`, both
//! measured in this run, is what each question after the first saves per text.

use criterion::{Criterion, black_box};
use rgmem::embed;
use std::time::{Duration, Instant};

const TEXTS: &[&str] = &[
    "rate limit",
    "I went to a pottery class yesterday and made a bowl!",
    "Caroline",
    "strength training",
    "We adopted a puppy from the shelter last weekend.",
    "How did the marathon go? Did you beat your time?",
    "LGBTQ support group",
    "My grandmother's recipe for banana bread is the best.",
    "camping at the lake with the kids",
    "I'm feeling sad since my dog passed away.",
    "Café au lait, naïve résumé",
    "painting",
];

/// Texts per second of `f` over `TEXTS`, best of a few rounds of about 0.3 s each.
fn texts_per_second(f: impl Fn(&str) -> Vec<f32>) -> f64 {
    let mut best = 0.0f64;
    for _ in 0..5 {
        let start = Instant::now();
        let mut n = 0u64;
        while start.elapsed() < Duration::from_millis(300) {
            for t in TEXTS {
                black_box(f(black_box(t)));
            }
            n += TEXTS.len() as u64;
        }
        best = best.max(n as f64 / start.elapsed().as_secs_f64());
    }
    best
}

fn main() {
    let t = Instant::now();
    let parsed = embed::parse_shipped();
    let load = t.elapsed();
    assert!(parsed.is_ok(), "the shipped artifact must load: {:?}", parsed.err());
    black_box(embed::local("warm up the shared model"));

    let mut c = Criterion::default().configure_from_args().sample_size(30);
    c.bench_function("embed_static_model_12_texts", |b| {
        b.iter(|| TEXTS.iter().map(|t| embed::local(black_box(t)).len()).sum::<usize>());
    });
    c.bench_function("embed_builtin_12_texts", |b| {
        b.iter(|| TEXTS.iter().map(|t| embed::builtin(black_box(t)).len()).sum::<usize>());
    });
    c.bench_function("embed_load_static_model", |b| b.iter(embed::parse_shipped));
    c.final_summary();

    let fast = texts_per_second(embed::local);
    let hashed = texts_per_second(embed::builtin);
    let memo = texts_per_second(|t| embed::memo::local(t).to_vec());
    println!(
        "static model: loads in {:.1} ms, {fast:.0} texts/s; builtin: {hashed:.0} texts/s; static/builtin {:.2}x",
        load.as_secs_f64() * 1e3,
        fast / hashed.max(1e-9)
    );
    println!(
        "memoised static model (texts seen before, as every question after the first): {memo:.0} texts/s; memo/static {:.1}x",
        memo / fast.max(1e-9)
    );
}
