//! Inspector speed: a full-frame render with a 5,000-node concept tree and 2,000 relations, a
//! cursor step on a 100,000-event log, and a bare frame as the baseline.
//!
//! Run: `cargo bench --bench inspector`. The interface code is compiled in from `src/tui/`,
//! because it belongs to the binary, not the library.

#![allow(missing_docs)]

#[allow(dead_code, unused_imports, clippy::all)]
#[path = "../src/tui/mod.rs"]
mod tui;

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use rgmem::event::{Abstraction, Event, EventRecord, Operator, Purpose, Subject, Trigger};
use rgmem::ids::{ConceptId, EpisodeId, RelationId, Seq, TurnId};
use rgmem::memory::Level;
use rgmem::timeline::Timeline;
use std::hint::black_box;
use tui::action::Action;
use tui::app::{App, Options};
use tui::focus::Focus;
use tui::msg::{EngineUpdate, Msg};

const ABSTRACT: u32 = 1_000;
const EVENTS_PER_ABSTRACT: u32 = 4;
const RELATIONS: u32 = 2_000;

/// A deterministic synthetic log: one person, 1,000 sub-concepts with 4 events each (5,012
/// nodes), 2,000 relations, then turns, episodes, mentions, model calls and RK1 firings up to
/// `total` events.
fn synthetic_log(total: u64) -> Vec<EventRecord> {
    let mut events = vec![
        Event::ThresholdsChanged {
            theta_inf: 3,
            theta_sum: 6,
        },
        Event::person_tracked("Alex", "user"),
    ];
    let first_abstract = 12;
    for i in 0..ABSTRACT {
        events.push(Event::concept_added(
            format!("Topic {i}"),
            Level::Abstract,
            ConceptId(1 + i % 11),
        ));
    }
    let first_event = first_abstract + ABSTRACT;
    for i in 0..ABSTRACT * EVENTS_PER_ABSTRACT {
        events.push(Event::concept_added(
            format!("Activity {i}"),
            if i % 4 == 3 { Level::Occurrence } else { Level::Activity },
            ConceptId(first_abstract + i / EVENTS_PER_ABSTRACT),
        ));
    }
    for r in 0..RELATIONS {
        let target = first_event + r * 2;
        events.push(Event::RelationAdded {
            source: ConceptId(first_abstract + (target - first_event) / EVENTS_PER_ABSTRACT),
            target: ConceptId(target),
        });
    }
    let mut state: u64 = 7;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as u32
    };
    let mut turns = 0u32;
    let mut episodes = 0u32;
    let mut mentions = vec![0u32; RELATIONS as usize];
    // RK2 consumes an owner's buffered evidence when its score reaches θ_sum, as in a real log.
    let mut scores = vec![0u32; (first_event) as usize];
    while (events.len() as u64) < total {
        events.push(Event::TurnIngested {
            turn: turns,
            speaker: "user".into(),
            text: format!("turn {turns}: I went to the gym again and did squats, then walked home by the river."),
            time: None,
            session: 1 + turns / 20,
            source_ref: None,
            attachments: Vec::new(),
            dates: Vec::new(),
        });
        turns += 1;
        events.push(Event::ModelCalled {
            purpose: Purpose::Synth,
            model: "offline".into(),
            prompt: "x".repeat(1_500),
            reply: "Fact: went to the gym.".into(),
            tokens_in: 400,
            tokens_out: 20,
            latency_ms: 3,
            mode: rgmem::model::OutputMode::Text,
        });
        events.push(Event::EpisodeRecorded {
            person: ConceptId(0),
            turns: vec![TurnId(turns - 1)],
            fact: format!("Alex went to the gym (turn {turns})."),
            base_conclusions: vec!["Alex trains regularly.".into()],
            salient_conclusions: Vec::new(),
            time: None,
            session: 1,
        });
        let episode = EpisodeId(episodes);
        episodes += 1;
        for _ in 0..3 {
            let r = next() % RELATIONS;
            events.push(Event::MentionRecorded {
                relation: RelationId(r),
                episode,
                label: "user mentions the gym".into(),
            });
            mentions[r as usize] += 1;
            let owner = first_abstract + (r * 2) / EVENTS_PER_ABSTRACT;
            scores[owner as usize] += 1;
            if mentions[r as usize] >= 3 {
                mentions[r as usize] = 0;
                events.push(Event::OperatorFired {
                    operator: Operator::Rk1,
                    target: format!("Relation {r}"),
                    subject: Subject::Relation(RelationId(r)),
                    trigger: Trigger {
                        counter: rgmem::event::Counter::Mentions,
                        value: 3,
                        threshold: 3,
                    },
                    before: Abstraction::Summary {
                        summary: "Fact Summary: goes to the gym.".into(),
                    },
                    after: Abstraction::Summary {
                        summary: "Fact Summary: goes to the gym often.\n- Inferred Trait/Interest: trains".into(),
                    },
                    evidence: vec![episode],
                });
            }
            if scores[owner as usize] >= 6 {
                scores[owner as usize] = 0;
                events.push(Event::OperatorFired {
                    operator: Operator::Rk2,
                    target: format!("Topic {}", owner - first_abstract),
                    subject: Subject::Concept(ConceptId(owner)),
                    trigger: Trigger {
                        counter: rgmem::event::Counter::Score,
                        value: 6,
                        threshold: 6,
                    },
                    before: Abstraction::Profile {
                        sigma: "- Gym: recurring".into(),
                        delta: Default::default(),
                    },
                    after: Abstraction::Profile {
                        sigma: format!("- Gym: recurring since turn {turns}").as_str().into(),
                        delta: "- Knee: resting for a week".into(),
                    },
                    evidence: vec![episode],
                });
            }
        }
    }
    events.truncate(total as usize);
    events
        .into_iter()
        .enumerate()
        .map(|(i, event)| EventRecord {
            seq: Seq(i as u64 + 1),
            parent: Seq(i as u64),
            event,
        })
        .collect()
}

fn loaded_app(records: Vec<EventRecord>) -> App {
    let mut app = App::new(Options {
        theme: tui::theme::Theme::colored(),
        ..Options::default()
    });
    app.update(Msg::Engine(EngineUpdate::Loaded {
        records,
        approve: false,
    }));
    app.focus = Focus::Timeline;
    app
}

fn render(c: &mut Criterion) {
    let (w, h) = (160, 48);
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    let mut bare = loaded_app(Vec::new());
    bare.size = (w, h);
    c.bench_function("render bare frame 160x48", |b| {
        b.iter(|| {
            terminal.draw(|f| tui::ui::render(f, black_box(&mut bare))).unwrap();
        });
    });
    let mut app = loaded_app(synthetic_log(20_000));
    app.size = (w, h);
    let m = app.timeline.memory();
    assert!(m.concepts.len() >= 5_000 && m.relations.len() >= 2_000);
    // Every node open: the worst case for the tree.
    for c in m.concepts.iter().filter(|c| !c.children.is_empty()) {
        let path: Vec<u32> = m.path_ids(c.id);
        app.tree_state.open(path);
    }
    c.bench_function("render full frame 160x48, 5,012-node tree, 2,000 relations", |b| {
        b.iter(|| {
            terminal.draw(|f| tui::ui::render(f, black_box(&mut app))).unwrap();
        });
    });
}

fn step(c: &mut Criterion) {
    let records = synthetic_log(100_000);
    let middle = Seq(50_000);
    let mut timeline = Timeline::from_records(&records, rgmem::timeline::SNAPSHOT_INTERVAL);
    // Each iteration is one step; the rare wrap-around resets the cursor.
    c.bench_function("timeline step back, 100,000 events", |b| {
        b.iter(|| {
            if !timeline.step_back() {
                timeline.seek(timeline.head());
            }
        });
    });
    timeline.seek(middle);
    c.bench_function("timeline step forward, 100,000 events", |b| {
        b.iter(|| {
            if !timeline.step_forward() {
                timeline.seek(middle);
            }
        });
    });
    let mut app = loaded_app(records);
    c.bench_function("app step back (all views rebuilt), 100,000 events", |b| {
        b.iter(|| {
            if app.timeline.cursor().0 == 0 {
                app.seek(app.timeline.head());
            }
            app.update(Msg::Action(Action::StepBack));
        });
    });
    app.seek(middle);
    c.bench_function("app step forward (all views rebuilt), 100,000 events", |b| {
        b.iter(|| {
            if app.timeline.is_at_head() {
                app.seek(middle);
            }
            app.update(Msg::Action(Action::StepForward));
        });
    });
}

trait PathIds {
    fn path_ids(&self, id: ConceptId) -> Vec<u32>;
}

impl PathIds for rgmem::memory::Memory {
    fn path_ids(&self, id: ConceptId) -> Vec<u32> {
        let mut path = Vec::new();
        let mut cur = Some(id);
        while let Some(c) = cur {
            path.push(c.0);
            cur = self.concept(c).parent;
        }
        path.reverse();
        path
    }
}

criterion_group!(benches, render, step);
criterion_main!(benches);
