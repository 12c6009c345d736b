//! The library's top-level modules import each other without a cycle (issue 23): read from the
//! `crate::…` paths in each module's files, test code and comments left out. A cycle once
//! closed again unseen (`model` → `retrieval` → `log` → `model`), so the graph is checked here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The modules `src/lib.rs` declares.
fn modules(src: &Path) -> BTreeSet<String> {
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    lib.lines()
        .filter_map(|l| {
            l.trim()
                .strip_prefix("pub mod ")
                .or_else(|| l.trim().strip_prefix("mod "))
        })
        .filter_map(|l| l.strip_suffix(';'))
        .map(str::to_string)
        .collect()
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A file's code without comments and without its test module.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let t = line.trim();
        if t == "#[cfg(test)]" && lines.peek().is_some_and(|n| n.trim().starts_with("mod tests {")) {
            break;
        }
        if !t.starts_with("//") {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The first identifiers of the paths after each `crate::`, including each path of a
/// `crate::{a::x, b}` group.
fn imported(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut start = true;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => start = true,
                    c if start && (c.is_alphabetic() || c == '_') => {
                        let name: String = group[i..]
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        out.insert(name);
                        start = false;
                    }
                    c if !c.is_whitespace() => start = false,
                    _ => {}
                }
            }
        } else {
            out.insert(rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect());
        }
    }
    out
}

/// A cycle through `from`, if the graph has one.
fn cycle(
    graph: &BTreeMap<String, BTreeSet<String>>,
    path: &mut Vec<String>,
    done: &mut BTreeSet<String>,
) -> Option<Vec<String>> {
    let last = path.last()?.clone();
    for next in graph.get(&last).into_iter().flatten() {
        if let Some(i) = path.iter().position(|p| p == next) {
            let mut c = path[i..].to_vec();
            c.push(next.clone());
            return Some(c);
        }
        if done.contains(next) {
            continue;
        }
        path.push(next.clone());
        if let Some(c) = cycle(graph, path, done) {
            return Some(c);
        }
        path.pop();
    }
    done.insert(last);
    None
}

#[test]
fn the_library_modules_import_each_other_without_a_cycle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mods = modules(&src);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for module in &mods {
        let mut paths = Vec::new();
        let dir = src.join(module);
        if dir.is_dir() {
            files(&dir, &mut paths);
        } else {
            paths.push(src.join(format!("{module}.rs")));
        }
        let name = |p: &PathBuf| p.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
        let deps = graph.entry(module.clone()).or_default();
        for path in paths
            .iter()
            .filter(|p| name(p) != "tests.rs" && !name(p).ends_with("_tests.rs"))
        {
            deps.extend(
                imported(&code(path))
                    .into_iter()
                    .filter(|m| mods.contains(m) && m != module),
            );
        }
    }
    assert!(graph["model"].contains("event"), "the graph is read: {graph:?}");
    let mut done = BTreeSet::new();
    for module in &mods {
        let found = cycle(&graph, &mut vec![module.clone()], &mut done);
        assert!(
            found.is_none(),
            "module cycle: {}",
            found.unwrap_or_default().join(" → ")
        );
    }
}
