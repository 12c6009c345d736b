//! `rgmem serve`: the memory over MCP, on stdio (what MCP clients launch) or, with `--http PORT`,
//! as streamable HTTP on 127.0.0.1. Binary-side, behind the `mcp` feature: the library knows
//! nothing of MCP.

mod args;
mod shape;
mod store;
mod tools;

use crate::cli::Shared;
use anyhow::{Context, Result};
use std::sync::Arc;

/// Options of `serve`.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Serve streamable HTTP on 127.0.0.1:PORT (at /mcp) instead of stdio.
    #[arg(long, value_name = "PORT")]
    http: Option<u16>,
    /// Whose memory the file is, when it holds several people (a tool's `person` argument
    /// overrides it); also the user's name for turns `remember` stores.
    #[arg(long, value_name = "NAME")]
    person: Option<String>,
}

/// Runs `serve` until stdin closes (stdio) or Ctrl-C (HTTP).
pub fn run(shared: &Shared, args: &Args) -> Result<()> {
    let engine = shared.open_engine()?;
    let store = Arc::new(store::Store::new(engine, args.person.clone()));
    // One thread runs the protocol (tool calls wait on the blocking pool), so requests are taken
    // up in the order they arrive.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    let served = match args.http {
        None => runtime.block_on(stdio(Arc::clone(&store))),
        Some(port) => runtime.block_on(http(Arc::clone(&store), port)),
    };
    // The store is dropped here, outside the runtime: a PostgreSQL client closes its connection
    // by blocking on a runtime of its own, which tokio refuses inside another one.
    drop(runtime);
    drop(store);
    served
}

async fn stdio(store: Arc<store::Store>) -> Result<()> {
    use rmcp::ServiceExt;
    let server = tools::MemoryServer::new(store, Arc::default());
    // A client that goes away before the handshake (closed stdin) is a clean exit.
    let Ok(running) = server.serve(rmcp::transport::stdio()).await else {
        return Ok(());
    };
    tokio::select! {
        done = running.waiting() => { done.context("the MCP session stopped")?; }
        _ = tokio::signal::ctrl_c() => {}
    }
    Ok(())
}

async fn http(store: Arc<store::Store>, port: u16) -> Result<()> {
    use rmcp::transport::streamable_http_server::{
        StreamableHttpServerConfig, StreamableHttpService, session::local::LocalSessionManager,
    };
    let config = StreamableHttpServerConfig::default();
    let ct = config.cancellation_token.clone();
    let order: Arc<tokio::sync::Mutex<()>> = Arc::default();
    let service: StreamableHttpService<tools::MemoryServer, LocalSessionManager> = StreamableHttpService::new(
        move || Ok(tools::MemoryServer::new(Arc::clone(&store), Arc::clone(&order))),
        Arc::default(),
        config,
    );
    let router = axum::Router::new().nest_service("/mcp", service);
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
        .await
        .with_context(|| format!("listening on 127.0.0.1:{port}"))?;
    let addr = listener.local_addr().context("reading the bound address")?;
    eprintln!("rgmem serve: MCP over streamable HTTP at http://{addr}/mcp (Ctrl-C stops)");
    axum::serve(listener, router)
        .with_graceful_shutdown(async move {
            let _ = tokio::signal::ctrl_c().await;
            ct.cancel();
        })
        .await
        .context("serving HTTP")
}
