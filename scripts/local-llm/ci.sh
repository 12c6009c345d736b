#!/usr/bin/env bash
# The real-model test: sets up llama.cpp's server and SmolLM2-135M (setup.sh), serves it on
# 127.0.0.1, runs `cargo test --test real_model -- --ignored` against it, and stops the server.
#   RGMEM_LLM_THREADS  server threads (default 1: fastest on a shared or 2-core machine)
set -euo pipefail
cd "$(dirname "$0")/../.."
HERE=scripts/local-llm
DIR=${RGMEM_LLM_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/rgmem-ci-llm}
MODEL=$("$HERE/setup.sh" | tail -1)
PORT=$("$DIR/venv/bin/python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$DIR/venv/bin/python" "$HERE/serve.py" "$MODEL" --port "$PORT" --alias smol \
  --threads "${RGMEM_LLM_THREADS:-1}" > "$DIR/server.log" 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  if "$DIR/venv/bin/python" -c "import urllib.request,sys; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:$PORT/health', timeout=2).status == 200 else 1)" 2>/dev/null; then
    break
  fi
  kill -0 "$SERVER" 2>/dev/null || { cat "$DIR/server.log" >&2; exit 1; }
  sleep 1
done
RGMEM_REAL_MODEL_URL="http://127.0.0.1:$PORT/v1" RGMEM_REAL_MODEL_NAME=smol \
  cargo test --test real_model -- --ignored --nocapture
