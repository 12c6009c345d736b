//! Building the model `--model` names: offline, an OpenAI-compatible server configured from the
//! config file, the environment and flags, or the replies recorded in a log or session file.

use super::Shared;
use super::common::ModelKind;
use anyhow::{Context, Result, bail};
use rgmem::log::recorded::RecordedModel;
use rgmem::model::Model;
use rgmem::model::openai::{OpenAiConfig, OpenAiModel};
use rgmem::rules::OfflineModel;
use std::path::PathBuf;

/// The model the shared options describe.
pub fn build(shared: &Shared) -> Result<Box<dyn Model>> {
    match shared.model {
        ModelKind::Offline => Ok(Box::new(OfflineModel)),
        ModelKind::Openai => {
            let config = openai_config(shared)?;
            let model = OpenAiModel::new(config).context("starting the OpenAI-compatible client")?;
            Ok(Box::new(model))
        }
        ModelKind::Recorded => {
            let path = shared.recorded.clone().unwrap_or_else(|| shared.db_path());
            let (model, place) = if super::store::is_postgres(&path) {
                let log = super::store::open(&path, false)?;
                let model = RecordedModel::from_log(log.as_ref())
                    .with_context(|| format!("reading recorded model replies from {}", log.location()))?;
                (model, log.location())
            } else {
                let model = RecordedModel::from_path(&path)
                    .with_context(|| format!("reading recorded model replies from {}", path.display()))?;
                (model, path.display().to_string())
            };
            if model.is_empty() {
                bail!(
                    "{place} holds no recorded model calls (ingest it with another model first, or pass --recorded LOG_OR_SESSION)"
                );
            }
            Ok(Box::new(model))
        }
    }
}

/// `$RGMEM_CONFIG`, else config.toml in the user's config directory.
pub fn config_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("RGMEM_CONFIG").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(p));
    }
    directories::ProjectDirs::from("", "", "rgmem").map(|d| d.config_dir().join("config.toml"))
}

/// Defaults, then the config file, then the environment, then flags.
fn openai_config(shared: &Shared) -> Result<OpenAiConfig> {
    let mut config = OpenAiConfig::default();
    if let Some(path) = config_path().filter(|p| p.exists()) {
        let text = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
        if let Err(e) = config.apply_file(&text) {
            bail!("{}: {e}", path.display());
        }
    }
    config.apply_env(|name| std::env::var(name).ok());
    if let Some(name) = &shared.model_name {
        config.model.clone_from(name);
    }
    if let Some(name) = &shared.embed_model {
        config.embed_model = Some(name.clone());
    }
    if let Some(secs) = shared.timeout {
        config.timeout = rgmem::model::openai::seconds("--timeout", secs).map_err(anyhow::Error::msg)?;
    }
    if config.model.trim().is_empty() {
        bail!("no model name: pass --model-name or set RGMEM_MODEL");
    }
    Ok(config)
}
