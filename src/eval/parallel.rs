//! Runs the conversations of an evaluation side by side: each has its own memory file, engine
//! and model, so nothing is shared but the read-only inputs. Results come back in input order,
//! so a report is the same whatever the number of cores.

use super::benchmark::Progress;
use crate::Result;
use crate::model::Model;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, mpsc};

/// What a worker tells the caller's thread.
enum Message<T> {
    /// One unit of work of item `usize` is done (a turn ingested, a question scored).
    Tick(usize),
    /// Item `usize` finished.
    Done(usize, Result<T>),
}

/// Threads for `jobs` jobs with these models. A model whose calls block on a server (one with a
/// [`Model::canceller`]) keeps the run sequential: its server, rate limits and a recorded
/// call order stay what a one-conversation-at-a-time run gives them.
fn workers(jobs: usize, models: &[Box<dyn Model>]) -> usize {
    if models.iter().any(|m| m.canceller().is_some()) {
        return 1;
    }
    std::thread::available_parallelism()
        .map_or(1, NonZeroUsize::get)
        .min(jobs)
        .max(1)
}

/// Runs `job` over every item with the model made for it, on up to one thread per core, and
/// returns the results in the items' order; the first failure (in that order) is the error, and
/// no item starts after a failure. A job calls its `tick` once per unit of work (a turn
/// ingested, a question scored); `progress` hears, on the caller's thread, every 16th unit of
/// the `total` and the end of each item, named by `name`.
pub fn map<I, T>(
    items: &[I],
    models: Vec<Box<dyn Model>>,
    name: impl Fn(&I) -> &str,
    total: u64,
    job: impl Fn(&I, Box<dyn Model>, &dyn Fn()) -> Result<T> + Sync,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Result<Vec<T>>
where
    I: Sync,
    T: Send,
{
    let threads = workers(items.len(), &models);
    let models: Vec<Mutex<Option<Box<dyn Model>>>> = models.into_iter().map(|m| Mutex::new(Some(m))).collect();
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let mut results: Vec<Option<Result<T>>> = items.iter().map(|_| None).collect();
    std::thread::scope(|scope| {
        let (send, receive) = mpsc::channel::<Message<T>>();
        for _ in 0..threads {
            let send = send.clone();
            let (job, models, next, failed) = (&job, &models, &next, &failed);
            scope.spawn(move || {
                while !failed.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let model = models
                        .get(i)
                        .and_then(|m| m.lock().ok().and_then(|mut m| m.take()))
                        .ok_or_else(|| crate::Error::ModelSetup(format!("no model was made for item {i}")));
                    let result = model.and_then(|model| {
                        let tick = || {
                            let _ = send.send(Message::Tick(i));
                        };
                        job(item, model, &tick)
                    });
                    if result.is_err() {
                        failed.store(true, Ordering::Relaxed);
                    }
                    if send.send(Message::Done(i, result)).is_err() {
                        break;
                    }
                }
            });
        }
        // Only the workers hold senders now: the loop ends when the last one finishes.
        drop(send);
        let mut done = 0u64;
        let mut report = |done: u64, i: usize| {
            if let Some(item) = items.get(i) {
                progress(Progress {
                    done,
                    total,
                    conversation: name(item),
                });
            }
        };
        for message in receive {
            match message {
                Message::Tick(i) => {
                    done = done.saturating_add(1);
                    if done.is_multiple_of(16) {
                        report(done, i);
                    }
                }
                Message::Done(i, result) => {
                    report(done, i);
                    if let Some(slot) = results.get_mut(i) {
                        *slot = Some(result);
                    }
                }
            }
        }
    });
    // In input order, the first failure wins. An item never run can only follow a failure, since
    // workers take items in order and stop after one.
    results
        .into_iter()
        .map(|r| {
            r.unwrap_or_else(|| {
                Err(crate::Error::ModelSetup(
                    "an evaluation job stopped without a result".into(),
                ))
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::OfflineModel;

    fn models(n: usize) -> Vec<Box<dyn Model>> {
        (0..n).map(|_| Box::new(OfflineModel) as Box<dyn Model>).collect()
    }

    #[test]
    fn results_come_back_in_input_order_and_progress_counts_every_tick() {
        let items: Vec<(String, u32)> = (0..9).map(|n| (format!("c{n}"), n)).collect();
        let total: u64 = items.iter().map(|(_, n)| u64::from(*n)).sum();
        let mut heard: Vec<(u64, String)> = Vec::new();
        let out = map(
            &items,
            models(items.len()),
            |(name, _)| name.as_str(),
            total,
            |(_, n), _model, tick| {
                for _ in 0..*n {
                    tick();
                }
                Ok(n * 10)
            },
            &mut |p| heard.push((p.done, p.conversation.to_string())),
        )
        .unwrap();
        assert_eq!(out, items.iter().map(|(_, n)| n * 10).collect::<Vec<_>>());
        // Every item's end is heard, and the last report has counted every tick.
        for (name, _) in &items {
            assert!(heard.iter().any(|(_, c)| c == name), "{name}: {heard:?}");
        }
        assert_eq!(heard.iter().map(|(d, _)| *d).max(), Some(total));
        assert!(heard.windows(2).all(|w| w[0].0 <= w[1].0), "{heard:?}");
    }

    #[test]
    fn the_first_failure_in_input_order_is_the_error() {
        let items = [1u32, 2, 3];
        let err = map(
            &items,
            models(items.len()),
            |_| "c",
            3,
            |n, _model, _tick| {
                if *n >= 2 {
                    Err(crate::Error::UnknownConversation(format!("c{n}")))
                } else {
                    Ok(*n)
                }
            },
            &mut |_| {},
        )
        .unwrap_err();
        assert!(err.to_string().contains("c2"), "{err}");
    }
}
