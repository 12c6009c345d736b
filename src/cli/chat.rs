//! `rgmem chat`: a line-based chat loop on stdin/stdout for scripts and pipes. Each line goes
//! through `Engine::chat` (the message is ingested, then answered from memory, the answer
//! streamed), the reply is ingested, and the operator firings are printed.
//!
//! Output: `assistant: <answer>` on one line (streamed as it arrives), then one indented line per
//! firing, proposal or failed model call. Banners and errors go to stderr.

use super::Shared;
use anyhow::{Context, Result};
use rgmem::event::{Event, EventRecord};
use rgmem::retrieval::Budgets;
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
    eprintln!(
        "rgmem chat: memory {}, model {}. One message per line; end with EOF (Ctrl-D).",
        engine.log().location(),
        engine.model_mut().name()
    );
    if engine.model_mut().answer_note().is_some() {
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
        write!(out, "assistant: ")?;
        out.flush()?;
        let mut write_failed = None;
        let answered = engine.chat(
            &message,
            &args.user,
            Timestamp::now(),
            &Budgets::default(),
            &mut |piece| {
                if let Err(e) = out.write_all(piece.as_bytes()).and_then(|()| out.flush()) {
                    write_failed.get_or_insert(e);
                }
            },
        );
        if let Some(e) = write_failed {
            return Err(e).context("writing the answer to stdout");
        }
        let answer = match answered {
            Ok(a) => a,
            Err(rgmem::Error::Model(e)) => {
                writeln!(out)?;
                eprintln!("error: the model did not answer: {e}");
                continue;
            }
            Err(e) => return Err(e).context("answering the message"),
        };
        if let Some(note) = answer.note {
            write!(out, " ({note})")?;
        }
        writeln!(out)?;
        print_notable(&mut out, &answer.records)?;
        let records = engine
            .ingest_reply(&answer.text, &args.user, Timestamp::now())
            .context("ingesting the reply")?;
        print_notable(&mut out, &records)?;
    }
    let records = engine.finish().context("closing the last segment")?;
    print_notable(&mut out, &records)?;
    Ok(())
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
