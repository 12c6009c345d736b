//! `--model openai`: a client for any OpenAI-compatible chat-completions server (OpenAI,
//! Ollama, vLLM, llama.cpp's server, LM Studio). It implements the synchronous [`Model`] trait
//! over reqwest, streams with server-sent events, embeds through `/embeddings` when an
//! embedding model is configured, and counts tokens from the server's `usage` or, failing that,
//! by estimate. Structured tasks are sent with their JSON schema as `response_format` where the
//! endpoint supports it (found out once, or set by `structured_output`); every task gets a reply
//! token cap, and a reply cut off at it is asked again once with a larger cap.

mod config;
mod http;
pub mod retry;
pub mod wire;

pub use config::{
    ApiKey, DEFAULT_BASE_URL, DEFAULT_MODEL, MAX_TIMEOUT_SECS, MIN_SECRET_CHARS, OpenAiConfig, StreamScrubber,
    StructuredOutput, seconds,
};
pub use retry::RetryPolicy;

use super::schema::{self, OutputMode};
use super::{Cancel, Completion, Model, ModelError, ModelRequest};
use crate::event::Purpose;
use crate::text::estimate_tokens;
use http::{Job, Output, Transport};
use std::time::Instant;
use wire::ChatOptions;

/// The OpenAI-compatible model.
#[derive(Debug)]
pub struct OpenAiModel {
    transport: Transport,
    /// The reply format this endpoint was found to support (`structured_output = auto`).
    detected: Option<OutputMode>,
}

/// What a call that stopped at its token cap gets on its one retry: this many times the cap.
const LENGTH_RETRY_FACTOR: u32 = 3;

impl OpenAiModel {
    /// Builds the client; no request is made until the first call.
    pub fn new(config: OpenAiConfig) -> Result<Self, ModelError> {
        let detected = match config.structured_output {
            StructuredOutput::Auto => None,
            StructuredOutput::JsonSchema => Some(OutputMode::JsonSchema),
            StructuredOutput::Off => Some(OutputMode::Text),
        };
        Ok(Self {
            transport: Transport::new(config)?,
            detected,
        })
    }

    /// The settings in use (the key stays redacted in `Debug`).
    #[must_use]
    pub fn config(&self) -> &OpenAiConfig {
        &self.transport.config
    }

    /// Asks the endpoint once whether it decodes under a JSON schema: a tiny request whose
    /// schema allows one object. A server that refuses `response_format`, or ignores it and
    /// answers in prose, gets the text formats. An unreachable server decides nothing yet.
    fn detect(&mut self) -> OutputMode {
        if let Some(mode) = self.detected {
            return mode;
        }
        let format = r#"{"type": "json_schema", "json_schema": {"name": "rgmem_probe", "strict": true,
            "schema": {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"],
            "additionalProperties": false}}}"#
            .to_string();
        let job = Job::Chat {
            prompt: "Reply with the JSON object {\"ok\": true}.",
            options: ChatOptions {
                stream: false,
                max_tokens: Some(16),
                response_format: Some(format),
                temperature: None,
            },
        };
        let mode = match self.transport.run(job, &mut |_| {}) {
            Ok(Output::Chat(reply, ..)) => {
                let ok = serde_json::from_str::<serde_json::Value>(reply.trim())
                    .ok()
                    .and_then(|v| v.get("ok").map(serde_json::Value::is_boolean))
                    .unwrap_or(false);
                Some(if ok { OutputMode::JsonSchema } else { OutputMode::Text })
            }
            Ok(Output::Embed(_)) => None,
            Err(ModelError::Refused(_)) => Some(OutputMode::Text),
            Err(_) => None,
        };
        self.detected = mode;
        mode.unwrap_or(OutputMode::Text)
    }

    fn chat(
        &mut self,
        request: &ModelRequest,
        stream: bool,
        on_token: &mut dyn FnMut(&str),
    ) -> Result<Completion, ModelError> {
        let started = Instant::now();
        let cap = self
            .transport
            .config
            .max_tokens
            .unwrap_or_else(|| schema::default_max_tokens(request.purpose));
        let mut mode = request.mode;
        let mut tokens = (0u32, 0u32);
        let mut attempt_cap = cap;
        let mut retried = false;
        loop {
            let options = ChatOptions {
                stream,
                max_tokens: (attempt_cap > 0).then_some(attempt_cap),
                response_format: if mode == OutputMode::JsonSchema {
                    request.response_format()
                } else {
                    None
                },
                temperature: request.temperature,
            };
            let refusable =
                options.response_format.is_some() && self.transport.config.structured_output == StructuredOutput::Auto;
            let job = Job::Chat {
                prompt: &request.prompt,
                options,
            };
            let (reply, usage, finish) = match self.transport.run(job, on_token) {
                Ok(Output::Chat(reply, usage, finish)) => (reply, usage, finish),
                Ok(Output::Embed(_)) => {
                    return Err(ModelError::Other(
                        "the client answered a chat call with embeddings".into(),
                    ));
                }
                // A server that takes the probe's schema but refuses this one (an unsupported
                // keyword, a grammar it cannot build): the same prompt again, unconstrained;
                // the parsers read JSON and text alike.
                Err(ModelError::Refused(message))
                    if refusable && (message.starts_with("400") || message.starts_with("422")) =>
                {
                    self.detected = Some(OutputMode::Text);
                    mode = OutputMode::Text;
                    continue;
                }
                Err(e) => return Err(e),
            };
            tokens.0 = tokens
                .0
                .saturating_add(usage.prompt.unwrap_or_else(|| estimate_tokens(&request.prompt)));
            tokens.1 = tokens
                .1
                .saturating_add(usage.completion.unwrap_or_else(|| estimate_tokens(&reply)));
            // A free-text answer cut off at the cap is still what the model said (a small model
            // that rambles past 512 tokens has usually answered in its first sentence): it is
            // kept, up to its last whole sentence, once asking again with a larger cap has not
            // helped, or at once when it was streamed. A cut-off JSON reply is no reply.
            let free_text = request.purpose == Purpose::Answer && options_free_text(mode);
            if finish.as_deref() == Some("length") && attempt_cap > 0 && free_text && (retried || stream) {
                return Ok(Completion {
                    mode,
                    tokens_in: tokens.0,
                    tokens_out: tokens.1,
                    latency_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
                    reply: if stream { reply } else { whole_sentences(&reply) },
                });
            }
            if finish.as_deref() == Some("length") && attempt_cap > 0 {
                // A streamed reply was already handed out; asking again would show it twice.
                if retried || stream {
                    return Err(ModelError::CutOff(format!(
                        "the reply was cut off at the {attempt_cap}-token cap (finish_reason \"length\"){}",
                        if retried {
                            ", also after a retry with a larger cap"
                        } else {
                            ""
                        }
                    )));
                }
                retried = true;
                attempt_cap = attempt_cap.saturating_mul(LENGTH_RETRY_FACTOR);
                continue;
            }
            return Ok(Completion {
                mode,
                tokens_in: tokens.0,
                tokens_out: tokens.1,
                latency_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
                reply,
            });
        }
    }
}

/// Whether a reply in `mode` is free text rather than JSON under a schema.
fn options_free_text(mode: OutputMode) -> bool {
    mode != OutputMode::JsonSchema
}

/// The reply up to its last sentence end, or whole when it has none.
fn whole_sentences(reply: &str) -> String {
    match reply.rfind(['.', '!', '?']) {
        Some(i) if i > 0 => reply.get(..=i).unwrap_or(reply).to_string(),
        _ => reply.to_string(),
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

    fn output_mode(&mut self, purpose: Purpose) -> OutputMode {
        if schema::schema(purpose).is_none() {
            return OutputMode::Text;
        }
        self.detect()
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

    fn endpoint(&self) -> Option<String> {
        Some(self.config().base().to_string())
    }
}
