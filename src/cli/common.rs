//! Options every subcommand shares, and opening the engine they describe.

use super::store::{Access, Store};
use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use rgmem::Engine;
use rgmem::memory::Thresholds;
use rgmem::model::Model;
use std::path::PathBuf;

/// Which model answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ModelKind {
    /// The built-in rule-based model (no network).
    Offline,
    /// An OpenAI-compatible server: OPENAI_BASE_URL, OPENAI_API_KEY, --model-name.
    Openai,
    /// Replies recorded in a log or session file (--recorded; no network).
    Recorded,
}

/// `--theta-inf`: one θ_inf (`lo == hi`) or, for `sweep`, an inclusive range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThetaInf {
    /// First θ_inf.
    pub lo: u32,
    /// Last θ_inf.
    pub hi: u32,
}

/// Parses `N` or `A..B` (also `A..=B`), each at least 1, a range at most 50 wide.
pub fn parse_theta_inf(s: &str) -> Result<ThetaInf, String> {
    let number = |t: &str| -> Result<u32, String> {
        let t = t.trim();
        match t.parse::<u32>() {
            Ok(0) => Err("θ_inf must be at least 1".into()),
            Ok(n) => Ok(n),
            Err(_) => Err(format!("{t:?} is not a number")),
        }
    };
    match s.split_once("..") {
        None => number(s).map(|n| ThetaInf { lo: n, hi: n }),
        Some((a, b)) => {
            let (lo, hi) = (number(a)?, number(b.trim_start_matches('='))?);
            if hi < lo || hi - lo > 50 {
                return Err(format!("need A ≤ B ≤ A+50, got {lo}..{hi}"));
            }
            Ok(ThetaInf { lo, hi })
        }
    }
}

/// Options shared by every subcommand.
#[derive(Debug, Clone, Args)]
pub struct Shared {
    /// Memory file (SQLite), or a person's memory in PostgreSQL:
    /// postgres://user@host/db?person=NAME. Defaults to memory.db in the user's data directory.
    #[arg(long, global = true, value_name = "PATH|URL")]
    pub db: Option<PathBuf>,
    /// θ_inf: mentions that make RK1 fire on a relation (`sweep` takes a range, `A..B`).
    #[arg(long, global = true, value_name = "N|A..B", value_parser = parse_theta_inf)]
    pub theta_inf: Option<ThetaInf>,
    /// θ_sum: score that makes RK2 fire on a concept (default 2·θ_inf).
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub theta_sum: Option<u32>,
    /// The model that does synthesis, extraction and the operators.
    #[arg(long, global = true, value_enum, default_value_t = ModelKind::Offline)]
    pub model: ModelKind,
    /// Approval mode: RK2/RK3 results become proposals until approved.
    #[arg(long, global = true)]
    pub approve: bool,
    /// With --model openai: the chat model (env RGMEM_MODEL; default gpt-4o-mini).
    #[arg(long, global = true, value_name = "NAME")]
    pub model_name: Option<String>,
    /// With --model openai: an embedding model served at the same base URL's /embeddings.
    #[arg(long, global = true, value_name = "NAME")]
    pub embed_model: Option<String>,
    /// With --model openai: seconds one request may take (default 120).
    #[arg(long, global = true, value_name = "SECS")]
    pub timeout: Option<f64>,
    /// With --model recorded: the log (.db) or session file whose replies to use (default: the
    /// replayed session file, else the --db log itself).
    #[arg(long, global = true, value_name = "PATH")]
    pub recorded: Option<PathBuf>,
}

impl Shared {
    /// The memory file path.
    pub fn db_path(&self) -> PathBuf {
        self.db.clone().unwrap_or_else(super::default_db)
    }

    /// Thresholds asked for on the command line, if any.
    pub fn thresholds(&self) -> Option<Thresholds> {
        match (self.theta_inf, self.theta_sum) {
            (None, None) => None,
            (inf, sum) => Some(Thresholds::new(
                inf.map_or(Thresholds::DEFAULT_THETA_INF, |t| t.lo),
                sum,
            )),
        }
    }

    /// The model to use.
    pub fn model(&self) -> Result<Box<dyn Model>> {
        super::model::build(self)
    }

    /// Opens the log, creating a memory file that is missing.
    pub fn open_log(&self) -> Result<Store> {
        super::store::open_with(&self.db_path(), Access::Create)
    }

    /// Opens an existing log (refusing to create one for commands that read it).
    pub fn open_existing_log(&self) -> Result<Store> {
        super::store::open_with(&self.db_path(), Access::Existing)
    }

    /// Whether `--db` names a PostgreSQL person rather than a file.
    pub fn on_postgres(&self) -> bool {
        self.db.as_deref().is_some_and(super::store::is_postgres)
    }

    /// Opens the engine, with approval mode and any thresholds from the command line recorded.
    pub fn open_engine(&self) -> Result<Engine<Store>> {
        let model = self.model()?;
        let mut engine = Engine::open(self.open_log()?, model).context("loading the memory at the head of the log")?;
        engine.set_approve(self.approve);
        if let Some(t) = self.thresholds() {
            engine.set_thresholds(t).context("recording the thresholds")?;
        }
        Ok(engine)
    }
}
