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

    /// Whether the key is long enough to be a secret worth scrubbing from text. A dummy key
    /// ("x", "none", "ollama") is not; replacing it would garble every reply that contains the
    /// letters. The `Authorization` header always carries the key, whatever its length.
    #[must_use]
    pub fn is_secret(&self) -> bool {
        self.0.chars().count() >= MIN_SECRET_CHARS
    }

    /// `text` with every occurrence of the key replaced, for anything a server sends back.
    #[must_use]
    pub fn scrub(&self, text: &str) -> String {
        if self.is_secret() && text.contains(&self.0) {
            text.replace(&self.0, REDACTED)
        } else {
            text.to_string()
        }
    }

    /// A scrubber for a reply that arrives in pieces, so a key split across two pieces is
    /// still caught.
    #[must_use]
    pub fn stream_scrubber(&self) -> StreamScrubber {
        StreamScrubber {
            key: self.is_secret().then(|| self.0.clone()),
            pending: String::new(),
        }
    }
}

/// Keys shorter than this are dummies (the shortest real provider keys are far longer).
pub const MIN_SECRET_CHARS: usize = 12;

const REDACTED: &str = "[redacted]";

/// Scrubs a stream: every piece is appended to what was held back, occurrences of the key are
/// replaced, and the longest tail that could be the start of the key is held back until the
/// next piece (or the end) shows whether it is.
#[derive(Debug, Clone, Default)]
pub struct StreamScrubber {
    key: Option<String>,
    pending: String,
}

impl StreamScrubber {
    /// Takes a piece; returns the text now safe to hand out (possibly empty).
    pub fn push(&mut self, piece: &str) -> String {
        let Some(key) = &self.key else {
            return piece.to_string();
        };
        self.pending.push_str(piece);
        if self.pending.contains(key.as_str()) {
            self.pending = self.pending.replace(key.as_str(), REDACTED);
        }
        let hold = (1..key.len())
            .rev()
            .find(|k| key.get(..*k).is_some_and(|prefix| self.pending.ends_with(prefix)))
            .unwrap_or(0);
        let cut = self.pending.len().saturating_sub(hold);
        let tail = self.pending.split_off(cut);
        std::mem::replace(&mut self.pending, tail)
    }

    /// The end of the stream: whatever was held back.
    pub fn finish(&mut self) -> String {
        std::mem::take(&mut self.pending)
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ApiKey([redacted])")
    }
}

/// Whether to ask for replies under a JSON schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StructuredOutput {
    /// Ask the server once, with a tiny schema-constrained request, and use it if it works.
    Auto,
    /// Always send `response_format: json_schema` (OpenAI, llama.cpp, vLLM, LM Studio, Ollama).
    JsonSchema,
    /// Never: the paper's text formats, the lenient parsers and repair requests.
    Off,
}

impl StructuredOutput {
    fn parse(v: &str) -> Result<Self, String> {
        match v.trim().to_ascii_lowercase().as_str() {
            "auto" => Ok(Self::Auto),
            "json_schema" | "on" | "true" => Ok(Self::JsonSchema),
            "off" | "text" | "false" => Ok(Self::Off),
            _ => Err("`structured_output` must be auto, json_schema or off".into()),
        }
    }
}

/// Longest timeout accepted: a day. Larger values are typos or attacks, and overflow `Duration`.
pub const MAX_TIMEOUT_SECS: f64 = 86_400.0;

/// Seconds as a `Duration`: positive, finite and at most a day, or an error saying so.
pub fn seconds(name: &str, secs: f64) -> Result<Duration, String> {
    if !(secs.is_finite() && secs > 0.0) {
        return Err(format!("{name} must be a positive number of seconds"));
    }
    if secs > MAX_TIMEOUT_SECS {
        return Err(format!(
            "{name} must be at most {MAX_TIMEOUT_SECS} seconds (one day), not {secs}"
        ));
    }
    Ok(Duration::from_secs_f64(secs))
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
    /// Reply length cap for every task; `None` gives each task its own default cap.
    pub max_tokens: Option<u32>,
    /// Largest reply accepted, in bytes; a larger one fails the call (`model_failed`).
    pub max_reply_bytes: usize,
    /// Whether replies are asked for under a JSON schema (`response_format`).
    pub structured_output: StructuredOutput,
    /// Time allowed for one attempt (for a stream: between two chunks).
    pub timeout: Duration,
    /// Time allowed for a whole streamed reply.
    pub stream_deadline: Duration,
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
            max_reply_bytes: 1 << 20,
            structured_output: StructuredOutput::Auto,
            timeout: Duration::from_secs(120),
            stream_deadline: Duration::from_secs(600),
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
        if let Some(mode) = non_empty("RGMEM_STRUCTURED_OUTPUT").and_then(|v| StructuredOutput::parse(&v).ok()) {
            self.structured_output = mode;
        }
    }

    /// The base URL without a trailing slash.
    #[must_use]
    pub fn base(&self) -> &str {
        self.base_url.trim_end_matches('/')
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let secs = |v: &str| {
            let n = v
                .parse::<f64>()
                .map_err(|_| format!("`{key}` must be a positive number of seconds"))?;
            seconds(&format!("`{key}`"), n)
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
            "max_reply_bytes" => {
                self.max_reply_bytes = value
                    .parse::<usize>()
                    .ok()
                    .filter(|n| *n > 0)
                    .ok_or_else(|| "`max_reply_bytes` must be a positive whole number".to_string())?;
            }
            "structured_output" => self.structured_output = StructuredOutput::parse(value)?,
            "timeout_secs" => self.timeout = secs(value)?,
            "stream_deadline_secs" => self.stream_deadline = secs(value)?,
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
    fn scrub_removes_the_key_and_leaves_dummy_keys_alone() {
        let key = ApiKey::new(" sk-123456789012 ").unwrap();
        assert_eq!(key.scrub("bad key sk-123456789012!"), "bad key [redacted]!");
        assert!(ApiKey::new("  ").is_none());
        let dummy = ApiKey::new("x").unwrap();
        assert_eq!(dummy.scrub("Alex exercises"), "Alex exercises");
        assert_eq!(dummy.stream_scrubber().push("Alex"), "Alex");
    }

    #[test]
    fn a_key_split_across_pieces_never_comes_out_whole() {
        let key = ApiKey::new("sk-abcdefghijklmnop").unwrap();
        for split in 1..19 {
            let text = "the key is sk-abcdefghijklmnop, and sk-abc is not it";
            let (a, b) = text.split_at(split + 11);
            let mut s = key.stream_scrubber();
            let mut out = s.push(a);
            out.push_str(&s.push(b));
            out.push_str(&s.finish());
            assert_eq!(out, "the key is [redacted], and sk-abc is not it", "split at {split}");
        }
        let mut s = key.stream_scrubber();
        let mut out = String::new();
        for ch in "x sk-abcdefghijklmnop é".chars() {
            out.push_str(&s.push(&ch.to_string()));
        }
        out.push_str(&s.finish());
        assert_eq!(out, "x [redacted] é");
    }

    #[test]
    fn huge_timeouts_are_refused_not_panicked_on() {
        let mut c = OpenAiConfig::default();
        for v in ["1e300", "1e30", "inf", "NaN", "0", "86401"] {
            assert!(c.apply_file(&format!("timeout_secs = {v}")).is_err(), "{v}");
        }
        assert!(
            c.apply_file("timeout_secs = 86400\nstructured_output = off\nmax_reply_bytes = 10")
                .is_ok()
        );
        assert_eq!(c.structured_output, StructuredOutput::Off);
        assert!(seconds("--timeout", 1e30).is_err());
    }
}
