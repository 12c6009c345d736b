//! The inspector against a real TCP server that accepts and never answers: the start-up check
//! shows a banner, Esc frees the engine (the client's canceller aborts the HTTP call), and the
//! next message is shown and ingested. The engine runs on its own thread, as in the inspector;
//! the test pumps updates with the runtime's tick and asserts on state, never on time.

use super::*;
use crate::tui::engine_task::{self, EngineHandle};
use crate::tui::runtime::TICK;
use rgmem::Engine;
use rgmem::log::Log;
use rgmem::model::openai::{OpenAiConfig, OpenAiModel, RetryPolicy, StructuredOutput};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

/// Ticks before a test gives up waiting (about a minute of the inspector's time).
const PATIENCE: usize = 600;

/// A server on 127.0.0.1 that accepts every connection, holds it open and never answers.
fn silent_server() -> (String, Arc<Mutex<Vec<TcpStream>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/v1", listener.local_addr().unwrap());
    let held = Arc::new(Mutex::new(Vec::new()));
    let keep = held.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            keep.lock().unwrap().push(stream);
        }
    });
    (url, held)
}

struct Live {
    app: App,
    engine: EngineHandle,
    runtime: tokio::runtime::Runtime,
    _dir: tempfile::TempDir,
}

impl Live {
    fn new(url: &str) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let config = OpenAiConfig {
            base_url: url.to_string(),
            structured_output: StructuredOutput::Off,
            retry: RetryPolicy {
                max_retries: 0,
                ..RetryPolicy::default()
            },
            ..OpenAiConfig::default()
        };
        let model = OpenAiModel::new(config).unwrap();
        let engine = Engine::open(Log::open(&dir.path().join("m.db")).unwrap(), Box::new(model)).unwrap();
        let engine = engine_task::spawn(engine).unwrap();
        let app = App::new(Options {
            model: "openai".into(),
            user: "Alex".into(),
            ..Options::default()
        });
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        let mut live = Self {
            app,
            engine,
            runtime,
            _dir: dir,
        };
        let startup = live.app.startup();
        live.perform(startup);
        live
    }

    fn perform(&mut self, commands: Vec<Command>) {
        for command in commands {
            match command {
                Command::CancelModel => {
                    self.engine.cancel();
                }
                Command::Engine(request) => assert!(self.engine.send(request), "the engine thread stopped"),
                Command::Sweep(request) => self.engine.sweeper.start(request),
                Command::CancelSweep => self.engine.sweeper.cancel(),
                Command::Quit => {}
            }
        }
    }

    /// Feeds engine updates (and a tick whenever none comes within one) until `done` holds.
    fn until(&mut self, what: &str, done: impl Fn(&App) -> bool) {
        for _ in 0..PATIENCE {
            if done(&self.app) {
                return;
            }
            let updates = &mut self.engine.updates;
            let next = self
                .runtime
                .block_on(async { tokio::time::timeout(TICK, updates.recv()).await });
            let commands = match next {
                Ok(Some(update)) => self.app.update(Msg::Engine(update)),
                Ok(None) => panic!("the engine thread stopped while waiting for {what}"),
                Err(_) => self.app.update(Msg::Tick(TICK)),
            };
            self.perform(commands);
        }
        panic!("gave up waiting for {what}");
    }

    fn key(&mut self, code: KeyCode) {
        let commands = self.app.update(Msg::Key(KeyEvent::from(code)));
        self.perform(commands);
    }

    fn say(&mut self, text: &str) {
        for ch in text.chars() {
            self.key(KeyCode::Char(ch));
        }
        self.key(KeyCode::Enter);
    }

    fn user_turns(&self) -> Vec<String> {
        self.app
            .timeline
            .head_memory()
            .turns
            .iter()
            .filter(|t| t.speaker.is_user())
            .map(|t| t.text.clone())
            .collect()
    }
}

#[test]
fn a_server_that_never_answers_gets_a_banner_and_esc_frees_the_engine_for_the_next_message() {
    let (url, held) = silent_server();
    let mut live = Live::new(&url);
    live.until("the log to open", |app| app.loaded);
    live.until("the start-up check", |app| app.banner.is_some());
    let banner = live.app.message().map(|(t, _)| t.to_string()).unwrap_or_default();
    assert!(banner.contains("does not answer") && banner.contains(&url), "{banner}");

    // The check's own connection is held too: count the calls after it.
    let checked = held.lock().unwrap().len();
    live.say("I swim three times a week.");
    let server = held.clone();
    live.until("the first model call to reach the server", move |_| {
        server.lock().unwrap().len() > checked
    });
    live.key(KeyCode::Esc);
    live.until("the cancelled request to finish", |app| {
        app.busy == 0 && app.chat.cancelling.is_none()
    });
    assert!(live.app.chat.pending.is_none());
    assert_eq!(live.user_turns(), vec!["I swim three times a week.".to_string()]);

    let calls = held.lock().unwrap().len();
    // The engine is free: the next message is taken up at once (not queued behind a hung call),
    // shown, and ingested once its own hung call is cancelled too.
    live.say("I also run on Sundays.");
    assert!(
        live.app.chat.queued.is_empty(),
        "nothing waits behind the cancelled request"
    );
    let server = held.clone();
    live.until("the next message's model call to reach the server", move |_| {
        server.lock().unwrap().len() > calls
    });
    live.key(KeyCode::Esc);
    live.until("the second request to finish", |app| {
        app.busy == 0 && app.chat.cancelling.is_none()
    });
    assert!(
        live.app.views.chat.iter().any(|l| matches!(
            l,
            ChatLine::Message { text, .. } if text == "I also run on Sundays."
        )),
        "the next message is shown in the chat"
    );
    assert_eq!(
        live.user_turns(),
        vec![
            "I swim three times a week.".to_string(),
            "I also run on Sundays.".to_string()
        ]
    );
}
