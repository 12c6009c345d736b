//! The `rgmem` binary: parses the command line, then runs a `cli/` subcommand or the `tui/`
//! inspector over the engine in the library.

mod cli;
#[cfg(feature = "tui")]
mod tui;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
