//! The few screens that still start from the full offline replay of the sample session, kept
//! as goldens: they change when the offline model's wording does, and are meant to. The full
//! screen at head shows the whole pipeline end to end; the pending screens show what the
//! evidence pane previews for an open segment, which is the offline extractor's own output.
//! Every other screen is built from the hand-made fixtures in `tests`.

use super::tests::screen;
use crate::tui::action::Action;
use crate::tui::app::tests::Harness;
use crate::tui::focus::Focus;

#[test]
fn the_full_screen_at_head_after_the_whole_sample_replay() {
    let mut h = Harness::new(false);
    h.play_all();
    h.app.focus = Focus::Timeline;
    insta::assert_snapshot!("full_head_80x24", screen(&mut h.app, 80, 24));
    insta::assert_snapshot!("full_head_160x48", screen(&mut h.app, 160, 48));
}

/// A live message's mentions show as pending at once, before its segment closes; and the same
/// while stepping by turn through a replay, up to the `due` of the next close.
#[test]
fn pending_mentions_show_in_the_evidence_pane_at_once() {
    let mut h = crate::tui::app::live_tests::live();
    h.app.db = "~/notes/alex/memory.db".into();
    crate::tui::app::live_tests::say(&mut h, "I swim three times a week at the pool.");
    insta::assert_snapshot!("pending_live_80x24", screen(&mut h.app, 80, 24));

    let mut r = Harness::new(false);
    let due = (0..110).find(|_| {
        r.act(Action::ReplayStep);
        r.app.views.evidence.iter().any(|e| e.pending > 0 && e.due())
    });
    assert!(due.is_some(), "a counter becomes due from pending mentions");
    r.app.focus = Focus::Evidence;
    insta::assert_snapshot!("pending_due_80x24", screen(&mut r.app, 80, 24));
}

/// Only this file may draw a screen from the offline model's output: a screen test elsewhere
/// in `ui` that replayed the sample session (or chatted with the offline model) would re-snap
/// whenever its wording changed, which is what the fixtures are for.
#[test]
fn no_other_screen_test_replays_the_sample_or_calls_the_offline_model() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/tui/ui");
    let own = std::path::Path::new(file!()).file_name().unwrap();
    let mut read = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "rs") || path.file_name() == Some(own) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for replay in ["play_all", "Harness::new", "live_tests", "OfflineModel", "ReplayStep"] {
            assert!(!text.contains(replay), "{} uses {replay}", path.display());
        }
        read += 1;
    }
    assert!(read > 10, "read the ui files ({read})");
}
