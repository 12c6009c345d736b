//! `rgmem serve` on a PostgreSQL person answers as it does on a file: the same session
//! remembered, recalled, corrected and recalled again gives the same tool results and the same
//! log; two servers on one person lose nothing; a closed stdin ends the server cleanly. Needs `RGMEM_TEST_POSTGRES`; without it each
//! test prints "skipped: no server".

mod common;

use common::{log_json, rgmem_ok};
use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::{ConfigureCommandExt, TokioChildProcess};
use serde_json::{Value, json};
use std::path::Path;

type Client = RunningService<RoleClient, ()>;

async fn serve(db: &Path) -> Client {
    let db = db.to_path_buf();
    let cmd = tokio::process::Command::new(env!("CARGO_BIN_EXE_rgmem")).configure(|cmd| {
        cmd.arg("--db").arg(&db).args(["serve", "--person", "Jordan"]);
    });
    ().serve(TokioChildProcess::new(cmd).unwrap()).await.unwrap()
}

async fn ok(client: &Client, tool: &str, args: Value) -> Value {
    let Value::Object(args) = args else {
        panic!("arguments must be an object")
    };
    let result = client
        .call_tool(CallToolRequestParams::new(tool.to_string()).with_arguments(args))
        .await
        .unwrap_or_else(|e| panic!("{tool}: {e}"));
    assert_ne!(result.is_error, Some(true), "{tool}: {result:?}");
    result.structured_content.unwrap()
}

fn session() -> Value {
    json!([
        {"speaker": "user", "text": "Hi, I'm Jordan. I work as a nurse at the city hospital, mostly night shifts.", "time": "2024-03-04T18:30:00Z"},
        {"speaker": "assistant", "text": "Night shifts are hard. How do you unwind after them?", "time": "2024-03-04T18:31:00Z"},
        {"speaker": "user", "text": "I go rock climbing at the bouldering gym twice a week. Climbing clears my head.", "time": "2024-03-04T18:32:00Z"},
        {"speaker": "user", "text": "I also bake sourdough bread on Sundays for my neighbours.", "time": "2024-03-04T18:34:00Z"},
    ])
}

/// Every tool result of one remember → recall → correct → recall → profile round.
async fn round(db: &Path) -> Vec<Value> {
    let client = serve(db).await;
    let mut out = vec![ok(&client, "remember", json!({"turns": session()})).await];
    let question = json!({"question": "Where does Jordan work as a nurse?", "budget": 2000});
    let before = ok(&client, "recall", question.clone()).await;
    let fact = before["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["layer"] == "fact" && i["text"].as_str().unwrap().contains("hospital"))
        .map(|i| i["item"].as_str().unwrap().to_string())
        .unwrap_or_else(|| panic!("no fact about the hospital: {before}"));
    out.push(before);
    out.push(
        ok(
            &client,
            "correct",
            json!({"item": fact, "reason": "Jordan is a teacher"}),
        )
        .await,
    );
    out.push(ok(&client, "recall", question).await);
    out.push(ok(&client, "profile", json!({"person": "jordan"})).await);
    client.cancel().await.unwrap();
    out
}

#[tokio::test]
async fn serve_on_postgres_answers_as_on_a_file() {
    let Some(url) = common::postgres_person("serve") else {
        println!("serve_on_postgres_answers_as_on_a_file: skipped: no server (set RGMEM_TEST_POSTGRES)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let pg = Path::new(&url);
    let (file, postgres) = (round(&db).await, round(pg).await);
    assert_eq!(postgres.len(), file.len());
    for (p, f) in postgres.iter().zip(&file) {
        assert_eq!(p, f);
    }
    assert_eq!(log_json(pg), log_json(&db));
    assert_eq!(rgmem_ok(pg, &["show", "--json"]), rgmem_ok(&db, &["show", "--json"]));
}

#[tokio::test]
async fn two_servers_on_one_postgres_person_lose_nothing() {
    let Some(url) = common::postgres_person("serve2") else {
        println!("two_servers_on_one_postgres_person_lose_nothing: skipped: no server (set RGMEM_TEST_POSTGRES)");
        return;
    };
    let pg = Path::new(&url);
    let (a, b) = (serve(pg).await, serve(pg).await);
    let turns = |who: &str| -> Value {
        (0..6)
            .map(|i| json!({"speaker": "user", "text": format!("{who} note {i}: I walked the dog along the river today.")}))
            .collect()
    };
    let (ra, rb) = tokio::join!(
        ok(&a, "remember", json!({"turns": turns("A")})),
        ok(&b, "remember", json!({"turns": turns("B")}))
    );
    assert_eq!(
        (ra["turns_stored"].clone(), rb["turns_stored"].clone()),
        (json!(6), json!(6))
    );
    let texts: Vec<String> = log_json(pg)
        .iter()
        .filter(|e| e["kind"] == "turn_ingested")
        .map(|e| e["text"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(texts.len(), 12, "{texts:?}");
    for who in ["A", "B"] {
        for i in 0..6 {
            let want = format!("{who} note {i}:");
            assert_eq!(texts.iter().filter(|t| t.starts_with(&want)).count(), 1, "{want}");
        }
    }
    a.cancel().await.unwrap();
    b.cancel().await.unwrap();
}

/// The server's store holds a PostgreSQL client, which closes its connection by blocking on a
/// runtime of its own: the server must drop it outside its own runtime, or it panics on exit.
#[test]
fn a_closed_stdin_on_a_postgres_person_is_a_clean_exit() {
    let Some(url) = common::postgres_person("serve-exit") else {
        println!("a_closed_stdin_on_a_postgres_person_is_a_clean_exit: skipped: no server (set RGMEM_TEST_POSTGRES)");
        return;
    };
    for input in [
        "",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n",
    ] {
        use std::io::Write;
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_rgmem"))
            .args(["--db", &url, "serve"])
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
