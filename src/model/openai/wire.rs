//! The chat-completions and embeddings wire format: request bodies, replies, server-sent
//! event chunks and error bodies. Read through `serde_json::Value`, so servers that add,
//! omit or null fields (Ollama, vLLM, llama.cpp, LM Studio) all parse.

use super::config::OpenAiConfig;
use serde_json::{Value, json};

/// What one chat request asks for beyond the prompt.
#[derive(Debug, Clone, Default)]
pub struct ChatOptions {
    /// Ask for server-sent events.
    pub stream: bool,
    /// Reply-token cap.
    pub max_tokens: Option<u32>,
    /// `response_format` (a JSON schema) when the reply is structured, as JSON text sent as
    /// written so the schema's key order survives.
    pub response_format: Option<String>,
    /// A temperature for this call, over the configured one.
    pub temperature: Option<f32>,
}

/// The body of a chat-completions request: the prompt as one user message.
#[must_use]
pub fn chat_body(config: &OpenAiConfig, prompt: &str, options: &ChatOptions) -> String {
    let stream = options.stream;
    let mut body = json!({
        "model": config.model,
        "messages": [{"role": "user", "content": prompt}],
        "stream": stream,
    });
    if let Some(t) = options.temperature.or(config.temperature) {
        body["temperature"] = json!(t);
    }
    if let Some(n) = options.max_tokens {
        body["max_tokens"] = json!(n);
    }

    if stream {
        body["stream_options"] = json!({"include_usage": true});
    }
    let mut text = body.to_string();
    if let Some(format) = options
        .response_format
        .as_deref()
        .filter(|f| serde_json::from_str::<Value>(f).is_ok())
    {
        // `body` is an object, so its text ends with `}`.
        text.pop();
        text.push_str(",\"response_format\":");
        text.push_str(format);
        text.push('}');
    }
    text
}

/// The body of an embeddings request.
#[must_use]
pub fn embed_body(model: &str, texts: &[String]) -> String {
    json!({"model": model, "input": texts}).to_string()
}

/// Token counts a server reported.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    /// Prompt tokens.
    pub prompt: Option<u32>,
    /// Reply tokens.
    pub completion: Option<u32>,
}

impl Usage {
    fn read(v: &Value) -> Self {
        let get = |k: &str| {
            v.get("usage")
                .and_then(|u| u.get(k))
                .and_then(Value::as_u64)
                .and_then(|n| u32::try_from(n).ok())
        };
        Self {
            prompt: get("prompt_tokens"),
            completion: get("completion_tokens"),
        }
    }

    fn merge(&mut self, other: Self) {
        self.prompt = other.prompt.or(self.prompt);
        self.completion = other.completion.or(self.completion);
    }
}

/// Why a reply ended, as the server says (`finish_reason`).
#[must_use]
pub fn finish_reason(choice: &Value) -> Option<String> {
    choice.get("finish_reason").and_then(Value::as_str).map(str::to_string)
}

/// A whole (non-streamed) reply: its text, usage and finish reason.
pub fn parse_chat_full(body: &str) -> Result<(String, Usage, Option<String>), String> {
    let (text, usage) = parse_chat(body)?;
    let v: Value = serde_json::from_str(body).map_err(|e| format!("the reply is not JSON ({e})"))?;
    let finish = v.get("choices").and_then(|c| c.get(0)).and_then(finish_reason);
    Ok((text, usage, finish))
}

/// A whole (non-streamed) reply: its text and usage.
pub fn parse_chat(body: &str) -> Result<(String, Usage), String> {
    let v: Value = serde_json::from_str(body).map_err(|e| format!("the reply is not JSON ({e})"))?;
    let choice = v
        .get("choices")
        .and_then(|c| c.get(0))
        .ok_or_else(|| "the reply has no `choices`".to_string())?;
    let text = choice
        .get("message")
        .and_then(|m| m.get("content"))
        .or_else(|| choice.get("text"))
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    Ok((text, Usage::read(&v)))
}

/// Embedding vectors in input order.
pub fn parse_embeddings(body: &str, expected: usize) -> Result<Vec<Vec<f32>>, String> {
    let v: Value = serde_json::from_str(body).map_err(|e| format!("the reply is not JSON ({e})"))?;
    let data = v
        .get("data")
        .and_then(Value::as_array)
        .ok_or_else(|| "the reply has no `data` list".to_string())?;
    let mut out: Vec<Option<Vec<f32>>> = vec![None; expected];
    for (i, item) in data.iter().enumerate() {
        let index = item
            .get("index")
            .and_then(Value::as_u64)
            .and_then(|n| usize::try_from(n).ok())
            .unwrap_or(i);
        let vector = item
            .get("embedding")
            .and_then(Value::as_array)
            .ok_or_else(|| format!("item {i} has no `embedding`"))?
            .iter()
            .map(|x| x.as_f64().map(|f| f as f32))
            .collect::<Option<Vec<f32>>>()
            .ok_or_else(|| format!("item {i} holds a non-number"))?;
        if let Some(slot) = out.get_mut(index) {
            *slot = Some(vector);
        }
    }
    out.into_iter()
        .enumerate()
        .map(|(i, v)| v.ok_or_else(|| format!("no embedding for input {i}")))
        .collect()
}

/// The message of an error body (`{"error": {"message": ...}}`, `{"error": "..."}`,
/// `{"message": ...}` or plain text), shortened.
#[must_use]
pub fn error_message(body: &str) -> String {
    let from_json = serde_json::from_str::<Value>(body).ok().and_then(|v| {
        let e = v.get("error").unwrap_or(&v);
        e.get("message")
            .and_then(Value::as_str)
            .or_else(|| e.as_str())
            .map(str::to_string)
    });
    let text = from_json.unwrap_or_else(|| body.trim().to_string());
    crate::text::clip(&text.split_whitespace().collect::<Vec<_>>().join(" "), 300)
}

/// Incremental reader of a `text/event-stream` body.
#[derive(Debug, Default)]
pub struct SseReader {
    pending: Vec<u8>,
    /// Usage seen so far (the last chunk carries it when `include_usage` is honoured).
    pub usage: Usage,
    /// `data: [DONE]` arrived.
    pub done: bool,
    /// The last `finish_reason` a chunk carried.
    pub finish: Option<String>,
}

impl SseReader {
    /// Feeds bytes; returns the content pieces completed by them, in order.
    pub fn feed(&mut self, bytes: &[u8]) -> Vec<String> {
        self.pending.extend_from_slice(bytes);
        let mut out = Vec::new();
        while let Some(nl) = self.pending.iter().position(|b| *b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=nl).collect();
            let line = String::from_utf8_lossy(&line);
            self.line(line.trim_end_matches(['\n', '\r']), &mut out);
        }
        out
    }

    /// Ends the stream, reading a last line that had no newline.
    pub fn finish(&mut self) -> Vec<String> {
        let rest = std::mem::take(&mut self.pending);
        let mut out = Vec::new();
        let line = String::from_utf8_lossy(&rest);
        self.line(line.trim_end_matches(['\n', '\r']), &mut out);
        out
    }

    fn line(&mut self, line: &str, out: &mut Vec<String>) {
        let Some(data) = line.strip_prefix("data:") else {
            return;
        };
        let data = data.trim();
        if data == "[DONE]" {
            self.done = true;
            return;
        }
        let Ok(v) = serde_json::from_str::<Value>(data) else {
            return;
        };
        self.usage.merge(Usage::read(&v));
        if let Some(f) = v.get("choices").and_then(|c| c.get(0)).and_then(finish_reason) {
            self.finish = Some(f);
        }
        let piece = v
            .get("choices")
            .and_then(|c| c.get(0))
            .and_then(|c| c.get("delta").and_then(|d| d.get("content")).or_else(|| c.get("text")))
            .and_then(Value::as_str);
        if let Some(p) = piece.filter(|p| !p.is_empty()) {
            out.push(p.to_string());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schema_goes_into_the_body_as_written() {
        let options = ChatOptions {
            stream: false,
            max_tokens: Some(7),
            response_format: Some(r#"{"type": "json_schema", "json_schema": {"schema": {"z": 1, "a": 2}}}"#.into()),
            temperature: None,
        };
        let body = chat_body(&OpenAiConfig::default(), "hi", &options);
        let v: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(v["max_tokens"], 7);
        assert_eq!(v["temperature"], 0.0, "the configured temperature");
        let sampled = ChatOptions {
            temperature: Some(0.5),
            ..options
        };
        let v: Value = serde_json::from_str(&chat_body(&OpenAiConfig::default(), "hi", &sampled)).unwrap();
        assert_eq!(v["temperature"], 0.5, "a call's own temperature wins");
        assert_eq!(v["response_format"]["type"], "json_schema");
        assert!(body.find("\"z\"").unwrap() < body.find("\"a\"").unwrap());
    }

    #[test]
    fn chat_replies_parse_with_and_without_usage() {
        let (t, u) = parse_chat(
            r#"{"choices":[{"message":{"content":"hi"}}],"usage":{"prompt_tokens":5,"completion_tokens":1}}"#,
        )
        .unwrap();
        assert_eq!((t.as_str(), u.prompt, u.completion), ("hi", Some(5), Some(1)));
        let (t, u) = parse_chat(r#"{"choices":[{"message":{"content":null}}]}"#).unwrap();
        assert_eq!((t.as_str(), u), ("", Usage::default()));
        assert!(parse_chat("<html>bad gateway</html>").is_err());
        let (_, _, f) =
            parse_chat_full(r#"{"choices":[{"message":{"content":"x"},"finish_reason":"length"}]}"#).unwrap();
        assert_eq!(f.as_deref(), Some("length"));
        assert!(parse_chat("{}").is_err());
    }

    #[test]
    fn sse_pieces_survive_split_chunks() {
        let mut r = SseReader::default();
        let mut got = r.feed(b"data: {\"choices\":[{\"delta\":{\"content\":\"Hel\"}}]}\n\nda");
        got.extend(r.feed(b"ta: {\"choices\":[{\"delta\":{\"content\":\"lo\"}}]}\r\n\n: keep-alive\n"));
        got.extend(r.feed(b"data: {\"choices\":[],\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":2}}\n"));
        got.extend(r.feed(b"data: [DONE]"));
        got.extend(r.finish());
        assert_eq!(got, vec!["Hel", "lo"]);
        assert!(r.done);
        assert_eq!(r.usage.prompt, Some(9));
    }

    #[test]
    fn embeddings_come_back_in_input_order() {
        let v = parse_embeddings(
            r#"{"data":[{"index":1,"embedding":[0.5]},{"index":0,"embedding":[1,2]}]}"#,
            2,
        )
        .unwrap();
        assert_eq!(v, vec![vec![1.0, 2.0], vec![0.5]]);
        assert!(parse_embeddings(r#"{"data":[]}"#, 1).is_err());
    }

    #[test]
    fn error_messages_are_read_from_any_shape() {
        assert_eq!(
            error_message(r#"{"error":{"message":"model not found"}}"#),
            "model not found"
        );
        assert_eq!(error_message(r#"{"error":"nope"}"#), "nope");
        assert_eq!(error_message("plain\n text"), "plain text");
    }
}
