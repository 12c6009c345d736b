//! The real-model test: a sample session replayed through `--model openai` against a real small
//! model (SmolLM2-135M on llama.cpp's server, set up by `scripts/local-llm/ci.sh`, which runs
//! this with `--ignored`). A real model writes whatever it writes; what must hold is that
//! nothing panics, every reply is parsed or logged as `model_failed` with a reason, structured
//! output is used and never fails to parse, nothing from the prompts' invented examples reaches
//! the memory, and `ask` answers.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Names that appear only in the prompts' invented examples (see `#! example-names:`).
const EXAMPLE_NAMES: [&str; 3] = ["Ysolde", "Bramwick", "Quillby"];

/// The first turns of a sample session: a habit, stated twice.
const TURNS: usize = 6;

fn rgmem(db: &Path, args: &[&str]) -> Output {
    let url = std::env::var("RGMEM_REAL_MODEL_URL").expect("RGMEM_REAL_MODEL_URL (run scripts/local-llm/ci.sh)");
    let name = std::env::var("RGMEM_REAL_MODEL_NAME").unwrap_or_else(|_| "smol".into());
    Command::new(env!("CARGO_BIN_EXE_rgmem"))
        .arg("--db")
        .arg(db)
        .args(["--model", "openai", "--model-name", &name, "--timeout", "300"])
        .args(args)
        .env("OPENAI_BASE_URL", url)
        .env_remove("OPENAI_API_KEY")
        .env_remove("RGMEM_STRUCTURED_OUTPUT")
        .env("RGMEM_CONFIG", db.with_extension("no-config.toml"))
        .output()
        .expect("running rgmem")
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn short_session(dir: &Path) -> PathBuf {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join("sample_sessions/strength_training_injury.jsonl");
    let text = std::fs::read_to_string(full).unwrap();
    let lines: Vec<&str> = text.lines().take(TURNS + 1).collect();
    let path = dir.join("short.jsonl");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

#[test]
#[ignore = "needs a local llama.cpp server: scripts/local-llm/ci.sh"]
fn a_real_small_model_builds_a_memory_without_failing_to_parse() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let session = short_session(dir.path());
    let started = std::time::Instant::now();
    let out = rgmem(&db, &["replay", session.to_str().unwrap(), "--headless"]);
    let shown = text(&out);
    assert!(out.status.success(), "{shown}");
    assert!(!shown.contains("panicked"), "{shown}");

    let out = rgmem(&db, &["log", "--json"]);
    assert!(out.status.success(), "{}", text(&out));
    let events: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let kind = |e: &Value| e["kind"].as_str().unwrap_or_default().to_string();
    let calls: Vec<&Value> = events.iter().filter(|e| kind(e) == "model_called").collect();
    let failures: Vec<&Value> = events.iter().filter(|e| kind(e) == "model_failed").collect();
    assert!(!calls.is_empty(), "no model call reached the server");
    for c in &calls {
        let purpose = c["purpose"].as_str().unwrap_or_default();
        if purpose != "answer" {
            assert_eq!(c["mode"], "json_schema", "{purpose} call not structured: {c}");
        }
    }
    for f in &failures {
        let error = f["error"].as_str().unwrap_or_default();
        assert!(!error.trim().is_empty(), "a failure without a reason: {f}");
        assert!(
            !error.starts_with("reply did not parse"),
            "a structured reply failed to parse: {error}"
        );
    }
    // Nothing the memory holds may come from a prompt's example.
    for e in events
        .iter()
        .filter(|e| !matches!(kind(e).as_str(), "model_called" | "model_failed"))
    {
        let s = e.to_string();
        for name in EXAMPLE_NAMES {
            assert!(
                !s.contains(name),
                "{name} from a prompt example reached the memory: {s}"
            );
        }
    }
    let episodes = events.iter().filter(|e| kind(e) == "episode_recorded").count();

    let out = rgmem(&db, &["ask", "How often does Alex go to the gym?"]);
    let answer = text(&out);
    assert!(out.status.success(), "{answer}");
    assert!(
        !String::from_utf8_lossy(&out.stdout).trim().is_empty(),
        "ask printed nothing"
    );
    eprintln!(
        "real model: {} calls, {} failures, {episodes} episodes, {:.0} s",
        calls.len(),
        failures.len(),
        started.elapsed().as_secs_f64()
    );
}
