//! Recall coverage through the real binary: `eval locomo --coverage` counts, per memory item, the
//! questions whose rgmem context held it, and `show --coverage` lists what none reached.

mod common;

use common::{rgmem, rgmem_ok, sample};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::Path;

/// The injury sample in LoCoMo's format (our own text, not benchmark data), with our own questions.
fn locomo_file(dir: &Path) -> std::path::PathBuf {
    let text = std::fs::read_to_string(sample("strength_training_injury.jsonl")).unwrap();
    let mut conversation = serde_json::Map::new();
    conversation.insert("speaker_a".into(), json!("Alex"));
    conversation.insert("speaker_b".into(), json!("Coach"));
    let mut sessions: BTreeMap<u64, Vec<Value>> = BTreeMap::new();
    for line in text.lines().skip(1) {
        let t: Value = serde_json::from_str(line).unwrap();
        let n = t["session"].as_u64().unwrap();
        let list = sessions.entry(n).or_default();
        if list.is_empty() {
            // LoCoMo writes "10:00 am on 4 March, 2024".
            let date = rgmem::time::Timestamp::parse_rfc3339(t["time"].as_str().unwrap())
                .unwrap()
                .human_date();
            let (day_month, year) = date.rsplit_once(' ').unwrap();
            conversation.insert(
                format!("session_{n}_date_time"),
                json!(format!("10:00 am on {day_month}, {year}")),
            );
        }
        let speaker = if t["speaker"] == "user" { "Alex" } else { "Coach" };
        let id = format!("D{n}:{}", list.len() + 1);
        list.push(json!({"speaker": speaker, "dia_id": id, "text": t["text"]}));
    }
    for (n, turns) in sessions {
        conversation.insert(format!("session_{n}"), Value::Array(turns));
    }
    let qa = json!([
        {"question": "How often does Alex go to the gym?", "answer": "four times a week", "evidence": ["D1:3"], "category": 4},
        {"question": "What did the doctor tell Alex about lifting?", "answer": "no lifting for three months", "evidence": ["D7:3"], "category": 4},
        {"question": "What does Alex do for exercise after the injury?", "answer": "swimming and walking", "evidence": [], "category": 1},
        {"question": "What is Alex's job?", "answer": "project manager", "evidence": ["D1:9"], "category": 4},
        {"question": "Does Alex own a sailboat?", "answer": "not mentioned", "evidence": [], "category": 5},
    ]);
    let file = dir.join("alex.json");
    let doc = json!([{"sample_id": "alex-1", "conversation": conversation, "qa": qa}]);
    std::fs::write(&file, serde_json::to_string(&doc).unwrap()).unwrap();
    file
}

#[test]
fn coverage_counts_match_the_per_question_retrieved_items_of_the_same_run() {
    let dir = tempfile::tempdir().unwrap();
    let file = locomo_file(dir.path());
    let work = dir.path().join("runs");
    let cov = dir.path().join("coverage.json");
    let db = dir.path().join("unused.db");
    let report: Value = serde_json::from_str(&rgmem_ok(
        &db,
        &[
            "eval",
            "locomo",
            file.to_str().unwrap(),
            "--json",
            "--work-dir",
            work.to_str().unwrap(),
            "--coverage",
            cov.to_str().unwrap(),
        ],
    ))
    .unwrap();
    let coverage: Value = serde_json::from_str(&std::fs::read_to_string(&cov).unwrap()).unwrap();
    let memory = &coverage["memories"][0];
    assert_eq!(memory["conversation"], "alex-1");
    assert_eq!(memory["questions"], 5);

    let mut expected: BTreeMap<String, u64> = BTreeMap::new();
    for q in report["questions"].as_array().unwrap() {
        let mut items: Vec<&str> = q["systems"]["rgmem"]["retrieved_items"]
            .as_array()
            .map(|v| v.iter().map(|i| i.as_str().unwrap()).collect())
            .unwrap_or_default();
        items.sort_unstable();
        items.dedup();
        for i in items {
            *expected.entry(i.to_string()).or_default() += 1;
        }
    }
    let items = memory["items"].as_array().unwrap();
    let counted: BTreeMap<String, u64> = items
        .iter()
        .filter(|c| c["questions"].as_u64().unwrap() > 0)
        .map(|c| {
            (
                c["item"].as_str().unwrap().to_string(),
                c["questions"].as_u64().unwrap(),
            )
        })
        .collect();
    assert!(!expected.is_empty(), "the questions retrieved something");
    assert_eq!(counted, expected, "coverage = per-question retrieved items");
    for layer in ["fact:", "conclusion:", "concept:", "relation:"] {
        assert!(
            items.iter().any(|c| c["item"].as_str().unwrap().starts_with(layer)),
            "every layer is listed: {layer}"
        );
    }
    let unreached = items.iter().filter(|c| c["questions"] == 0).count();
    assert!(unreached > 0, "five questions do not reach everything");

    // `show --coverage` lists exactly the unreached items of that memory file, and writes nothing.
    let memory_db = work.join("alex-1.db");
    let before = std::fs::read(&memory_db).unwrap();
    let listed = rgmem_ok(&memory_db, &["show", "--coverage", cov.to_str().unwrap()]);
    assert!(
        listed.starts_with(&format!(
            "{unreached} of {} memory items reached by no question",
            items.len()
        )),
        "{listed}"
    );
    let rows = listed.lines().filter(|l| l.starts_with("  ")).count();
    assert_eq!(rows, unreached, "{listed}");
    assert_eq!(std::fs::read(&memory_db).unwrap(), before);

    // A missing or malformed coverage file is named in one line.
    let missing = dir.path().join("nope.json");
    let out = rgmem(&memory_db, &["show", "--coverage", missing.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(err.contains("nope.json") && err.trim().lines().count() == 1, "{err}");
    let out = rgmem(&memory_db, &["show", "--coverage", file.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("alex.json") && err.contains("not a coverage file") && err.trim().lines().count() == 1,
        "{err}"
    );
}
