//! The HTTP side of the client: an owned current-thread tokio runtime, requests with timeouts,
//! retries with backoff on 429/5xx/connection errors, cancellation, and error messages that name
//! the base URL and the model but never the key.
//!
//! The engine is synchronous and may run on any thread, including one inside another tokio
//! runtime (where `block_on` would panic). So every call runs the runtime on a short-lived
//! helper thread, and streamed pieces come back over a channel to be handed out on the caller's
//! own thread.

use super::config::OpenAiConfig;
use super::retry::{jitter, parse_retry_after, retryable};
use super::wire::{self, ChatOptions, SseReader, Usage};
use crate::model::{Cancel, ModelError};
use futures::StreamExt;
use std::sync::mpsc::Sender;
use std::time::SystemTime;
use tokio_util::sync::CancellationToken;

/// What one call asks of the server.
pub(super) enum Job<'a> {
    /// A chat completion, streamed or whole.
    Chat {
        /// The prompt.
        prompt: &'a str,
        /// Streaming, token cap and reply schema.
        options: ChatOptions,
    },
    /// Embeddings of texts with a model.
    Embed {
        /// The embedding model.
        model: &'a str,
        /// The texts.
        texts: &'a [String],
    },
}

/// What came back.
pub(super) enum Output {
    /// Reply text, reported usage and finish reason.
    Chat(String, Usage, Option<String>),
    /// One vector per text.
    Embed(Vec<Vec<f32>>),
}

/// Why an attempt failed in a way worth retrying.
enum Transient {
    Status(u16, String),
    Connect(String),
}

/// The client's connection to one server.
#[derive(Debug)]
pub(super) struct Transport {
    client: reqwest::Client,
    runtime: tokio::runtime::Runtime,
    pub(super) config: OpenAiConfig,
    pub(super) cancel: Cancel,
}

impl Transport {
    pub(super) fn new(config: OpenAiConfig) -> Result<Self, ModelError> {
        // reqwest is built with `rustls-no-provider`; installing twice is harmless.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| ModelError::Other(format!("cannot start the model client's runtime: {e}")))?;
        let client = {
            let _inside = runtime.enter();
            reqwest::Client::builder()
                .connect_timeout(config.connect_timeout)
                .read_timeout(config.timeout)
                .build()
                .map_err(|e| ModelError::Other(format!("cannot build the HTTP client: {e}")))?
        };
        Ok(Self {
            client,
            runtime,
            config,
            cancel: Cancel::new(),
        })
    }

    /// Runs a job to completion, handing streamed pieces to `on_token` as they arrive.
    pub(super) fn run(&self, job: Job<'_>, on_token: &mut dyn FnMut(&str)) -> Result<Output, ModelError> {
        let token = self.cancel.token();
        let (tx, rx) = std::sync::mpsc::channel::<String>();
        std::thread::scope(|scope| {
            let helper = std::thread::Builder::new()
                .name("rgmem-model".into())
                .spawn_scoped(scope, move || self.runtime.block_on(self.execute(job, tx, token)))
                .map_err(|e| ModelError::Other(format!("cannot start the model client's thread: {e}")))?;
            for piece in rx {
                on_token(&piece);
            }
            helper
                .join()
                .unwrap_or_else(|_| Err(ModelError::Other("the model client's thread panicked".into())))
        })
    }

    async fn execute(&self, job: Job<'_>, tx: Sender<String>, token: CancellationToken) -> Result<Output, ModelError> {
        tokio::select! {
            biased;
            () = token.cancelled() => Err(ModelError::Cancelled),
            out = self.execute_job(job, &tx) => out,
        }
    }

    async fn execute_job(&self, job: Job<'_>, tx: &Sender<String>) -> Result<Output, ModelError> {
        match job {
            Job::Chat { prompt, options } => {
                let url = format!("{}/chat/completions", self.config.base());
                let stream = options.stream;
                let body = wire::chat_body(&self.config, prompt, &options);
                let resp = self.send(&url, &body, !stream).await?;
                let is_sse = resp
                    .headers()
                    .get(reqwest::header::CONTENT_TYPE)
                    .and_then(|v| v.to_str().ok())
                    .is_some_and(|v| v.contains("text/event-stream"));
                if stream && is_sse {
                    return self.read_stream(&url, resp, tx).await;
                }
                let text = self.read_capped(&url, resp).await?;
                let (reply, usage, finish) = wire::parse_chat_full(&text).map_err(|e| {
                    ModelError::Other(self.scrub(&format!(
                        "{url} did not answer with a chat completion: {e}: {}",
                        crate::text::clip(text.trim(), 200)
                    )))
                })?;
                let reply = self.scrub(&reply);
                if stream {
                    let _ = tx.send(reply.clone());
                }
                Ok(Output::Chat(reply, usage, finish))
            }
            Job::Embed { model, texts } => {
                let url = format!("{}/embeddings", self.config.base());
                let resp = self.send(&url, &wire::embed_body(model, texts), true).await?;
                let text = self.read_capped(&url, resp).await?;
                let vectors = wire::parse_embeddings(&text, texts.len()).map_err(|e| {
                    ModelError::Other(format!("{url} did not answer with embeddings for `{model}`: {e}"))
                })?;
                Ok(Output::Embed(vectors))
            }
        }
    }

    /// A whole body, refused once it passes the reply size cap (so a 50 MB reply neither fills
    /// memory nor reaches the log).
    async fn read_capped(&self, url: &str, resp: reqwest::Response) -> Result<String, ModelError> {
        let cap = self.config.max_reply_bytes;
        if resp.content_length().is_some_and(|n| n > cap as u64) {
            return Err(self.too_large(url));
        }
        let mut body: Vec<u8> = Vec::new();
        let mut bytes = resp.bytes_stream();
        while let Some(chunk) = bytes.next().await {
            let chunk = chunk.map_err(|e| self.failure(url, &e))?;
            if body.len().saturating_add(chunk.len()) > cap {
                return Err(self.too_large(url));
            }
            body.extend_from_slice(&chunk);
        }
        Ok(String::from_utf8_lossy(&body).into_owned())
    }

    fn too_large(&self, url: &str) -> ModelError {
        ModelError::Other(format!(
            "the reply from {url} is larger than the {} byte cap (max_reply_bytes); nothing of it was kept",
            self.config.max_reply_bytes
        ))
    }

    /// Reads server-sent events, with a timeout between two chunks and a deadline for the
    /// whole reply, scrubbing the key from the assembled text (a key split over two pieces
    /// included) before any of it is handed out.
    async fn read_stream(&self, url: &str, resp: reqwest::Response, tx: &Sender<String>) -> Result<Output, ModelError> {
        let mut reader = SseReader::default();
        let mut scrubber = self.scrubber();
        let mut text = String::new();
        let mut bytes = resp.bytes_stream();
        let gap = self.config.timeout;
        let deadline = tokio::time::Instant::now() + self.config.stream_deadline;
        let ms = |d: std::time::Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        let mut received = 0usize;
        loop {
            let wait = gap.min(deadline.saturating_duration_since(tokio::time::Instant::now()));
            let next = match tokio::time::timeout(wait, bytes.next()).await {
                Ok(next) => next,
                Err(_) if tokio::time::Instant::now() >= deadline => {
                    return Err(ModelError::Timeout(ms(self.config.stream_deadline)));
                }
                Err(_) => return Err(ModelError::Timeout(ms(gap))),
            };
            let Some(chunk) = next else { break };
            let chunk = chunk.map_err(|e| self.failure(url, &e))?;
            received = received.saturating_add(chunk.len());
            if received > self.config.max_reply_bytes {
                return Err(self.too_large(url));
            }
            for piece in reader.feed(&chunk) {
                let safe = scrubber.push(&piece);
                if !safe.is_empty() {
                    text.push_str(&safe);
                    let _ = tx.send(safe);
                }
            }
            if reader.done {
                break;
            }
        }
        for piece in reader.finish() {
            let safe = scrubber.push(&piece);
            text.push_str(&safe);
            let _ = tx.send(safe);
        }
        let rest = scrubber.finish();
        if !rest.is_empty() {
            text.push_str(&rest);
            let _ = tx.send(rest);
        }
        Ok(Output::Chat(text, reader.usage, reader.finish))
    }

    /// Posts a body, retrying transient failures with backoff.
    async fn send(&self, url: &str, body: &str, whole: bool) -> Result<reqwest::Response, ModelError> {
        let policy = self.config.retry;
        let mut attempt = 0u32;
        loop {
            let mut request = self
                .client
                .post(url)
                .header(reqwest::header::CONTENT_TYPE, "application/json")
                .body(body.to_string());
            if let Some(key) = &self.config.api_key {
                request = request.bearer_auth(key.expose());
            }
            if whole {
                request = request.timeout(self.config.timeout);
            }
            let (retry_after, transient) = match request.send().await {
                Ok(resp) if resp.status().is_success() => return Ok(resp),
                Ok(resp) => {
                    let status = resp.status().as_u16();
                    let retry_after = resp
                        .headers()
                        .get(reqwest::header::RETRY_AFTER)
                        .and_then(|v| v.to_str().ok())
                        .and_then(|v| parse_retry_after(v, SystemTime::now()));
                    let message = self.scrub(&wire::error_message(&resp.text().await.unwrap_or_default()));
                    if !retryable(status) {
                        return Err(self.refusal(url, status, &message));
                    }
                    (retry_after, Transient::Status(status, message))
                }
                Err(e) if e.is_connect() => (None, Transient::Connect(self.describe(&e))),
                Err(e) => return Err(self.failure(url, &e)),
            };
            if attempt >= policy.max_retries {
                let tries = attempt + 1;
                return Err(ModelError::Unreachable(match transient {
                    Transient::Status(status, message) => {
                        format!(
                            "{url} answered {status} on all {tries} attempts (model `{}`): {message}",
                            self.config.model
                        )
                    }
                    Transient::Connect(cause) => format!(
                        "cannot connect to {} after {tries} attempts: {cause}",
                        self.config.base()
                    ),
                }));
            }
            tokio::time::sleep(policy.delay(attempt, retry_after, jitter())).await;
            attempt += 1;
        }
    }

    /// A request that will not succeed by retrying: says which server and model refused.
    fn refusal(&self, url: &str, status: u16, message: &str) -> ModelError {
        let base = self.config.base();
        let model = &self.config.model;
        ModelError::Refused(match status {
            401 | 403 => {
                let hint = if self.config.api_key.is_none() {
                    " (OPENAI_API_KEY is not set)"
                } else {
                    ""
                };
                format!("{status} from {base}: the server rejected the API key{hint} for model `{model}`: {message}")
            }
            404 => format!(
                "404 from {url}: the server at {base} has no model `{model}`, or the base URL is wrong \
                 (OpenAI-compatible servers usually end in /v1): {message}"
            ),
            _ => format!("{status} from {url} for model `{model}`: {message}"),
        })
    }

    /// A failed send or read that is not retried.
    fn failure(&self, url: &str, e: &reqwest::Error) -> ModelError {
        if e.is_timeout() {
            let ms = u64::try_from(self.config.timeout.as_millis()).unwrap_or(u64::MAX);
            return ModelError::Timeout(ms);
        }
        ModelError::Unreachable(format!("request to {url} failed: {}", self.describe(e)))
    }

    /// An error and its causes on one line, with the key scrubbed.
    fn describe(&self, e: &reqwest::Error) -> String {
        let mut parts = vec![e.to_string()];
        let mut source = std::error::Error::source(e);
        while let Some(s) = source {
            let text = s.to_string();
            if !parts.iter().any(|p| p.contains(&text)) {
                parts.push(text);
            }
            source = s.source();
        }
        self.scrub(&parts.join(": "))
    }

    pub(super) fn scrub(&self, text: &str) -> String {
        match &self.config.api_key {
            Some(key) => key.scrub(text),
            None => text.to_string(),
        }
    }

    fn scrubber(&self) -> super::config::StreamScrubber {
        self.config
            .api_key
            .as_ref()
            .map(super::ApiKey::stream_scrubber)
            .unwrap_or_default()
    }
}
