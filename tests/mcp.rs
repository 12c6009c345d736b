//! `rgmem serve` driven by an MCP client from `rmcp`, over stdio and streamable HTTP, on real
//! SQLite files: the tools and their annotations, remember → recall → correct → recall without
//! the retired fact → undo, hostile arguments (nothing half-stored), a closed stdin, and two
//! servers and the CLI writing one file at once.

mod common;

use common::{log_json, rgmem_ok};
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::{ConfigureCommandExt, StreamableHttpClientTransport, TokioChildProcess};
use rmcp::{ServiceError, ServiceExt};
use serde_json::{Value, json};
use std::path::Path;

type Client = RunningService<RoleClient, ()>;

/// Jordan's session: where they work is said once, in one turn.
fn session() -> Value {
    json!([
        {"speaker": "user", "text": "Hi, I'm Jordan. I work as a nurse at the city hospital, mostly night shifts.", "time": "2024-03-04T18:30:00Z"},
        {"speaker": "assistant", "text": "Night shifts are hard. How do you unwind after them?", "time": "2024-03-04T18:31:00Z"},
        {"speaker": "user", "text": "I go rock climbing at the bouldering gym twice a week. Climbing clears my head.", "time": "2024-03-04T18:32:00Z"},
        {"speaker": "assistant", "text": "Climbing sounds like a great outlet.", "time": "2024-03-04T18:33:00Z"},
        {"speaker": "user", "text": "I also bake sourdough bread on Sundays for my neighbours.", "time": "2024-03-04T18:34:00Z"},
    ])
}

async fn serve(db: &Path, extra: &[&str]) -> Client {
    let db = db.to_path_buf();
    let extra: Vec<String> = extra.iter().map(ToString::to_string).collect();
    let cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_rgmem")).configure(|cmd| {
        cmd.arg("--db").arg(&db).arg("serve").args(&extra);
    });
    ().serve(TokioChildProcess::new(cmd).unwrap()).await.unwrap()
}

async fn call(client: &Client, tool: &str, args: Value) -> Result<CallToolResult, ServiceError> {
    let Value::Object(args) = args else {
        panic!("arguments must be an object")
    };
    client
        .call_tool(CallToolRequestParams::new(tool.to_string()).with_arguments(args))
        .await
}

async fn ok(client: &Client, tool: &str, args: Value) -> Value {
    let result = call(client, tool, args).await.unwrap_or_else(|e| panic!("{tool}: {e}"));
    assert_ne!(result.is_error, Some(true), "{tool}: {result:?}");
    result
        .structured_content
        .unwrap_or_else(|| panic!("{tool} returned no structured content"))
}

async fn refused(client: &Client, tool: &str, args: Value) -> String {
    match call(client, tool, args).await {
        Err(e) => e.to_string(),
        Ok(r) if r.is_error == Some(true) => format!("{r:?}"),
        Ok(r) => panic!("{tool} should have been refused: {r:?}"),
    }
}

/// Every text of a recall's context items, and the answer.
fn said(recall: &Value) -> String {
    let mut out: Vec<String> = recall["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["text"].as_str().unwrap().to_string())
        .collect();
    out.push(recall["answer"].as_str().unwrap_or_default().to_string());
    out.join("\n")
}

fn item_with(recall: &Value, layer: &str, words: &str) -> Option<(String, String)> {
    recall["items"].as_array().unwrap().iter().find_map(|i| {
        let text = i["text"].as_str()?;
        let id = i["item"].as_str()?;
        (i["layer"] == layer && text.contains(words)).then(|| (id.to_string(), text.to_string()))
    })
}

#[tokio::test]
async fn list_remember_recall_correct_recall_again_then_undo() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let client = serve(&db, &["--person", "Jordan"]).await;

    let tools = client.list_all_tools().await.unwrap();
    let tool = |name: &str| {
        tools
            .iter()
            .find(|t| t.name == name)
            .unwrap_or_else(|| panic!("no tool {name}"))
    };
    for name in ["remember", "recall", "profile", "history", "correct"] {
        let t = tool(name);
        assert!(
            t.description.as_ref().is_some_and(|d| d.len() > 80),
            "{name} needs a description an agent can follow"
        );
        assert_eq!(t.input_schema.get("type"), Some(&json!("object")), "{name}");
        assert!(t.annotations.is_some(), "{name} has annotations");
    }
    let hints = |name: &str| {
        let a = tool(name).annotations.clone().unwrap();
        (a.read_only_hint, a.destructive_hint, a.idempotent_hint)
    };
    assert_eq!(hints("recall"), (Some(true), Some(false), Some(true)));
    assert_eq!(hints("profile"), (Some(true), Some(false), Some(true)));
    assert_eq!(hints("history"), (Some(true), Some(false), Some(true)));
    assert_eq!(hints("remember"), (Some(false), Some(false), Some(false)));
    assert_eq!(hints("correct"), (Some(false), Some(true), Some(false)));
    let schema = serde_json::to_string(&tool("correct").input_schema).unwrap();
    assert!(schema.contains("\"item\"") && schema.contains("\"reason\""), "{schema}");

    let stored = ok(&client, "remember", json!({"turns": session()})).await;
    assert_eq!(stored["turns_stored"], 5);
    assert!(!stored["new_facts"].as_array().unwrap().is_empty(), "{stored}");
    assert!(stored["firings"].is_array());

    let question = json!({"question": "Where does Jordan work as a nurse?", "budget": 2000});
    let before = ok(&client, "recall", question.clone()).await;
    let (fact, text) =
        item_with(&before, "fact", "hospital").unwrap_or_else(|| panic!("no fact about the hospital: {before}"));
    assert!(fact.starts_with('e'), "{fact}");
    assert!(said(&before).contains("city hospital"));

    let corrected = ok(
        &client,
        "correct",
        json!({"item": fact, "reason": "Jordan is a teacher; the hospital was a mistranscription"}),
    )
    .await;
    assert_eq!(corrected["status"], "retired");
    assert_eq!(corrected["correction"], "k0");
    assert!(
        corrected["was"].as_str().unwrap().contains("hospital"),
        "{corrected} / {text}"
    );

    let after = ok(&client, "recall", question.clone()).await;
    let recalled = said(&after);
    assert!(
        !recalled.contains("city hospital"),
        "the retired fact (and the turn that said it) came back:\n{recalled}"
    );
    assert!(
        after["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|i| i["item"] != json!(fact)),
        "{after}"
    );
    // The rest of what Jordan said is still there.
    let climbing = ok(&client, "recall", json!({"question": "What does Jordan do to unwind?"})).await;
    assert!(said(&climbing).to_lowercase().contains("climb"), "{climbing}");

    // The correction is an event in the log, and the profile lists it.
    let log = log_json(&db);
    assert!(
        log.iter()
            .any(|e| e["kind"] == "item_corrected" && e["reason"].as_str().unwrap().contains("teacher"))
    );
    let profile = ok(&client, "profile", json!({})).await;
    assert_eq!(profile["name"], "Jordan");
    assert_eq!(profile["corrections"][0]["item"], json!(fact));

    // Correcting it again, or a missing item, is a clear error; nothing is written.
    let events = log_json(&db).len();
    let again = refused(&client, "correct", json!({"item": fact, "reason": "again"})).await;
    assert!(again.contains("retired already"), "{again}");
    let missing = refused(&client, "correct", json!({"item": "e999", "reason": "no such thing"})).await;
    assert!(missing.contains("no fact e999"), "{missing}");
    let bad_id = refused(&client, "correct", json!({"item": "the hospital one", "reason": "x"})).await;
    assert!(bad_id.contains("names no item"), "{bad_id}");
    let no_reason = refused(&client, "correct", json!({"item": "e0", "reason": "  "})).await;
    assert!(no_reason.contains("reason"), "{no_reason}");
    assert_eq!(log_json(&db).len(), events);

    // Undone, the fact is recallable again.
    let undone = ok(&client, "undo_correction", json!({"correction": "k0"})).await;
    assert_eq!(undone["undone"], "k0");
    let back = ok(&client, "recall", question).await;
    assert!(said(&back).contains("city hospital"), "{back}");

    client.cancel().await.unwrap();
}

#[tokio::test]
async fn a_replaced_fact_reads_corrected_and_the_old_text_is_gone() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let client = serve(&db, &[]).await;
    ok(&client, "remember", json!({"turns": session(), "person": "Jordan"})).await;
    let question = json!({"question": "Where does Jordan work as a nurse?"});
    let before = ok(&client, "recall", question.clone()).await;
    let (fact, _) = item_with(&before, "fact", "hospital").unwrap();
    let fixed = ok(
        &client,
        "correct",
        json!({"item": fact, "text": "Jordan works as a teacher at the city school.", "reason": "they teach"}),
    )
    .await;
    assert_eq!(fixed["status"], "replaced");
    let after = ok(&client, "recall", json!({"question": "Where does Jordan work?"})).await;
    let recalled = said(&after);
    assert!(!recalled.contains("nurse at the city hospital"), "{recalled}");
    // Found by its new words, which the keyword index never held.
    let school = ok(&client, "recall", json!({"question": "Is Jordan a teacher?"})).await;
    assert!(item_with(&school, "fact", "city school").is_some(), "{school}");
    let profile = ok(&client, "profile", json!({"person": "jordan"})).await;
    assert_eq!(
        profile["corrections"][0]["text"],
        "Jordan works as a teacher at the city school."
    );
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn hostile_calls_get_mcp_errors_and_store_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let client = serve(&db, &[]).await;
    ok(
        &client,
        "remember",
        json!({"turns": [{"speaker": "user", "text": "I'm Robin and I play the cello."}]}),
    )
    .await;
    let events = log_json(&db).len();

    let cases = [
        ("recall", json!({}), "question"),
        ("recall", json!({"question": 42}), "expected a string"),
        ("remember", json!({"turns": "not a list"}), "expected a sequence"),
        ("remember", json!({"turns": []}), "empty"),
        (
            "remember",
            json!({"turns": [{"speaker": "user", "text": "ok"}], "colour": "red"}),
            "colour",
        ),
        (
            "remember",
            json!({"turns": [{"speaker": "user", "text": "first is fine"}, {"speaker": "user", "text": "bad time", "time": "yesterday-ish"}]}),
            "turns[1]",
        ),
        (
            "remember",
            json!({"turns": [{"speaker": "user", "text": "x".repeat(70_000)}]}),
            "longer than",
        ),
        ("recall", json!({"question": "y".repeat(5000)}), "longer than"),
        ("profile", json!({"person": "Nobody"}), "no person"),
        ("profile", json!({"concept": "Underwater Basket Weaving"}), "no concept"),
        ("history", json!({"concept": "Nothing Like It"}), ""),
        ("undo_correction", json!({"correction": "k7"}), "no correction"),
        ("no_such_tool", json!({}), ""),
    ];
    for (tool, args, says) in cases {
        let message = refused(&client, tool, args.clone()).await;
        assert!(message.contains(says), "{tool} {args}: {message}");
    }
    assert_eq!(log_json(&db).len(), events, "a refused call wrote something");
    // The server is still serving; a date alone, or a time without an offset, is read as UTC.
    ok(&client, "profile", json!({})).await;
    let dated = json!({"turns": [
        {"speaker": "user", "text": "I tuned the cello.", "time": "2024-05-02"},
        {"speaker": "user", "text": "Then I practised scales.", "time": "2024-05-02T09:30:00"}
    ]});
    assert_eq!(ok(&client, "remember", dated).await["turns_stored"], 2);
    client.cancel().await.unwrap();
}

#[test]
fn a_line_over_the_transport_limit_is_dropped_and_the_server_answers_the_next() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_rgmem"))
        .args(["--db", db.to_str().unwrap(), "serve"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;
    let huge = format!(
        r#"{{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{{"name":"remember","arguments":{{"turns":[{{"speaker":"user","text":"{}"}}]}}}}}}"#,
        "x".repeat(17 * 1024 * 1024)
    );
    let after = r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"remember","arguments":{"turns":[{"speaker":"user","text":"I water the plants on Fridays."}]}}}"#;
    let writer = std::thread::spawn(move || {
        for line in [
            init,
            r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            &huge,
            after,
        ] {
            // The server may stop reading a line it drops; a broken pipe then is its right.
            if stdin
                .write_all(line.as_bytes())
                .and_then(|()| stdin.write_all(b"\n"))
                .is_err()
            {
                return;
            }
        }
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains(r#""id":3"#) && stdout.contains("turns_stored"),
        "{stdout}"
    );
    let texts: Vec<String> = log_json(&db)
        .iter()
        .filter(|e| e["kind"] == "turn_ingested")
        .map(|e| e["text"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        texts,
        ["I water the plants on Fridays."],
        "the oversized turn is not stored"
    );
}

#[test]
fn a_closed_stdin_is_a_clean_exit() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    for input in [
        "",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n",
    ] {
        use std::io::Write;
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_rgmem"))
            .args(["--db", db.to_str().unwrap(), "serve"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{input:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[tokio::test]
async fn two_servers_and_the_cli_write_one_file_and_lose_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let a = serve(&db, &["--person", "Jordan"]).await;
    let b = serve(&db, &["--person", "Jordan"]).await;
    let turns = |who: &str, n: usize| -> Value {
        (0..n)
            .map(|i| json!({"speaker": "user", "text": format!("{who} note {i}: I walked the dog along the river today.")}))
            .collect()
    };
    let cli_db = db.clone();
    let cli = tokio::task::spawn_blocking(move || {
        let file = cli_db.with_file_name("s.jsonl");
        std::fs::write(
            &file,
            "{\"rgmem_session\": 1, \"title\": \"t\", \"user\": \"Jordan\"}\n{\"speaker\": \"user\", \"text\": \"From the command line: I repaired my bicycle.\", \"session\": 9}\n",
        )
        .unwrap();
        rgmem_ok(&cli_db, &["replay", file.to_str().unwrap(), "--headless"])
    });
    let (ra, rb) = tokio::join!(
        ok(&a, "remember", json!({"turns": turns("A", 6)})),
        ok(&b, "remember", json!({"turns": turns("B", 6)}))
    );
    cli.await.unwrap();
    assert_eq!(
        (ra["turns_stored"].clone(), rb["turns_stored"].clone()),
        (json!(6), json!(6))
    );
    let log = log_json(&db);
    let texts: Vec<&str> = log
        .iter()
        .filter(|e| e["kind"] == "turn_ingested")
        .map(|e| e["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts.len(), 13, "{texts:?}");
    for i in 0..6 {
        for who in ["A", "B"] {
            let want = format!("{who} note {i}:");
            assert_eq!(texts.iter().filter(|t| t.starts_with(&want)).count(), 1, "{want}");
        }
    }
    // Each server reads what the other wrote.
    let seen = ok(&b, "recall", json!({"question": "What did Jordan repair?"})).await;
    assert!(said(&seen).contains("bicycle"), "{seen}");
    a.cancel().await.unwrap();
    b.cancel().await.unwrap();
}

#[tokio::test]
async fn streamable_http_on_localhost_serves_the_same_tools() {
    use tokio::io::AsyncBufReadExt;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_rgmem"))
        .args(["--db", db.to_str().unwrap(), "serve", "--http", "0"])
        .stdin(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut lines = tokio::io::BufReader::new(child.stderr.take().unwrap()).lines();
    let line = lines.next_line().await.unwrap().unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    // reqwest is built without a default TLS provider (plain http here needs none, but a client wants one).
    let _ = rustls::crypto::ring::default_provider().install_default();
    let client = ().serve(StreamableHttpClientTransport::from_uri(url)).await.unwrap();
    let tools = client.list_all_tools().await.unwrap();
    assert!(tools.iter().any(|t| t.name == "correct"));
    let stored = ok(&client, "remember", json!({"turns": session(), "person": "Jordan"})).await;
    assert_eq!(stored["turns_stored"], 5);
    let recalled = ok(&client, "recall", json!({"question": "What does Jordan bake?"})).await;
    assert!(said(&recalled).contains("sourdough"), "{recalled}");
    client.cancel().await.unwrap();
    child.kill().await.unwrap();
    let _ = rgmem_ok(&db, &["show", "--ids"]);
}
