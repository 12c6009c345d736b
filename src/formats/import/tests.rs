//! Each vendor's documented shape, small: the turns, roles, branch and ids an import must give,
//! and a damaged variant of each that must name its line.

use super::*;

fn read(text: &str) -> Imported {
    parse(text, "f", None).unwrap()
}

fn said(c: &Conversation) -> Vec<(String, String, Option<String>)> {
    c.turns
        .iter()
        .map(|t| (t.speaker.label().to_string(), t.text.clone(), t.source_ref.clone()))
        .collect()
}

fn fault(text: &str, format: Option<Format>) -> (usize, String) {
    match parse(text, "f.json", format).unwrap_err() {
        Error::BadInput { line, message, .. } => (line, message),
        other => panic!("{other}"),
    }
}

const CHATGPT: &str = r#"[{
  "title": "Trip", "create_time": 1714550400.25, "conversation_id": "c1", "current_node": "n4",
  "mapping": {
    "root": {"id": "root", "message": null, "parent": null, "children": ["n0"]},
    "n0": {"id": "n0", "parent": "root", "children": ["n1"], "message": {"id": "n0", "author": {"role": "system"},
      "content": {"content_type": "text", "parts": [""]}, "metadata": {"is_visually_hidden_from_conversation": true}}},
    "n1": {"id": "n1", "parent": "n0", "children": ["n2", "n3"], "message": {"id": "n1", "author": {"role": "user"},
      "create_time": 1714550460, "content": {"content_type": "multimodal_text",
      "parts": [{"content_type": "image_asset_pointer", "asset_pointer": "file-service://x"}, "Plan Kyoto for me"]}}},
    "n2": {"id": "n2", "parent": "n1", "children": [], "message": {"id": "n2", "author": {"role": "assistant"},
      "create_time": 1714550470, "content": {"content_type": "text", "parts": ["An abandoned draft"]}}},
    "n3": {"id": "n3", "parent": "n1", "children": ["n4"], "message": {"id": "n3", "author": {"role": "assistant"},
      "create_time": null, "recipient": "all", "content": {"content_type": "text", "parts": ["Day 1: Fushimi Inari."]}}},
    "n4": {"id": "n4", "parent": "n3", "children": [], "message": {"id": "n4", "author": {"role": "tool", "name": "python"},
      "content": {"content_type": "execution_output", "text": "42"}}}
  }
}]"#;

#[test]
fn chatgpt_takes_the_active_branch_and_counts_what_it_skips() {
    let got = read(CHATGPT);
    assert_eq!(got.format, Format::ChatGpt);
    let c = &got.conversations[0];
    assert_eq!((c.id.as_str(), c.title.as_deref()), ("c1", Some("Trip")));
    assert_eq!(
        said(c),
        [
            ("user".into(), "Plan Kyoto for me".into(), Some("n1".into())),
            ("assistant".into(), "Day 1: Fushimi Inari.".into(), Some("n3".into())),
        ]
    );
    assert_eq!(c.skipped.get("image asset pointer"), Some(&1));
    assert_eq!(c.skipped.get("tool message"), Some(&1));
    assert_eq!(c.fallback_times, 1, "n3 has no time and takes n1's");
    assert_eq!(c.turns[0].time.map(|t| t.unix_seconds()), Some(1_714_550_460));
}

#[test]
fn a_damaged_chatgpt_tree_names_its_line() {
    let (line, msg) = fault(&CHATGPT.replace(r#""parent": "n3""#, r#""parent": "gone""#), None);
    assert_eq!(line, 3, "the tree is at fault: {msg}");
    assert!(msg.contains("`gone`"), "{msg}");
    let (line, msg) = fault(
        &CHATGPT.replace(
            r#""author": {"role": "assistant"},
      "create_time": null"#,
            r#""author": {"role": 7},
      "create_time": null"#,
        ),
        None,
    );
    assert_eq!(line, 12, "{msg}");
    assert!(msg.contains("author.role"), "{msg}");
    let (line, msg) = fault(&CHATGPT.replace("\"n1\": {", "\"n1\" {"), None);
    assert_eq!(line, 7, "{msg}");
}

const CLAUDE: &str = r#"[{"uuid": "conv-a", "name": "Budget", "created_at": "2024-05-01T10:00:00.000000Z",
  "chat_messages": [
    {"uuid": "m1", "sender": "human", "text": "I earn 3k a month", "created_at": "2024-05-01T10:00:01Z",
     "content": [{"type": "text", "text": "I earn 3k a month"}],
     "attachments": [{"file_name": "bank.csv", "extracted_content": "a,b"}], "files": []},
    {"uuid": "m2", "sender": "assistant", "text": "", "created_at": "2024-05-01T10:00:09Z",
     "content": [{"type": "thinking", "thinking": "hm"}, {"type": "text", "text": "Save 20%."},
                 {"type": "tool_use", "name": "calc"}]}
  ]}]"#;

#[test]
fn claude_keeps_text_parts_and_counts_the_rest() {
    let got = read(CLAUDE);
    assert_eq!(got.format, Format::Claude);
    let c = &got.conversations[0];
    assert_eq!(c.id, "conv-a");
    assert_eq!(
        said(c),
        [
            ("user".into(), "I earn 3k a month".into(), Some("m1".into())),
            ("assistant".into(), "Save 20%.".into(), Some("m2".into())),
        ]
    );
    assert_eq!(c.skipped.get("attachment"), Some(&1));
    assert_eq!(c.skipped.get("thinking"), Some(&1));
    assert_eq!(c.skipped.get("tool use"), Some(&1));
    let (line, msg) = fault(
        &CLAUDE.replace(r#""sender": "assistant""#, r#""sender": "robot""#),
        None,
    );
    assert_eq!(line, 6, "{msg}");
    assert!(msg.contains("robot"), "{msg}");
}

#[test]
fn openai_messages_as_json_jsonl_or_a_record() {
    let json = r#"[{"role": "system", "content": "Be brief."},
        {"role": "user", "content": [{"type": "text", "text": "Hi, I'm Ana"}, {"type": "image_url", "image_url": {"url": "x"}}]},
        {"role": "assistant", "content": null, "tool_calls": [{"id": "t"}]},
        {"role": "tool", "content": "{}"},
        {"role": "assistant", "content": "Hello Ana"}]"#;
    let got = read(json);
    assert_eq!(got.format, Format::OpenAi);
    let c = &got.conversations[0];
    assert_eq!(said(c).len(), 2);
    assert_eq!(c.turns[1].speaker, Speaker::Assistant);
    assert_eq!(c.skipped.get("system message"), Some(&1));
    assert_eq!(c.skipped.get("image url"), Some(&1));
    assert_eq!(c.skipped.get("tool call"), Some(&1));
    let jsonl = "{\"role\": \"user\", \"content\": \"a\"}\n{\"role\": \"assistant\", \"content\": \"b\"}\n";
    assert_eq!(read(jsonl).conversations[0].turns.len(), 2);
    let record = "{\"messages\": [{\"role\": \"user\", \"content\": \"a\"}]}";
    assert_eq!(read(record).conversations[0].turns.len(), 1);
    let (line, msg) = fault(&jsonl.replace("\"assistant\"", "\"wizard\""), None);
    assert_eq!(line, 2, "{msg}");
    let (line, msg) = fault(&json.replace("\"role\": \"tool\"", "\"rol\": \"tool\""), None);
    assert_eq!(line, 4, "{msg}");
    assert!(msg.contains("[3]") && msg.contains("role"), "{msg}");
}

const CLAUDE_CODE: &str = r#"{"type":"summary","summary":"Fix login","leafUuid":"u3"}
{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s1","timestamp":"2025-06-01T09:00:00.000Z","message":{"role":"user","content":"the login test fails"}}
{"type":"assistant","uuid":"u2","parentUuid":"u1","sessionId":"s1","timestamp":"2025-06-01T09:00:05.000Z","message":{"id":"msg_1","role":"assistant","content":[{"type":"text","text":"Let me look."}]}}
{"type":"assistant","uuid":"u3","parentUuid":"u2","sessionId":"s1","timestamp":"2025-06-01T09:00:06.000Z","message":{"id":"msg_1","role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"cargo test"}}]}}
{"type":"user","uuid":"u4","parentUuid":"u3","sessionId":"s1","timestamp":"2025-06-01T09:00:09.000Z","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"ok"}]}}
{"type":"user","uuid":"u5","isSidechain":true,"sessionId":"s1","timestamp":"2025-06-01T09:00:10.000Z","message":{"role":"user","content":"sub-agent prompt"}}
{"type":"assistant","uuid":"u6","parentUuid":"u4","sessionId":"s1","timestamp":"2025-06-01T09:00:12.000Z","message":{"id":"msg_2","role":"assistant","content":[{"type":"text","text":"Fixed: the token expired."}]}}
"#;

#[test]
fn claude_code_keeps_what_was_said_and_counts_tools() {
    let got = read(CLAUDE_CODE);
    assert_eq!(got.format, Format::ClaudeCode);
    let c = &got.conversations[0];
    assert_eq!(c.id, "s1");
    assert_eq!(
        said(c),
        [
            ("user".into(), "the login test fails".into(), Some("u1".into())),
            ("assistant".into(), "Let me look.".into(), Some("u2".into())),
            (
                "assistant".into(),
                "Fixed: the token expired.".into(),
                Some("u6".into())
            ),
        ]
    );
    assert_eq!(c.skipped.get("tool call"), Some(&1));
    assert_eq!(c.skipped.get("tool result"), Some(&1));
    assert_eq!(c.skipped.get("side-chain message"), Some(&1));
    assert_eq!(c.skipped.get("summary record"), Some(&1));
    let (line, _) = fault(
        &CLAUDE_CODE.replace("\"content\":\"the login", "\"content\":the login"),
        None,
    );
    assert_eq!(line, 2);
}

#[test]
fn transcripts_tell_the_assistant_from_the_person() {
    let text = "[2024-03-01 18:30] Sam: I started running\nAssistant: Great! Some tips:\nStep 1: warm up\n\
                Step 2: go slow\n[2024-03-02 08:00] Sam: ran 5k today\n";
    let got = read(text);
    assert_eq!(got.format, Format::Transcript);
    let c = &got.conversations[0];
    assert_eq!(c.person.as_deref(), Some("Sam"));
    assert_eq!(c.turns.len(), 3, "{:?}", said(c));
    assert_eq!(c.turns[0].speaker, Speaker::User);
    assert!(
        c.turns[1].text.contains("Step 2: go slow"),
        "numbered steps stay in the reply"
    );
    assert_eq!(
        c.turns[1].time, c.turns[0].time,
        "the untimed reply takes the time before"
    );
    let friends = read("Ana: hi\nBo: hey\nAna: lunch?\n");
    assert_eq!(friends.conversations[0].turns[1].speaker, Speaker::Named("Bo".into()));
    let (line, msg) = fault("Sam: hi\n[2024-13-45 10:00] Sam: x\n", Some(Format::Transcript));
    assert_eq!(line, 2, "{msg}");
    let (_, msg) = fault("just prose without speakers", Some(Format::Transcript));
    assert!(msg.contains("Name: text"), "{msg}");
}

#[test]
fn sessions_and_locomo_are_detected_too() {
    let s = read("{\"rgmem_session\":1,\"user\":\"Alex\"}\n{\"speaker\":\"user\",\"text\":\"hi\"}\n");
    assert_eq!(
        (s.format, s.conversations[0].person.as_deref()),
        (Format::Session, Some("Alex"))
    );
    assert_eq!(
        detect(r#"[{"sample_id":"c","conversation":{"speaker_a":"A","speaker_b":"B"}}]"#),
        Some(Format::Locomo)
    );
    assert_eq!(detect("[{\"batch_number\": 1, \"turns\": []}]"), Some(Format::Beam));
    assert_eq!(
        detect("[{\"chat_messages\": [ broken"),
        Some(Format::Claude),
        "damaged, still recognised"
    );
    assert_eq!(detect("\u{1f600}\u{4e2d}"), None);
    assert!(matches!(parse("", "f", None), Err(Error::BadInput { .. })));
}

#[test]
fn several_conversations_become_consecutive_sessions() {
    let two = CLAUDE.replacen(
        "[{",
        "[{\"uuid\":\"x\",\"chat_messages\":[{\"sender\":\"human\",\"text\":\"first\"}]},{",
        1,
    );
    let got = read(&two);
    let all: Vec<&Conversation> = got.conversations.iter().collect();
    let turns = got.turns(&all);
    assert_eq!(turns.iter().map(|t| t.session).collect::<Vec<_>>(), [1, 2, 2]);
    assert_eq!(turns.iter().map(|t| t.index).collect::<Vec<_>>(), [0, 1, 2]);
}

/// Hostile input is normal input: every prefix of every fixture, odd scripts, absurd times and
/// numbers parse to turns or to an error, never a panic.
#[test]
fn no_input_makes_an_import_panic() {
    let fixtures = [CHATGPT, CLAUDE, CLAUDE_CODE, "Sam: hi\nAssistant: hello\n"];
    for f in fixtures {
        let cuts: Vec<usize> = f.char_indices().map(|(i, _)| i).collect();
        for &cut in &cuts {
            let prefix = f.get(..cut).unwrap();
            for format in [
                None,
                Some(Format::ChatGpt),
                Some(Format::Claude),
                Some(Format::ClaudeCode),
            ] {
                let _ = parse(prefix, "f", format);
            }
        }
    }
    let odd = [
        r#"[{"role": "user", "content": "日本語 🙂 “quoted” café", "timestamp": "99999-01-01T00:00:00Z"}]"#,
        r#"[{"role": "user", "content": "x", "timestamp": 1e308}]"#,
        r#"[{"role": "user", "content": "x", "timestamp": -1e308}]"#,
        r#"[{"mapping": {"a": {"parent": "a"}}, "current_node": "a"}]"#,
        r#"[{"chat_messages": [{"sender": "human", "content": [{"type": "text"}]}]}]"#,
        "[0000-01-01 00:00] 李: 你好\n[0000-01-01 00:01] Assistant: 您好\n",
        "\u{feff}Me: ```\ncode: here\n```\nAI: ok",
    ];
    for text in odd {
        for format in std::iter::once(None).chain(Format::ALL.into_iter().map(Some)) {
            let _ = parse(text, "f", format);
        }
    }
    let (_, msg) = fault(odd[0], None);
    assert!(msg.contains("99999"), "a year past 9999 is refused by name: {msg}");
}
