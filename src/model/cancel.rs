//! Cancelling model calls in flight from another thread (the inspector's stop key, Ctrl-C).

use std::sync::{Arc, Mutex, PoisonError};
use tokio_util::sync::CancellationToken;

/// A shared handle that cancels the calls running when [`Cancel::cancel`] is called. Calls
/// started afterwards run normally, so one stop never disables the model for good.
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<Mutex<CancellationToken>>);

impl Cancel {
    /// A fresh handle.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Cancels every call in flight.
    pub fn cancel(&self) {
        let mut current = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        current.cancel();
        *current = CancellationToken::new();
    }

    /// The token a call starting now watches.
    #[must_use]
    pub fn token(&self) -> CancellationToken {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cancel_hits_calls_in_flight_only() {
        let cancel = Cancel::new();
        let running = cancel.token();
        cancel.cancel();
        assert!(running.is_cancelled());
        assert!(!cancel.token().is_cancelled());
    }
}
