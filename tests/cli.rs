//! The command line's contract, through the real binary on real SQLite files: bad input and
//! usage errors, and the issue's acceptance behaviours (RK1 threshold, drift, rollback, approval).

mod common;

use common::{event_count, log_json, rgmem, rgmem_ok, sample, show_json};
use serde_json::Value;
use std::path::Path;

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn kind(e: &Value) -> &str {
    e["kind"].as_str().unwrap()
}

fn operator(e: &Value) -> Option<&str> {
    (kind(e) == "operator_fired" || kind(e) == "abstraction_proposed").then(|| e["operator"].as_str().unwrap())
}

// ---------------------------------------------------------------- bad input and usage errors

const GOOD: &str = r#"{"rgmem_session": 1, "title": "t", "user": "Sam"}
{"speaker": "user", "text": "I went swimming this morning.", "time": "2024-03-01T09:00:00Z", "session": 1}
{"speaker": "assistant", "text": "Nice.", "time": "2024-03-01T09:01:00Z"}
{"speaker": "user", "text": "I also baked bread.", "time": "2024-03-01T09:02:00Z"}
"#;

#[test]
fn a_malformed_line_names_file_and_line_exits_1_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let good = dir.path().join("good.jsonl");
    std::fs::write(&good, GOOD).unwrap();
    rgmem_ok(&db, &["replay", s(&good), "--headless"]);
    let before = event_count(&db);
    assert!(before > 0);
    let cases = [
        ("{\"speaker\": \"user\", \"text\": \"oops\"", "not valid JSON"),
        ("{\"text\": \"who said this?\"}", "missing `speaker`"),
        ("{\"speaker\": \"user\"}", "missing `text`"),
        (
            "{\"speaker\": \"user\", \"text\": \"x\", \"time\": \"yesterday\"}",
            "RFC 3339",
        ),
        (
            "{\"speaker\": \"user\", \"text\": \"x\", \"time\": \"2020-01-01T00:00:00Z\"}",
            "backwards",
        ),
        (
            "{\"speaker\": \"user\", \"text\": \"x\", \"session\": \"two\"}",
            "session",
        ),
        ("{\"rgmem_session\": 1}", "header"),
        ("[1, 2]", "JSON object"),
    ];
    for (i, (line, needle)) in cases.iter().enumerate() {
        let bad = dir.path().join(format!("bad{i}.jsonl"));
        // Good turns before and after: the bad line is line 4 of 5, and nothing may be written.
        let text = format!("{GOOD}{line}\n{{\"speaker\": \"user\", \"text\": \"after\"}}\n");
        std::fs::write(&bad, text).unwrap();
        for extra in [&[][..], &["--theta-inf", "4"][..]] {
            let mut args = vec!["replay", s(&bad), "--headless"];
            args.extend(extra);
            let out = rgmem(&db, &args);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{line}: {err}");
            assert!(
                err.contains(&format!("bad{i}.jsonl:5:")),
                "{line}: names file and line: {err}"
            );
            assert!(err.contains(needle), "{line}: says what is wrong ({needle}): {err}");
            assert!(out.stdout.is_empty(), "{line}: prints no event");
            assert_eq!(event_count(&db), before, "{line}: nothing from the file is written");
        }
    }
    // A bad file against a fresh memory creates no events either.
    let fresh = dir.path().join("fresh.db");
    let bad = dir.path().join("bad0.jsonl");
    assert_eq!(rgmem(&fresh, &["replay", s(&bad), "--headless"]).status.code(), Some(1));
    assert_eq!(event_count(&fresh), 0);
}

#[test]
fn runtime_errors_exit_1_with_one_clear_sentence() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let missing = dir.path().join("missing.jsonl");
    let out = rgmem(&db, &["replay", s(&missing), "--headless"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.jsonl"));
    let out = rgmem(&db, &["log"]);
    assert_eq!(out.status.code(), Some(1), "log on a memory that does not exist");
    assert!(String::from_utf8_lossy(&out.stderr).contains("no memory file"));

    let good = dir.path().join("good.jsonl");
    std::fs::write(&good, GOOD).unwrap();
    rgmem_ok(&db, &["replay", s(&good), "--headless"]);
    let before = event_count(&db);
    for args in [
        &["rollback", "--to", "99999"][..],
        &["approve", "1"],
        &["reject", "2"],
        &["revert", "3"],
        &["show", "--at", "99999"],
    ] {
        let out = rgmem(&db, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.trim().lines().count() == 1,
            "{args:?}: {err}"
        );
    }
    assert_eq!(event_count(&db), before, "refused corrections append nothing");
}

#[test]
fn usage_errors_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    for args in [
        &["frobnicate"][..],
        &["replay"],
        &["replay", "x.jsonl", "--theta-inf", "0"],
        &["replay", "x.jsonl", "--theta-sum", "many"],
        &["replay", "x.jsonl", "--model", "gpt-9"],
        &["rollback"],
        &["approve", "seven"],
        &["show", "--at", "-1"],
        &["log", "--from"],
    ] {
        let out = rgmem(&db, args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(!db.exists(), "a usage error touches no memory file");
}

#[test]
fn every_command_prints_its_help_and_lists_only_the_options_it_uses() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    for sub in [
        "tui", "replay", "import", "log", "show", "diff", "timeline", "history", "rollback", "approve", "reject",
        "revert", "correct", "chat", "export", "ask", "sweep", "eval", "cost", "copy",
    ] {
        for flag in ["--help", "-h"] {
            let out = rgmem(&db, &[sub, flag]);
            let help = String::from_utf8_lossy(&out.stdout);
            assert!(
                out.status.success() && help.contains("Usage: rgmem"),
                "{sub} {flag}: {}{}",
                help,
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
    let help = |sub: &str| String::from_utf8_lossy(&rgmem(&db, &[sub, "--help"]).stdout).into_owned();
    // `log` never calls a model or ingests; `ask` calls a model and never ingests.
    assert!(!help("log").contains("--recorded") && !help("log").contains("--theta-inf"));
    assert!(help("ask").contains("--model") && !help("ask").contains("--approve"));
    assert!(help("replay").contains("--theta-inf") && help("replay").contains("--model"));
    assert!(!db.exists(), "help touches no memory file");
}

// ---------------------------------------------------------------- RK1 threshold

/// Three sessions, a week apart, each mentioning the same two activities once among unrelated
/// talk: pottery, which the lexicon does not know, and swimming, which it does.
const THREE_SESSIONS: &str = r#"{"rgmem_session": 1, "title": "RK1 threshold", "user": "Sam"}
{"speaker": "user", "text": "The weather has been grey all week.", "time": "2024-03-01T09:00:00Z", "session": 1}
{"speaker": "assistant", "text": "Grey weeks can drag on.", "time": "2024-03-01T09:01:00Z"}
{"speaker": "user", "text": "I went to my pottery class last night and made a bowl.", "time": "2024-03-01T09:02:00Z"}
{"speaker": "assistant", "text": "Nice, how did it turn out?", "time": "2024-03-01T09:03:00Z"}
{"speaker": "user", "text": "I also went swimming this morning before breakfast.", "time": "2024-03-01T09:04:00Z"}
{"speaker": "assistant", "text": "A good start to the day.", "time": "2024-03-01T09:05:00Z"}
{"speaker": "user", "text": "My sister called about her new apartment.", "time": "2024-03-08T09:00:00Z", "session": 2}
{"speaker": "assistant", "text": "Is she happy with it?", "time": "2024-03-08T09:01:00Z"}
{"speaker": "user", "text": "I went to my pottery class again and tried the wheel.", "time": "2024-03-08T09:02:00Z"}
{"speaker": "assistant", "text": "The wheel is tricky at first.", "time": "2024-03-08T09:03:00Z"}
{"speaker": "user", "text": "Then I went swimming at the pool in the evening.", "time": "2024-03-08T09:04:00Z"}
{"speaker": "assistant", "text": "Busy day.", "time": "2024-03-08T09:05:00Z"}
{"speaker": "user", "text": "I finally fixed the leaking tap in the bathroom.", "time": "2024-03-15T09:00:00Z", "session": 3}
{"speaker": "assistant", "text": "Good job.", "time": "2024-03-15T09:01:00Z"}
{"speaker": "user", "text": "I went to my pottery class and glazed two mugs.", "time": "2024-03-15T09:02:00Z"}
{"speaker": "assistant", "text": "What colour glaze?", "time": "2024-03-15T09:03:00Z"}
{"speaker": "user", "text": "And I went swimming on Sunday too.", "time": "2024-03-15T09:04:00Z"}
{"speaker": "assistant", "text": "Sounds like a routine.", "time": "2024-03-15T09:05:00Z"}
"#;

/// The relation whose name ends with `target`, from the memory view.
fn relation_id(view: &Value, target: &str) -> u64 {
    let found: Vec<&Value> = view["relations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["name"].as_str().unwrap().ends_with(&format!("→ {target}")))
        .collect();
    assert_eq!(found.len(), 1, "one relation for {target}: {found:?}");
    found[0]["id"].as_u64().unwrap()
}

#[test]
fn rk1_fires_after_the_third_mention_and_not_below_theta_inf() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("three.jsonl");
    std::fs::write(&file, THREE_SESSIONS).unwrap();

    let db = dir.path().join("m.db");
    rgmem_ok(&db, &["replay", s(&file), "--headless"]);
    let log = log_json(&db);
    let view = show_json(&db, None);
    for (activity, word) in [("Pottery", "pottery"), ("Swimming", "swimming")] {
        let rel = relation_id(&view, activity);
        let mention_seqs: Vec<u64> = log
            .iter()
            .filter(|e| kind(e) == "mention_recorded" && e["relation"] == rel)
            .map(|e| e["seq"].as_u64().unwrap())
            .collect();
        let turn_seqs: Vec<u64> = log
            .iter()
            .filter(|e| kind(e) == "turn_ingested" && e["text"].as_str().unwrap().contains(word))
            .map(|e| e["seq"].as_u64().unwrap())
            .collect();
        let firings: Vec<&Value> = log
            .iter()
            .filter(|e| operator(e) == Some("RK1") && e["subject"]["relation"] == rel)
            .collect();
        assert_eq!(mention_seqs.len(), 3, "{activity}: one mention per session");
        assert_eq!(turn_seqs.len(), 3, "{activity}: said three times");
        assert_eq!(firings.len(), 1, "{activity}: RK1 fires once");
        let fired = firings[0]["seq"].as_u64().unwrap();
        assert!(
            fired > mention_seqs[2] && fired > turn_seqs[2],
            "{activity}: only after the third mention"
        );
        assert_eq!(firings[0]["trigger"]["value"], 3);
        assert_eq!(firings[0]["trigger"]["threshold"], 3);
        assert!(firings[0]["target"].as_str().unwrap().ends_with(activity));
        let r = &view["relations"][rel as usize];
        assert_eq!(r["rk1_firings"], 1);
        assert_eq!(r["mentions"], 0, "{activity}: the counter resets");
        assert!(!r["summary"].as_str().unwrap().is_empty());
    }

    let db4 = dir.path().join("theta4.db");
    rgmem_ok(&db4, &["--theta-inf", "4", "replay", s(&file), "--headless"]);
    let log4 = log_json(&db4);
    assert_eq!(log4[0]["kind"], "thresholds_changed");
    assert_eq!(log4[0]["theta_inf"], 4);
    let rk1: Vec<&Value> = log4.iter().filter(|e| operator(e) == Some("RK1")).collect();
    assert!(rk1.is_empty(), "θ_inf = 4: three mentions fire nothing: {rk1:?}");
    let view4 = show_json(&db4, None);
    assert_eq!(
        view4["relations"][relation_id(&view4, "Pottery") as usize]["mentions"],
        3
    );
}

#[test]
fn one_off_mentions_fire_no_rk1() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    rgmem_ok(&db, &["replay", s(&sample("one_off_mentions.jsonl")), "--headless"]);
    let rk1: Vec<String> = log_json(&db)
        .iter()
        .filter(|e| operator(e) == Some("RK1"))
        .map(|e| e["target"].to_string())
        .collect();
    assert!(rk1.is_empty(), "one-off mentions fired RK1 on {rk1:?}");
    let view = show_json(&db, None);
    assert_eq!(view["firings"]["RK1"], 0);
    for r in view["relations"].as_array().unwrap() {
        assert!(r["total_mentions"].as_u64().unwrap() < 3, "{}", r["name"]);
    }
}

// ---------------------------------------------------------------- drift

fn holds_any(text: &str, words: &[&str]) -> bool {
    let text = text.to_lowercase();
    words.iter().any(|w| text.contains(w))
}

#[test]
fn drift_the_habit_stays_in_sigma_and_the_injury_lands_in_delta() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    rgmem_ok(
        &db,
        &["replay", s(&sample("strength_training_injury.jsonl")), "--headless"],
    );
    let view = show_json(&db, None);
    let habit = ["lifting", "strength training", "deadlift", "squat", "gym"];
    let injury = ["injur", "hurt", "physio", "rehab", "no lifting", "disc", "pain"];
    let concepts = view["concepts"].as_array().unwrap();
    let found = concepts
        .iter()
        .find(|c| holds_any(c["sigma"].as_str().unwrap(), &habit) && holds_any(c["delta"].as_str().unwrap(), &injury));
    let profiles: Vec<String> = concepts
        .iter()
        .filter(|c| !c["sigma"].as_str().unwrap().is_empty())
        .map(|c| format!("## {}\nΣ {}\nΔ {}", c["path"], c["sigma"], c["delta"]))
        .collect();
    assert!(
        found.is_some(),
        "no concept has the habit in Σ and the injury or rehab in Δ:\n{}",
        profiles.join("\n")
    );
}

// ---------------------------------------------------------------- rollback

#[test]
fn rollback_makes_head_equal_the_memory_at_its_target_and_keeps_history() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    rgmem_ok(
        &db,
        &["replay", s(&sample("strength_training_injury.jsonl")), "--headless"],
    );
    let before = log_json(&db);
    let target = 200;
    let at_target = show_json(&db, Some(target));
    assert_ne!(at_target, show_json(&db, None), "the target differs from head");
    rgmem_ok(&db, &["rollback", "--to", &target.to_string()]);
    assert_eq!(show_json(&db, None), at_target, "show --json equals show --json --at S");
    let after = log_json(&db);
    assert_eq!(after.len(), before.len() + 1, "nothing deleted, one event added");
    assert_eq!(
        &after[..before.len()],
        &before[..],
        "every earlier event is still there"
    );
    let last = after.last().unwrap();
    assert_eq!(last["kind"], "rolled_back");
    assert_eq!(last["to"], target);
    assert_eq!(last["parent"], target);
    // The old branch stays reachable, and the new branch grows from the target.
    let old_head = before.last().unwrap()["seq"].as_u64().unwrap();
    assert_eq!(show_json(&db, Some(old_head))["turns"], 110);
    let trip = sample("trip_planning.jsonl");
    rgmem_ok(&db, &["replay", s(&trip), "--headless", "--person", "Alex"]);
    let grown = log_json(&db);
    assert_eq!(
        grown[after.len()]["parent"],
        last["seq"],
        "the new branch continues after the rollback"
    );
    let turns_at_target = at_target["turns"].as_u64().unwrap();
    assert_eq!(show_json(&db, None)["turns"].as_u64().unwrap(), turns_at_target + 80);
}

// ---------------------------------------------------------------- approval mode

fn concept<'a>(view: &'a Value, id: &Value) -> &'a Value {
    &view["concepts"][id.as_u64().unwrap() as usize]
}

fn profile(c: &Value) -> (String, String) {
    (c["sigma"].as_str().unwrap().into(), c["delta"].as_str().unwrap().into())
}

#[test]
fn approval_mode_proposes_and_changes_nothing_until_approved() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    rgmem_ok(
        &db,
        // θ_sum 4: the session's concepts reach it more than once, so several proposals wait.
        &[
            "--approve",
            "--theta-sum",
            "4",
            "replay",
            s(&sample("strength_training_injury.jsonl")),
            "--headless",
        ],
    );
    let log = log_json(&db);
    assert!(
        !log.iter()
            .any(|e| kind(e) == "operator_fired" && e["operator"].as_str() != Some("RK1")),
        "no RK2/RK3 applied in approval mode"
    );
    let proposals: Vec<&Value> = log.iter().filter(|e| kind(e) == "abstraction_proposed").collect();
    assert!(
        proposals.len() >= 2,
        "RK2 results became proposals: {}",
        proposals.len()
    );
    let view = show_json(&db, None);
    for c in view["concepts"].as_array().unwrap() {
        assert_eq!(
            profile(c),
            (String::new(), String::new()),
            "{}: Σ/Δ unchanged",
            c["name"]
        );
    }

    // Approve the first proposal: its Σ/Δ take effect, and what flows up is proposed again.
    let first = proposals[0];
    let seq = first["seq"].as_u64().unwrap().to_string();
    rgmem_ok(&db, &["approve", &seq]);
    let view = show_json(&db, None);
    let c = concept(&view, &first["concept"]);
    assert_eq!(c["sigma_parts"], first["after"]["sigma"]);
    assert_eq!(c["delta_parts"], first["after"]["delta"]);
    let after_approve = log_json(&db);
    let approved = &after_approve[log.len()];
    assert_eq!(approved["kind"], "abstraction_approved");
    assert_eq!(approved["proposal"], first["proposal"]);
    assert!(
        after_approve[log.len()..]
            .iter()
            .all(|e| kind(e) != "operator_fired" || e["operator"] == "RK1"),
        "an approval's flow-up is proposed, not applied"
    );
    let out = rgmem(&db, &["approve", &seq]);
    assert_eq!(out.status.code(), Some(1), "a proposal is decided once");

    // Reject another pending proposal: an event, and its concept keeps its Σ/Δ.
    let status = |id: &Value| {
        let all = view["proposals"].as_array().unwrap();
        all.iter().find(|p| &p["id"] == id).unwrap()["status"].clone()
    };
    let pending = after_approve
        .iter()
        .filter(|e| kind(e) == "abstraction_proposed")
        .find(|p| status(&p["proposal"]) == "pending")
        .expect("another pending proposal");
    let before_reject = profile(concept(&view, &pending["concept"]));
    rgmem_ok(&db, &["reject", &pending["seq"].as_u64().unwrap().to_string()]);
    let after_reject = log_json(&db);
    let rejected = &after_reject[after_approve.len()];
    assert_eq!(rejected["kind"], "abstraction_rejected");
    assert_eq!(rejected["proposal"], pending["proposal"]);
    let view = show_json(&db, None);
    assert_eq!(profile(concept(&view, &pending["concept"])), before_reject);

    // Revert the approval: an event, and the concept's Σ/Δ go back to what they were.
    let out = rgmem(&db, &["revert", &seq]);
    assert_eq!(out.status.code(), Some(1), "a proposal is not an applied abstraction");
    let approval = approved["seq"].to_string();
    rgmem_ok(&db, &["revert", &approval]);
    let after_revert = log_json(&db);
    let reverted = &after_revert[after_reject.len()];
    assert_eq!(reverted["kind"], "abstraction_reverted");
    assert_eq!(reverted["firing"], approved["seq"]);
    let view = show_json(&db, None);
    let c = concept(&view, &first["concept"]);
    assert_eq!(c["sigma_parts"], first["before"]["sigma"]);
    assert_eq!(c["delta_parts"], first["before"]["delta"]);
    assert_eq!(
        &after_revert[..log.len()],
        &log[..],
        "corrections append; the earlier log is intact"
    );
}

// ---------------------------------------------------------------- ask and show for people

#[test]
fn ask_puts_the_answer_first_and_the_whole_context_on_request() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    rgmem_ok(
        &db,
        &["replay", s(&sample("strength_training_injury.jsonl")), "--headless"],
    );
    let q = "Why did Alex stop deadlifting?";
    let brief = rgmem_ok(&db, &["ask", q]);
    let lines: Vec<&str> = brief.lines().collect();
    assert!(lines[0].starts_with("answer (offline): "), "{brief}");
    assert!(
        lines[1].starts_with("  from: ["),
        "the supporting item, with its layer: {brief}"
    );
    // The cause, not the sentence that only shares the verb ("stop ego lifting").
    assert!(
        lines[0].contains("hurt their back") && brief.contains("t60 Alex: Bad news. I hurt my back deadlifting"),
        "{brief}"
    );
    assert!(
        lines.last().unwrap().contains("other context items") && lines.len() < 12,
        "a count of the rest, not the rest: {brief}"
    );
    for flag in ["--context", "-v"] {
        let full = rgmem_ok(&db, &["ask", q, flag]);
        assert!(full.starts_with("plan (offline):"), "{full}");
        assert!(
            full.lines().count() > 100 && full.contains("\nanswer (offline): "),
            "{full}"
        );
    }
}

#[test]
fn show_prints_each_relation_summary_under_its_counter_and_brief_leaves_them_out() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    rgmem_ok(
        &db,
        &["replay", s(&sample("strength_training_injury.jsonl")), "--headless"],
    );
    let full = rgmem_ok(&db, &["show"]);
    let brief = rgmem_ok(&db, &["show", "--brief"]);
    let lines: Vec<&str> = full.lines().collect();
    let counter = lines
        .iter()
        .position(|l| l.trim_start().starts_with("↳ Strength Training mentions"))
        .expect("the relation's counter");
    let under = lines[counter + 1];
    assert!(
        under.len() - under.trim_start().len() > lines[counter].len() - lines[counter].trim_start().len(),
        "the summary is indented under its counter: {under}"
    );
    assert!(under.to_lowercase().contains("strength training"), "{under}");
    assert!(brief.lines().count() < full.lines().count(), "{brief}");
    assert!(
        brief.contains("↳ Strength Training mentions") && !brief.contains(under),
        "{brief}"
    );
}

// ---------------------------------------------------------------- the timeline

#[test]
fn the_timeline_lists_what_was_said_to_happen_on_a_date_in_date_order_with_its_turn() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let session = dir.path().join("s.jsonl");
    std::fs::write(
        &session,
        r#"{"rgmem_session": 1, "title": "t", "user": "Sam"}
{"speaker": "user", "text": "We moved to Porto last month. The boxes are still everywhere.", "time": "2024-03-10T09:00:00Z", "session": 1}
{"speaker": "assistant", "text": "Congratulations on the move! Last year you mentioned it.", "time": "2024-03-10T09:01:00Z"}
{"speaker": "user", "text": "I ran my first half marathon yesterday.", "time": "2024-03-20T09:02:00Z", "session": 2}
{"speaker": "user", "text": "Nothing dated here at all.", "time": "2024-03-20T09:03:00Z"}
"#,
    )
    .unwrap();
    rgmem_ok(&db, &["replay", s(&session), "--headless"]);
    let out = rgmem_ok(&db, &["timeline"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "timeline of Sam: 2 dated events", "{out}");
    // The move (February) comes before the race (19 March), each with the sentence that dates
    // it; the assistant's words are not the person's timeline.
    assert!(lines[1].starts_with("2024-02-01..2024-02-29"), "{out}");
    assert!(lines[1].contains("We moved to Porto last month."), "{out}");
    assert!(!lines[1].contains("boxes"), "{out}");
    assert!(lines[2].starts_with("2024-03-19 "), "{out}");
    assert!(lines[2].contains("said 2024-03-20"), "{out}");
    assert!(!out.contains("Last year"), "{out}");
    let json: Value = serde_json::from_str(&rgmem_ok(&db, &["timeline", "--json"])).unwrap();
    assert_eq!(json[0]["person"], "Sam");
    assert_eq!(json[0]["events"][1]["phrase"], "yesterday");
    let wrong = rgmem(&db, &["timeline", "--person", "Nobody"]);
    assert_eq!(wrong.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("no person \"Nobody\""));
}
