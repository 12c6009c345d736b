//! The MCP tools over the store: names, descriptions an agent can follow, annotations (read-only,
//! destructive, idempotent; none reaches outside the memory file), and the mapping of refusals to
//! MCP errors. Each call runs on a blocking thread, one at a time per process, in arrival order.

use super::args::{CorrectArgs, HistoryArgs, ProfileArgs, RecallArgs, RememberArgs, UndoArgs};
use super::store::{Refusal, Store};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, Implementation, ServerCapabilities, ServerConfig};
use rmcp::{ErrorData, ServerHandler, tool, tool_handler, tool_router};
use serde_json::Value;
use std::sync::Arc;

/// What the server tells a client about itself.
const INSTRUCTIONS: &str = "rgmem is a long-term memory of conversations (RGMem: facts and conclusions per \
episode, concepts with a stable core Σ and exceptions Δ). Call `remember` with the turns of a conversation \
as it happens; `recall` with a question before answering from memory; `profile` for what is known about \
the person or one concept; `history` for how a concept's summary changed. When the user says something \
stored is wrong, call `correct` with the item id that recall or profile gave (e3, e3/c1, c12/s0, c12/d1) \
and their reason: the item never comes back in recall. `undo_correction` takes a correction back.";

/// The MCP server: the tools over one shared store.
#[derive(Clone)]
pub struct MemoryServer {
    store: Arc<Store>,
    /// Calls run one at a time in the order they arrive (a fair lock, taken first thing on a
    /// single-threaded runtime): a recall sent after a remember sees what it stored.
    order: Arc<tokio::sync::Mutex<()>>,
    tool_router: ToolRouter<Self>,
}

impl MemoryServer {
    /// A server over `store`.
    pub fn new(store: Arc<Store>, order: Arc<tokio::sync::Mutex<()>>) -> Self {
        Self {
            store,
            order,
            tool_router: Self::tool_router(),
        }
    }

    /// Runs `f` on the store off the async threads and turns its answer into a tool result.
    async fn call(
        &self,
        f: impl FnOnce(&Store) -> Result<Value, Refusal> + Send + 'static,
    ) -> Result<CallToolResult, ErrorData> {
        let _turn = self.order.lock().await;
        let store = Arc::clone(&self.store);
        match tokio::task::spawn_blocking(move || f(&store)).await {
            Ok(Ok(value)) => Ok(CallToolResult::structured(value)),
            Ok(Err(Refusal::Invalid(message))) => Err(ErrorData::invalid_params(message, None)),
            Ok(Err(Refusal::Failed(e))) => Err(ErrorData::internal_error(format!("{e:#}"), None)),
            Err(e) => Err(ErrorData::internal_error(format!("the call stopped: {e}"), None)),
        }
    }
}

#[tool_router]
impl MemoryServer {
    /// Stores turns of a conversation.
    #[tool(
        description = "Store turns of a conversation (oldest first) as one session: each turn has a speaker \
                       (\"user\", \"assistant\" or a person's name), its text and optionally an ISO 8601 time. \
                       The memory segments them into episodes (facts and conclusions) and runs its operators; \
                       returns the new fact ids and the operator firings (RK1 relation summaries, RK2/RK3 Σ/Δ rewrites).",
        annotations(
            title = "Remember turns",
            read_only_hint = false,
            destructive_hint = false,
            idempotent_hint = false,
            open_world_hint = false
        )
    )]
    async fn remember(&self, Parameters(args): Parameters<RememberArgs>) -> Result<CallToolResult, ErrorData> {
        self.call(move |s| s.remember(args)).await
    }

    /// Answers a question from memory.
    #[tool(
        description = "Ask the memory a question. Returns the context items that answer it within a token budget \
                       (facts, conclusions, concept Σ/Δ, relation summaries, turns), each with its layer, scores, \
                       provenance (turns, episodes, relations, concepts) and, for facts and conclusions, the item id \
                       `correct` takes; then the built-in offline answer. Corrected items never appear.",
        annotations(
            title = "Recall",
            read_only_hint = true,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn recall(&self, Parameters(args): Parameters<RecallArgs>) -> Result<CallToolResult, ErrorData> {
        self.call(move |s| s.recall(args)).await
    }

    /// A person's or a concept's Σ/Δ.
    #[tool(
        description = "What is known about the person (default) or one of their concepts: Σ, the stable core, as \
                       bullets with their branch and gathered mentions, and Δ, exceptions and restrictions, with tag, \
                       date and status (active, resolved, superseded). Every bullet and item has the id `correct` \
                       takes (c12/s0, c12/d1). For the person, also lists the concepts that have a profile, and the \
                       corrections in force.",
        annotations(
            title = "Profile",
            read_only_hint = true,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn profile(&self, Parameters(args): Parameters<ProfileArgs>) -> Result<CallToolResult, ErrorData> {
        self.call(move |s| s.profile(args)).await
    }

    /// The firings on a concept.
    #[tool(
        description = "How one concept's (or relation's) summary evolved: every operator firing, approval, rejection \
                       and revert on it, oldest first, with its trigger, the episodes it consumed and the text before \
                       and after; and the corrections in force on it.",
        annotations(
            title = "History",
            read_only_hint = true,
            destructive_hint = false,
            idempotent_hint = true,
            open_world_hint = false
        )
    )]
    async fn history(&self, Parameters(args): Parameters<HistoryArgs>) -> Result<CallToolResult, ErrorData> {
        self.call(move |s| s.history(args)).await
    }

    /// Retires an item or replaces its text.
    #[tool(
        description = "Correct the memory when the user says something stored is wrong: retire a fact (e3), a \
                       conclusion (e3/c1), a Σ bullet (c12/s0) or a Δ item (c12/d1), or give `text` to replace its \
                       text, with the user's `reason`. Recorded as an event (reversible with undo_correction): the \
                       item never returns in recall, the turns that said it are left out of recall, and what it was \
                       built from never re-enters a summary. Returns the correction id (k0).",
        annotations(
            title = "Correct",
            read_only_hint = false,
            destructive_hint = true,
            idempotent_hint = false,
            open_world_hint = false
        )
    )]
    async fn correct(&self, Parameters(args): Parameters<CorrectArgs>) -> Result<CallToolResult, ErrorData> {
        self.call(move |s| s.correct(args)).await
    }

    /// Undoes a correction.
    #[tool(
        description = "Take back a correction by its id (k0): the item, and what the correction removed with it, \
                       read as before wherever nothing rewrote them since. Recorded as an event.",
        annotations(
            title = "Undo a correction",
            read_only_hint = false,
            destructive_hint = false,
            idempotent_hint = false,
            open_world_hint = false
        )
    )]
    async fn undo_correction(&self, Parameters(args): Parameters<UndoArgs>) -> Result<CallToolResult, ErrorData> {
        self.call(move |s| s.undo(args)).await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for MemoryServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("rgmem", env!("CARGO_PKG_VERSION")))
            .with_instructions(INSTRUCTIONS)
    }
}
