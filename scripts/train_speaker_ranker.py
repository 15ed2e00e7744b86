#!/usr/bin/env python3
"""Fits the speaker ranker of direct quotes on the PolNeAR TRAIN split.

Writes crates/corroborate-extract/data/speaker_ranker.tsv: one weight per feature, numbers
only, no article text.

Input: the candidates `eval-polnear --dump-candidates` writes for the train split (one JSON
line per direct or partial quote the extractor finds: its content span and its candidate
speakers, each a span or null for "no speaker", with sparse features; spans in code points).

Labels: a quote is used when its content overlaps the content of a gold direct attribution
(PolNeAR gold as ../shared/tools/score_quotes.py reads it: first annotator, spans trimmed of
spaces and quote marks). A candidate is positive when its span overlaps the source of one of
those gold attributions; the no-speaker candidate is positive when one of them has no source.
Quotes with no positive candidate are left out (the ranker cannot get them right). A quote
whose content overlaps no gold attribution at all (a scare quote, a title: PolNeAR annotates
every attribution) is labelled "no speaker"; one that overlaps only indirect attributions is
left out.

Model: a conditional logit (one softmax over each quote's candidates; a quote with several
positives maximises their summed probability) over the features and the products of every
pair of features that are both non-zero on some candidate, L2 penalty, full-batch Adam from
zero weights for a fixed number of iterations, in file order: no randomness, the same file
gives the same weights. Pair weights are written as `a*b` lines after the features (those
below 1e-4 in absolute value are left out, as 0).

Run from the repository root (standard library only):
    cargo build --release -p corroborate-eval --bin eval-polnear
    ./target/release/eval-polnear --split train --out /tmp/q-train.jsonl \\
        --dump-candidates /tmp/speaker-candidates-train.jsonl
    python3 scripts/train_speaker_ranker.py /tmp/speaker-candidates-train.jsonl
"""

import argparse
import json
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "..", "shared", "tools")
OUT = os.path.join(ROOT, "crates", "corroborate-extract", "data", "speaker_ranker.tsv")


def load_examples(path, sq, data, split, unattributed_weight=1.0):
    """[(options as [(sparse features, positive)], chosen, weight)] for the quotes with a
    label."""
    with open(path, encoding="utf-8") as f:
        header = json.loads(f.readline())
        rows = [json.loads(line) for line in f if line.strip()]
    features = header["features"]
    split_docs = [d for d, _ in sq.polnear_docs(data, split)]
    docs = sorted({r["doc"] for r in rows})
    outside = [d for d in docs if d not in set(split_docs)]
    if outside:
        raise SystemExit(f"{len(outside)} dumped docs are not in split {split!r}, e.g. {outside[0]}")
    gold, _ = sq.load_polnear_gold(data, split, docs, "first")
    stats = {"quotes": len(rows), "matched": 0, "labelled": 0, "unattributed": 0}
    examples = []
    for r in rows:
        text, atts = gold[r["doc"]]
        q = sq.Item(text, r["content"], None, None)
        hits, others = [], 0
        for g in atts:
            gi = sq.Item(text, g["content"], g["source"], g["cue"])
            if sq.frags_overlap(q.c_t, gi.c_t):
                if sq.is_direct(text, gi):
                    hits.append(gi)
                else:
                    others += 1
        if not hits and not others:
            # Inside no attribution at all: a scare quote, a title, a quoted phrase. PolNeAR
            # annotates every attribution, so nobody is its speaker.
            stats["unattributed"] += 1
            opts = [(with_pairs([(int(i), float(v)) for i, v in o["f"]], len(features)),
                     o["span"] is None) for o in r["options"]]
            examples.append((opts, int(r.get("chosen", 0)), unattributed_weight))
            continue
        if not hits:
            continue
        stats["matched"] += 1
        opts = []
        for o in r["options"]:
            if o["span"] is None:
                pos = any(g.s_t is None for g in hits)
            else:
                s = sq.trim_frags(text, sq.as_frags(o["span"]))
                pos = any(g.s_t is not None and sq.frags_overlap(s, g.s_t) for g in hits)
            opts.append((with_pairs([(int(i), float(v)) for i, v in o["f"]], len(features)), pos))
        if any(p for _, p in opts):
            stats["labelled"] += 1
            examples.append((opts, int(r.get("chosen", 0)), 1.0))
    return features, examples, stats


def with_pairs(x, n):
    """The sparse features and the products of every pair of them (index n + i * n + j)."""
    x = sorted(x)
    out = list(x)
    for a in range(len(x)):
        for b in range(a + 1, len(x)):
            (i, u), (j, v) = x[a], x[b]
            out.append((n + i * n + j, u * v))
    return out


def scores(w, opts):
    return [sum(w[i] * v for i, v in x) for x, _ in opts]


def fit(examples, n, iterations, l2, lr):
    w = [0.0] * n
    m = [0.0] * n
    v = [0.0] * n
    b1, b2, eps = 0.9, 0.999, 1e-8
    total = sum(x for _, _, x in examples)
    for t in range(1, iterations + 1):
        grad = [2 * l2 * x for x in w]
        loss = l2 * sum(x * x for x in w)
        for opts, _, weight in examples:
            s = scores(w, opts)
            top = max(s)
            e = [math.exp(x - top) for x in s]
            z = sum(e)
            zp = sum(ei for ei, (_, pos) in zip(e, opts) if pos)
            loss -= weight * math.log(zp / z) / total
            for ei, (x, pos) in zip(e, opts):
                # d(-log sum_pos p)/ds_c = p_c - [pos] * p_c / sum_pos p
                g = ei / z - (ei / zp if pos else 0.0)
                if g:
                    for i, val in x:
                        grad[i] += weight * g * val / total
        for i in range(n):
            m[i] = b1 * m[i] + (1 - b1) * grad[i]
            v[i] = b2 * v[i] + (1 - b2) * grad[i] * grad[i]
            mh = m[i] / (1 - b1 ** t)
            vh = v[i] / (1 - b2 ** t)
            w[i] -= lr * mh / (math.sqrt(vh) + eps)
        if t % 50 == 0 or t == 1:
            print(f"iteration {t}: loss {loss:.4f}", file=sys.stderr)
    return w


def accuracy(w, examples):
    ok = 0
    for opts, _, _ in examples:
        s = scores(w, opts)
        best = max(range(len(s)), key=lambda k: (s[k], -k))
        ok += opts[best][1]
    return ok / max(1, len(examples))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("candidates", help="eval-polnear --split train --dump-candidates output")
    ap.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "data", "polnear-dev"))
    ap.add_argument("--tools", default=TOOLS, help="folder of score_quotes.py")
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--iterations", type=int, default=300)
    ap.add_argument("--l2", type=float, default=1e-4)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--unattributed-weight", type=float, default=0.25,
                    help="weight of the quotes inside no attribution (labelled no speaker)")
    a = ap.parse_args()
    sys.path.insert(0, a.tools)
    import score_quotes as sq  # noqa: E402

    features, examples, stats = load_examples(a.candidates, sq, a.data, "train",
                                              a.unattributed_weight)
    n = len(features)
    cands = sum(len(o) for o, _, _ in examples)
    print(f"{stats['quotes']} quotes, {stats['matched']} overlap a gold direct attribution, "
          f"{stats['labelled']} of them have a right candidate; {stats['unattributed']} overlap "
          f"no attribution (no speaker) ({cands} candidates)", file=sys.stderr)
    rules = sum(opts[c][1] for opts, c, _ in examples) / max(1, len(examples))
    w = fit(examples, n + n * n, a.iterations, a.l2, a.lr)
    attributed = [e for e in examples if e[2] == 1.0]
    unattributed = [e for e in examples if e[2] != 1.0]
    print(f"train accuracy on labelled quotes: shipped choice {rules:.4f}, "
          f"ranker {accuracy(w, attributed):.4f} inside attributions, "
          f"{accuracy(w, unattributed):.4f} (no speaker) inside none", file=sys.stderr)
    with open(a.out, "w", encoding="utf-8") as f:
        f.write("# Speaker ranker weights for direct and partial quotes (quotes/ranker.rs).\n")
        f.write("# Fitted by scripts/train_speaker_ranker.py on the PolNeAR train split only\n")
        f.write(f"# ({stats['labelled']} quotes inside a direct attribution, {stats['unattributed']} inside\n")
        f.write(f"# none, {cands} candidates): conditional logit,\n")
        f.write(f"# the latter weighted {a.unattributed_weight}; L2 {a.l2}, Adam lr {a.lr}, "
                f"{a.iterations} full-batch\n# iterations from zero.\n")
        f.write("# Numbers only. feature<TAB>weight, in the order of SPEAKER_FEATURES, then\n")
        f.write("# feature*feature<TAB>weight for pairs of features (absent pairs weigh 0).\n")
        for name, x in zip(features, w):
            f.write(f"{name}\t{x:.6f}\n")
        for i in range(n):
            for j in range(i + 1, n):
                x = w[n + i * n + j]
                if abs(x) >= 1e-4:
                    f.write(f"{features[i]}*{features[j]}\t{x:.6f}\n")
    print(f"wrote {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
