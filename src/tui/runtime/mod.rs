//! The event loop: terminal input (any stream of crossterm events: the terminal's, or a script's),
//! engine updates and a tick become messages for `App::update`; pending engine updates are drained
//! before drawing, and the screen is drawn only when something changed.
//!
//! [`Pace::Live`] selects over the three as they come. [`Pace::Settled`] is for scripted sessions:
//! it reads the next input only once the engine has answered everything asked of it and the replay
//! clock has nothing due, and it runs that clock on virtual ticks, so a script of keys gives the same
//! screens and the same log on every run, on any machine, without sleeping.

#[cfg(test)]
mod tests;

use super::app::App;
use super::command::Command;
use super::engine_task::EngineHandle;
use super::msg::{EngineUpdate, Msg};
use super::ui;
use anyhow::{Context, Result, anyhow};
use crossterm::event::Event as TermEvent;
use futures::{Stream, StreamExt};
use ratatui::Terminal;
use ratatui::backend::Backend;
use std::time::Duration;

/// Time between ticks (spinner, flashes, replay clock).
pub const TICK: Duration = Duration::from_millis(100);

/// How input and time are paced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pace {
    /// A person at a terminal: input, engine updates and real ticks as they come.
    Live,
    /// A script: each input after the engine has settled; ticks only while a replay plays.
    #[cfg_attr(not(test), allow(dead_code))]
    Settled,
}

/// Runs until the user quits or the input ends.
///
/// # Errors
/// When the terminal cannot be read or drawn.
pub async fn run<B, S>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    mut engine: EngineHandle,
    mut input: S,
    pace: Pace,
) -> Result<()>
where
    B: Backend,
    B::Error: Send + Sync + 'static,
    S: Stream<Item = std::io::Result<TermEvent>> + Unpin,
{
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    if let Ok(size) = terminal.size() {
        app.update(Msg::Resize(size.width, size.height));
    }
    let startup = app.startup();
    // Settled: the startup requests' answers come first (the engine answers in order); no input
    // is read before them, nor before the log is open.
    let mut owed = startup.iter().filter(|c| matches!(c, Command::Engine(_))).count();
    if perform(startup, &mut engine, app) {
        return Ok(());
    }
    let mut heard = false;
    loop {
        if app.dirty {
            terminal
                .draw(|frame| ui::render(frame, app))
                .map_err(|e| anyhow!(e))
                .context("drawing the screen")?;
            app.dirty = false;
        }
        let msg = match pace {
            Pace::Live => tokio::select! {
                biased;
                event = input.next() => match event {
                    Some(Ok(event)) => match translate(event) {
                        Some(msg) => msg,
                        None => continue,
                    },
                    Some(Err(e)) => return Err(e).context("reading the terminal"),
                    None => return Ok(()),
                },
                update = engine.updates.recv() => from_engine(update),
                _ = tick.tick() => Msg::Tick(TICK),
            },
            Pace::Settled if !heard || owed > 0 || app.awaits_engine() => match engine.updates.recv().await {
                Some(update) => Msg::Engine(update),
                None => return Err(anyhow!("the engine thread stopped")),
            },
            Pace::Settled if app.replay_due() => Msg::Tick(TICK),
            Pace::Settled => match input.next().await {
                Some(Ok(event)) => match translate(event) {
                    Some(msg) => msg,
                    None => continue,
                },
                Some(Err(e)) => return Err(e).context("reading the input"),
                None => return Ok(()),
            },
        };
        if let Msg::Engine(update) = &msg {
            count(update, &mut heard, &mut owed);
        }
        let commands = app.update(msg);
        if perform(commands, &mut engine, app) {
            return Ok(());
        }
        // Coalesce: apply every update already waiting before the next draw.
        while let Ok(update) = engine.updates.try_recv() {
            count(&update, &mut heard, &mut owed);
            let commands = app.update(Msg::Engine(update));
            if perform(commands, &mut engine, app) {
                return Ok(());
            }
        }
    }
}

/// Keeps count of what the engine has said: whether it has spoken at all (the log is open, or
/// failed to), and how many startup requests it still owes an answer.
fn count(update: &EngineUpdate, heard: &mut bool, owed: &mut usize) {
    *heard |= !matches!(update, EngineUpdate::Snapshots(_));
    if matches!(update, EngineUpdate::Done { .. }) {
        *owed = owed.saturating_sub(1);
    }
}

fn from_engine(update: Option<EngineUpdate>) -> Msg {
    match update {
        Some(update) => Msg::Engine(update),
        None => Msg::Engine(EngineUpdate::Done {
            id: None,
            error: Some("the engine thread stopped".into()),
            notice: None,
        }),
    }
}

/// Performs commands; true when the app asked to quit.
fn perform(commands: Vec<Command>, engine: &mut EngineHandle, app: &mut App) -> bool {
    for command in commands {
        match command {
            Command::Quit => return true,
            Command::CancelModel => {
                engine.cancel();
            }
            Command::Sweep(request) => engine.sweeper.start(request),
            Command::CancelSweep => engine.sweeper.cancel(),
            Command::Engine(request) => {
                if !engine.send(request) {
                    app.last_error = Some("the engine thread stopped".into());
                    app.dirty = true;
                }
            }
        }
    }
    false
}

fn translate(event: TermEvent) -> Option<Msg> {
    match event {
        TermEvent::Key(key) => Some(Msg::Key(key)),
        TermEvent::Mouse(mouse) => Some(Msg::Mouse(mouse)),
        TermEvent::Resize(w, h) => Some(Msg::Resize(w, h)),
        _ => None,
    }
}
