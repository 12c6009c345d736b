//! Corrections over the paper's example session on the offline model: what a retired item takes
//! with it, that it never re-enters a summary as the conversation goes on, that an undo puts the
//! memory back, and that refusals append nothing.

use super::*;
use crate::event::ItemRef;
use crate::formats::session::SessionFile;
use crate::ids::{ConceptId, CorrectionId, EpisodeId};
use crate::rules::OfflineModel;
use std::path::Path;

fn engine(dir: &tempfile::TempDir) -> Engine {
    Engine::open(Log::open(&dir.path().join("m.db")).unwrap(), Box::new(OfflineModel)).unwrap()
}

fn sample() -> SessionFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("sample_sessions/strength_training_injury.jsonl");
    SessionFile::read(&path).unwrap()
}

fn replay(e: &mut Engine, file: &SessionFile, turns: std::ops::Range<usize>) {
    let user = file.user_name();
    for t in &file.turns[turns] {
        e.ingest(t, &user).unwrap();
    }
    e.finish().unwrap();
}

/// Every Σ and Δ text of the memory, and every relation summary.
fn summaries(m: &Memory) -> String {
    let mut out = String::new();
    for c in &m.concepts {
        out.push_str(&format!("{}\n{}\n{}\n{}\n", c.sigma, c.delta, c.own_sigma, c.own_delta));
    }
    for r in &m.relations {
        out.push_str(&format!("{}\n", r.summary));
    }
    out
}

fn delta_item(m: &Memory, words: &str) -> Option<ItemRef> {
    m.concepts.iter().find_map(|c| {
        let index = c.delta.items.iter().position(|i| i.text.contains(words))?;
        Some(ItemRef::Delta {
            concept: c.id,
            index: crate::ids::saturating_u32(index),
        })
    })
}

#[test]
fn a_retired_delta_item_never_re_enters_a_summary_as_the_conversation_goes_on() {
    const INJURY: &str = "hurt their back deadlifting";
    let file = sample();
    let half = 80.min(file.turns.len());
    // Without a correction the injury stays in Δ to the end.
    let plain = tempfile::tempdir().unwrap();
    let mut e = engine(&plain);
    replay(&mut e, &file, 0..file.turns.len());
    assert!(summaries(e.memory()).contains(INJURY));

    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    replay(&mut e, &file, 0..half);
    let item = delta_item(e.memory(), INJURY).expect("the injury is in a Δ by then");
    e.correct(item, None, "it was a gardening accident, not deadlifting")
        .unwrap();
    let left: Vec<&str> = summaries(e.memory())
        .lines()
        .filter(|l| l.contains(INJURY))
        .map(|l| l.to_string())
        .collect::<Vec<_>>()
        .leak()
        .iter()
        .map(|s| s.as_str())
        .collect();
    assert!(left.is_empty(), "gone from every Σ, Δ and summary at once: {left:#?}");
    replay(&mut e, &file, half..file.turns.len());
    assert!(e.memory().firings[1] > 0);
    let left: Vec<String> = summaries(e.memory())
        .lines()
        .filter(|l| l.contains(INJURY))
        .map(str::to_string)
        .collect();
    assert!(left.is_empty(), "the retired item came back: {left:#?}");
    // The fold of the log says the same as the engine.
    assert_eq!(&e.log().memory_at(e.log().head()).unwrap(), e.memory());
}

#[test]
fn a_retired_fact_takes_its_conclusions_and_what_was_built_from_it_and_an_undo_puts_all_back() {
    let file = sample();
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    replay(&mut e, &file, 0..file.turns.len());
    let before = e.memory().clone();
    let episode = before
        .episodes
        .iter()
        .find(|ep| ep.fact.contains("walking to work"))
        .map(|ep| ep.id)
        .unwrap();
    assert!(summaries(&before).contains("started walking to work"));
    let records = e
        .correct(ItemRef::Fact { episode }, None, "Alex takes the bus")
        .unwrap();
    let [record] = records.as_slice() else {
        panic!("{records:?}")
    };
    let Event::ItemCorrected { quoted, .. } = &record.event else {
        panic!()
    };
    assert!(!quoted.is_empty(), "the turn that said it is found");
    let m = e.memory();
    assert!(m.fact_retired(episode));
    let conclusions = m.episode(episode).conclusions().count();
    assert!((0..conclusions).all(|i| m.conclusion_retired(episode, i)));
    assert!(quoted.iter().all(|t| m.turn_hidden(*t)));
    let left: Vec<String> = summaries(m)
        .lines()
        .filter(|l| l.contains("started walking to work"))
        .map(str::to_string)
        .collect();
    assert!(left.is_empty(), "Δ items built from it alone go with it: {left:#?}");
    assert!(
        !crate::engine::items(m)
            .iter()
            .any(|(i, _)| *i == ItemRef::Fact { episode })
    );

    e.undo_correction(CorrectionId(0)).unwrap();
    let mut after = e.memory().clone();
    assert!(!after.fact_retired(episode));
    after.corrections.clear();
    assert_eq!(after, before, "an undo puts back everything the correction changed");
    assert!(matches!(
        e.undo_correction(CorrectionId(0)),
        Err(Error::NoSuchCorrection(_))
    ));
}

#[test]
fn a_replaced_sigma_bullet_reads_corrected_here_and_above() {
    let file = sample();
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    replay(&mut e, &file, 0..file.turns.len());
    let m = e.memory();
    let (concept, index) = m
        .concepts
        .iter()
        .filter(|c| c.parent.is_some())
        .find_map(|c| {
            c.sigma
                .bullets
                .iter()
                .position(|b| b.branch == "Swimming")
                .map(|i| (c.id, i))
        })
        .unwrap();
    let item = ItemRef::Sigma {
        concept,
        index: crate::ids::saturating_u32(index),
    };
    e.correct(item, Some("Alex swims once a month at most."), "not a routine")
        .unwrap();
    let m = e.memory();
    let bullet = &m.concept(concept).sigma.bullets[index];
    assert_eq!(bullet.text, "Alex swims once a month at most.");
    assert!(bullet.mentions.is_empty());
    let root: ConceptId = m.concept(concept).person;
    assert!(
        m.concept(root)
            .sigma
            .bullets
            .iter()
            .all(|b| b.branch != "Swimming" || b.text == bullet.text)
    );
}

#[test]
fn refused_corrections_append_nothing() {
    let file = sample();
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    replay(&mut e, &file, 0..20);
    let head = e.log().head();
    let fact = ItemRef::Fact { episode: EpisodeId(0) };
    assert!(matches!(
        e.correct(fact, None, " "),
        Err(Error::CorrectionIncomplete(_))
    ));
    assert!(matches!(
        e.correct(fact, Some(""), "why"),
        Err(Error::CorrectionIncomplete(_))
    ));
    let huge = "x".repeat(MAX_CORRECTION_TEXT + 1);
    assert!(matches!(
        e.correct(fact, Some(&huge), "why"),
        Err(Error::CorrectionIncomplete(_))
    ));
    let missing = ItemRef::Fact {
        episode: EpisodeId(9999),
    };
    assert!(matches!(e.correct(missing, None, "why"), Err(Error::NoSuchItem { .. })));
    let missing = ItemRef::Delta {
        concept: ConceptId(0),
        index: 99,
    };
    assert!(matches!(e.correct(missing, None, "why"), Err(Error::NoSuchItem { .. })));
    assert_eq!(e.log().head(), head);
    e.correct(fact, None, "wrong").unwrap();
    assert!(matches!(
        e.correct(fact, None, "again"),
        Err(Error::AlreadyRetired { .. })
    ));
}
