//! The phase view's sweep, on a thread of its own: `rgmem::eval::sweep::run_detailed` one θ at a
//! time (each a fresh memory in a scratch directory), a point sent after each, a cancel flag
//! looked at between θ and by the model before each call. [`sweep`] is the whole job, called directly by tests.

use super::command::SweepRequest;
use super::msg::{EngineUpdate, PhaseUpdate};
use super::sweep_model::Stoppable;
use rgmem::eval::sweep::{Input, run_detailed};
use rgmem::model::Cancel;
use rgmem::model::Model;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::mpsc::UnboundedSender;

/// Makes a fresh model for each θ (the inspector's own model kind).
pub type ModelFactory = Arc<dyn Fn() -> rgmem::Result<Box<dyn Model>> + Send + Sync>;

/// Starts and cancels sweeps.
pub struct Sweeper {
    factory: Option<ModelFactory>,
    updates: UnboundedSender<EngineUpdate>,
    cancel: Arc<AtomicBool>,
    /// Cancels the running sweep's model call in flight (a real model's request).
    in_flight: Arc<Mutex<Option<Cancel>>>,
}

impl Sweeper {
    /// A sweeper that reports on `updates`; without a factory every sweep says why it cannot run.
    pub fn new(factory: Option<ModelFactory>, updates: UnboundedSender<EngineUpdate>) -> Self {
        Self {
            factory,
            updates,
            cancel: Arc::new(AtomicBool::new(false)),
            in_flight: Arc::new(Mutex::new(None)),
        }
    }

    /// Starts `request` on a thread; a running sweep is cancelled first.
    pub fn start(&mut self, request: SweepRequest) {
        self.cancel();
        self.cancel = Arc::new(AtomicBool::new(false));
        let cancel = self.cancel.clone();
        let updates = self.updates.clone();
        let factory = self.factory.clone();
        let in_flight = self.in_flight.clone();
        let id = request.id;
        let spawned = std::thread::Builder::new().name("rgmem-sweep".into()).spawn(move || {
            let Some(factory) = factory else {
                let error = "no model to sweep with";
                let _ = updates.send(EngineUpdate::Phase(PhaseUpdate::Done {
                    id,
                    error: Some(error.into()),
                }));
                return;
            };
            let dir = std::env::temp_dir().join(format!("rgmem-phase-{}-{id}", std::process::id()));
            let stop = cancel.clone();
            let mut make = || -> rgmem::Result<Box<dyn Model>> {
                let model = factory()?;
                *in_flight.lock().unwrap_or_else(PoisonError::into_inner) = model.canceller();
                Ok(Box::new(Stoppable::new(model, stop.clone())))
            };
            sweep(&request, &mut make, &cancel, &dir, &mut |u| {
                let _ = updates.send(EngineUpdate::Phase(u));
            });
            let _ = std::fs::remove_dir_all(&dir);
        });
        if spawned.is_err() {
            let _ = self.updates.send(EngineUpdate::Phase(PhaseUpdate::Done {
                id,
                error: Some("could not start the sweep thread".into()),
            }));
        }
    }

    /// Where it reports.
    pub fn updates(&self) -> UnboundedSender<EngineUpdate> {
        self.updates.clone()
    }

    /// Stops the running sweep: its model is called no more, a call in flight is cancelled,
    /// and the θ in progress ends at once.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
        if let Some(call) = self.in_flight.lock().unwrap_or_else(PoisonError::into_inner).as_ref() {
            call.cancel();
        }
    }
}

/// Runs `request` θ by θ into `work_dir`, sending a point after each and `Done` at the end.
pub fn sweep(
    request: &SweepRequest,
    make_model: &mut dyn FnMut() -> rgmem::Result<Box<dyn Model>>,
    cancel: &AtomicBool,
    work_dir: &Path,
    send: &mut dyn FnMut(PhaseUpdate),
) {
    let id = request.id;
    let input = if request.closes.is_empty() {
        Input::Session(&request.turns, &request.user, request.truth.as_ref())
    } else {
        Input::Chat(&request.turns, &request.user, &request.closes)
    };
    for &theta in &request.thetas {
        if cancel.load(Ordering::Relaxed) {
            return;
        }
        let result = run_detailed(&input, &[theta], work_dir, make_model, &mut |point, detail| {
            send(PhaseUpdate::Point {
                id,
                point: point.clone(),
                detail: Box::new(detail.clone()),
            });
        });
        if let Err(e) = result {
            send(PhaseUpdate::Done {
                id,
                error: Some(format!("θ_inf {theta}: {e}")),
            });
            return;
        }
    }
    send(PhaseUpdate::Done { id, error: None });
}
