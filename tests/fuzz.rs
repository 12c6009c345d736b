//! A deterministic mutation fuzzer over everything that reads outside text: the session parser,
//! the LoCoMo importer, the offline model (ingest, retrieval, answers) and every model-reply
//! parser. Seeds are small well-formed inputs; mutations splice in a Unicode corpus (curly
//! quotes, combining marks, emoji and ZWJ sequences, CJK, RTL marks, zero-width characters, NUL,
//! invalid UTF-8) at arbitrary byte offsets, delete, duplicate and truncate.
//!
//! The contract: no panic, no hang; a rejected file names a real line (≥ 1) of its own; an
//! accepted one's times survive the codec.
//!
//! `cargo test --test fuzz` runs a few thousand cases in seconds. For a long run:
//! `RGMEM_FUZZ_CASES=1000000 cargo test --release --test fuzz -- --nocapture`
//! (`RGMEM_FUZZ_SEED=N` picks another deterministic sequence).

mod common;

use rgmem::formats::session::{SessionFile, TurnInput};
use rgmem::model::Task;
use rgmem::model::parse;
use rgmem::retrieval::Budgets;
use rgmem::rules::OfflineModel;

/// splitmix64: small, fast, and the same sequence everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next() % n as u64) as usize }
    }
}

const CORPUS: &[&[u8]] = &[
    "“curly” ‘quotes’ don’t".as_bytes(),
    "e\u{301}\u{302} a\u{308}\u{327}".as_bytes(),
    "👩‍👩‍👧‍👦 🏳️‍🌈 👍🏽".as_bytes(),
    "日本語の文。中文，한국어".as_bytes(),
    "\u{200f}שלום\u{202e}abc\u{202c}مرحبا\u{200e}".as_bytes(),
    "\u{200b}\u{200d}\u{feff}\u{2060}".as_bytes(),
    b"\0",
    b"\xff\xfe",
    b"\xc3",
    b"\xe2\x80",
    b"\xf0\x9f\x98",
    "Zoë Ça Ménière’s".as_bytes(),
    b"\x1b[2J\x1b]0;t\x07",
    "\u{9b}31m".as_bytes(),
    b"\"",
    b"\\",
    b"\\u0000",
    b"\\ud800",
    b"{",
    b"}",
    b"[",
    b"]",
    b",",
    b":",
    b"\n",
    b"```",
    b"```json\n",
    b"</think>",
    b"Fact:",
    b"Fact Summary",
    b"Sigma:",
    b"Delta:",
    b"9999999999999999999999",
    b"-1",
    b"0000-01-01T00:00:00+01:00",
    b"99999-02-31T99:99:99+99:99",
    b"2023-02-29T00:00:00Z",
    b"on 31 February, 2023",
    b"1:56 pm on 8 May, 99999",
    b"13:99 pm on",
    b"Sept",
    b"May",
];

fn mutate(rng: &mut Rng, seed: &[u8]) -> Vec<u8> {
    let mut v = seed.to_vec();
    for _ in 0..=rng.below(4) {
        let at = rng.below(v.len() + 1);
        match rng.below(6) {
            0 | 1 => {
                let piece = CORPUS[rng.below(CORPUS.len())];
                v.splice(at..at, piece.iter().copied());
            }
            2 => {
                let end = (at + rng.below(8)).min(v.len());
                v.drain(at..end);
            }
            3 => {
                let end = (at + rng.below(24)).min(v.len());
                let dup: Vec<u8> = v[at..end].to_vec();
                v.splice(at..at, dup);
            }
            4 if !v.is_empty() => {
                let i = rng.below(v.len());
                v[i] ^= 1 << rng.below(8);
            }
            _ => v.truncate(at.max(v.len() / 2)),
        }
    }
    v
}

const SESSION_SEED: &str = r#"{"rgmem_session": 1, "title": "t", "user": "Zoë"}
{"speaker": "user", "text": "I started bouldering in May with my sister Ana.", "time": "2024-03-01T09:00:00Z", "session": 1}
{"speaker": "assistant", "text": "That sounds fun!", "time": "2024-03-01T10:01:00+01:00"}
{"speaker": "user", "text": "My knee hurts since the marathon on 8 May, 2023.", "time": "2024-03-02T09:02:00Z", "session": 2, "source_ref": "D1:3"}
{"model_call": {"purpose": "synth", "prompt": "p", "reply": "Fact: x"}}
"#;

const LOCOMO_SEED: &str = r#"[{"sample_id": "c1", "conversation": {"speaker_a": "Ana", "speaker_b": "Bo",
  "session_1_date_time": "1:56 pm on 8 May, 2023",
  "session_1": [{"speaker": "Ana", "dia_id": "D1:1", "text": "I adopted a dog."},
                {"speaker": "Bo", "dia_id": "D1:2", "text": "Lovely!", "blip_caption": "a puppy"}],
  "session_2_date_time": "12:09 am on 13 September, 2023",
  "session_2": [{"speaker": "Bo", "dia_id": "D2:1", "text": "I moved to Lisbon."}]},
  "qa": [{"question": "When?", "answer": 2023, "evidence": ["D1:1; D2:1", "D"], "category": 2},
         {"question": "Trap?", "adversarial_answer": "x", "evidence": ["D9:9"], "category": 5}]}]"#;

const REPLY_SEEDS: &[&str] = &[
    r#"[["Fitness", "Running"], ["Hobbies"]]"#,
    r#"[{"source": "Running", "target": "Marathon", "label": "ran a marathon"}]"#,
    r#"[{"query": "knee", "kind": "fact"}]"#,
    r#"{"label": "CORRECT"}"#,
    "Fact: Zoë went climbing.\nBase conclusions:\n- She likes it.\nSalient conclusions:\n- Active.",
    "Fact Summary: she runs.\n```json\n{\"summary\": \"runs\"}\n```",
    "<think>hmm</think>Sigma: calm\nDelta: more active",
    "```json\n{\"sigma\": \"s\", \"delta\": \"d\"}\n```",
];

fn cases() -> usize {
    std::env::var("RGMEM_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3000)
}

fn rng(salt: u64) -> Rng {
    let seed = std::env::var("RGMEM_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(11);
    Rng(seed ^ salt.wrapping_mul(0x2545_F491_4F6C_DD1D))
}

/// A rejected input names its own file and a real line.
fn names_a_line(err: &rgmem::error::Error, origin: &str) {
    match err {
        rgmem::error::Error::BadInput { path, line, .. } => {
            assert_eq!(path, origin);
            assert!(*line >= 1, "{err}");
        }
        other => panic!("not a bad-input error: {other}"),
    }
}

#[test]
fn session_files_never_panic_and_name_their_line() {
    let mut rng = rng(1);
    let (mut ok, mut bad) = (0, 0);
    for _ in 0..cases() {
        let bytes = mutate(&mut rng, SESSION_SEED.as_bytes());
        let parsed =
            rgmem::formats::session::utf8_text(bytes, "fuzz.jsonl").and_then(|t| SessionFile::parse(&t, "fuzz.jsonl"));
        match parsed {
            Ok(f) => {
                ok += 1;
                for t in &f.turns {
                    let json = serde_json::to_string(t).unwrap();
                    let back: TurnInput = serde_json::from_str(&json).unwrap();
                    assert_eq!(back.time, t.time, "{json}");
                }
            }
            Err(e) => {
                bad += 1;
                names_a_line(&e, "fuzz.jsonl");
            }
        }
    }
    assert!(
        ok > 0 && bad > 0,
        "the mutations reach both outcomes ({ok} ok, {bad} refused)"
    );
}

#[test]
fn locomo_files_never_panic_and_name_their_line() {
    let mut rng = rng(2);
    for _ in 0..cases() / 2 {
        let bytes = mutate(&mut rng, LOCOMO_SEED.as_bytes());
        match rgmem::formats::session::utf8_text(bytes, "l.json")
            .and_then(|t| rgmem::formats::locomo::parse(&t, "l.json"))
        {
            Ok(convs) => {
                for c in &convs {
                    let _ = c.turns();
                }
            }
            Err(e) => names_a_line(&e, "l.json"),
        }
    }
}

#[test]
fn every_reply_parser_takes_any_text() {
    let mut rng = rng(3);
    for i in 0..cases() * 2 {
        let seed = REPLY_SEEDS[i % REPLY_SEEDS.len()];
        let bytes = mutate(&mut rng, seed.as_bytes());
        let reply = String::from_utf8_lossy(&bytes);
        let _ = parse::lenient_json(&reply);
        let _ = parse::parse_paths(&reply);
        let _ = parse::parse_relations(&reply);
        let _ = parse::parse_plan(&reply);
        let _ = parse::parse_judge(&reply);
        let _ = parse::parse_synth(&reply);
        let _ = parse::parse_rk1(&reply);
        let _ = parse::parse_rk2(&reply);
        let _ = parse::parse_rk3(&reply);
        let _ = rgmem::time::Timestamp::month_from_name(&reply);
        let _ = rgmem::formats::locomo::parse_session_date(&reply);
        let _ = rgmem::time::Timestamp::parse(&reply);
    }
}

/// Mutated turns go through the whole offline pipeline (synthesis, extraction, RK1–RK3), and
/// mutated questions through retrieval and the offline answerer.
#[test]
fn the_offline_model_takes_any_turn_and_any_question() {
    let dir = tempfile::tempdir().unwrap();
    let mut engine = common::engine(&dir.path().join("fuzz.db"), 1000);
    let file = SessionFile::parse(SESSION_SEED, "seed.jsonl").unwrap();
    let mut rng = rng(4);
    let turns = (cases() / 10).max(50);
    for i in 0..turns {
        let seed = &file.turns[i % file.turns.len()];
        let text = String::from_utf8_lossy(&mutate(&mut rng, seed.text.as_bytes())).into_owned();
        let turn = TurnInput {
            text,
            index: u32::try_from(i).unwrap(),
            session: 1 + u32::try_from(i / 40).unwrap(),
            time: None,
            ..seed.clone()
        };
        engine.ingest(&turn, "Zoë").unwrap();
        if i % 5 == 0 {
            let question = String::from_utf8_lossy(&mutate(&mut rng, b"When did Zo\xc3\xab start bouldering in May?"))
                .into_owned();
            let _ = OfflineModel::plan(&question);
            let opts = rgmem::engine::AskOptions {
                budgets: Budgets::default(),
                ..Default::default()
            };
            let answer = engine.ask(&question, &opts, &mut |_| {}).unwrap();
            let _ = OfflineModel::reply(&Task::Answer {
                person: answer.person,
                context: answer.context.answer_context(),
                question,
            });
        }
    }
    engine.finish().unwrap();
    let log = engine.log();
    assert_eq!(
        log.memory_at(log.head()).unwrap(),
        *engine.memory(),
        "the log reads back"
    );
}
