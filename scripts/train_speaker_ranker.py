#!/usr/bin/env python3
"""Fits the speaker ranker of direct quotes on the PolNeAR TRAIN split.

Writes crates/corroborate-extract/data/speaker_ranker.tsv: the trees of a small gradient-boosted
ranker and one softmax temperature, numbers and feature names only, no article text.

Input: the candidates `eval-polnear --dump-candidates` writes for the train split (one JSON
line per direct or partial quote the extractor finds: its content span and its candidate
speakers, each a span or null for "no speaker", with sparse features; spans in code points).

Labels: a quote is used when its content overlaps the content of a gold direct attribution
(PolNeAR gold as ../shared/tools/score_quotes.py reads it: first annotator, spans trimmed of
spaces and quote marks). A candidate is positive when its span overlaps the source of one of
those gold attributions; the no-speaker candidate is positive when one of them has no source.
Quotes with no positive candidate are left out (the ranker cannot get them right). A quote
whose content overlaps no gold attribution at all (a scare quote, a title: PolNeAR annotates
every attribution) is labelled "no speaker", with a smaller weight; one that overlaps only
indirect attributions is left out.

Model: LightGBM's LambdaRank over each quote's candidates (the quote is the query), on the
features alone, single-threaded and deterministic: the same file and the same LightGBM give
the same trees. The settings (leaves, rounds, learning rate) were chosen by five-fold
cross-validation on train (contiguous folds, so one article's quotes stay together), against
the conditional logit with feature pairs this replaces: accuracy on the labelled quotes 0.927
for the logit, 0.933 for these trees. The script prints that cross-validated accuracy again.
The tree scores are not probabilities; the quote's `confidence` is the softmax of the scores
divided by one temperature, fitted on the cross-validated scores (the held-out folds') to
minimise the log-loss of the right candidates.

Needs LightGBM and NumPy (`pip install lightgbm==4.5.0 numpy`). Run from the repository root:
    cargo build --release -p corroborate-eval --bin eval-polnear
    ./target/release/eval-polnear --split train --out /tmp/q-train.jsonl \\
        --dump-candidates /tmp/speaker-candidates-train.jsonl
    python3 scripts/train_speaker_ranker.py /tmp/speaker-candidates-train.jsonl \\
        --cross-validated /tmp/q-train.jsonl /tmp/q-train-cv.jsonl
    python3 ../shared/tools/score_quotes.py /tmp/q-train-cv.jsonl --split train
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
    """The dumped rows, and [(options as [(sparse features, positive)], chosen, weight, inside an
    attribution, row index)] for the quotes with a label."""
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
    for k, r in enumerate(rows):
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
            opts = [(sparse(o), o["span"] is None) for o in r["options"]]
            examples.append((opts, int(r.get("chosen", 0)), unattributed_weight, False, k))
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
            opts.append((sparse(o), pos))
        if any(p for _, p in opts):
            stats["labelled"] += 1
            examples.append((opts, int(r.get("chosen", 0)), 1.0, True, k))
    return features, rows, examples, stats


def sparse(option):
    """An option's features as [(index, value)]."""
    return [(int(i), float(v)) for i, v in option["f"]]


def arrays(examples, n):
    """Dense features, labels, per-candidate weights and candidates per quote."""
    import numpy as np
    rows = sum(len(e[0]) for e in examples)
    x = np.zeros((rows, n), dtype=np.float64)
    y = np.zeros(rows, dtype=np.int32)
    w = np.zeros(rows, dtype=np.float64)
    group = np.zeros(len(examples), dtype=np.int64)
    r = 0
    for q, (opts, _, weight, _, _) in enumerate(examples):
        group[q] = len(opts)
        for feats, pos in opts:
            for i, v in feats:
                x[r, i] = v
            y[r] = 1 if pos else 0
            w[r] = weight
            r += 1
    return x, y, w, group


PARAMS = {
    "objective": "lambdarank",
    "lambdarank_truncation_level": 3,
    "learning_rate": 0.05,
    "num_leaves": 15,
    "min_data_in_leaf": 20,
    "use_missing": False,
    "deterministic": True,
    "force_row_wise": True,
    "num_threads": 1,
    "seed": 1,
    "verbose": -1,
}


def train(x, y, w, group, rounds):
    import lightgbm as lgb
    data = lgb.Dataset(x, y, group=group, weight=w, params={"feature_pre_filter": False})
    return lgb.train(PARAMS, data, rounds)


def accuracy(scores, y, group, inside):
    """Share of the quotes inside an attribution whose top candidate is right."""
    ok = total = start = 0
    for q, size in enumerate(group):
        if inside[q]:
            s = scores[start:start + size]
            best = max(range(size), key=lambda k: (s[k], -k))
            ok += int(y[start + best])
            total += 1
        start += size
    return ok / max(1, total)


def best_option(model, options, n):
    """The index of the option `model` scores highest (the first among equals)."""
    import numpy as np
    x = np.zeros((len(options), n))
    for j, o in enumerate(options):
        for i, v in o["f"]:
            x[j, int(i)] = float(v)
    s = model.predict(x)
    return max(range(len(s)), key=lambda j: (s[j], -j))


def write_cross_validated(predictions, out, rows, choice):
    """Writes `predictions` (eval-polnear's output for the same train run) to `out` with every
    dumped quote's speaker chosen by the cross-validated models instead of the shipped one, as
    eval-polnear writes it (a quote with neither a speaker nor a cue is left out, and a layered
    quote gives only its outer attribution, which eval-polnear already wrote), so that
    score_quotes.py gives a train figure the model did not see (the in-sample one flatters
    trees)."""
    dumped = {(r["doc"], tuple(r["content"])) for r in rows}
    with open(predictions, encoding="utf-8") as f, open(out, "w", encoding="utf-8") as g:
        for line in f:
            p = json.loads(line)
            if (p["doc"], tuple(p["content"])) not in dumped:
                g.write(line)
        for r, k in zip(rows, choice):
            span = r["options"][k]["span"]
            if (span is None and r.get("cue") is None) or r.get("layered"):
                continue
            g.write(json.dumps({"doc": r["doc"], "content": r["content"], "source": span,
                                "cue": r.get("cue"), "kind": "direct"}) + "\n")
    print(f"wrote {out} (score it with score_quotes.py --split train)", file=sys.stderr)


def fit_temperature(scores, y, group):
    """The temperature T minimising -log(sum of softmax(scores / T) over the right candidates),
    searched on a grid of 0.05 steps (deterministic)."""
    import numpy as np
    best_t, best_loss = 1.0, float("inf")
    for k in range(1, 101):
        t = k * 0.05
        loss, start = 0.0, 0
        for size in group:
            s = scores[start:start + size] / t
            e = np.exp(s - s.max())
            loss -= math.log(max(1e-300, e[y[start:start + size] == 1].sum() / e.sum()))
            start += size
        if loss < best_loss:
            best_t, best_loss = t, loss
    return best_t


def tree_lines(model, features):
    """The model's trees in the weight file's format: `tree`, then its nodes in order, node 0
    the root: `split<TAB>feature<TAB>threshold<TAB>left<TAB>right` (go left when the value is
    at most the threshold; children are node numbers) or `leaf<TAB>value`."""
    out = []
    for tree in model.dump_model()["tree_info"]:
        nodes = []

        def walk(node):
            k = len(nodes)
            nodes.append(None)
            if "leaf_value" in node or "split_feature" not in node:
                nodes[k] = f"leaf\t{node.get('leaf_value', 0.0)!r}"
                return k
            if node["decision_type"] != "<=":
                raise SystemExit(f"unexpected decision type {node['decision_type']}")
            left = walk(node["left_child"])
            right = walk(node["right_child"])
            name = features[node["split_feature"]]
            nodes[k] = f"split\t{name}\t{float(node['threshold'])!r}\t{left}\t{right}"
            return k

        walk(tree["tree_structure"])
        out.append("tree")
        out.extend(nodes)
    return out


def main():
    import numpy as np
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("candidates", help="eval-polnear --split train --dump-candidates output")
    ap.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "data", "polnear-dev"))
    ap.add_argument("--tools", default=TOOLS, help="folder of score_quotes.py")
    ap.add_argument("--out", default=OUT)
    ap.add_argument("--rounds", type=int, default=150, help="boosting rounds (trees)")
    ap.add_argument("--leaves", type=int, default=PARAMS["num_leaves"], help="leaves per tree")
    ap.add_argument("--folds", type=int, default=5, help="cross-validation folds")
    ap.add_argument("--unattributed-weight", type=float, default=0.5,
                    help="weight of the quotes inside no attribution (labelled no speaker)")
    ap.add_argument("--cross-validated", nargs=2, metavar=("PREDICTIONS", "OUT"),
                    help="rewrite eval-polnear's train predictions with the cross-validated "
                         "speakers, for an end-to-end train figure the model did not see")
    a = ap.parse_args()
    PARAMS["num_leaves"] = a.leaves
    sys.path.insert(0, a.tools)
    import score_quotes as sq  # noqa: E402

    features, rows, examples, stats = load_examples(a.candidates, sq, a.data, "train",
                                                    a.unattributed_weight)
    n = len(features)
    x, y, w, group = arrays(examples, n)
    inside = [e[3] for e in examples]
    print(f"{stats['quotes']} quotes, {stats['matched']} overlap a gold direct attribution, "
          f"{stats['labelled']} of them have a right candidate; {stats['unattributed']} overlap "
          f"no attribution (no speaker) ({len(y)} candidates)", file=sys.stderr)
    starts = np.concatenate([[0], np.cumsum(group)])
    # Contiguous folds over the dumped quotes (in document order, so an article's quotes stay
    # together); every quote of a fold, labelled or not, is chosen by the model fitted on the
    # other folds' labelled quotes.
    row_fold = [(k * a.folds) // len(rows) for k in range(len(rows))]
    fold = np.array([row_fold[e[4]] for e in examples])
    held_out = np.zeros(len(y))
    cv_choice = [0] * len(rows)
    for f in range(a.folds):
        tr = np.where(fold != f)[0]
        te = np.where(fold == f)[0]
        rows_tr = np.concatenate([np.arange(starts[q], starts[q + 1]) for q in tr])
        rows_te = np.concatenate([np.arange(starts[q], starts[q + 1]) for q in te])
        m = train(x[rows_tr], y[rows_tr], w[rows_tr], group[tr], a.rounds)
        held_out[rows_te] = m.predict(x[rows_te])
        for k, r in enumerate(rows):
            if row_fold[k] == f:
                cv_choice[k] = best_option(m, r["options"], n)
    if a.cross_validated:
        write_cross_validated(a.cross_validated[0], a.cross_validated[1], rows, cv_choice)
    rules = sum(e[0][e[1]][1] for e in examples if e[3]) / max(1, sum(inside))
    print(f"accuracy on labelled quotes inside attributions: shipped choice {rules:.4f} "
          f"(in-sample), trees {accuracy(held_out, y, group, inside):.4f} "
          f"({a.folds}-fold cross-validated)", file=sys.stderr)
    temperature = fit_temperature(held_out, y, group)
    model = train(x, y, w, group, a.rounds)
    print(f"temperature {temperature:.2f}; in-sample accuracy "
          f"{accuracy(model.predict(x), y, group, inside):.4f}", file=sys.stderr)
    import lightgbm as lgb
    with open(a.out, "w", encoding="utf-8") as f:
        f.write("# Speaker ranker for direct and partial quotes (quotes/ranker.rs).\n")
        f.write("# Fitted by scripts/train_speaker_ranker.py on the PolNeAR train split only\n")
        f.write(f"# ({stats['labelled']} quotes inside a direct attribution, {stats['unattributed']} inside\n")
        f.write(f"# none, weighted {a.unattributed_weight}; {len(y)} candidates): LightGBM "
                f"{lgb.__version__} LambdaRank,\n")
        f.write(f"# {a.rounds} trees of at most {PARAMS['num_leaves']} leaves, learning rate "
                f"{PARAMS['learning_rate']}.\n")
        f.write("# Numbers and feature names only: `temperature<TAB>T`, then each tree as\n")
        f.write("# `tree` and its nodes (`split<TAB>feature<TAB>threshold<TAB>left<TAB>right`,\n")
        f.write("# left when the value is at most the threshold, or `leaf<TAB>value`).\n")
        f.write(f"temperature\t{temperature:.2f}\n")
        for line in tree_lines(model, features):
            f.write(line + "\n")
    print(f"wrote {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
