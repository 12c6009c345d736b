//! rgmem: an inspectable implementation of RGMem (arXiv 2510.16392), multi-scale memory for
//! LLM agents.
//!
//! This library is the engine. It never touches a terminal; the binary's `tui/` and `cli/`
//! drive it.
//!
//! # Map
//! - [`event`]: the persisted vocabulary (past-tense events) and its versioned codec.
//! - [`memory`]: the projection. [`memory::Memory::apply`] is the pure fold step.
//! - [`ingest`]: f_seg (segmentation), f_synth (episodes) and f_extract (graph updates).
//! - [`operators`]: RK1, RK2, RK3 and their scheduler.
//! - [`lexicon`]: words → concepts and first-person cues (`assets/`), shared by the model and retrieval.
//! - [`model`]: the [`model::Model`] trait, prompts, parsers and the offline model.
//! - [`log`]: the SQLite event store with checkpoints.
//! - [`engine`]: steps: model calls and events, committed one transaction per step.
//! - [`stem`]: the Porter stemmer (LoCoMo's F1, the offline answerer).
//! - [`session`]: the session file format.
//! - [`timeline`]: the cursor over the log (snapshots, seek, step) the inspector steps with.
//! - [`diff`]: word-level Σ/Δ and summary diffs of operator firings.
//! - [`export`]: a log's branch as a session file with its recorded model replies.
//! - [`eval`]: LoCoMo evaluation against baselines, metrics, and the θ sweep.
//! - [`retrieval`]: L2: FTS5 BM25 over facts and conclusions, embeddings, the planner, context assembly.
//!
//! # Glossary
//! - **episode**: an L0 unit synthesised from a segment of turns: one **fact** plus base and
//!   salient **conclusions**, with the turn ids it came from.
//! - **concept**: a node of the L1 graph (person root, base concept, sub-concept, general or
//!   instance event). Abstract concepts carry **Σ** (sigma, the stable core) and **Δ** (delta,
//!   exceptions and tension).
//! - **relation**: an event edge. Each episode that touches it adds one **mention** and its
//!   **evidence** to the relation's buffer.
//! - **operator**: RK1 (relation summary after θ_inf mentions), RK2 (Σ/Δ after a concept's score
//!   reaches θ_sum), RK3 (Σ/Δ flowing up the tree from dirty children).

pub mod diff;
pub mod engine;
pub mod error;
pub mod eval;
pub mod event;
pub mod export;
pub mod ids;
pub mod ingest;
pub mod lexicon;
pub mod locomo;
pub mod log;
pub mod memory;
pub mod model;
pub mod operators;
pub mod retrieval;
pub mod session;
pub mod stem;
pub mod text;
pub mod time;
pub mod timeline;
pub mod tune;

pub use engine::Engine;
pub use error::{Error, Result};
