#!/usr/bin/env bash
# Issue 29's look at the inspector as a newcomer sees it: a fresh memory in tmux at 80x24 and
# 120x40, the first key pressed is `?`, and the screen before and after is printed. The same
# check, with assertions, is `cargo test --test tui_tmux -- --ignored question_mark`.
# Usage: scripts/tmux-first-key.sh [path/to/rgmem]   (default: target/debug/rgmem)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/debug/rgmem}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for size in 80x24 120x40; do
    w=${size%x*}; h=${size#*x}
    name="rgmem-first-key-$$-$w"
    tmux new-session -d -s "$name" -x "$w" -y "$h" "NO_COLOR=1 $bin --db $dir/$w.db"
    # Wait (bounded) for the first screen.
    for _ in $(seq 1 100); do
        tmux capture-pane -p -t "$name" | grep -q "Say something" && break
        sleep 0.1
    done
    echo "== $size, at start"
    tmux capture-pane -p -t "$name"
    tmux send-keys -t "$name" -l '?'
    for _ in $(seq 1 100); do
        tmux capture-pane -p -t "$name" | grep -q "Help · lines" && break
        sleep 0.1
    done
    echo "== $size, after the first key, ?"
    tmux capture-pane -p -t "$name"
    if tmux capture-pane -p -t "$name" | grep -q "Help · lines"; then
        echo "ok: ? opened the help at $size"
    else
        echo "FAILED: ? did not open the help at $size" >&2
        tmux kill-session -t "$name"
        exit 1
    fi
    tmux kill-session -t "$name"
done
