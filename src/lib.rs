//! rgmem: an inspectable implementation of RGMem (arXiv 2510.16392), multi-scale memory for
//! LLM agents.
//!
//! This library is the engine. It never touches a terminal; the binary's `tui/` and `cli/`
//! drive it.
//!
//! # Map
//! Imports point one way along the write path: `event` ← `memory` ← `step` ← `ingest`,
//! `operators` ← `engine` (no module imports one further right). The module graph has no
//! cycle: `model` imports neither `log`, `error`, `retrieval` nor `rules` (the embedder both
//! use sits below them in [`embed`]), `rules` imports `model` and never `retrieval` or `ingest`,
//! and `event` never imports `memory`.
//!
//! Vocabulary and state:
//! - [`ids`], [`time`], [`text`], [`error`]: newtype ids, timestamps, word-level text, the error type.
//! - [`lexicon`]: words → concepts and first-person cues (`assets/`), shared by the rule engine and retrieval.
//! - [`embed`]: the embedder the binary carries (a static model, a hashed fallback) and the
//!   cosine, shared by the rule engine (placing phrases) and retrieval (ranking).
//! - [`event`]: the persisted vocabulary (past-tense events, concept [`event::Level`]s, speakers,
//!   a turn's attachments, typed Σ/Δ and relation summaries: [`event::Sigma`], [`event::Delta`],
//!   [`event::RelationSummary`]) and its versioned codec, whose upgrades bring older bodies to
//!   today's shape. [`event::profile_text`] is the one place Σ/Δ become text (prompts, panes,
//!   contexts) or are read from it (model replies, logs before codec version 2). Never imports
//!   `memory`. Whatever ingest or an operator decides (a turn's dates, a name's key, the turns
//!   behind a bullet) travels inside the event, so the fold reads no language.
//! - [`memory`]: the projection. [`memory::Memory::apply`] is the pure fold step.
//! - [`model`]: the model contract, the [`model::Model`] trait, tasks, prompts, parsers and
//!   context types, and the HTTP client ([`model::openai`]). A task's inputs are data: an answer
//!   is asked over a [`model::AnswerContext`] (items with their section and, for a turn,
//!   speaker, day and words), which becomes text only in a prompt; the offline answerer reads
//!   its fields. `model` never imports [`rules`].
//! - [`rules`]: the rule engine, [`rules::OfflineModel`], a wing of its own over `model`'s
//!   contract: `rules/english/` holds the rules of English (synthesis of episodes, senses and
//!   extraction of concepts, abstraction of Σ/Δ, the query plan, the extractive answer),
//!   `rules/format/` the rules of a data format (the reader of an answer context, also one that
//!   arrives as text), over `rules/words/`, the word layer: the word lists of English, by topic,
//!   that the rules, [`ingest`] and [`retrieval`] read. Retrieval borrows its query plan when a
//!   model gives none.
//! - [`log`]: the SQLite event store with checkpoints, [`log::cost`], the cost report over it,
//!   and [`log::recorded`], the model that answers from another log's recorded replies.
//!
//! Writing memory:
//! - [`step`]: one step in progress: events applied as produced, model calls logged. A call to
//!   a model that waits on a server is the step's effect: the engine makes it with no memory
//!   borrowed and plans the step again with the reply. A step planned again (the log moved)
//!   reads every reply it already had, a server's or an inline model's, and asks for no more.
//! - [`ingest`]: f_seg (segmentation), f_synth (episodes) and f_extract (graph updates).
//! - [`operators`]: RK1, RK2, RK3, their scheduler, and the provenance (turns) of what they write.
//! - [`engine`]: turns inputs (turns, thresholds, rollbacks, approvals) into committed steps.
//!
//! Reading memory:
//! - [`text::stem`]: the Porter stemmer (LoCoMo's F1, the offline answerer).
//! - [`retrieval`]: L2: FTS5 BM25 over facts and conclusions, embeddings, the planner, context
//!   assembly; [`retrieval::Context::answer_context`] is what an answerer is handed.
//! - [`timeline`]: the cursor over the log (snapshots, seek, step) the inspector steps with.
//! - [`eval::coverage`]: recall coverage, per memory item the questions that retrieved it.
//! - [`diff`]: word-level Σ/Δ and summary diffs of operator firings.
//! - [`history`]: points in history (seq, date, head, branch tip), memory diffs between them,
//!   and one concept's firings.
//!
//! Files and evaluation:
//! - [`formats::session`]: the session file format; [`formats::locomo`]: the LoCoMo benchmark's file format.
//! - [`formats::jsonpos`]: the line a JSON fault sits on, so bad input is reported by file and line.
//! - [`log::export`]: a log's history branch as a session file with its recorded model replies.
//! - [`eval`]: the LoCoMo run ([`eval::benchmark`]) against baselines, metrics, and the θ sweep.
//!
//! # Glossary
//! - **event**: an entry of the log, always past tense (`turn_ingested`, `operator_fired`).
//! - **turn**: one utterance of the dialogue; retrieval shows raw turns in their own layer.
//! - **episode**: an L0 unit synthesised from a segment of turns: one **fact** plus base and
//!   salient **conclusions**, with the turn ids it came from.
//! - **concept**: a node of the L1 graph (person root, base concept, sub-concept, activity or
//!   occurrence: the paper's general and instance events). Abstract concepts carry **Σ** (sigma,
//!   the stable core) and **Δ** (delta, exceptions and tension).
//! - **relation**: an edge of the L1 graph. Each episode that touches it adds one **mention** and
//!   its **evidence** to the relation's buffer; evidence is filed under a **facet** of the concept
//!   (the relation's target, the paper's "branch").
//! - **operator**: RK1 (relation summary after θ_inf mentions), RK2 (Σ/Δ after a concept's score
//!   reaches θ_sum), RK3 (Σ/Δ flowing up the tree from dirty children).
//! - **history branch**: the ancestor chain of a seq; a rollback starts a new one.
//! - **correction**: a person retiring a fact, conclusion, Σ bullet or Δ item, or replacing its text
//!   (`item_corrected`, undone by `correction_undone`); the fold takes out what was built from the
//!   item, the operators never gather it again, and retrieval leaves it and the turns that said it
//!   out ([`memory::Correction`], [`engine::Engine::correct`]).
//! - **layer**: what a retrieved item is ([`retrieval::Layer`]), or what a planner item asks for
//!   ([`model::parse::Retrieve`]).
// Nothing an input, a file, the network or a model can make fail may unwrap, and text is never
// sliced by byte index (issue 11; see `[lints]` in Cargo.toml).
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::string_slice)]

pub mod diff;
pub mod embed;
pub mod engine;
pub mod error;
pub mod eval;
pub mod event;
pub mod formats;
pub mod history;
pub mod ids;
pub mod ingest;
pub mod lexicon;
pub mod log;
pub mod memory;
pub mod model;
pub mod operators;
pub mod relative_date;
pub mod retrieval;
pub mod rules;
pub mod step;
pub mod text;
pub mod time;
pub mod timeline;

pub use engine::Engine;
pub use error::{Error, Result};
