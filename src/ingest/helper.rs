//! A long-lived helper thread that makes work handed to it off the caller's core. One thread
//! for the process, so what it caches per thread (prompt templates, lexicon matches) outlives
//! each job; a thread per job would start those caches empty every time.

use std::panic::AssertUnwindSafe;
use std::sync::OnceLock;
use std::sync::mpsc::{self, Receiver, Sender};

type Job = Box<dyn FnOnce() + Send>;

/// A job's result, once the helper has made it.
pub(super) struct Pending<T>(Receiver<T>);

impl<T> Pending<T> {
    /// Waits for the result; `None` if the job panicked (the caller makes it itself, where
    /// the same panic then surfaces as on one core).
    pub fn wait(self) -> Option<T> {
        self.0.recv().ok()
    }
}

/// The helper's queue, started on first use; `None` on a machine with one core, where a helper
/// would only take turns with the caller.
fn queue() -> Option<&'static Sender<Job>> {
    static QUEUE: OnceLock<Option<Sender<Job>>> = OnceLock::new();
    QUEUE
        .get_or_init(|| {
            let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
            if cores < 2 {
                return None;
            }
            let (send, receive) = mpsc::channel::<Job>();
            std::thread::Builder::new()
                .name("rgmem-helper".into())
                .spawn(move || {
                    for job in receive {
                        // A job that panics drops its result's sender, which its caller sees;
                        // the helper goes on with the next.
                        let _ = std::panic::catch_unwind(AssertUnwindSafe(job));
                    }
                })
                .ok()
                .map(|_| send)
        })
        .as_ref()
}

/// Hands `job` to the helper; `None` if there is none (one core, or it could not start), in
/// which case the caller makes the work itself.
pub(super) fn spawn<T: Send + 'static>(job: impl FnOnce() -> T + Send + 'static) -> Option<Pending<T>> {
    let queue = queue()?;
    let (send, receive) = mpsc::channel();
    let job: Job = Box::new(move || {
        let _ = send.send(job());
    });
    queue.send(job).ok()?;
    Some(Pending(receive))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_comes_back_and_a_panicking_one_says_so() {
        let Some(pending) = spawn(|| 6 * 7) else {
            return; // one core: no helper, callers make the work themselves
        };
        assert_eq!(pending.wait(), Some(42));
        let failed = spawn(|| -> u32 { panic!("a bug in a rule") }).and_then(Pending::wait);
        assert_eq!(failed, None);
        // The helper survives a panicking job.
        assert_eq!(spawn(|| "still here").and_then(Pending::wait), Some("still here"));
    }
}
