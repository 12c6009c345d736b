//! The README, run as a new user would run it: every example command, in the order the README
//! gives them, in a fresh directory holding only the sample sessions, with the built `rgmem`
//! first on PATH and a home directory of its own. Skipped, and said so in the README: `cargo`
//! commands (the setup; this test is run by one), the inspector (`rgmem tui`, which needs a
//! terminal: tests/tui_tmux.rs) and `sh` blocks marked `needs-server`.

use std::path::{Path, PathBuf};
use std::process::Command;

const README: &str = include_str!("../README.md");

/// One example: a table cell's command, or a whole `sh` block run as one script.
#[derive(Debug)]
struct Example {
    /// The README line it starts on.
    line: usize,
    script: String,
}

/// The table cells' `example` commands and the `sh` blocks, in README order.
fn examples(readme: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut block: Option<(usize, Vec<String>)> = None;
    let mut skipping = false;
    for (i, line) in readme.lines().enumerate() {
        let n = i + 1;
        if let Some(info) = line.strip_prefix("```") {
            match block.take() {
                Some((start, lines)) => {
                    let script = lines.join("\n");
                    if !script.trim().is_empty() {
                        out.push(Example { line: start, script });
                    }
                }
                None if skipping => skipping = false,
                None if info.starts_with("sh") && !info.contains("needs-server") => {
                    block = Some((n, Vec::new()));
                }
                None => skipping = true,
            }
            continue;
        }
        if skipping {
            continue;
        }
        if let Some((_, lines)) = block.as_mut() {
            if runnable(line) {
                lines.push(line.to_string());
            }
            continue;
        }
        if let Some(cell) = example_cell(line)
            && runnable(&cell)
        {
            out.push(Example { line: n, script: cell });
        }
    }
    out
}

/// The command in a table row's second cell, if it holds one.
fn example_cell(line: &str) -> Option<String> {
    if !line.starts_with("| `") {
        return None;
    }
    let cells: Vec<String> = line
        .replace("\\|", "\u{0}")
        .split('|')
        .map(|c| c.trim().replace('\u{0}', "|"))
        .collect();
    let cell = cells.get(2)?;
    let command = cell.strip_prefix('`')?.strip_suffix('`')?;
    (command.starts_with("rgmem") || command.starts_with("echo")).then(|| command.to_string())
}

/// Whether the test runs a line: not the setup, not the inspector.
fn runnable(line: &str) -> bool {
    const VALUED: [&str; 8] = [
        "--db",
        "--theta-inf",
        "--theta-sum",
        "--model",
        "--model-name",
        "--embed-model",
        "--timeout",
        "--recorded",
    ];
    let words: Vec<&str> = line.split_whitespace().take_while(|w| !w.starts_with('#')).collect();
    match words.first() {
        Some(&"cargo") => false,
        Some(&"rgmem") => {
            let subcommand = (1..words.len())
                .find(|&i| !words[i].starts_with('-') && !VALUED.contains(&words[i - 1]))
                .map(|i| words[i]);
            // No subcommand opens the inspector, as `tui` does.
            subcommand.is_some_and(|w| w != "tui")
        }
        _ => true,
    }
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh directory with the sample sessions, as a clone's root has them.
fn fresh() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let samples = dir.path().join("sample_sessions");
    std::fs::create_dir(&samples).unwrap();
    copy_tree(&repo().join("sample_sessions"), &samples);
    std::fs::create_dir(dir.path().join("home")).unwrap();
    dir
}

/// `from`'s files and folders (a BEAM-format sample is a folder of chats) into `to`.
fn copy_tree(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            std::fs::create_dir(&target).unwrap();
            copy_tree(&path, &target);
        } else {
            std::fs::copy(&path, target).unwrap();
        }
    }
}

fn run(dir: &Path, script: &str) -> std::process::Output {
    let bin = Path::new(env!("CARGO_BIN_EXE_rgmem")).parent().unwrap().to_path_buf();
    let path = std::env::join_paths(
        std::iter::once(bin).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .unwrap();
    let mut command = Command::new("sh");
    command
        .arg("-ec")
        .arg(script)
        .current_dir(dir)
        .env("PATH", path)
        .env("HOME", dir.join("home"))
        .env("NO_COLOR", "1");
    for var in [
        "XDG_CONFIG_HOME",
        "XDG_DATA_HOME",
        "RGMEM_CONFIG",
        "RGMEM_MODEL",
        "OPENAI_BASE_URL",
        "OPENAI_API_KEY",
    ] {
        command.env_remove(var);
    }
    command.output().unwrap()
}

#[test]
fn the_readme_examples_run_in_order_on_a_fresh_clone() {
    let examples = examples(README);
    assert!(examples.len() >= 15, "found only {examples:#?}");
    let dir = fresh();
    for example in &examples {
        let out = run(dir.path(), &example.script);
        assert!(
            out.status.success(),
            "README.md:{}: failed with {}\n{}\nstdout:\n{}\nstderr:\n{}",
            example.line,
            out.status,
            example.script,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        if example.script.contains("rgmem cost --markdown") {
            let table = String::from_utf8(out.stdout).unwrap();
            assert!(
                README.contains(&table),
                "README.md:{}: the cost table is stale; paste this after the command:\n{table}",
                example.line
            );
        }
    }
}

#[test]
fn the_setup_is_two_commands_and_the_skips_are_the_ones_the_readme_names() {
    let setup = README
        .split("```sh\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .unwrap();
    let commands: Vec<&str> = setup
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(commands, ["cargo run --release", "cargo test"]);
    assert!(!runnable("rgmem tui --session sample_sessions/diet_change.jsonl"));
    assert!(!runnable("rgmem --db m.db tui"));
    assert!(!runnable("rgmem"));
    assert!(!runnable("cargo install --path ."));
    assert!(runnable("rgmem --db m.db log --from 120"));
    assert!(runnable(
        "rgmem --db approve.db --approve replay sample_sessions/diet_change.jsonl --headless"
    ));
    assert_eq!(
        example_cell("| `chat` | `echo \"x\" \\| rgmem --db m.db chat` | a loop |").as_deref(),
        Some("echo \"x\" | rgmem --db m.db chat")
    );
    assert!(README.contains("needs-server"));
}
