#!/usr/bin/env bash
# Σ/Δ mentions and photo captions are typed data: their text markers may appear only where
# that text is written or read back (event/profile_text, event/attachment), in the upgrade of
# logs written before they were typed (event/upgrade.rs), in comments and in test inputs.
set -euo pipefail
cd "$(dirname "$0")/.."
found=$(grep -rnF -e '" Mentions: "' -e '[shares a photo' src \
    | grep -vE '^src/event/(profile_text/|attachment\.rs|upgrade\.rs)' \
    | grep -vE '^[^:]+/tests\.rs:|^[^:]+/tests/' \
    | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)
if [ -n "$found" ]; then
    echo "text markers outside the code that renders them:" >&2
    echo "$found" >&2
    exit 1
fi
