//! `App::update` driven by messages alone: no terminal, no async. Engine requests are carried
//! out synchronously by [`Harness`] through the same `engine_task::handle` the thread uses.

use super::*;
use crate::tui::engine_task;
use rgmem::Engine;
use rgmem::log::Log;
use rgmem::model::offline::OfflineModel;
use rgmem::session::SessionFile;

pub(crate) const SAMPLE: &str = include_str!("../../../sample_sessions/strength_training_injury.jsonl");

/// An app wired to a real engine on a temporary database.
pub(crate) struct Harness {
    pub app: App,
    pub engine: Engine,
    _dir: tempfile::TempDir,
}

impl Harness {
    pub fn new(approve: bool) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let log = Log::open(&dir.path().join("m.db")).unwrap();
        let mut engine = Engine::open(log, Box::new(OfflineModel)).unwrap();
        engine.set_approve(approve);
        let file = SessionFile::parse(SAMPLE, "strength_training_injury.jsonl").unwrap();
        let mut app = App::new(Options {
            user: file.user_name(),
            replay: Some(("strength_training_injury.jsonl".into(), file.turns)),
            approve,
            ..Options::default()
        });
        let records = engine.log().all().unwrap();
        app.update(Msg::Engine(EngineUpdate::Loaded { records, approve }));
        Self {
            app,
            engine,
            _dir: dir,
        }
    }

    /// Sends a message and performs every engine request it causes, feeding the updates back.
    pub fn send(&mut self, msg: Msg) -> Vec<Command> {
        let mut queue = self.app.update(msg);
        let mut seen = Vec::new();
        while let Some(command) = (!queue.is_empty()).then(|| queue.remove(0)) {
            seen.push(command.clone());
            if let Command::Engine(request) = command {
                let mut updates = Vec::new();
                engine_task::handle(&mut self.engine, request, &mut |u| updates.push(u));
                for u in updates {
                    queue.extend(self.app.update(Msg::Engine(u)));
                }
            }
        }
        seen
    }

    pub fn act(&mut self, action: Action) -> Vec<Command> {
        self.send(Msg::Action(action))
    }

    /// Replays the whole sample session at full speed.
    pub fn play_all(&mut self) {
        self.act(Action::SpeedUp);
        for _ in 0..SPEEDS.len() {
            self.act(Action::SpeedUp);
        }
        self.act(Action::PlayPause);
        assert!(self.app.replay.as_ref().unwrap().finished, "replay did not finish");
    }
}

#[test]
fn replay_plays_the_whole_session_and_follows_head() {
    let mut h = Harness::new(false);
    h.play_all();
    assert_eq!(h.app.timeline.head(), h.engine.log().head());
    assert!(h.app.timeline.is_at_head());
    assert_eq!(h.app.timeline.memory(), h.engine.memory());
}
