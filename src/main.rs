//! The `rgmem` binary: parses the command line, then runs a `cli/` subcommand or the `tui/`
//! inspector over the engine in the library.
// Nothing an input, a file, the network or a model can make fail may unwrap, and text is never
// sliced by byte index (issue 11; see `[lints]` in Cargo.toml).
#![warn(clippy::unwrap_used, clippy::expect_used, clippy::string_slice)]

mod cli;
#[cfg(feature = "mcp")]
mod mcp;
#[cfg(feature = "tui")]
mod tui;

use std::process::ExitCode;

/// Ingest allocates many short strings; mimalloc serves them faster than the system allocator.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    cli::main()
}
