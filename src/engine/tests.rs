//! The engine over real log files in temp dirs, on the offline model: each refusal is a
//! variant a caller can match, and a refused request appends nothing.

use super::*;
use crate::formats::session::SessionFile;
use crate::rules::OfflineModel;
use std::path::Path;

fn engine(dir: &tempfile::TempDir) -> Engine {
    Engine::open(Log::open(&dir.path().join("m.db")).unwrap(), Box::new(OfflineModel)).unwrap()
}

fn turn(index: u32, text: &str) -> TurnInput {
    TurnInput {
        speaker: "user".into(),
        text: text.into(),
        time: None,
        session: 1,
        index,
        source_ref: None,
        attachments: Vec::new(),
    }
}

/// The paper's example session, in approval mode: RK2/RK3 results wait as proposals.
fn proposals(e: &mut Engine) -> Vec<Seq> {
    e.set_approve(true);
    // θ_sum 4: the session's concepts reach it more than once, so more than one proposal waits.
    e.set_thresholds(crate::memory::Thresholds {
        theta_inf: 3,
        theta_sum: 4,
    })
    .unwrap();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("sample_sessions/strength_training_injury.jsonl");
    let file = SessionFile::read(&path).unwrap();
    let user = file.user_name();
    for t in &file.turns {
        e.ingest(t, &user).unwrap();
    }
    e.finish().unwrap();
    let all = e.log().all().unwrap();
    all.iter()
        .filter(|r| matches!(r.event, Event::AbstractionProposed { .. }))
        .map(|r| r.seq)
        .collect()
}

#[test]
fn zero_thresholds_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    let zero = Thresholds {
        theta_inf: 0,
        theta_sum: 6,
    };
    assert!(matches!(e.set_thresholds(zero), Err(Error::ZeroThreshold)));
    assert_eq!(e.log().head(), Seq(0), "nothing appended");
}

#[test]
fn a_turn_is_neither_a_proposal_nor_revertible() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    let records = e.ingest(&turn(0, "I lift weights on Mondays."), "Alex").unwrap();
    let r = records.iter().find(|r| r.event.kind() == "turn_ingested").unwrap();
    let head = e.log().head();
    match e.approve(r.seq) {
        Err(Error::NotAProposal { seq, kind, .. }) => assert_eq!((seq, kind), (r.seq, "turn_ingested")),
        other => panic!("{other:?}"),
    }
    assert!(matches!(e.reject(r.seq), Err(Error::NotAProposal { .. })));
    match e.revert(r.seq) {
        Err(Error::NotRevertible { seq, kind, .. }) => assert_eq!((seq, kind), (r.seq, "turn_ingested")),
        other => panic!("{other:?}"),
    }
    assert_eq!(e.log().head(), head, "nothing appended");
}

#[test]
fn events_of_an_abandoned_branch_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    let first = e.ingest(&turn(0, "I lift weights on Mondays."), "Alex").unwrap();
    let second = e.ingest(&turn(1, "I also swim on Fridays."), "Alex").unwrap();
    let kept = first.last().unwrap().seq;
    let abandoned = second.last().unwrap().seq;
    e.rollback(kept).unwrap();
    e.ingest(&turn(1, "I cycle on Fridays."), "Alex").unwrap();
    match e.approve(abandoned) {
        Err(Error::OnOtherBranch { seq }) => assert_eq!(seq, abandoned),
        other => panic!("{other:?}"),
    }
    assert!(matches!(e.revert(abandoned), Err(Error::OnOtherBranch { .. })));
    assert!(matches!(e.rollback(Seq(10_000)), Err(Error::UnknownSeq(Seq(10_000)))));
}

#[test]
fn a_proposal_is_decided_once_and_an_approval_reverted_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    let proposals = proposals(&mut e);
    assert!(proposals.len() >= 2, "the sample session proposes: {proposals:?}");
    let (first, second) = (proposals[0], proposals[1]);

    let approved = e.approve(first).unwrap();
    let approval = approved
        .iter()
        .find(|r| matches!(r.event, Event::AbstractionApproved { .. }))
        .unwrap()
        .seq;
    assert!(matches!(e.approve(first), Err(Error::AlreadyApproved { seq }) if seq == first));
    assert!(matches!(e.reject(first), Err(Error::AlreadyApproved { .. })));

    e.reject(second).unwrap();
    assert!(matches!(e.approve(second), Err(Error::AlreadyRejected { seq }) if seq == second));

    e.revert(approval).unwrap();
    match e.revert(approval) {
        Err(Error::ConceptChangedSince { seq, .. }) => assert_eq!(seq, approval),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_step_commits_everything_it_emitted() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    let records = e.ingest(&turn(0, "I lift weights on Mondays."), "Alex").unwrap();
    let kinds: Vec<&str> = records.iter().map(|r| r.event.kind()).collect();
    assert_eq!(kinds, ["thresholds_changed", "person_tracked", "turn_ingested"]);
    assert_eq!(e.log().head(), records.last().unwrap().seq);
    assert_eq!(*e.memory(), fold_records(&e.log().all().unwrap()));
}

#[test]
fn settings_with_one_head_but_other_modifiers_are_two_settings() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    for (i, said) in [
        "I set the maximum upload size to 2.5MB in my Flask config.",
        "My Docker image has an image size of 120MB right now.",
        "I raised the upload size to 4MB yesterday.",
    ]
    .into_iter()
    .zip(0u32..)
    .map(|(s, i)| (i, s))
    {
        e.ingest(&turn(i, said), "Alex").unwrap();
        e.finish().unwrap();
    }
    let alex = e.memory().roots().next().unwrap().id;
    let lines = e.memory().slot_lines(alex);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("upload size is 4MB") && l.contains("was 2.5MB")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("image size is 120MB") && !l.contains("was")),
        "{lines:?}"
    );
}

#[test]
fn a_sum_said_per_month_and_its_rise_are_one_setting() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    e.ingest(
        &turn(0, "I work at a bakery to pay my rent of 520 pounds a month."),
        "Alex",
    )
    .unwrap();
    e.finish().unwrap();
    e.ingest(&turn(1, "My rent went up to 560 pounds from November, ugh."), "Alex")
        .unwrap();
    e.finish().unwrap();
    let alex = e.memory().roots().next().unwrap().id;
    let lines = e.memory().slot_lines(alex);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("rent is 560 pounds") && l.contains("was 520 pounds")),
        "{lines:?}"
    );
    assert_eq!(lines.iter().filter(|l| l.contains("rent")).count(), 1, "{lines:?}");
}

#[test]
fn a_slot_said_again_with_another_value_is_an_update_with_its_history() {
    let dir = tempfile::tempdir().unwrap();
    let mut e = engine(&dir);
    e.ingest(&turn(0, "I live in Lisbon with my brother Tiago, who's 19."), "Alex")
        .unwrap();
    e.finish().unwrap();
    e.ingest(&turn(1, "Big news: we moved to Porto last week."), "Alex")
        .unwrap();
    e.finish().unwrap();
    let alex = e.memory().roots().next().unwrap().id;
    assert_eq!(
        e.memory().slot_lines(alex),
        [
            "Alex lives in Porto (was Lisbon)",
            "Tiago is Alex's brother",
            "Tiago is 19"
        ]
    );
    let kinds = e
        .log()
        .all()
        .unwrap()
        .iter()
        .filter(|r| r.event.kind() == "slot_stated")
        .count();
    assert_eq!(kinds, 4);
    // The slots are part of the fold: a fresh fold of the log agrees.
    assert_eq!(*e.memory(), fold_records(&e.log().all().unwrap()));
}
