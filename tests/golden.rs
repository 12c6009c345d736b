//! Golden replays: every sample session, replayed on the offline model, gives the same operator
//! firings and the same final Σ/Δ as its reviewed snapshot. The digest leaves out the bulky
//! prompts and labels, so a snapshot diff shows what a change did to the operators and profiles.
//!
//! After an intended change, review with `INSTA_UPDATE=always cargo test --test golden` and read
//! the `.snap` diffs before committing them.

mod common;

use rgmem::event::Event;
use rgmem::formats::session::SessionFile;
use std::fmt::Write;

fn digest(path: &std::path::Path) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut engine = common::engine(&dir.path().join("m.db"), 1000);
    let file = SessionFile::read(path).unwrap();
    let steps = common::replay(&mut engine, &file);
    let mut out = String::new();
    writeln!(out, "# operator firings (seq operator target counter value/threshold)").unwrap();
    for r in steps.iter().flatten() {
        match &r.event {
            Event::OperatorFired {
                operator,
                target,
                trigger,
                ..
            }
            | Event::AbstractionProposed {
                operator,
                target,
                trigger,
                ..
            } => writeln!(
                out,
                "{} {} {target} ({} {}/{})",
                r.seq,
                operator.label(),
                trigger.counter,
                trigger.value,
                trigger.threshold
            )
            .unwrap(),
            Event::ModelFailed { purpose, error, .. } => {
                writeln!(out, "{} model failed ({}): {error}", r.seq, purpose.name()).unwrap();
            }
            _ => {}
        }
    }
    let m = engine.memory();
    writeln!(
        out,
        "\n# totals: {} turns, {} episodes, {} concepts, {} relations, head {}",
        m.turns.len(),
        m.episodes.len(),
        m.concepts.len(),
        m.relations.len(),
        engine.log().head()
    )
    .unwrap();
    writeln!(out, "\n# concepts with a Σ").unwrap();
    for c in m.concepts.iter().filter(|c| !c.sigma.is_empty()) {
        writeln!(out, "## {}", m.path_of(c.id).join(" / ")).unwrap();
        for (tag, text) in [("Σ", c.sigma.render()), ("Δ", c.delta.render())] {
            for line in text.lines().filter(|l| !l.trim().is_empty()) {
                writeln!(out, "{tag} {line}").unwrap();
            }
        }
    }
    out
}

#[test]
fn golden_replays_of_every_sample_session() {
    let samples = common::samples();
    assert!(samples.len() >= 4, "sample_sessions/ holds the sample sessions");
    for path in samples {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        insta::assert_snapshot!(name, digest(&path));
    }
}
