//! The binary end to end: `--model openai` from the environment, chat, export, `log --cost`,
//! and the key-leak check over every byte the program wrote.

use crate::fake::{Fake, Fault, KEY, SESSION, Target, session_path};
use rgmem::memory::Thresholds;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn rgmem(db: &Path, base_url: &str, args: &[&str], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_rgmem"));
    cmd.arg("--db")
        .arg(db)
        .args(args)
        .env("OPENAI_BASE_URL", base_url)
        .env("OPENAI_API_KEY", KEY)
        .env("RGMEM_MODEL", "fake-llm")
        .env("RGMEM_STRUCTURED_OUTPUT", "off")
        .env("RGMEM_CONFIG", db.with_extension("no-config.toml"))
        .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    if let Some(text) = stdin {
        use std::io::Write;
        child.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    }
    child.wait_with_output().unwrap()
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn the_api_key_never_reaches_the_database_exports_or_output() {
    let fake = Fake::new(SESSION, Thresholds::default());
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let base = fake.base_url();
    let session = session_path(SESSION);
    let session = session.to_str().unwrap();
    let mut captured: Vec<u8> = Vec::new();
    let mut run = |db: &Path, args: &[&str], stdin: Option<&str>| {
        let out = rgmem(db, &base, args, stdin);
        captured.extend(&out.stdout);
        captured.extend(&out.stderr);
        out
    };

    let out = run(&db, &["--model", "openai", "replay", session, "--headless"], None);
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("RK1"));
    let out = run(
        &db,
        &["--model", "openai", "chat"],
        Some("How often do I lift weights?\nWhat about my back?\n"),
    );
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(text(&out).matches("assistant: ").count(), 2, "{}", text(&out));
    let export = dir.path().join("export.jsonl");
    for args in [
        vec!["log"],
        vec!["log", "--json"],
        vec!["log", "--cost"],
        vec!["show", "--json"],
        vec!["export", "--out", export.to_str().unwrap()],
    ] {
        let out = run(&db, &args, None);
        assert!(out.status.success(), "{args:?}: {}", text(&out));
    }

    // A server that echoes the key in its 401, and a refused call at the command line.
    fake.plan(Target::Any, Fault::Unauthorized, usize::MAX);
    let db2 = dir.path().join("refused.db");
    let out = run(&db2, &["--model", "openai", "replay", session, "--headless"], None);
    assert!(text(&out).contains("rejected the API key"), "{}", text(&out));
    let out = run(&db2, &["--model", "openai", "chat"], Some("hello?\n"));
    assert!(text(&out).contains(&format!("401 from {base}")), "{}", text(&out));

    assert!(
        fake.state
            .lock()
            .unwrap()
            .authorizations
            .iter()
            .all(|a| a.contains(KEY)),
        "the key was used"
    );
    let mut files = 0;
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        assert!(!contains(&bytes, KEY.as_bytes()), "the key is in {}", path.display());
        files += 1;
    }
    assert!(files >= 3);
    assert!(!contains(&captured, KEY.as_bytes()), "the key is in the output");
    assert!(contains(&captured, b"[redacted]"), "the echoed key was scrubbed");
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn offline_chat_answers_from_memory_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let session = session_path(SESSION);
    let out = rgmem(
        &db,
        "http://127.0.0.1:9/v1",
        &["replay", session.to_str().unwrap(), "--headless"],
        None,
    );
    assert!(out.status.success());
    let out = rgmem(
        &db,
        "http://127.0.0.1:9/v1",
        &["chat"],
        Some("How many times a week do I go to the gym?\n"),
    );
    assert!(out.status.success(), "{}", text(&out));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("assistant: "), "{stdout}");
    assert!(stdout.contains("four times a week"), "{stdout}");
    assert!(stdout.contains("offline model"), "{stdout}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("Offline model"));
}

#[test]
fn recorded_replay_of_an_export_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.db"), dir.path().join("b.db"));
    let session = session_path(SESSION);
    let none = "http://127.0.0.1:9/v1";
    let ok = |out: Output| assert!(out.status.success(), "{}", text(&out));
    ok(rgmem(
        &a,
        none,
        &["--theta-inf", "2", "replay", session.to_str().unwrap(), "--headless"],
        None,
    ));
    let export = dir.path().join("a.jsonl");
    ok(rgmem(&a, none, &["export", "--out", export.to_str().unwrap()], None));
    ok(rgmem(
        &b,
        none,
        &["--model", "recorded", "replay", export.to_str().unwrap(), "--headless"],
        None,
    ));
    let show = |db: &Path| rgmem(db, none, &["show", "--json"], None).stdout;
    assert_eq!(show(&a), show(&b));
    let cost = rgmem(&b, none, &["log", "--cost", "--json"], None);
    let report: serde_json::Value = serde_json::from_slice(&cost.stdout).unwrap();
    assert_eq!(report["by_operator"][1]["name"], "RK1");
    assert!(report["total"]["calls"].as_u64().unwrap() > 50);
    let missing = rgmem(
        &b,
        none,
        &["--model", "recorded", "replay", session.to_str().unwrap(), "--headless"],
        None,
    );
    assert!(!missing.status.success());
    assert!(
        text(&missing).contains("holds no recorded model calls"),
        "{}",
        text(&missing)
    );
}

#[test]
fn an_unreachable_server_stops_the_replay_with_one_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    std::fs::write(
        db.with_extension("no-config.toml"),
        "# settings from the config file\nmax_retries = 1\nbackoff_ms = 1\nmodel = \"from-config\"\n",
    )
    .unwrap();
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let base = format!("http://127.0.0.1:{port}/v1");
    let session = session_path(SESSION);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_rgmem"));
    let out = cmd
        .arg("--db")
        .arg(&db)
        .args(["--model", "openai", "replay", session.to_str().unwrap(), "--headless"])
        .env("OPENAI_BASE_URL", &base)
        .env_remove("RGMEM_MODEL")
        .env_remove("OPENAI_API_KEY")
        .env("RGMEM_CONFIG", db.with_extension("no-config.toml"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with(&format!(
            "error: model unreachable: cannot connect to {base} after 2 attempts"
        )),
        "{stderr}"
    );
    let log = rgmem(&db, &base, &["log", "--json"], None);
    let failed = String::from_utf8_lossy(&log.stdout)
        .lines()
        .filter(|l| l.contains("\"model_failed\""))
        .count();
    assert_eq!(failed, 1);
    assert!(String::from_utf8_lossy(&log.stdout).contains("openai:from-config"));
}
