//! `--model openai`: a client for any OpenAI-compatible chat-completions server (OpenAI,
//! Ollama, vLLM, llama.cpp's server, LM Studio). It implements the synchronous [`Model`] trait
//! over reqwest, streams with server-sent events, embeds through `/embeddings` when an
//! embedding model is configured, and counts tokens from the server's `usage` or, failing that,
//! by estimate.

mod config;
mod http;
pub mod retry;
pub mod wire;

pub use config::{ApiKey, DEFAULT_BASE_URL, DEFAULT_MODEL, OpenAiConfig};
pub use retry::RetryPolicy;

use super::{Cancel, Completion, Model, ModelError, ModelRequest};
use crate::text::estimate_tokens;
use http::{Job, Output, Transport};
use std::time::Instant;

/// The OpenAI-compatible model.
#[derive(Debug)]
pub struct OpenAiModel {
    transport: Transport,
}

impl OpenAiModel {
    /// Builds the client; no request is made until the first call.
    pub fn new(config: OpenAiConfig) -> Result<Self, ModelError> {
        Ok(Self {
            transport: Transport::new(config)?,
        })
    }

    /// The settings in use (the key stays redacted in `Debug`).
    #[must_use]
    pub fn config(&self) -> &OpenAiConfig {
        &self.transport.config
    }

    fn chat(
        &self,
        request: &ModelRequest,
        stream: bool,
        on_token: &mut dyn FnMut(&str),
    ) -> Result<Completion, ModelError> {
        let started = Instant::now();
        let job = Job::Chat {
            prompt: &request.prompt,
            stream,
        };
        let Output::Chat(reply, usage) = self.transport.run(job, on_token)? else {
            return Err(ModelError::Other(
                "the client answered a chat call with embeddings".into(),
            ));
        };
        Ok(Completion {
            tokens_in: usage.prompt.unwrap_or_else(|| estimate_tokens(&request.prompt)),
            tokens_out: usage.completion.unwrap_or_else(|| estimate_tokens(&reply)),
            latency_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
            reply,
        })
    }
}

impl Model for OpenAiModel {
    fn name(&self) -> String {
        format!("openai:{}", self.transport.config.model)
    }

    fn complete(&mut self, request: &ModelRequest) -> Result<Completion, ModelError> {
        self.chat(request, false, &mut |_| {})
    }

    fn complete_streaming(
        &mut self,
        request: &ModelRequest,
        on_token: &mut dyn FnMut(&str),
    ) -> Result<Completion, ModelError> {
        self.chat(request, true, on_token)
    }

    fn embed(&mut self, texts: &[String]) -> Option<Result<Vec<Vec<f32>>, ModelError>> {
        let model = self.transport.config.embed_model.clone()?;
        if texts.is_empty() {
            return Some(Ok(Vec::new()));
        }
        let job = Job::Embed { model: &model, texts };
        Some(self.transport.run(job, &mut |_| {}).and_then(|out| match out {
            Output::Embed(v) => Ok(v),
            Output::Chat(..) => Err(ModelError::Other(
                "the client answered an embedding call with a chat".into(),
            )),
        }))
    }

    fn canceller(&self) -> Option<Cancel> {
        Some(self.transport.cancel.clone())
    }
}
