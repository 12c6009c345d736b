//! Where the OpenAI-compatible client gets its settings: defaults, an optional config file in
//! the user's config directory, the environment (`OPENAI_BASE_URL`, `OPENAI_API_KEY`,
//! `RGMEM_MODEL`, `RGMEM_EMBED_MODEL`), then command-line flags, later sources winning.
//!
//! The API key lives in [`ApiKey`], whose `Debug` redacts it and which has no `Display`, so it
//! cannot be formatted into a log line, an event, an export or an error by accident.

use super::retry::RetryPolicy;
use std::fmt;
use std::time::Duration;

/// The OpenAI API, the default when `OPENAI_BASE_URL` is unset.
pub const DEFAULT_BASE_URL: &str = "https://api.openai.com/v1";
/// The chat model used when no model name is given anywhere.
pub const DEFAULT_MODEL: &str = "gpt-4o-mini";

/// A secret. Only the HTTP transport reads it, to put it in the `Authorization` header.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiKey(String);

impl ApiKey {
    /// `None` for an empty or blank key (Ollama and llama.cpp need none).
    #[must_use]
    pub fn new(key: &str) -> Option<Self> {
        let key = key.trim();
        (!key.is_empty()).then(|| Self(key.to_string()))
    }

    pub(super) fn expose(&self) -> &str {
        &self.0
    }

    /// `text` with every occurrence of the key replaced, for anything a server sends back.
    #[must_use]
    pub fn scrub(&self, text: &str) -> String {
        if text.contains(&self.0) {
            text.replace(&self.0, "[redacted]")
        } else {
            text.to_string()
        }
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ApiKey([redacted])")
    }
}

/// Everything the client needs.
#[derive(Debug, Clone)]
pub struct OpenAiConfig {
    /// Base URL of the API, up to and including `/v1`.
    pub base_url: String,
    /// Bearer key, if the server wants one.
    pub api_key: Option<ApiKey>,
    /// Chat model.
    pub model: String,
    /// Embedding model; `None` leaves embeddings to the built-in embedder.
    pub embed_model: Option<String>,
    /// Sampling temperature; `None` leaves the server's default (some models refuse 0).
    pub temperature: Option<f32>,
    /// Reply length cap.
    pub max_tokens: Option<u32>,
    /// Time allowed for one attempt (for a stream: between two chunks).
    pub timeout: Duration,
    /// Time allowed to open a connection.
    pub connect_timeout: Duration,
    /// Retries on 429, 5xx and connection errors.
    pub retry: RetryPolicy,
}

impl Default for OpenAiConfig {
    fn default() -> Self {
        Self {
            base_url: DEFAULT_BASE_URL.into(),
            api_key: None,
            model: DEFAULT_MODEL.into(),
            embed_model: None,
            temperature: Some(0.0),
            max_tokens: None,
            timeout: Duration::from_secs(120),
            connect_timeout: Duration::from_secs(10),
            retry: RetryPolicy::default(),
        }
    }
}

impl OpenAiConfig {
    /// Applies a config file's `key = value` lines (a TOML subset: strings, numbers, `#`
    /// comments). Unknown keys are errors, so a typo does not silently do nothing.
    pub fn apply_file(&mut self, text: &str) -> Result<(), String> {
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') || line.starts_with('[') {
                continue;
            }
            let Some((key, value)) = line.split_once('=') else {
                return Err(format!("line {}: expected `key = value`", i + 1));
            };
            let key = key.trim();
            let value = unquote(value);
            self.set(key, &value).map_err(|e| format!("line {}: {e}", i + 1))?;
        }
        Ok(())
    }

    /// Applies the environment, read through `var` so tests need not touch the process's.
    pub fn apply_env(&mut self, var: impl Fn(&str) -> Option<String>) {
        let non_empty = |name: &str| var(name).filter(|v| !v.trim().is_empty());
        if let Some(v) = non_empty("OPENAI_BASE_URL") {
            self.base_url = v.trim().to_string();
        }
        if let Some(v) = var("OPENAI_API_KEY") {
            self.api_key = ApiKey::new(&v);
        }
        if let Some(v) = non_empty("RGMEM_MODEL") {
            self.model = v.trim().to_string();
        }
        if let Some(v) = non_empty("RGMEM_EMBED_MODEL") {
            self.embed_model = Some(v.trim().to_string());
        }
    }

    /// The base URL without a trailing slash.
    #[must_use]
    pub fn base(&self) -> &str {
        self.base_url.trim_end_matches('/')
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let secs = |v: &str| {
            v.parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s > 0.0)
                .map(Duration::from_secs_f64)
                .ok_or_else(|| format!("`{key}` must be a positive number of seconds"))
        };
        let int = |v: &str| v.parse::<u32>().map_err(|_| format!("`{key}` must be a whole number"));
        match key {
            "base_url" => self.base_url = value.to_string(),
            "api_key" => self.api_key = ApiKey::new(value),
            "model" => self.model = value.to_string(),
            "embed_model" => self.embed_model = Some(value.to_string()).filter(|v| !v.is_empty()),
            "temperature" if value == "none" || value.is_empty() => self.temperature = None,
            "temperature" => {
                self.temperature = Some(
                    value
                        .parse()
                        .map_err(|_| "`temperature` must be a number".to_string())?,
                );
            }
            "max_tokens" => self.max_tokens = Some(int(value)?),
            "timeout_secs" => self.timeout = secs(value)?,
            "connect_timeout_secs" => self.connect_timeout = secs(value)?,
            "max_retries" => self.retry.max_retries = int(value)?,
            "backoff_ms" => self.retry.base_delay = Duration::from_millis(u64::from(int(value)?)),
            "max_backoff_ms" => self.retry.max_delay = Duration::from_millis(u64::from(int(value)?)),
            other => return Err(format!("unknown setting `{other}`")),
        }
        Ok(())
    }
}

fn unquote(value: &str) -> String {
    let v = value.trim();
    let v = match v.find(" #") {
        Some(i) if !v.starts_with('"') && !v.starts_with('\'') => v.get(..i).unwrap_or(v).trim(),
        _ => v,
    };
    for q in ['"', '\''] {
        if let Some(inner) = v.strip_prefix(q).and_then(|r| r.strip_suffix(q)) {
            return inner.to_string();
        }
    }
    v.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_sources_win_and_the_key_never_prints() {
        let mut c = OpenAiConfig::default();
        c.apply_file("# local\nbase_url = \"http://localhost:11434/v1\"\nmodel = 'llama3.1'\ntimeout_secs = 30\napi_key = \"sk-file\"\n")
            .unwrap();
        assert_eq!(c.base(), "http://localhost:11434/v1");
        assert_eq!(c.timeout, Duration::from_secs(30));
        c.apply_env(|k| match k {
            "RGMEM_MODEL" => Some("qwen2.5".into()),
            "OPENAI_API_KEY" => Some("sk-env-secret".into()),
            _ => None,
        });
        assert_eq!(c.model, "qwen2.5");
        let shown = format!("{c:?}");
        assert!(
            !shown.contains("sk-env-secret") && !shown.contains("sk-file"),
            "{shown}"
        );
        assert!(
            c.apply_file("modle = x")
                .unwrap_err()
                .contains("unknown setting `modle`")
        );
        assert!(c.apply_file("timeout_secs = -1").is_err());
    }

    #[test]
    fn scrub_removes_the_key() {
        let key = ApiKey::new(" sk-123 ").unwrap();
        assert_eq!(key.scrub("bad key sk-123!"), "bad key [redacted]!");
        assert!(ApiKey::new("  ").is_none());
    }
}
