//! Tests of the bullet-level Σ/Δ and summary diffs.

use super::*;

fn render(lines: &[DiffLine]) -> String {
    lines.iter().map(DiffLine::plain).collect::<Vec<_>>().join("\n")
}

fn words(segments: &[Segment]) -> String {
    DiffLine {
        change: BulletChange::Changed,
        heading: false,
        segments: segments.to_vec(),
    }
    .plain()
    .chars()
    .skip(2)
    .collect()
}

#[test]
fn changed_word_is_removed_then_added_in_place() {
    assert_eq!(
        words(&word_diff("lifts four days a week", "lifts two days a week")),
        "lifts [-four-] {+two+} days a week"
    );
}

#[test]
fn a_changed_phrase_is_one_removed_run_then_one_added_run() {
    let d = word_diff(
        "- Fitness: lifts four days a week",
        "- Fitness: swims three times a week",
    );
    assert_eq!(words(&d), "- Fitness: [-lifts four days-] {+swims three times+} a week");
}

#[test]
fn an_edited_bullet_is_changed_and_only_its_words_are_diffed() {
    let s = section(
        "Σ",
        "- Fitness: lifts four days a week\n- Diet: vegetarian",
        "- Fitness: lifts two days a week\n- Diet: vegetarian",
    );
    assert_eq!(
        render(&s.lines),
        "~ - Fitness: lifts [-four-] {+two+} days a week\n  - Diet: vegetarian"
    );
    assert_eq!(s.counts.changed, 1);
    assert_eq!(s.counts.kept, 1);
    assert_eq!(s.counts.summary(), "1 changed");
}

#[test]
fn unrelated_bullets_are_one_removed_and_one_added() {
    let s = section("Δ", "- alpha beta gamma", "- one two three");
    assert_eq!(render(&s.lines), "− - alpha beta gamma\n+ - one two three");
    assert_eq!((s.counts.removed, s.counts.added, s.counts.changed), (1, 1, 0));
}

#[test]
fn a_moved_block_is_moved_not_rewritten() {
    let before = "Regarding Running:\n- [change] stopped running\nRegarding Lifting:\n- [constraint] no squats";
    let after = "Regarding Lifting:\n- [constraint] no squats\nRegarding Running:\n- [change] stopped running";
    let s = section("Δ", before, after);
    assert_eq!(s.counts.added + s.counts.removed + s.counts.changed, 0, "{}", s.plain());
    assert_eq!(s.counts.moved, 1, "{}", s.plain());
    assert_eq!(s.counts.kept, 1);
    assert_eq!(s.counts.summary(), "1 moved");
}

#[test]
fn added_and_removed_bullets_stay_whole_and_removed_ones_stand_where_they_were() {
    let s = section("Σ", "- a x\n- b y", "- a x\n- b y\n- c z");
    assert_eq!(render(&s.lines), "  - a x\n  - b y\n+ - c z");
    let s = section("Σ", "- a x\n- b y\n- c z", "- a x\n- c z");
    assert_eq!(render(&s.lines), "  - a x\n− - b y\n  - c z");
    assert_eq!(s.counts.summary(), "1 removed");
}

#[test]
fn moved_groups_count_moved_bullets_and_only_real_edits() {
    let before = "Regarding Strength Training:\n- [constraint] keep it at 170 for a few weeks\n- [injury] hurt the back deadlifting\nRegarding Walking:\n- [change] walks to work";
    let after = "Regarding Walking:\n- [change] walks to work\nRegarding Strength Training:\n- [injury] hurt the back deadlifting\n- [constraint] no barbell work until August";
    let s = section("Δ", before, after);
    let c = s.counts;
    assert_eq!(
        (c.added, c.removed, c.changed, c.moved, c.kept),
        (1, 1, 0, 1, 1),
        "{}",
        s.plain()
    );
    assert!(
        s.lines
            .iter()
            .filter(|l| l.heading)
            .all(|l| l.change == BulletChange::Kept)
    );
}

#[test]
fn a_shared_label_does_not_make_two_statements_one() {
    let s = section(
        "summary",
        "- Inferred Trait/Interest: enjoys strength training",
        "- Inferred Trait/Interest: keeps a regular walking routine",
    );
    assert_eq!(
        (s.counts.added, s.counts.removed, s.counts.changed),
        (1, 1, 0),
        "{}",
        s.plain()
    );
}

#[test]
fn identical_texts_have_no_changes() {
    let s = section("Σ", "x y\nz", "x y\nz");
    assert!(s.is_unchanged());
    assert_eq!(s.counts.summary(), "unchanged");
    assert_eq!(render(&s.lines), "  x y\n  z");
}

#[test]
fn empty_before_is_all_added_and_counted() {
    let s = section("Δ", "", "no lifting\nfor now");
    assert_eq!(s.counts.added, 2);
    assert!(s.lines.iter().all(|l| l.change == BulletChange::Added));
}

#[test]
fn duplicate_bullets_each_match_once() {
    let s = section("Σ", "- a b\n- a b", "- a b");
    assert_eq!(s.counts.kept, 1);
    assert_eq!(s.counts.removed, 1);
}

#[test]
fn hostile_text_diffs_without_panicking() {
    let s = section(
        "Σ",
        "- café “quoted” 日本語 🎉\n\n\n",
        "- café “quoted” 日本 🎉\n- ```code```",
    );
    assert_eq!(s.counts.changed + s.counts.added, 2, "{}", s.plain());
}

#[test]
fn profile_diffs_sigma_and_delta_separately() {
    let before = Abstraction::Profile {
        sigma: "- lifts".into(),
        delta: Default::default(),
    };
    let after = Abstraction::Profile {
        sigma: "- lifts".into(),
        delta: "- injured".into(),
    };
    let sections = abstraction_diff(&before, &after);
    assert_eq!(sections.len(), 2);
    assert!(sections[0].is_unchanged());
    assert_eq!(sections[1].counts.added, 1);
    let summary = abstraction_diff(
        &Abstraction::Summary { summary: "a".into() },
        &Abstraction::Summary { summary: "b".into() },
    );
    assert_eq!(summary[0].title, "summary");
}
