//! The event loop: a tokio `select!` over terminal input, engine updates and a tick. Messages go
//! through `App::update`; pending messages are drained before drawing, and the screen is drawn
//! only when something changed.

use super::app::App;
use super::command::Command;
use super::engine_task::EngineHandle;
use super::msg::{EngineUpdate, Msg};
use super::ui;
use anyhow::{Context, Result};
use crossterm::event::{Event as TermEvent, EventStream};
use futures::StreamExt;
use ratatui::DefaultTerminal;
use std::time::Duration;

/// Time between ticks (spinner, flashes, replay clock).
pub const TICK: Duration = Duration::from_millis(100);

/// Runs until the user quits.
pub async fn run(terminal: &mut DefaultTerminal, app: &mut App, mut engine: EngineHandle) -> Result<()> {
    let mut input = EventStream::new();
    let mut tick = tokio::time::interval(TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    if let Ok(size) = terminal.size() {
        app.update(Msg::Resize(size.width, size.height));
    }
    if perform(app.startup(), &engine, app) {
        return Ok(());
    }
    loop {
        if app.dirty {
            terminal
                .draw(|frame| ui::render(frame, app))
                .context("drawing the screen")?;
            app.dirty = false;
        }
        let msg = tokio::select! {
            biased;
            event = input.next() => match event {
                Some(Ok(event)) => match translate(event) {
                    Some(msg) => msg,
                    None => continue,
                },
                Some(Err(e)) => return Err(e).context("reading the terminal"),
                None => return Ok(()),
            },
            update = engine.updates.recv() => match update {
                Some(update) => Msg::Engine(update),
                None => Msg::Engine(EngineUpdate::Done {
                    id: None,
                    error: Some("the engine thread stopped".into()),
                    notice: None,
                }),
            },
            _ = tick.tick() => Msg::Tick(TICK),
        };
        let commands = app.update(msg);
        if perform(commands, &engine, app) {
            return Ok(());
        }
        // Coalesce: apply every update already waiting before the next draw.
        while let Ok(update) = engine.updates.try_recv() {
            let commands = app.update(Msg::Engine(update));
            if perform(commands, &engine, app) {
                return Ok(());
            }
        }
    }
}

/// Performs commands; true when the app asked to quit.
fn perform(commands: Vec<Command>, engine: &EngineHandle, app: &mut App) -> bool {
    for command in commands {
        match command {
            Command::Quit => return true,
            Command::CancelModel => {
                engine.cancel();
            }
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
