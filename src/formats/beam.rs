//! The BEAM benchmark's JSON formats: a chat (`chat.json`: batches of sessions of user and
//! assistant messages, dated by sparse `time_anchor`s) and its probing questions
//! (`probing_questions.json`, keyed by ability). `rgmem import` and `rgmem eval beam` read them.
// Input, files and other processes reach this module: no unchecked index or overflow.
#![warn(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use crate::error::{Error, Result};
use crate::event::Speaker;
use crate::formats::jsonpos::{self, Key};
use crate::formats::session::TurnInput;
use crate::ids::saturating_u32;
use crate::time::Timestamp;
use serde_json::Value;
use std::path::Path;

/// Who wrote a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The person chatting.
    User,
    /// The assistant.
    Assistant,
}

/// One message of a chat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// BEAM's `id`: unique in the chat; probing questions cite it in `source_chat_ids`.
    pub id: u64,
    /// Who wrote it.
    pub role: Role,
    /// What was said, the generator's trailing marker (` ->-> 1,3`) stripped.
    pub content: String,
    /// The last `time_anchor` seen at or before this message (`None` before the first).
    pub time: Option<Timestamp>,
    /// 1-based running session number across batches.
    pub session: u32,
    /// The batch's `batch_number` (its 1-based position when it has none).
    pub batch: u32,
}

/// A whole chat, messages in file order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Chat {
    /// Every message.
    pub messages: Vec<Message>,
}

impl Chat {
    /// The messages as session-format input: the user is the person, the assistant its own
    /// speaker (never tracked as a person); `source_ref` is the BEAM id, so a context item's
    /// provenance names the message it came from.
    #[must_use]
    pub fn turns(&self) -> Vec<TurnInput> {
        self.messages
            .iter()
            .enumerate()
            .map(|(i, m)| TurnInput {
                speaker: match m.role {
                    Role::User => Speaker::User,
                    Role::Assistant => Speaker::Assistant,
                },
                text: m.content.clone(),
                attachments: Vec::new(),
                time: m.time,
                session: m.session,
                index: saturating_u32(i),
                source_ref: Some(m.id.to_string()),
            })
            .collect()
    }
}

/// One probing question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Probe {
    /// "9/knowledge_update/2": chat, ability, 1-based position in the ability's list.
    pub id: String,
    /// The ability it probes (`abstention`, `knowledge_update`, …).
    pub ability: String,
    /// The question.
    pub question: String,
    /// The reference: `answer`, `ideal_answer`, `ideal_summary`, `ideal_response` or
    /// `expected_compliance`, the first present.
    pub answer: Option<String>,
    /// The cited message ids, flattened (a list, or an object of lists), first mention kept.
    pub sources: Vec<u64>,
}

/// The keys a reference answer may sit under, in the order they are tried.
const ANSWER_KEYS: [&str; 5] = [
    "answer",
    "ideal_answer",
    "ideal_summary",
    "ideal_response",
    "expected_compliance",
];

/// Reads a `chat.json`.
pub fn load(path: &Path) -> Result<Chat> {
    let text = crate::formats::session::read_text(path)?;
    parse(&text, &path.display().to_string())
}

/// One step of the path to a value at fault, owned (a member name can come from the input).
#[derive(Debug, Clone)]
enum At {
    Field(String),
    Index(usize),
}

/// A fault: the JSON path of the value at fault and what is wrong with it.
type Fault = (Vec<At>, String);

fn field(name: &str) -> At {
    At::Field(name.to_string())
}

fn json(text: &str, origin: &str) -> Result<Value> {
    serde_json::from_str(text).map_err(|e| Error::BadInput {
        path: origin.to_string(),
        line: e.line().max(1),
        message: format!("not valid JSON: {e}"),
    })
}

fn located(text: &str, origin: &str, (at, message): Fault) -> Error {
    let path: Vec<Key<'_>> = at
        .iter()
        .map(|k| match k {
            At::Field(f) => Key::Field(f),
            At::Index(i) => Key::Index(*i),
        })
        .collect();
    Error::BadInput {
        path: origin.to_string(),
        line: jsonpos::line_of(text, &path),
        message,
    }
}

/// Parses a `chat.json`; `origin` names the file in errors, with the line of the value at fault.
pub fn parse(text: &str, origin: &str) -> Result<Chat> {
    let root = json(text, origin)?;
    chat(&root).map_err(|f| located(text, origin, f))
}

fn chat(root: &Value) -> std::result::Result<Chat, Fault> {
    let batches = root
        .as_array()
        .ok_or_else(|| (Vec::new(), "expected a JSON list of batches".to_string()))?;
    let mut messages = Vec::new();
    let mut session = 0u32;
    let mut time = None;
    for (bi, b) in batches.iter().enumerate() {
        let at = |more: Vec<At>| [vec![At::Index(bi)], more].concat();
        let batch = match b.get("batch_number") {
            None | Some(Value::Null) => saturating_u32(bi.saturating_add(1)),
            Some(v) => v.as_u64().and_then(|n| u32::try_from(n).ok()).ok_or_else(|| {
                (
                    at(vec![field("batch_number")]),
                    format!("batch {bi}: `batch_number` is not a count"),
                )
            })?,
        };
        let sessions = b
            .get("turns")
            .and_then(Value::as_array)
            .ok_or_else(|| (at(Vec::new()), format!("batch {bi} has no list `turns`")))?;
        for (si, s) in sessions.iter().enumerate() {
            session = session.saturating_add(1);
            let list = s.as_array().ok_or_else(|| {
                (
                    at(vec![field("turns"), At::Index(si)]),
                    format!("batch {bi}: session {si} is not a list of messages"),
                )
            })?;
            for (mi, m) in list.iter().enumerate() {
                let here = || at(vec![field("turns"), At::Index(si), At::Index(mi)]);
                let fault = |k: Option<&'static str>, what: &str| {
                    let mut path = here();
                    path.extend(k.map(field));
                    (path, format!("batch {bi}, session {si}, message {mi}: {what}"))
                };
                let id = m
                    .get("id")
                    .and_then(Value::as_u64)
                    .ok_or_else(|| fault(Some("id"), "no numeric `id`"))?;
                let role = match m.get("role").and_then(Value::as_str) {
                    Some("user") => Role::User,
                    Some("assistant") => Role::Assistant,
                    _ => return Err(fault(Some("role"), "`role` is neither \"user\" nor \"assistant\"")),
                };
                let content = match m.get("content") {
                    None | Some(Value::Null) => String::new(),
                    Some(Value::String(s)) => strip_marker(s).to_string(),
                    Some(_) => return Err(fault(Some("content"), "`content` is not a string")),
                };
                match m.get("time_anchor") {
                    None | Some(Value::Null) => {}
                    Some(Value::String(s)) => {
                        time = Some(anchor_date(s).map_err(|e| fault(Some("time_anchor"), &e))?);
                    }
                    Some(_) => return Err(fault(Some("time_anchor"), "`time_anchor` is not a string")),
                }
                messages.push(Message {
                    id,
                    role,
                    content,
                    time,
                    session,
                    batch,
                });
            }
        }
    }
    Ok(Chat { messages })
}

/// The message without the generator's bookkeeping: from the last ` ->-> ` followed by a batch
/// number and a comma ("->-> 1,3", "->-> 7,N/A", "->-> 5,(N/A, as this detail …)") to the end.
/// What follows the marker is the generator's note on which plan bullet the message used, never
/// something the user said; text with an arrow not of that shape is left whole.
#[must_use]
pub fn strip_marker(content: &str) -> &str {
    let Some((before, after)) = content.rsplit_once("->->") else {
        return content;
    };
    let after = after.trim_start();
    let digits = after.chars().take_while(char::is_ascii_digit).count();
    let marked = digits > 0 && after.chars().nth(digits) == Some(',');
    if marked { before.trim_end() } else { content }
}

/// "January-10-2024" → midnight of that day. An anchor that does not name a real date is an
/// error, not skipped: the anchor dates every message until the next one, so a skipped anchor
/// would silently put weeks of messages on the previous date.
pub fn anchor_date(s: &str) -> std::result::Result<Timestamp, String> {
    let expected = || format!("`time_anchor` {s:?} is not a date like \"January-10-2024\"");
    let parts: Vec<&str> = s.trim().split('-').collect();
    let [month, day, year] = parts[..] else {
        return Err(expected());
    };
    let month = Timestamp::month_from_name(month).ok_or_else(expected)?;
    let day: u32 = day.parse().map_err(|_| expected())?;
    let year: i64 = year.parse().map_err(|_| expected())?;
    Timestamp::from_civil(year, month, day, 0, 0, 0)
        .ok_or_else(|| format!("`time_anchor` {s:?} is not a real date (or is outside years -9999..=9999)"))
}

/// Reads a `probing_questions.json`. The chat's name (the "9" of "9/knowledge_update/2") is the
/// folder the file is in, or the folder above a `probing_questions/` folder (the upstream layout).
pub fn load_questions(path: &Path) -> Result<Vec<Probe>> {
    let text = crate::formats::session::read_text(path)?;
    parse_questions(&text, &path.display().to_string(), &chat_name(path))
}

/// The chat a probing-question file belongs to, by its folder.
#[must_use]
pub fn chat_name(path: &Path) -> String {
    let name = |p: Option<&Path>| {
        p.and_then(Path::file_name)
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let parent = path.parent();
    match name(parent) {
        n if n == "probing_questions" => name(parent.and_then(Path::parent)),
        n => n,
    }
}

/// Parses probing questions; `chat` prefixes their ids; `origin` names the file in errors.
pub fn parse_questions(text: &str, origin: &str, chat: &str) -> Result<Vec<Probe>> {
    let root = json(text, origin)?;
    probes(&root, chat).map_err(|f| located(text, origin, f))
}

fn probes(root: &Value, chat: &str) -> std::result::Result<Vec<Probe>, Fault> {
    let abilities = root
        .as_object()
        .ok_or_else(|| (Vec::new(), "expected a JSON object keyed by ability".to_string()))?;
    let mut out = Vec::new();
    for (ability, list) in abilities {
        let list = list
            .as_array()
            .ok_or_else(|| (vec![field(ability)], format!("`{ability}` is not a list of questions")))?;
        for (qi, q) in list.iter().enumerate() {
            let fault = |k: &'static str, what: &str| {
                (
                    vec![field(ability), At::Index(qi), field(k)],
                    format!("{ability} question {qi}: {what}"),
                )
            };
            let question = q
                .get("question")
                .and_then(Value::as_str)
                .ok_or_else(|| fault("question", "no string `question`"))?
                .to_string();
            let answer = ANSWER_KEYS
                .iter()
                .find_map(|k| q.get(*k).filter(|v| !v.is_null()))
                .map(|v| match v {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                });
            let mut sources = Vec::new();
            if let Some(v) = q.get("source_chat_ids") {
                flatten_ids(v, &mut sources).map_err(|what| fault("source_chat_ids", &what))?;
            }
            out.push(Probe {
                id: format!("{chat}/{ability}/{}", qi.saturating_add(1)),
                ability: ability.clone(),
                question,
                answer,
                sources,
            });
        }
    }
    Ok(out)
}

/// Message ids from a number, a numeric string, a list or an object of these, in order, each once.
fn flatten_ids(v: &Value, out: &mut Vec<u64>) -> std::result::Result<(), String> {
    match v {
        Value::Null => {}
        Value::Number(n) => {
            let id = n.as_u64().ok_or_else(|| format!("{n} is not a message id"))?;
            if !out.contains(&id) {
                out.push(id);
            }
        }
        Value::String(s) => {
            let id: u64 = s.trim().parse().map_err(|_| format!("{s:?} is not a message id"))?;
            if !out.contains(&id) {
                out.push(id);
            }
        }
        Value::Array(items) => {
            for item in items {
                flatten_ids(item, out)?;
            }
        }
        Value::Object(members) => {
            for item in members.values() {
                flatten_ids(item, out)?;
            }
        }
        Value::Bool(_) => return Err("a boolean is not a message id".into()),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHAT: &str = r#"[
 {"batch_number": 1, "time_anchor": null, "turns": [
  [{"role": "user", "id": 0, "content": "Hello there"},
   {"role": "assistant", "id": 1, "content": "Hi!"}],
  [{"role": "user", "id": 2, "time_anchor": "January-10-2024", "content": "I'm Taylor, a paramedic ->-> 1,3"},
   {"role": "assistant", "id": 3, "content": "Nice to meet you -> really"}]]},
 {"batch_number": 2, "turns": [
  [{"role": "user", "id": 4, "content": "Still here ->-> 5,(N/A, as this detail is from a different section)"},
   {"role": "user", "id": 5, "time_anchor": "February-07-2024", "content": "Later ->-> 7,N/A"}]]}
]"#;

    #[test]
    fn markers_are_stripped_and_other_arrows_kept() {
        let chat = parse(CHAT, "c.json").unwrap();
        let texts: Vec<&str> = chat.messages.iter().map(|m| m.content.as_str()).collect();
        assert_eq!(
            texts,
            vec![
                "Hello there",
                "Hi!",
                "I'm Taylor, a paramedic",
                "Nice to meet you -> really",
                "Still here",
                "Later"
            ]
        );
        assert_eq!(strip_marker("a ->-> b"), "a ->-> b", "no batch number: not a marker");
    }

    #[test]
    fn anchors_carry_forward_and_sessions_run_across_batches() {
        let chat = parse(CHAT, "c.json").unwrap();
        let dates: Vec<Option<String>> = chat.messages.iter().map(|m| m.time.map(Timestamp::date)).collect();
        let jan = Some("2024-01-10".to_string());
        let feb = Some("2024-02-07".to_string());
        assert_eq!(dates, vec![None, None, jan.clone(), jan.clone(), jan, feb]);
        let sessions: Vec<(u32, u32)> = chat.messages.iter().map(|m| (m.session, m.batch)).collect();
        assert_eq!(sessions, vec![(1, 1), (1, 1), (2, 1), (2, 1), (3, 2), (3, 2)]);
        let turns = chat.turns();
        assert_eq!(turns[1].speaker, Speaker::Assistant);
        assert_eq!(turns[2].speaker, Speaker::User);
        assert_eq!(turns[5].source_ref.as_deref(), Some("5"));
        assert_eq!(turns[5].index, 5);
    }

    #[test]
    fn a_bad_anchor_names_its_line() {
        let bad = CHAT.replace("February-07-2024", "February-30-2024");
        let err = parse(&bad, "c.json").unwrap_err().to_string();
        assert!(err.starts_with("c.json:9:"), "{err}");
        assert!(err.contains("February-30-2024"), "{err}");
        assert!(anchor_date("Smarch-01-2024").is_err());
        assert_eq!(anchor_date("March-06-2024").unwrap().date(), "2024-03-06");
    }

    #[test]
    fn damaged_json_names_a_line() {
        let err = parse("[\n {\"turns\": [\n  [{\"role\": \"user\",", "c.json")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("c.json:3:"), "{err}");
        let no_id = CHAT.replace(r#""id": 3, "#, "");
        let err = parse(&no_id, "c.json").unwrap_err().to_string();
        assert!(err.starts_with("c.json:6:"), "{err}");
        let err = parse("{}", "c.json").unwrap_err().to_string();
        assert!(err.starts_with("c.json:1:"), "{err}");
    }

    const PROBES: &str = r#"{
 "abstention": [{"question": "What did I say about X?", "ideal_response": "There is no information."}],
 "knowledge_update": [
  {"question": "q1?", "answer": "five", "source_chat_ids": {"original_info": [16, 22], "updated_info": [84, 16]}},
  {"question": "q2?", "answer": 42, "source_chat_ids": [12, "14"]}],
 "preference_following": [{"question": "q3?", "expected_compliance": "Steps", "source_chat_ids": [3]}]
}"#;

    #[test]
    fn probes_flatten_sources_and_find_their_answer() {
        let ps = parse_questions(PROBES, "p.json", "9").unwrap();
        let ids: Vec<&str> = ps.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(
            ids,
            vec![
                "9/abstention/1",
                "9/knowledge_update/1",
                "9/knowledge_update/2",
                "9/preference_following/1"
            ]
        );
        assert_eq!(ps[0].answer.as_deref(), Some("There is no information."));
        assert!(ps[0].sources.is_empty());
        assert_eq!(ps[1].sources, vec![16, 22, 84]);
        assert_eq!(ps[2].sources, vec![12, 14]);
        assert_eq!(ps[2].answer.as_deref(), Some("42"));
        assert_eq!(ps[3].answer.as_deref(), Some("Steps"));
        assert_eq!(ps[3].ability, "preference_following");
    }

    #[test]
    fn a_bad_source_id_names_its_line() {
        let bad = PROBES.replace(r#"[12, "14"]"#, r#"[12, "x"]"#);
        let err = parse_questions(&bad, "p.json", "9").unwrap_err().to_string();
        assert!(err.starts_with("p.json:5:"), "{err}");
        assert_eq!(
            chat_name(Path::new("/d/500K/9/probing_questions/probing_questions.json")),
            "9"
        );
        assert_eq!(chat_name(Path::new("/d/500K/13/probing_questions.json")), "13");
    }
}
