//! Debugging how a profile evolved, through the real binary on real SQLite files: points in
//! history (seq, date, head, branch tips), `rgmem diff`, `rgmem history`, one-line errors, and
//! that none of them writes to the memory file.

mod common;

use common::{log_json, rgmem, rgmem_ok, sample, show_json};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn json(db: &Path, args: &[&str]) -> Value {
    serde_json::from_str(&rgmem_ok(db, args)).unwrap()
}

/// The injury sample replayed into a fresh memory file.
fn injury() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    rgmem_ok(
        &db,
        &["replay", s(&sample("strength_training_injury.jsonl")), "--headless"],
    );
    (dir, db)
}

fn concept_id(view: &Value, name: &str) -> u64 {
    view["concepts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no concept {name}"))["id"]
        .as_u64()
        .unwrap()
}

#[test]
fn history_of_fitness_lists_every_firing_that_touched_it_in_order() {
    let (_dir, db) = injury();
    let view = show_json(&db, None);
    let fitness = concept_id(&view, "Fitness");
    let relations: BTreeSet<u64> = view["relations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["source"] == fitness || r["target"] == fitness)
        .map(|r| r["id"].as_u64().unwrap())
        .collect();
    let expected: Vec<u64> = log_json(&db)
        .iter()
        .filter(|e| e["kind"] == "operator_fired")
        .filter(|e| {
            e["subject"]["concept"] == fitness
                || e["subject"]["relation"]
                    .as_u64()
                    .is_some_and(|r| relations.contains(&r))
        })
        .map(|e| e["seq"].as_u64().unwrap())
        .collect();
    let rk2 = log_json(&db)
        .iter()
        .filter(|e| e["kind"] == "operator_fired" && e["operator"] == "RK2" && e["target"] == "Fitness")
        .count();
    assert!(rk2 >= 2, "the sample fires RK2 on Fitness more than once");

    let history = json(&db, &["history", "Fitness", "--json"]);
    let seqs: Vec<u64> = history["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["seq"].as_u64().unwrap())
        .collect();
    assert_eq!(seqs, expected, "every firing on Fitness or its relations, in order");
    for e in history["entries"].as_array().unwrap() {
        assert_eq!(e["kind"], "fired");
        assert!(e["trigger"]["counter"].is_string(), "each entry has its trigger: {e}");
        assert_ne!(e["before"], e["after"], "each firing changed a text");
    }

    // The text form lists the same seqs in the same order, each with its trigger.
    let text = rgmem_ok(&db, &["history", "Fitness"]);
    let listed: Vec<u64> = text
        .lines()
        .filter_map(|l| l.strip_prefix('#'))
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(listed, expected, "{text}");
    assert!(text.contains("(score "), "RK2 triggers are shown: {text}");
    // A path or any case names the same concept.
    assert_eq!(
        json(&db, &["history", "health and wellness / FITNESS", "--json"])["entries"],
        history["entries"]
    );
}

#[test]
fn history_of_a_relation_is_its_rk1_firings() {
    let (_dir, db) = injury();
    let h = json(&db, &["history", "Fitness -> Strength Training", "--json"]);
    let entries = h["entries"].as_array().unwrap();
    assert!(entries.len() >= 2, "{h}");
    assert!(entries.iter().all(|e| e["operator"] == "RK1"));
}

/// The conversation day an event happened on: its latest dated turn's, along a linear log.
fn last_seq_on_or_before(log: &[Value], day: &str) -> u64 {
    let mut last = 0;
    let mut time = String::new();
    for e in log {
        if e["kind"] == "turn_ingested"
            && let Some(t) = e["time"].as_str()
        {
            time = t.to_string();
        }
        if time.is_empty() || time.get(..10).unwrap() <= day {
            last = e["seq"].as_u64().unwrap();
        }
    }
    last
}

#[test]
fn show_at_a_date_equals_show_at_the_last_seq_on_or_before_it() {
    let (_dir, db) = injury();
    let log = log_json(&db);
    let seq = last_seq_on_or_before(&log, "2024-05-01");
    assert!(
        seq > 1 && (seq as usize) < log.len(),
        "the date falls inside the sample"
    );
    assert_eq!(
        json(&db, &["show", "--json", "--at", "2024-05-01"]),
        show_json(&db, Some(seq))
    );
    let next = &log[seq as usize];
    assert!(
        next["time"].as_str().is_some_and(|t| t > "2024-05-02"),
        "the next event is a later turn: {next}"
    );
    let text = rgmem_ok(&db, &["show", "--at", "2024-05-01"]);
    assert!(text.starts_with(&format!("memory at #{seq} (2024-05-01)")), "{text}");
    // `head`, `#N` and `branch:1` are points too.
    let head = show_json(&db, None);
    assert_eq!(json(&db, &["show", "--json", "--at", "head"]), head);
    assert_eq!(json(&db, &["show", "--json", "--at", "branch:1"]), head);
    assert_eq!(
        json(&db, &["show", "--json", "--at", &format!("#{seq}")]),
        show_json(&db, Some(seq))
    );
}

fn bullets<'a>(diff: &'a Value, path_end: &str, key: &str) -> &'a [Value] {
    diff["concepts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["path"].as_str().unwrap().ends_with(path_end))
        .unwrap_or_else(|| panic!("{path_end} changed: {diff}"))[key]
        .as_array()
        .unwrap()
}

#[test]
fn diff_from_before_the_injury_shows_it_entering_delta_and_the_habit_sigma_changing() {
    let (_dir, db) = injury();
    let log = log_json(&db);
    let injury = log
        .iter()
        .find(|e| e["kind"] == "turn_ingested" && e["text"].as_str().unwrap().contains("hurt my back"))
        .expect("the sample has the injury turn");
    let before = (injury["seq"].as_u64().unwrap() - 1).to_string();
    let diff = json(&db, &["diff", &before, "head", "--concept", "Fitness", "--json"]);
    let delta = bullets(&diff, "/ Fitness", "delta");
    assert!(
        // Added, or (the line diff pairs bullets by shared words, and Δ items share their status
        // note) shown as replacing an evicted older item.
        delta.iter().any(|b| b["change"] != "removed"
            && b["after"].as_str().unwrap().contains("[injury]")
            && !b["before"].as_str().unwrap().contains("[injury]")),
        "the injury enters Δ: {delta:?}"
    );
    let sigma = bullets(&diff, "/ Fitness", "sigma");
    assert!(
        sigma.iter().any(|b| {
            let after = b["after"].as_str().unwrap();
            let before = b["before"].as_str().unwrap();
            b["change"] == "changed"
                && before.contains("Strength Training")
                && !before.contains("interrupted since")
                && after.contains("Strength Training")
                && after.contains("interrupted since")
        }),
        "the habit's Σ bullet changes: {sigma:?}"
    );
    // Only Fitness and its relations are reported.
    for c in diff["concepts"].as_array().unwrap() {
        assert!(c["path"].as_str().unwrap().ends_with("/ Fitness"), "{c}");
    }
    for r in diff["relations"].as_array().unwrap() {
        assert!(
            r["source"].as_str().unwrap().ends_with("/ Fitness")
                || r["target"].as_str().unwrap().ends_with("/ Fitness")
        );
    }
    let text = rgmem_ok(&db, &["diff", &before, "head", "--concept", "Fitness"]);
    assert!(text.contains("Δ + ") && text.contains("[injury]"), "{text}");
    assert!(
        text.contains("Δ + Regarding ") || text.contains("Δ   Regarding "),
        "headings give the bullets their context: {text}"
    );
    // The same point on both sides is no change at all.
    assert_eq!(
        rgmem_ok(&db, &["diff", "head", "head"]).lines().nth(1),
        Some("no change")
    );
}

/// Concept paths at a point, with their Σ, Δ and score.
fn concepts(view: &Value) -> BTreeMap<String, (String, String, u64)> {
    view["concepts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["path"].as_str().unwrap().to_string(),
                (
                    c["sigma"].as_str().unwrap().to_string(),
                    c["delta"].as_str().unwrap().to_string(),
                    c["score"].as_u64().unwrap(),
                ),
            )
        })
        .collect()
}

#[test]
fn diff_between_branch_tips_shows_exactly_what_the_abandoned_branch_had() {
    let (_dir, db) = injury();
    // Back to before the first RK2 on Fitness, then another conversation on the new branch.
    let log = log_json(&db);
    let rk2 = log
        .iter()
        .find(|e| e["kind"] == "operator_fired" && e["operator"] == "RK2")
        .unwrap()["seq"]
        .as_u64()
        .unwrap();
    rgmem_ok(&db, &["rollback", "--to", &(rk2 - 1).to_string()]);
    rgmem_ok(
        &db,
        &[
            "replay",
            s(&sample("diet_change.jsonl")),
            "--headless",
            "--person",
            "Alex",
        ],
    );

    let branches = rgmem_ok(&db, &["log", "--branches"]);
    assert_eq!(branches.lines().count(), 2, "{branches}");
    assert!(branches.lines().next().unwrap().starts_with("branch:1"), "{branches}");
    assert!(branches.lines().nth(1).unwrap().contains("(head)"), "{branches}");
    assert!(branches.contains(&format!("rolled back to #{}", rk2 - 1)), "{branches}");

    let (abandoned, new) = (
        json(&db, &["show", "--json", "--at", "branch:1"]),
        json(&db, &["show", "--json", "--at", "branch:2"]),
    );
    let (a, n) = (concepts(&abandoned), concepts(&new));
    let diff = json(&db, &["diff", "branch:2", "branch:1", "--json"]);
    let by_presence = |p: &str| -> BTreeSet<String> {
        diff["concepts"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["presence"] == p)
            .map(|c| c["path"].as_str().unwrap().to_string())
            .collect()
    };
    let only_abandoned: BTreeSet<String> = a.keys().filter(|k| !n.contains_key(*k)).cloned().collect();
    let only_new: BTreeSet<String> = n.keys().filter(|k| !a.contains_key(*k)).cloned().collect();
    assert!(!only_abandoned.is_empty() && !only_new.is_empty());
    assert_eq!(by_presence("added"), only_abandoned, "what the abandoned branch had");
    assert_eq!(by_presence("removed"), only_new, "what it lacked");
    let text_changed: BTreeSet<String> = a
        .iter()
        .filter(|(k, v)| n.get(*k).is_some_and(|w| (&w.0, &w.1) != (&v.0, &v.1)))
        .map(|(k, _)| k.clone())
        .collect();
    let reported_text: BTreeSet<String> = diff["concepts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| {
            c["presence"] == "kept"
                && (!c["sigma"].as_array().unwrap().is_empty() || !c["delta"].as_array().unwrap().is_empty())
        })
        .map(|c| c["path"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(reported_text, text_changed, "Σ/Δ changes of concepts on both branches");
    // Every Σ bullet of an abandoned-only concept is reported as added.
    for c in diff["concepts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["presence"] == "added")
    {
        let sigma = &a[c["path"].as_str().unwrap()].0;
        let added: Vec<&str> = c["sigma"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["after"].as_str().unwrap())
            .collect();
        assert_eq!(
            added,
            sigma
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect::<Vec<_>>()
        );
    }
    // And the other way round, the same sets swap.
    let back = json(&db, &["diff", "branch:1", "branch:2", "--json"]);
    assert_eq!(
        back["concepts"].as_array().unwrap().len(),
        diff["concepts"].as_array().unwrap().len()
    );
}

fn file_bytes(db: &Path) -> Vec<Vec<u8>> {
    ["", "-wal"]
        .iter()
        .map(|suffix| std::fs::read(format!("{}{suffix}", db.display())).unwrap_or_default())
        .collect()
}

#[test]
fn unknown_points_concepts_and_files_give_one_line_errors_and_nothing_is_written() {
    let (dir, db) = injury();
    let before = file_bytes(&db);
    let head = log_json(&db).len();
    for args in [
        &["show", "--at", "99999"][..],
        &["show", "--at", "branch:7"],
        &["diff", "1", "99999"],
        &["diff", "branch:3", "head"],
        &["history", "Knitting"],
        &["history", "Fitness", "--at", "99999"],
        &["diff", "1", "head", "--concept", "Knitting"],
        &["history", "Fitness → Knitting"],
    ] {
        let out = rgmem(&db, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.trim().lines().count() == 1,
            "{args:?}: {err}"
        );
        let named = ["99999", "branch:7", "branch:3", "Knitting"];
        assert!(
            named.iter().any(|n| err.contains(n)),
            "{args:?} names what is unknown: {err}"
        );
    }
    assert!(
        String::from_utf8_lossy(&rgmem(&db, &["show", "--at", "99999"]).stderr).contains(&format!("head is #{head}"))
    );
    // A missing memory file is named, and not created.
    let missing = dir.path().join("missing.db");
    for args in [
        &["history", "Fitness"][..],
        &["diff", "1", "head"],
        &["show", "--at", "2024-05-01"],
        &["log", "--branches"],
    ] {
        let out = rgmem(&missing, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains("missing.db") && err.trim().lines().count() == 1, "{err}");
        assert!(!missing.exists(), "{args:?} created the file");
    }
    // Malformed points are usage errors that quote them.
    for bad in ["tail", "2024-02-30", "branch:x"] {
        let out = rgmem(&db, &["show", "--at", bad]);
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains(&format!("`{bad}`")));
    }
    // The successful read commands write nothing either.
    for args in [
        &["history", "Fitness"][..],
        &["history", "Fitness", "--json", "--at", "2024-05-01"],
        &["diff", "2024-05-01", "head"],
        &["diff", "1", "head", "--json"],
        &["show", "--at", "2024-05-01"],
        &["log", "--branches", "--json"],
    ] {
        rgmem_ok(&db, args);
    }
    assert_eq!(file_bytes(&db), before, "the memory file is unchanged");
    // And they work on a file nobody may write.
    let mut perms = std::fs::metadata(&db).unwrap().permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&db, perms).unwrap();
    for args in [
        &["history", "Fitness"][..],
        &["diff", "2024-05-01", "head"],
        &["show", "--at", "branch:1"],
    ] {
        rgmem_ok(&db, args);
    }
}
