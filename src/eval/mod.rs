//! Evaluation: the LoCoMo and BEAM benchmarks against baselines measured in the same run, their
//! metrics, and the θ sweep (the phase-transition demo).

pub mod baselines;
pub mod beam;
pub mod beam_report;
pub mod benchmark;
pub mod coverage;
pub mod metrics;
pub mod parallel;
pub mod report;
pub mod sweep;
pub mod truth;
