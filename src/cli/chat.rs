//! `rgmem chat`: a line-based chat loop on stdin/stdout for scripts and pipes. For each line it
//! retrieves memory for the message, streams the model's answer, ingests the user turn and the
//! reply (running every due operator), and prints the operator firings.
//!
//! Output: `assistant: <answer>` on one line (streamed as it arrives), then one indented line per
//! firing, proposal or failed model call. Banners and errors go to stderr.

use super::Shared;
use super::common::ModelKind;
use anyhow::{Context, Result};
use rgmem::event::{Event, EventRecord};
use rgmem::ids::saturating_u32;
use rgmem::model::Task;
use rgmem::retrieval::Budgets;
use rgmem::session::TurnInput;
use rgmem::time::Timestamp;
use std::io::{BufRead, Write};

/// Options of `chat`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The user's name, if the memory does not know it yet.
    #[arg(long, default_value = "User")]
    user: String,
}

/// Runs `chat`.
pub fn run(shared: &Shared, args: &Args) -> Result<()> {
    let mut engine = shared.open_engine()?;
    if engine.log().head().0 == 0 {
        engine.set_thresholds(engine.memory().thresholds)?;
    }
    let session = engine
        .memory()
        .turns
        .iter()
        .map(|t| t.session)
        .max()
        .map_or(1, |s| s + 1);
    eprintln!(
        "rgmem chat: memory {}, model {}. One message per line; end with EOF (Ctrl-D).",
        shared.db_path().display(),
        engine.model_mut().name()
    );
    if shared.model == ModelKind::Offline {
        eprintln!("Offline model: answers are picked from memory by rules, not written by an LLM.");
    }
    let mut out = super::escape::stdout();
    let mut stdin = std::io::stdin().lock();
    let mut line_no = 0usize;
    loop {
        let mut raw = Vec::new();
        if stdin.read_until(b'\n', &mut raw).context("reading stdin")? == 0 {
            break;
        }
        line_no = line_no.saturating_add(1);
        let message = match String::from_utf8(raw) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("stdin line {line_no} is not valid UTF-8; invalid bytes read as U+FFFD");
                String::from_utf8_lossy(e.as_bytes()).into_owned()
            }
        };
        let message = message.trim().to_string();
        if message.is_empty() {
            continue;
        }
        let (context, _planner_call) = engine
            .retrieve(&message, &Budgets::default())
            .context("retrieving memory for the message")?;
        let task = Task::Answer {
            person: engine.person_for_question(&context),
            context: context.render(),
            question: message.clone(),
        };
        write!(out, "assistant: ")?;
        out.flush()?;
        let mut write_failed = None;
        let (outcome, records) = engine.ask_streaming(task, &mut |piece| {
            if let Err(e) = out.write_all(piece.as_bytes()).and_then(|()| out.flush()) {
                write_failed.get_or_insert(e);
            }
        })?;
        if let Some(e) = write_failed {
            return Err(e).context("writing the answer to stdout");
        }
        if let Some(note) = engine.model_mut().answer_note() {
            write!(out, " ({note})")?;
        }
        writeln!(out)?;
        print_notable(&mut out, &records)?;
        let reply = match outcome {
            Ok(c) => Some(c.reply),
            Err(e) => {
                eprintln!("error: the model did not answer: {e}");
                None
            }
        };
        let user_turn = turn(engine.memory(), "user", message, session);
        let records = engine
            .ingest(&user_turn, &args.user)
            .context("ingesting your message")?;
        print_notable(&mut out, &records)?;
        if let Some(reply) = reply {
            let reply_turn = turn(engine.memory(), "assistant", reply, session);
            let records = engine.ingest(&reply_turn, &args.user).context("ingesting the reply")?;
            print_notable(&mut out, &records)?;
        }
    }
    let records = engine.finish().context("closing the last segment")?;
    print_notable(&mut out, &records)?;
    Ok(())
}

/// A turn stamped now (never before the last turn, so time does not go backwards).
fn turn(memory: &rgmem::memory::Memory, speaker: &str, text: String, session: u32) -> TurnInput {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0));
    let last = memory
        .turns
        .iter()
        .filter_map(|t| t.time)
        .max()
        .map_or(0, Timestamp::unix_seconds);
    TurnInput {
        speaker: speaker.into(),
        text,
        time: Timestamp::from_unix_seconds(now.max(last)),
        session,
        index: saturating_u32(memory.turns.len()),
        source_ref: None,
    }
}

fn print_notable(out: &mut impl Write, records: &[EventRecord]) -> Result<()> {
    for r in records {
        if matches!(
            r.event,
            Event::OperatorFired { .. } | Event::AbstractionProposed { .. } | Event::ModelFailed { .. }
        ) {
            writeln!(out, "  {}", r.summary())?;
        }
    }
    out.flush()?;
    Ok(())
}
