//! The inspector at scale, each figure against `rgmem show` on the same file in the same run:
//! open-to-first-full-frame and resident memory at 16,000 and 100,000 turns (the sample sessions
//! cycled through the offline model), and a step back on a log of 1,000,000 events.
//!
//! Run: `cargo bench --bench scale` (`RGMEM_SCALE_TURNS=16000,100000` to choose the sizes,
//! `RGMEM_SCALE_EVENTS=1000000` for the step-back log). The logs are generated once into
//! `target/rgmem-scale/` (minutes on a busy machine) and reused; they never enter git or
//! `cargo test`.
//!
//! Each measurement runs in a child process of this bench, so its resident memory is its own:
//! `show` opens the log, folds the memory at head and writes its tree; `inspector` opens the
//! engine, opens the timeline at head and draws the first full frame (160×48), then folds the
//! history in the background as the inspector does, steps back to the first event and forward to
//! head again, and reports its resident memory then (VmRSS) and at its peak (VmHWM).

#![allow(missing_docs)]

#[allow(dead_code, unused_imports, clippy::all)]
#[path = "../src/tui/mod.rs"]
mod tui;

#[path = "support/history.rs"]
mod history;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use rgmem::Engine;
use rgmem::event::{Event, Purpose};
use rgmem::ids::Seq;
use rgmem::log::{Log, Reader};
use rgmem::memory::Memory;
use rgmem::rules::OfflineModel;
use rgmem::timeline::{SNAPSHOT_INTERVAL, SnapshotBuilder, Timeline};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;
use tui::app::{App, Options};
use tui::msg::{EngineUpdate, Handoff, Msg};

const CHILD: &str = "RGMEM_SCALE_CHILD";

fn dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"),
        PathBuf::from,
    );
    target.join("rgmem-scale")
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

fn ms(start: Instant) -> f64 {
    start.elapsed().as_secs_f64() * 1e3
}

/// `rgmem show`: the memory at head, its tree written out.
fn child_show(path: &Path) -> String {
    let start = Instant::now();
    let log = Log::open(path).expect("the log");
    let memory = log.memory_at(log.head()).expect("the memory at head");
    let text = memory.to_tree_text();
    std::hint::black_box(text.len());
    let wall = ms(start);
    let (rss, hwm) = rss_mb();
    format!("show_ms={wall:.1} rss_mb={rss:.1} hwm_mb={hwm:.1}")
}

fn app_at_head(timeline: Timeline) -> App {
    let mut app = App::new(Options {
        theme: tui::theme::Theme::colored(),
        ..Options::default()
    });
    app.size = (160, 48);
    app.update(Msg::Engine(EngineUpdate::Opened {
        timeline: Handoff::new(timeline),
        approve: false,
    }));
    app
}

/// The inspector: open, first full frame, history folded, first event, head.
fn child_inspector(path: &Path) -> String {
    let start = Instant::now();
    let log = Log::open(path).expect("the log");
    let log_ms = ms(start);
    let phase = Instant::now();
    let engine = Engine::open(log, Box::new(OfflineModel)).expect("the engine");
    let engine_ms = ms(phase);
    let phase = Instant::now();
    let timeline = tui::engine_task::open_at_head(&engine).expect("the timeline at head");
    let timeline_ms = ms(phase);
    let phase = Instant::now();
    let mut app = app_at_head(timeline);
    let app_ms = ms(phase);
    let phase = Instant::now();
    let mut terminal = Terminal::new(TestBackend::new(160, 48)).expect("a test terminal");
    terminal.draw(|f| tui::ui::render(f, &mut app)).expect("a frame");
    let frame_ms = ms(phase);
    let open = ms(start);
    let (open_rss, _) = rss_mb();
    let nodes = app.timeline.head_memory().concepts.len();

    let fold = Instant::now();
    let (tx, rx) = std::sync::mpsc::channel::<Vec<(Seq, Memory)>>();
    let builder = SnapshotBuilder::new(engine.log().parents().to_vec(), SNAPSHOT_INTERVAL);
    let reader = Reader::open(path).expect("a reader");
    let folder = std::thread::spawn(move || builder.run(Box::new(reader), 16, &mut |b| tx.send(b).is_ok()));
    for batch in rx {
        app.update(Msg::Engine(EngineUpdate::Snapshots(batch)));
    }
    folder.join().expect("the fold thread").expect("the fold");
    let fold = ms(fold);

    let first = Instant::now();
    app.seek(Seq(1));
    terminal.draw(|f| tui::ui::render(f, &mut app)).expect("a frame");
    let first = ms(first);
    let head = app.timeline.head();
    let back = Instant::now();
    app.seek(Seq(head.0.saturating_sub(1)));
    terminal.draw(|f| tui::ui::render(f, &mut app)).expect("a frame");
    let back = ms(back);
    app.seek(head);
    terminal.draw(|f| tui::ui::render(f, &mut app)).expect("a frame");
    let (rss, hwm) = rss_mb();
    format!(
        "open_ms={open:.1} log_ms={log_ms:.1} engine_ms={engine_ms:.1} timeline_ms={timeline_ms:.1} app_ms={app_ms:.1} frame_ms={frame_ms:.1} open_rss_mb={open_rss:.1} nodes={nodes} fold_ms={fold:.0} first_ms={first:.1} back_from_head_ms={back:.1} rss_mb={rss:.1} hwm_mb={hwm:.1}"
    )
}

/// A step back from head, repeated: mean milliseconds per step.
fn child_steps(path: &Path) -> String {
    let log = Log::open(path).expect("the log");
    let engine = Engine::open(log, Box::new(OfflineModel)).expect("the engine");
    let mut timeline = tui::engine_task::open_at_head(&engine).expect("the timeline at head");
    let builder = SnapshotBuilder::new(engine.log().parents().to_vec(), SNAPSHOT_INTERVAL);
    let mut snapshots = Vec::new();
    builder
        .run(Box::new(Reader::open(path).expect("a reader")), 64, &mut |b| {
            snapshots.extend(b);
            true
        })
        .expect("the fold");
    timeline.add_snapshots(snapshots);
    let steps = 2_000u32;
    let mut worst: f64 = 0.0;
    let start = Instant::now();
    for _ in 0..steps {
        let one = Instant::now();
        if !timeline.step_back() {
            timeline.seek(timeline.head());
        }
        worst = worst.max(ms(one));
    }
    let mean = ms(start) / f64::from(steps);
    let (rss, hwm) = rss_mb();
    format!("step_ms={mean:.3} worst_ms={worst:.2} rss_mb={rss:.1} hwm_mb={hwm:.1}")
}

/// Where opening at head goes: the parents, the latest checkpoint's rows and their decoding, and
/// the events after it.
fn child_phases(path: &Path) -> String {
    let start = Instant::now();
    let log = Log::open(path).expect("the log");
    let log_ms = ms(start);
    let at = log.checkpoints().last().unwrap_or(Seq(0));
    let conn = log.connection();
    let phase = Instant::now();
    let manifest: String = conn
        .query_row("SELECT memory FROM checkpoints WHERE seq = ?1", [at.0 as i64], |r| {
            r.get(0)
        })
        .unwrap_or_default();
    let mut bodies = std::collections::HashMap::new();
    let mut level = rgmem::memory::shared::chunked::references(&manifest);
    while !level.is_empty() {
        let mut next = Vec::new();
        for batch in level.chunks(500) {
            let list = batch.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
            let mut stmt = conn
                .prepare(&format!("SELECT id, body FROM checkpoint_chunks WHERE id IN ({list})"))
                .expect("a chunk query");
            let rows = stmt
                .query_map([], |r| Ok((r.get::<_, i64>(0)?, rgmem::log::chunk_body(r.get_ref(1)?))))
                .expect("chunk rows");
            for row in rows {
                let (id, body) = row.expect("a chunk");
                let body = body.expect("a chunk body");
                next.extend(rgmem::memory::shared::chunked::references(&body));
                bodies.insert(id, body);
            }
        }
        next.retain(|id| !bodies.contains_key(id));
        level = next;
    }
    let fetch_ms = ms(phase);
    let bytes: usize = bodies.values().map(String::len).sum::<usize>() + manifest.len();
    let chunks = bodies.len();
    let phase = Instant::now();
    let decoded: (Memory, _) = rgmem::memory::shared::chunked::read(&manifest, bodies).expect("decoded");
    let decode_ms = ms(phase);
    drop(decoded);
    let phase = Instant::now();
    let checkpoint = log.memory_at(at).expect("the checkpoint");
    let checkpoint_ms = ms(phase);
    drop(checkpoint);
    let phase = Instant::now();
    let head = log.memory_at(log.head()).expect("the head");
    let head_ms = ms(phase);
    std::hint::black_box(head.turns.len());
    format!(
        "log_ms={log_ms:.1} fetch_ms={fetch_ms:.1} chunks={chunks} chunk_mb={:.1} decode_ms={decode_ms:.1} checkpoint_ms={checkpoint_ms:.1} head_ms={head_ms:.1} tail={}",
        bytes as f64 / 1e6,
        log.head().0 - at.0
    )
}

fn child(mode: &str) {
    let (mode, file) = mode.split_once(':').expect("MODE:FILE");
    let path = Path::new(file);
    let line = match mode {
        "show" => child_show(path),
        "inspector" => child_inspector(path),
        "steps" => child_steps(path),
        "phases" => child_phases(path),
        other => panic!("unknown child mode {other}"),
    };
    println!("{line}");
}

/// Runs a child measurement `runs` times; returns each run's `key=value` pairs.
fn measure(mode: &str, path: &Path, runs: usize) -> Vec<Vec<(String, f64)>> {
    let exe = std::env::current_exe().expect("this bench's path");
    (0..runs)
        .map(|_| {
            let out = Command::new(&exe)
                .env(CHILD, format!("{mode}:{}", path.display()))
                .output()
                .expect("a child run");
            assert!(
                out.status.success(),
                "{mode} on {}: {}",
                path.display(),
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

fn turns_file(n: usize) -> PathBuf {
    let path = dir().join(format!("turns-{n}.db"));
    if !path.is_file() {
        std::fs::create_dir_all(dir()).expect("the scale directory");
        eprintln!("scale: generating {} ({n} turns)...", path.display());
        let secs = history::generate(&path, n).expect("a generated log");
        eprintln!("scale: {n} turns in {secs:.0} s");
    }
    path
}

/// A log of `n` events written directly (no model): turns, model calls, episodes and mentions
/// over a fixed graph, in steps of about 1,000 events, as a long session would leave it.
fn events_file(n: u64) -> PathBuf {
    let path = dir().join(format!("events-{n}.db"));
    if path.is_file() {
        return path;
    }
    std::fs::create_dir_all(dir()).expect("the scale directory");
    eprintln!("scale: generating {} ({n} events)...", path.display());
    let start = Instant::now();
    let tmp = path.with_extension("partial");
    let _ = std::fs::remove_file(&tmp);
    let mut log = Log::open(&tmp).expect("a fresh log");
    let mut memory = Memory::new();
    let step = |events: Vec<Event>, memory: &mut Memory, log: &mut Log| {
        for e in &events {
            memory.apply(e);
        }
        log.append_step(&events, memory).expect("a step");
    };
    let mut setup = vec![
        Event::ThresholdsChanged {
            theta_inf: 3,
            theta_sum: 6,
        },
        Event::person_tracked("Alex", "user"),
    ];
    for i in 0..200u32 {
        setup.push(Event::concept_added(
            format!("Activity {i}"),
            rgmem::memory::Level::Activity,
            rgmem::ids::ConceptId(1 + i % 11),
        ));
        setup.push(Event::RelationAdded {
            source: rgmem::ids::ConceptId(1 + i % 11),
            target: rgmem::ids::ConceptId(12 + i),
        });
    }
    step(setup, &mut memory, &mut log);
    let (mut turn, mut episodes) = (0u32, 0u32);
    // RK1 and RK2 fire as the thresholds are reached, as in a real log, so no buffer grows
    // without bound.
    let mut mentions = [0u32; 200];
    let mut scores = [0u32; 12];
    let rk = |operator, subject, value| Event::OperatorFired {
        operator,
        target: String::new(),
        subject,
        trigger: rgmem::event::Trigger {
            counter: if operator == rgmem::event::Operator::Rk1 {
                rgmem::event::Counter::Mentions
            } else {
                rgmem::event::Counter::Score
            },
            value,
            threshold: value,
        },
        before: rgmem::event::Abstraction::Summary {
            summary: Default::default(),
        },
        after: if operator == rgmem::event::Operator::Rk1 {
            rgmem::event::Abstraction::Summary {
                summary: "Fact Summary: goes to the gym often.".into(),
            }
        } else {
            rgmem::event::Abstraction::Profile {
                sigma: "- Gym: recurring".into(),
                delta: "- Knee: resting for a week".into(),
            }
        },
        evidence: Vec::new(),
    };
    while log.head().0 < n {
        let mut events = Vec::new();
        while events.len() < 1_000 {
            events.push(Event::TurnIngested {
                turn,
                speaker: "user".into(),
                text: format!("turn {turn}: I went to the gym again and did squats, then walked home."),
                time: None,
                session: 1 + turn / 20,
                source_ref: None,
                attachments: Vec::new(),
                dates: Vec::new(),
            });
            events.push(Event::ModelCalled {
                purpose: Purpose::Synth,
                model: "offline".into(),
                prompt: format!("Summarise turn {turn} as a fact about Alex."),
                reply: "Fact: went to the gym.".into(),
                tokens_in: 40,
                tokens_out: 8,
                latency_ms: 1,
                mode: rgmem::model::OutputMode::Text,
            });
            let episode = rgmem::ids::EpisodeId(episodes);
            episodes += 1;
            events.push(Event::EpisodeRecorded {
                person: rgmem::ids::ConceptId(0),
                turns: vec![rgmem::ids::TurnId(turn)],
                fact: format!("Alex went to the gym (turn {turn})."),
                base_conclusions: vec!["Alex trains regularly.".into()],
                salient_conclusions: Vec::new(),
                time: None,
                session: 1,
            });
            for k in 0..2 {
                let r = (turn * 7 + k * 13) % 200;
                events.push(Event::MentionRecorded {
                    relation: rgmem::ids::RelationId(r),
                    episode,
                    label: "user mentions the gym".into(),
                });
                let owner = 1 + r % 11;
                mentions[r as usize] += 1;
                scores[owner as usize] += 1;
                if mentions[r as usize] >= 3 {
                    mentions[r as usize] = 0;
                    let subject = rgmem::event::Subject::Relation(rgmem::ids::RelationId(r));
                    events.push(rk(rgmem::event::Operator::Rk1, subject, 3));
                }
                if scores[owner as usize] >= 6 {
                    scores[owner as usize] = 0;
                    let subject = rgmem::event::Subject::Concept(rgmem::ids::ConceptId(owner));
                    events.push(rk(rgmem::event::Operator::Rk2, subject, 6));
                }
            }
            turn += 1;
        }
        let room = usize::try_from(n - log.head().0).unwrap_or(usize::MAX);
        events.truncate(room);
        step(events, &mut memory, &mut log);
    }
    drop(log);
    std::fs::rename(&tmp, &path).expect("the finished log");
    eprintln!("scale: {n} events in {:.0} s", start.elapsed().as_secs_f64());
    path
}

fn sizes(var: &str, default: &str) -> Vec<u64> {
    std::env::var(var)
        .unwrap_or_else(|_| default.into())
        .split(',')
        .filter_map(|n| n.trim().parse().ok())
        .collect()
}

fn main() {
    if let Ok(mode) = std::env::var(CHILD) {
        child(&mode);
        return;
    }
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    println!(
        "| turns | events | show ms | show RSS MB | open to first full frame ms | ratio | RSS MB after first event and back | ratio | peak MB | history fold ms |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut per_turn = Vec::new();
    for n in sizes("RGMEM_SCALE_TURNS", "16000,100000") {
        let path = turns_file(usize::try_from(n).unwrap_or(usize::MAX));
        let events = Log::open(&path).map(|l| l.head().0).unwrap_or(0);
        let show = measure("show", &path, 3);
        let tui = measure("inspector", &path, 2);
        let (show_ms, show_rss) = (best(&show, "show_ms"), best(&show, "rss_mb"));
        let (open_ms, rss) = (best(&tui, "open_ms"), best(&tui, "rss_mb"));
        println!(
            "| {n} | {events} | {show_ms:.0} | {show_rss:.0} | {open_ms:.0} | ×{:.1} | {rss:.0} | ×{:.1} | {:.0} | {:.0} |",
            open_ms / show_ms,
            rss / show_rss,
            best(&tui, "hwm_mb"),
            best(&tui, "fold_ms"),
        );
        per_turn.push((n, rss / n as f64));
    }
    if let (Some(a), Some(b)) = (per_turn.first(), per_turn.last())
        && per_turn.len() > 1
    {
        println!(
            "resident MB per turn: {:.4} at {} turns, {:.4} at {} turns (×{:.2}; at most linear: ≤ ~1)",
            a.1,
            a.0,
            b.1,
            b.0,
            b.1 / a.1
        );
    }
    for n in sizes("RGMEM_SCALE_EVENTS", "1000000") {
        let path = events_file(n);
        let show = measure("show", &path, 3);
        let steps = measure("steps", &path, 1);
        let (show_ms, step_ms) = (best(&show, "show_ms"), best(&steps, "step_ms"));
        println!(
            "step back on {n} events: {step_ms:.3} ms per step (worst {:.2} ms), `show` {show_ms:.0} ms: ×{:.4} of show; RSS {:.0} MB",
            best(&steps, "worst_ms"),
            step_ms / show_ms,
            best(&steps, "rss_mb"),
        );
    }
}
