//! A fake OpenAI-compatible server on 127.0.0.1 (wiremock) that answers each prompt in the
//! paper's formats. Replies come from the offline model's rules: a book of prompt → reply built
//! by an offline ingest of the same session and θ, the offline answer rules for chat prompts,
//! and the un-corrupted reply for repair prompts. Faults are injected by plan.

use rgmem::Engine;
use rgmem::event::Event;
use rgmem::formats::session::SessionFile;
use rgmem::log::Log;
use rgmem::memory::Thresholds;
use rgmem::model::openai::{ApiKey, OpenAiConfig, OpenAiModel, RetryPolicy, StructuredOutput};
use rgmem::model::{AnswerContext, Model, Task};
use rgmem::rules::OfflineModel;
use serde_json::{Value, json};
use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, Request, Respond, ResponseTemplate};

pub const SESSION: &str = "sample_sessions/strength_training_injury.jsonl";
pub const KEY: &str = "sk-test-CANARY-7f3a9c21e4b8d6";

pub fn session_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(name)
}

/// What a request gets instead of its proper answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    Status(u16),
    RateLimited(&'static str),
    Slow(Duration),
    Garbage,
    Fenced,
    Truncated,
    BadBody,
    Unauthorized,
}

/// Which requests a fault hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// The request with this 0-based index.
    Nth(usize),
    /// Requests whose proper reply is JSON.
    Json,
    /// Requests whose prompt starts like this purpose's template.
    Prompt(&'static str),
    /// Every request.
    Any,
}

#[derive(Debug)]
pub struct Plan {
    pub target: Target,
    pub fault: Fault,
    pub times: usize,
}

#[derive(Debug, Default)]
pub struct State {
    book: HashMap<String, VecDeque<String>>,
    last: HashMap<String, String>,
    corrupted: HashMap<String, String>,
    pub plan: Vec<Plan>,
    pub usage: bool,
    pub requests: usize,
    pub tokens_in: u64,
    pub tokens_out: u64,
    pub authorizations: Vec<String>,
    pub streamed: usize,
    /// Told each request's index as it arrives.
    pub notify: Option<std::sync::mpsc::Sender<usize>>,
}

/// The server's own token count (about 4/3 tokens a word), distinct from the client's estimate
/// so tests can tell reported usage from counted usage.
pub fn server_tokens(text: &str) -> u32 {
    u32::try_from((text.split_whitespace().count() * 4).div_ceil(3)).unwrap()
}

struct Responder(Arc<Mutex<State>>);

impl Respond for Responder {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        let body: Value = serde_json::from_slice(&request.body).unwrap_or(Value::Null);
        let prompt = body["messages"]
            .as_array()
            .and_then(|m| m.last())
            .and_then(|m| m["content"].as_str())
            .unwrap_or_default()
            .to_string();
        let stream = body["stream"].as_bool().unwrap_or(false);
        let auth = request
            .headers
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string();
        let mut state = self.0.lock().unwrap();
        let index = state.requests;
        state.requests += 1;
        state.authorizations.push(auth.clone());
        if let Some(tx) = &state.notify {
            let _ = tx.send(index);
        }
        let proper = state.reply_for(&prompt);
        let fault = state.fault_for(index, &prompt, &proper);
        let reply = match fault {
            None => proper,
            Some(Fault::Status(code)) => {
                return ResponseTemplate::new(code).set_body_json(json!({"error": {"message": "injected failure"}}));
            }
            Some(Fault::RateLimited(after)) => {
                return ResponseTemplate::new(429)
                    .insert_header("retry-after", after)
                    .set_body_json(json!({"error": {"message": "slow down"}}));
            }
            Some(Fault::Unauthorized) => {
                // A careless server that echoes the key it was given.
                let key = auth.trim_start_matches("Bearer ");
                return ResponseTemplate::new(401)
                    .set_body_json(json!({"error": {"message": format!("Incorrect API key provided: {key}")}}));
            }
            Some(Fault::BadBody) => {
                return ResponseTemplate::new(200).set_body_raw("<html>502 Bad Gateway</html>", "text/html");
            }
            Some(Fault::Slow(delay)) => return state.answer(&prompt, &proper, stream).set_delay(delay),
            Some(Fault::Garbage) => {
                let garbage = format!("Sorry, I lost my train of thought there (request {index}).");
                state.corrupted.insert(garbage.clone(), proper);
                garbage
            }
            Some(Fault::Fenced) => format!("Here you go:\n```json\n{proper}\n```"),
            Some(Fault::Truncated) => {
                let cut = proper.trim_end().trim_end_matches([']', '}']).to_string();
                state.corrupted.insert(cut.clone(), proper);
                cut
            }
        };
        state.answer(&prompt, &reply, stream)
    }
}

impl State {
    fn reply_for(&mut self, prompt: &str) -> String {
        if prompt.starts_with("You are a careful formatter") {
            let previous = section(prompt, "[Previous Reply]", "[Required Format]");
            return self.corrupted.get(&previous).cloned().unwrap_or(previous);
        }
        if prompt.contains("[Memory Context]") && prompt.contains("[Question]") {
            let task = Task::Answer {
                person: section(prompt, "[Tracked Person]", "[Memory Context]"),
                context: AnswerContext::from_rendered(&section(prompt, "[Memory Context]", "[Question]")),
                question: section(prompt, "[Question]", "Output format:"),
            };
            return OfflineModel::reply(&task);
        }
        if let Some(reply) = self.book.get_mut(prompt).and_then(VecDeque::pop_front) {
            self.last.insert(prompt.to_string(), reply.clone());
            return reply;
        }
        self.last
            .get(prompt)
            .cloned()
            .unwrap_or_else(|| "I do not know what you mean.".into())
    }

    fn fault_for(&mut self, index: usize, prompt: &str, proper: &str) -> Option<Fault> {
        let plan = self.plan.iter_mut().find(|p| {
            p.times > 0
                && match p.target {
                    Target::Nth(n) => n == index,
                    Target::Json => proper.trim_start().starts_with(['[', '{']),
                    Target::Prompt(start) => prompt.starts_with(start),
                    Target::Any => true,
                }
        })?;
        plan.times -= 1;
        Some(plan.fault.clone())
    }

    fn answer(&mut self, prompt: &str, reply: &str, stream: bool) -> ResponseTemplate {
        let (tokens_in, tokens_out) = (server_tokens(prompt), server_tokens(reply));
        self.tokens_in += u64::from(tokens_in);
        self.tokens_out += u64::from(tokens_out);
        let usage = json!({"prompt_tokens": tokens_in, "completion_tokens": tokens_out, "total_tokens": tokens_in + tokens_out});
        if stream {
            self.streamed += 1;
            let mut body = String::new();
            let words: Vec<&str> = reply.split_inclusive(' ').collect();
            for piece in words.chunks(3) {
                let chunk = json!({"choices": [{"index": 0, "delta": {"content": piece.concat()}}]});
                body.push_str(&format!("data: {chunk}\n\n"));
            }
            if self.usage {
                body.push_str(&format!("data: {}\n\n", json!({"choices": [], "usage": usage})));
            }
            body.push_str("data: [DONE]\n\n");
            return ResponseTemplate::new(200).set_body_raw(body, "text/event-stream");
        }
        let mut out = json!({
            "id": "chatcmpl-fake",
            "object": "chat.completion",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": reply}, "finish_reason": "stop"}],
        });
        if self.usage {
            out["usage"] = usage;
        }
        ResponseTemplate::new(200).set_body_json(out)
    }
}

fn section(prompt: &str, start: &str, end: &str) -> String {
    let after = prompt.split_once(start).map_or("", |(_, a)| a);
    let body = after.split_once(end).map_or(after, |(b, _)| b);
    body.trim().to_string()
}

/// A running fake server.
pub struct Fake {
    _rt: tokio::runtime::Runtime,
    pub server: MockServer,
    pub state: Arc<Mutex<State>>,
}

impl Fake {
    /// A server whose book holds the offline model's replies for a session at θ.
    pub fn new(session: &str, theta: Thresholds) -> Self {
        Self::with_turns(session, theta, usize::MAX)
    }

    /// The same, for the session's first `turns` turns.
    pub fn with_turns(session: &str, theta: Thresholds, turns: usize) -> Self {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let server = rt.block_on(MockServer::start());
        let mut state = State {
            usage: true,
            ..State::default()
        };
        for (prompt, reply) in offline_calls(session, theta, turns) {
            state.book.entry(prompt).or_default().push_back(reply);
        }
        let state = Arc::new(Mutex::new(state));
        rt.block_on(
            Mock::given(method("POST"))
                .and(path("/v1/chat/completions"))
                .respond_with(Responder(state.clone()))
                .mount(&server),
        );
        Self { _rt: rt, server, state }
    }

    pub fn base_url(&self) -> String {
        format!("{}/v1", self.server.uri())
    }

    pub fn plan(&self, target: Target, fault: Fault, times: usize) {
        self.state.lock().unwrap().plan.push(Plan { target, fault, times });
    }

    pub fn config(&self) -> OpenAiConfig {
        config_for(&self.base_url())
    }
}

/// Test settings: a distinctive key, short timeouts, microsecond backoff, and the paper's text
/// formats (the fake answers text prompts; structured output has its own tests).
pub fn config_for(base_url: &str) -> OpenAiConfig {
    OpenAiConfig {
        structured_output: StructuredOutput::Off,
        base_url: base_url.into(),
        api_key: ApiKey::new(KEY),
        model: "fake-llm".into(),
        timeout: Duration::from_secs(5),
        connect_timeout: Duration::from_secs(2),
        retry: RetryPolicy {
            max_retries: 3,
            base_delay: Duration::from_micros(200),
            max_delay: Duration::from_millis(2),
            max_retry_after: Duration::from_millis(2),
        },
        ..OpenAiConfig::default()
    }
}

/// (prompt, reply) of every call an offline ingest of the session at θ makes, in order, with the
/// replies treated as a language model's (so the prompts are the ones the client will send).
pub fn offline_calls(session: &str, theta: Thresholds, turns: usize) -> Vec<(String, String)> {
    let dir = tempfile::tempdir().unwrap();
    let (engine, _) = ingest_turns(
        &dir.path().join("offline.db"),
        Box::new(AsLanguageModel),
        session,
        theta,
        turns,
    );
    engine
        .log()
        .all()
        .unwrap()
        .into_iter()
        .filter_map(|r| match r.event {
            Event::ModelCalled { prompt, reply, .. } => Some((prompt, reply)),
            _ => None,
        })
        .collect()
}

/// Ingests a whole session file into a log at `db`; returns the engine and the turn count.
pub fn ingest(db: &Path, model: Box<dyn Model>, session: &str, theta: Thresholds) -> (Engine, usize) {
    ingest_turns(db, model, session, theta, usize::MAX)
}

/// The same, for the session's first `turns` turns.
pub fn ingest_turns(
    db: &Path,
    model: Box<dyn Model>,
    session: &str,
    theta: Thresholds,
    turns: usize,
) -> (Engine, usize) {
    let file = SessionFile::read(&session_path(session)).unwrap();
    let mut engine = Engine::open(Log::open(db).unwrap(), model).unwrap();
    engine.set_thresholds(theta).unwrap();
    let mut n = 0;
    for turn in file.turns.iter().take(turns) {
        engine.ingest(turn, &file.user_name()).unwrap();
        n += 1;
    }
    engine.finish().unwrap();
    (engine, n)
}

/// The OpenAI client for a fake server.
pub fn openai(config: OpenAiConfig) -> Box<dyn Model> {
    Box::new(OpenAiModel::new(config).unwrap())
}

/// The events table without `logged_at`, for byte comparisons (bodies as hex: packed ones are BLOBs).
pub fn event_rows(db: &Path) -> Vec<(i64, i64, String, i64, String)> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare("SELECT seq, parent, kind, version, hex(body) FROM events ORDER BY seq")
        .unwrap();
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// The offline model's replies, treated as a language model's: what the same replies give
/// through the OpenAI client, whose paths are folded onto the person's branches (the offline
/// model itself names nodes by rule and skips that).
pub struct AsLanguageModel;

impl Model for AsLanguageModel {
    fn name(&self) -> String {
        OfflineModel.name()
    }
    fn complete(
        &mut self,
        request: &rgmem::model::ModelRequest,
    ) -> Result<rgmem::model::Completion, rgmem::model::ModelError> {
        OfflineModel.complete(request)
    }
    fn generative(&self) -> bool {
        true
    }
}
