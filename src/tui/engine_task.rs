//! The engine task: a dedicated thread that alone owns the [`Engine`] (its log's connection and
//! its synchronous model), so a slow model call never blocks input or drawing. Requests come in
//! on a channel; appended records, streamed tokens and outcomes go back as [`EngineUpdate`]s.
//!
//! It opens the inspector at head: the engine's memory at head (from the log's latest
//! checkpoint), the parents and firings, and a timeline that pages event text from the file.
//! Older memories are folded by a second thread with its own read-only connection and arrive as
//! `Snapshots`, so neither input nor drawing waits for the history.

use super::command::EngineRequest;
use super::msg::{EngineUpdate, Handoff, RequestId};
use rgmem::Engine;
use rgmem::event::{Event, EventRecord};
use rgmem::ids::Seq;
use rgmem::log::{EventStore, Reader};
use rgmem::retrieval::Budgets;
use rgmem::timeline::EventSource;
use rgmem::timeline::{SNAPSHOT_INTERVAL, SnapshotBuilder, Timeline};
use std::sync::mpsc;
use tokio::sync::mpsc::UnboundedSender;

/// The runtime's end of the engine thread.
pub struct EngineHandle {
    requests: mpsc::Sender<EngineRequest>,
    /// Cancels the model call in flight (`None` for models that cannot be cancelled).
    cancel: Option<rgmem::model::Cancel>,
    /// Updates from the engine (and from the phase view's sweep).
    pub updates: tokio::sync::mpsc::UnboundedReceiver<EngineUpdate>,
    /// Runs the phase view's sweeps, reporting on `updates`.
    pub sweeper: super::sweep_task::Sweeper,
}

impl EngineHandle {
    /// Queues a request; a stopped engine thread is reported as an error update by the caller.
    pub fn send(&self, request: EngineRequest) -> bool {
        self.requests.send(request).is_ok()
    }

    /// Cancels the model call running now, through the client's canceller, so the engine is
    /// free for the next request; a model without one finishes on its own.
    pub fn cancel(&self) -> bool {
        self.cancel.as_ref().map(rgmem::model::Cancel::cancel).is_some()
    }
}

/// Starts the engine thread; it first reports the log opened at head as `Opened`. A model that
/// calls a server has it checked once, on a thread of its own, so the first frame never waits.
pub fn spawn<L: EventStore + Send + 'static>(mut engine: Engine<L>) -> std::io::Result<EngineHandle> {
    let cancel = engine.model_mut().canceller();
    let (req_tx, req_rx) = mpsc::channel::<EngineRequest>();
    let (up_tx, up_rx) = tokio::sync::mpsc::unbounded_channel();
    if let Some(url) = engine.model_mut().endpoint() {
        let updates = up_tx.clone();
        // Without the thread there is no banner; the first call still reports the failure.
        drop(
            std::thread::Builder::new()
                .name("rgmem-endpoint".into())
                .spawn(move || {
                    let problem = super::endpoint::check(&url, super::endpoint::WAIT).err();
                    let _ = updates.send(EngineUpdate::Endpoint { problem });
                }),
        );
    }
    let sweeper = super::sweep_task::Sweeper::new(None, up_tx.clone());
    std::thread::Builder::new()
        .name("rgmem-engine".into())
        .spawn(move || run(engine, &req_rx, &up_tx))?;
    Ok(EngineHandle {
        requests: req_tx,
        cancel,
        updates: up_rx,
        sweeper,
    })
}

fn run<L: EventStore>(
    mut engine: Engine<L>,
    requests: &mpsc::Receiver<EngineRequest>,
    updates: &UnboundedSender<EngineUpdate>,
) {
    let opened = match open_at_head(&engine) {
        Ok(timeline) => {
            build_snapshots(&engine, updates.clone());
            EngineUpdate::Opened {
                timeline: Handoff::new(timeline),
                approve: engine.approve_mode(),
            }
        }
        Err(e) => EngineUpdate::Done {
            id: None,
            error: Some(format!("reading the log: {e}")),
            notice: None,
        },
    };
    if updates.send(opened).is_err() {
        return;
    }
    // The app extends its log record by record: whatever another process appended while a step
    // was planned goes to it first (read on a connection of its own), so it never meets a gap.
    let mut known = engine.log().head();
    let mut reader = engine.log().open_reader().ok();
    while let Ok(request) = requests.recv() {
        handle(&mut engine, request, &mut |u| {
            let u = match (u, reader.as_mut()) {
                (EngineUpdate::Appended(records), Some(reader)) => {
                    match rgmem::engine::without_gaps(reader, &mut known, records.clone()) {
                        Ok(all) => EngineUpdate::Appended(all),
                        Err(_) => EngineUpdate::Appended(records),
                    }
                }
                (u, _) => u,
            };
            let _ = updates.send(u);
        });
    }
}

/// The timeline at head: nothing is folded, and no event is read but the firings' seqs. A file
/// is paged through a read-only connection of its own; another store through a second
/// connection to it.
pub fn open_at_head<L: EventStore>(engine: &Engine<L>) -> rgmem::Result<Timeline> {
    let log = engine.log();
    let (firings, source): (Vec<Seq>, Box<dyn EventSource>) = match log.sqlite() {
        Some(file) => {
            let reader = Reader::open(file.path())?;
            (reader.firings()?, Box::new(reader))
        }
        None => (firings(log)?, Box::new(log.open_reader()?)),
    };
    let mut timeline = Timeline::open(
        engine.memory().clone(),
        log.parents().to_vec(),
        firings,
        source,
        SNAPSHOT_INTERVAL,
    );
    // The checkpoint the head was folded from: a step back from head folds from there at once,
    // not from the start while the history is still being folded.
    timeline.add_snapshots(log.last_checkpoint().into_iter().collect());
    Ok(timeline)
}

/// The seqs of operator firings and proposals, ascending (what [`Reader::firings`] reads of a
/// file).
fn firings(log: &dyn EventStore) -> rgmem::Result<Vec<Seq>> {
    let mut seqs = log.seqs_of_kind("operator_fired")?;
    seqs.extend(log.seqs_of_kind("abstraction_proposed")?);
    seqs.sort_unstable();
    Ok(seqs)
}

/// Folds the log on a thread of its own and sends the snapshots; stops when the app is gone.
fn build_snapshots<L: EventStore>(engine: &Engine<L>, updates: UnboundedSender<EngineUpdate>) {
    let log = engine.log();
    let place = log.location();
    // A file is opened on the thread; another store's second connection is made here, since
    // the store itself stays with the engine.
    let path = log.sqlite().map(|file| file.path().to_path_buf());
    let other = match path {
        Some(_) => None,
        None => Some(log.open_reader()),
    };
    let builder = SnapshotBuilder::new(log.parents().to_vec(), SNAPSHOT_INTERVAL);
    let spawned = std::thread::Builder::new().name("rgmem-history".into()).spawn(move || {
        let source: rgmem::Result<Box<dyn EventSource>> = match (path, other) {
            (Some(path), _) => Reader::open(&path).map(|r| Box::new(r) as Box<dyn EventSource>),
            (None, Some(opened)) => opened.map(|r| Box::new(r) as Box<dyn EventSource>),
            (None, None) => Err(rgmem::Error::Codec("no reader for the history".into())),
        };
        let result = source.and_then(|source| {
            builder.run(source, 16, &mut |batch| {
                updates.send(EngineUpdate::Snapshots(batch)).is_ok()
            })
        });
        if let Err(e) = result {
            let _ = updates.send(EngineUpdate::Done {
                id: None,
                error: Some(format!("reading the history of {place}: {e}")),
                notice: None,
            });
        }
    });
    // Without the thread, seeks fold from the start: slower, still correct.
    drop(spawned);
}

/// Performs one request, reporting through `send`. Synchronous, so tests can drive it directly.
pub fn handle<L: EventStore>(engine: &mut Engine<L>, request: EngineRequest, send: &mut dyn FnMut(EngineUpdate)) {
    if request == EngineRequest::Follow {
        match engine.follow() {
            Ok(records) if records.is_empty() => {}
            Ok(records) => send(EngineUpdate::Appended(records)),
            Err(e) => send(EngineUpdate::Done {
                id: None,
                error: Some(format!("following the file failed: {e}")),
                notice: None,
            }),
        }
        return;
    }
    let chat_id = match &request {
        EngineRequest::Chat { id, .. } => Some(*id),
        _ => None,
    };
    if let Some(id) = chat_id {
        send(EngineUpdate::Started { id });
    }
    let what = match &request {
        EngineRequest::Export(path) => format!("export to {}", path.display()),
        EngineRequest::Rollback(to) => format!("rollback to {to}"),
        EngineRequest::Approve(seq) => format!("approving {}", named(engine, *seq)),
        EngineRequest::Reject(seq) => format!("rejecting {}", named(engine, *seq)),
        EngineRequest::Revert(seq) => format!("reverting {}", named(engine, *seq)),
        EngineRequest::SetThresholds(_) => "changing the thresholds".into(),
        EngineRequest::Chat { .. } => "the chat message".into(),
        EngineRequest::Ingest { .. } | EngineRequest::Finish => "ingesting".into(),
        EngineRequest::CloseSegment => "closing the segment".into(),
        EngineRequest::Reply { .. } => "ingesting the reply".into(),
        EngineRequest::SetApprove(_) => "switching approval mode".into(),
        EngineRequest::Follow => "following the file".into(),
        EngineRequest::Correct { item, .. } => format!("correcting {item}"),
        EngineRequest::UndoCorrection(k) => format!("undoing {k}"),
    };
    let (error, notice) = match perform(engine, request, send) {
        Ok(notice) => (None, notice),
        Err(e) => (Some(format!("{what} failed: {e}")), None),
    };
    send(EngineUpdate::Done {
        id: chat_id,
        error,
        notice,
    });
}

fn perform<L: EventStore>(
    engine: &mut Engine<L>,
    request: EngineRequest,
    send: &mut dyn FnMut(EngineUpdate),
) -> rgmem::Result<Option<String>> {
    // `Engine::ingest` records the thresholds of a fresh log itself but returns only the turn's
    // records; record them here so the app sees every seq.
    if matches!(
        request,
        EngineRequest::Ingest { .. } | EngineRequest::Reply { .. } | EngineRequest::Chat { .. }
    ) && engine.log().head().0 == 0
    {
        let first = engine.set_thresholds(engine.memory().thresholds)?;
        send(EngineUpdate::Appended(first));
    }
    let records = match request {
        EngineRequest::Ingest { turn, user } => engine.ingest(&turn, &user)?,
        EngineRequest::Reply { text, user } => engine.ingest_reply(&text, &user, rgmem::time::Timestamp::now())?,
        EngineRequest::Finish | EngineRequest::CloseSegment => engine.finish()?,
        EngineRequest::SetThresholds(t) => {
            let mut records = engine.set_thresholds(t)?;
            records.extend(engine.run_due()?);
            records
        }
        EngineRequest::Rollback(to) => {
            // A rollback into the middle of a step leaves operators due (a counter at θ_inf
            // whose RK1 had not run yet): run them now, as part of the rollback, so their
            // firings are never shown under the next message.
            let mut records = engine.rollback(to)?;
            records.extend(engine.run_due()?);
            records
        }
        EngineRequest::SetApprove(on) => {
            engine.set_approve(on);
            Vec::new()
        }
        EngineRequest::Approve(seq) => {
            let what = proposal_named(engine, seq);
            let records = engine.approve(seq)?;
            let caused = caused_proposals(&records);
            send(EngineUpdate::Appended(records));
            return Ok(Some(if caused.is_empty() {
                format!("approved {what}: its Σ/Δ now apply")
            } else {
                // The approval's Σ/Δ flowed up and fired more operators, whose results wait too:
                // say so, or the pending count rises for no visible reason.
                format!("approved {what}; it caused {}, now pending", and_list(&caused))
            }));
        }
        EngineRequest::Reject(seq) => {
            let what = named(engine, seq);
            let records = engine.reject(seq)?;
            send(EngineUpdate::Appended(records));
            return Ok(Some(format!("rejected {what}: the Σ/Δ stay as they were")));
        }
        EngineRequest::Revert(seq) => {
            let what = named(engine, seq);
            let records = engine.revert(seq)?;
            send(EngineUpdate::Appended(records));
            return Ok(Some(format!("reverted {what}: its Σ/Δ are back to before {seq}")));
        }
        EngineRequest::Export(path) => {
            return export(engine, &path).map(Some);
        }
        EngineRequest::Follow => engine.follow()?,
        EngineRequest::UndoCorrection(k) => {
            let records = engine.undo_correction(k)?;
            send(EngineUpdate::Appended(records));
            return Ok(Some(format!("undid {k}: the item reads as before it")));
        }
        EngineRequest::Correct { item, reason, text } => {
            let records = engine.correct(item, text.as_deref(), &reason)?;
            send(EngineUpdate::Appended(records));
            let done = if text.is_some() { "replaced" } else { "retired" };
            return Ok(Some(format!(
                "{done} {item}: the old text leaves recall and never re-enters a summary (rgmem correct --undo K takes it back)"
            )));
        }
        EngineRequest::Chat { id, text, user } => {
            return chat(engine, id, &text, &user, send);
        }
    };
    if !records.is_empty() {
        send(EngineUpdate::Appended(records));
    }
    Ok(None)
}

/// "p0 (RK2 Fitness, #35)": the proposal recorded at a seq, by its id, operator and concept; the
/// seq with what its event did when it is not a proposal.
fn proposal_named<L: EventStore>(engine: &Engine<L>, seq: Seq) -> String {
    match engine.log().event(seq).map(|r| r.event) {
        Ok(Event::AbstractionProposed {
            proposal,
            operator,
            target,
            ..
        }) => format!("{proposal} ({} {target}, {seq})", operator.label()),
        _ => named(engine, seq),
    }
}

/// The proposals a step recorded: "p3 (RK2 Diet)".
fn caused_proposals(records: &[EventRecord]) -> Vec<String> {
    records
        .iter()
        .filter_map(|r| match &r.event {
            Event::AbstractionProposed {
                proposal,
                operator,
                target,
                ..
            } => Some(format!("{proposal} ({} {target})", operator.label())),
            _ => None,
        })
        .collect()
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// "#430 (RK2 Fitness (score 8, θ_sum 6))": a seq with what its event did, named from the
/// memory at head; the bare seq when the log cannot say.
fn named<L: EventStore>(engine: &Engine<L>, seq: Seq) -> String {
    match engine.log().event(seq) {
        Ok(r) => format!("{seq} ({})", r.event.detail_named(engine.memory())),
        Err(_) => seq.to_string(),
    }
}

/// Answers the user's message through [`Engine::chat`] (it ingests the message first), streaming
/// the reply. The app ingests the reply only when it accepts it (a cancelled reply never reaches
/// the memory); the model's note is a notice, never part of the reply.
fn chat<L: EventStore>(
    engine: &mut Engine<L>,
    id: RequestId,
    text: &str,
    user: &str,
    send: &mut dyn FnMut(EngineUpdate),
) -> rgmem::Result<Option<String>> {
    let now = rgmem::time::Timestamp::now();
    let before = engine.log().head();
    let answered = engine.chat(text, user, now, &Budgets::default(), &mut |token| {
        send(EngineUpdate::Token {
            id,
            text: token.to_string(),
        });
    });
    let answer = match answered {
        Ok(answer) => answer,
        Err(e) => {
            // The message was ingested before the answer failed (or was cancelled): hand its
            // records over anyway, so the message is shown and the app's log stays the file's.
            let head = engine.log().head();
            if head > before {
                send(EngineUpdate::Appended(engine.log().range(Seq(before.0 + 1), head)?));
            }
            return Err(e);
        }
    };
    if !answer.records.is_empty() {
        send(EngineUpdate::Appended(answer.records));
    }
    send(EngineUpdate::Replied { id, text: answer.text });
    Ok(answer.note.map(str::to_string))
}

/// Writes the head's branch as a session file with its recorded model replies
/// ([`rgmem::log::export`]), so `--model recorded` can replay it exactly.
fn export<L: EventStore>(engine: &Engine<L>, path: &std::path::Path) -> rgmem::Result<String> {
    let io = |source| rgmem::Error::Io {
        path: path.display().to_string(),
        source,
    };
    let mut file = std::io::BufWriter::new(std::fs::File::create(path).map_err(io)?);
    let written = rgmem::log::export::write(engine.log(), &mut file)?;
    Ok(format!(
        "exported {} turns and {} model calls to {}",
        written.turns,
        written.model_calls,
        path.display()
    ))
}
