//! Evaluation: the LoCoMo benchmark against baselines measured in the same run, its metrics,
//! and the θ sweep (the phase-transition demo).

pub mod baselines;
pub mod benchmark;
pub mod coverage;
pub mod metrics;
pub mod report;
pub mod sweep;
pub mod truth;
