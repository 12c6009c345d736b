//! The `rgmem` binary: parses the command line, then runs a `cli/` subcommand or the `tui/`
//! inspector over the engine in the library.
// Nothing an input, a file, the network or a model can make fail may unwrap (issue 11).
#![warn(clippy::unwrap_used, clippy::expect_used)]

mod cli;
#[cfg(feature = "tui")]
mod tui;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
