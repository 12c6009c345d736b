#!/usr/bin/env python3
"""Serves a GGUF model with llama.cpp's own OpenAI-compatible HTTP server (the xllamacpp
wheel), on 127.0.0.1 only, until SIGTERM.

usage: serve.py MODEL.gguf --port N [--alias NAME] [--ctx 8192] [--threads 1] [--parallel 2]
"""
import argparse
import signal
import sys
import time

import xllamacpp as xlc


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("model")
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--alias", default="local")
    ap.add_argument("--ctx", type=int, default=8192)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--parallel", type=int, default=2)
    a = ap.parse_args()
    p = xlc.CommonParams()
    p.model.path = a.model
    p.hostnames = ["127.0.0.1"] if isinstance(p.hostnames, list) else "127.0.0.1"
    p.port = a.port
    p.n_ctx = a.ctx
    p.n_parallel = a.parallel
    p.cpuparams.n_threads = a.threads
    p.cpuparams_batch.n_threads = a.threads
    p.use_jinja = True
    try:
        p.model_alias = {a.alias} if not isinstance(p.model_alias, str) else a.alias
    except TypeError:
        p.model_alias = a.alias
    server = xlc.Server(p)
    print("listening", server.listening_address, flush=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    while True:
        time.sleep(3600)


if __name__ == "__main__":
    main()
