//! Integration tests of the LLM backends against a fake OpenAI-compatible server on 127.0.0.1:
//! a whole session through `--model openai`, streaming chat, injected faults, exact recorded
//! replay, export, the key-leak check, and the cost per turn at several θ_inf.

#[path = "llm/cli.rs"]
mod cli;
#[path = "llm/client.rs"]
mod client;
#[path = "llm/cost.rs"]
mod cost;
#[path = "llm/fake.rs"]
mod fake;
#[path = "llm/faults.rs"]
mod faults;
#[path = "llm/replay.rs"]
mod replay;
#[path = "llm/session.rs"]
mod session;
#[path = "llm/stream.rs"]
mod stream;
#[path = "llm/structured.rs"]
mod structured;
