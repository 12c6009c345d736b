//! `rgmem tui [--session FILE]`, and `rgmem` with no arguments: opens the inspector.

use super::Shared;
use crate::tui::app::Options;
use crate::tui::theme::Theme;
use anyhow::{Context, Result};
use std::path::PathBuf;

/// Options of `tui`.
#[derive(Debug, Default, clap::Args)]
pub struct Args {
    /// Replay this conversation file (a session, or any format `import` reads) under the play
    /// controls (into a fresh temporary memory unless --db is given).
    #[arg(long, value_name = "FILE")]
    session: Option<PathBuf>,
    /// With --session: the file's format, instead of telling it from the content.
    #[arg(long, value_name = "FORMAT", requires = "session")]
    format: Option<rgmem::formats::import::Format>,
    /// With --session: only this conversation of a file that holds several.
    #[arg(long, value_name = "ID|all", requires = "session")]
    conversation: Option<String>,
    /// The person's name, instead of "User" (or of the session header's name) until they say theirs.
    #[arg(long, value_name = "NAME")]
    user: Option<String>,
    /// Watch a memory file another process writes (`rgmem serve`, `rgmem replay`): start on the
    /// timeline at head; new events appear within a second, and the cursor moves with the head
    /// unless you moved it. (The inspector always picks up what others append; this starts it
    /// watching rather than chatting.)
    #[arg(long, conflicts_with = "session")]
    follow: bool,
    /// Colour the concept tree and the evidence pane by recall coverage, from
    /// `rgmem eval locomo --coverage FILE` (the entry for this memory file).
    #[arg(long, value_name = "FILE")]
    coverage: Option<PathBuf>,
}

/// Runs the inspector.
pub fn run(shared: &Shared, args: &Args) -> Result<()> {
    let replay = match &args.session {
        Some(path) => {
            let pick = super::input::Pick {
                format: args.format,
                conversation: args.conversation.clone(),
                person: args.user.clone(),
            };
            let input = super::input::load(path, &pick)?;
            let name = path
                .file_name()
                .map_or_else(|| path.display().to_string(), |f| f.to_string_lossy().into_owned());
            let truth = std::fs::read_to_string(path)
                .ok()
                .and_then(|text| crate::tui::app::truth_of(&text));
            Some((name, input.user, input.turns, truth))
        }
        None => None,
    };
    let coverage = match &args.coverage {
        Some(file) => Some(
            rgmem::eval::coverage::CoverageFile::read(file)?
                .for_memory(&shared.db_path(), file)?
                .clone(),
        ),
        None => None,
    };
    let mut shared = shared.clone();
    // A replay without --db goes into a scratch directory, removed on every way out.
    let scratch = match (&shared.db, &replay) {
        (None, Some(_)) => Some(super::replay::ScratchDir::new()?),
        _ => None,
    };
    if let Some(dir) = &scratch {
        shared.db = Some(dir.db());
    }
    let mut engine = shared.open_engine()?;
    let model = engine.model_mut().name();
    let user = match (&args.user, &replay) {
        (Some(name), _) if !name.trim().is_empty() => name.trim().to_string(),
        (_, Some((_, user, _, _))) => user.clone(),
        _ => engine
            .memory()
            .roots()
            .next()
            .map_or_else(|| "User".to_string(), |r| r.name.clone()),
    };
    let db = shared.db_path();
    let (keymap, keymap_problems) = crate::tui::keymap::Keymap::load();
    let calls_model = shared.model == super::common::ModelKind::Openai;
    let sweep_calls = calls_model.then(|| model.clone());
    let options = Options {
        db: if shared.on_postgres() {
            engine.log().location()
        } else {
            crate::tui::app::place(&db)
        },
        model,
        user,
        truth: replay.as_ref().and_then(|(_, _, _, truth)| truth.clone()),
        replay: replay.map(|(name, _, turns, _)| (name, turns)),
        approve: shared.approve,
        theme: Theme::from_env(),
        snapshot_interval: rgmem::timeline::SNAPSHOT_INTERVAL,
        coverage,
        keymap,
        follow: args.follow,
        sweep_calls,
    };
    // The phase view's sweep: offline and recorded models call nothing; with a real model the
    // replies this memory file recorded are reused and the rest go to the model, after `:phase`
    // asked (`sweep_calls` names it).
    let factory_shared = shared.clone();
    let sweep_model: crate::tui::sweep_task::ModelFactory = std::sync::Arc::new(move || {
        let setup = |e: anyhow::Error| rgmem::Error::ModelSetup(format!("{e:#}"));
        let live = factory_shared.model().map_err(setup)?;
        if !calls_model {
            return Ok(live);
        }
        let db = factory_shared.db_path();
        let recorded = if super::store::is_postgres(&db) {
            let log = super::store::open(&db, false).map_err(setup)?;
            rgmem::log::recorded::RecordedModel::from_log(log.as_ref())?
        } else {
            rgmem::log::recorded::RecordedModel::from_path(&db)?
        };
        Ok(Box::new(crate::tui::sweep_model::RecordedFirst::new(recorded, live)))
    });
    let result = crate::tui::run(engine, options, &keymap_problems, Some(sweep_model)).context("running the inspector");
    for problem in &keymap_problems {
        eprintln!("keymap: {problem}");
    }
    drop(scratch);
    result
}
