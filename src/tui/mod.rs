//! The inspector: a terminal interface over the engine that chats, renders the memory at a
//! cursor on the event log (concept tree, evidence counters, Σ/Δ diffs, timeline), and steps,
//! rolls back, approves and replays.
//!
//! Flow: [`runtime`] turns terminal input, engine updates and ticks into [`msg::Msg`]s;
//! [`app::App::update`] (pure) changes the state and returns [`command::Command`]s; engine
//! requests go to [`engine_task`], the only owner of the database and the model; [`ui`] draws
//! the state when it changed. Nothing here is used by the library.

pub mod action;
pub mod app;
pub mod command;
pub mod endpoint;
pub mod engine_task;
pub mod focus;
pub mod keymap;
pub mod layout;
pub mod msg;
#[cfg(all(test, feature = "postgres"))]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod pg_tests;
pub mod runtime;
pub mod sweep_model;
pub mod sweep_task;
pub mod text;
pub mod theme;
pub mod ui;

use anyhow::{Context, Result};
use app::{App, Options};
use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use rgmem::Engine;

/// Opens the inspector over an engine; returns when the user quits. The terminal is restored
/// on every exit path, panics included. `problems` (the user's keymap file's) are shown at start
/// and kept for `:messages`.
pub fn run<L: rgmem::log::EventStore + Send + 'static>(
    engine: Engine<L>,
    options: Options,
    problems: &[String],
    sweep_model: Option<sweep_task::ModelFactory>,
) -> Result<()> {
    let mut handle = engine_task::spawn(engine).context("starting the engine thread")?;
    if let Some(factory) = sweep_model {
        handle.sweeper = sweep_task::Sweeper::new(Some(factory), handle.sweeper.updates());
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    let mut app = App::new(options);
    app.report_problems(problems);
    let mut terminal = ratatui::init();
    install_mouse_restore_hook();
    let _ = execute!(std::io::stdout(), EnableMouseCapture);
    let input = crossterm::event::EventStream::new();
    let result = runtime.block_on(runtime::run(
        &mut terminal,
        &mut app,
        handle,
        input,
        runtime::Pace::Live,
    ));
    let _ = execute!(std::io::stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}

/// `ratatui::init` restores raw mode and the screen on panic; this also turns mouse capture off
/// first, then defers to that hook.
fn install_mouse_restore_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(std::io::stdout(), DisableMouseCapture);
        previous(info);
    }));
}
