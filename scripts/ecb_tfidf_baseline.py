#!/usr/bin/env python3
"""TF-IDF cosine + average-linkage baseline for story grouping on ECB+ (docs/accuracy.md, Stories).

Words are lower-cased [a-z]+ and digit runs, minus a short stopword list; weights are
(1 + ln tf) * ln((N + 1) / (df + 1) + 1), L2-normalised, with df counted on the split itself.
Clusters merge by average-linkage cosine while the best pair is above the threshold. The
threshold is tuned on ecbplus-train (best sub-topic B-cubed F1) and applied unchanged to
ecbplus-dev. Writes OUTDIR/tfidf-{train,dev}.tsv for ../shared/tools/score_clusters.py.
`--cv` instead runs the leave-topics-out cross-validation of `eval-ecb-stories --cv` (topics
dealt into 5 folds in numeric order, each fold clustered alone, the threshold chosen on the
other folds) and prints the pooled held-out sub-topic B-cubed F1.

    python3 scripts/ecb_tfidf_baseline.py /tmp/tfidf
    python3 ../shared/tools/score_clusters.py /tmp/tfidf/tfidf-dev.tsv
    python3 scripts/ecb_tfidf_baseline.py --cv
"""
import collections
import math
import os
import re
import sys

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "data")
STOP = set(
    "the a an of to in and or for on at by with from as is was were be been are it its this that"
    " he she they his her their i we you said says has have had not but will would could after"
    " before about over into than also who which when where what there here more most one two".split()
)
THRESHOLDS = [0.05, 0.08, 0.1, 0.12, 0.15, 0.18, 0.2]


def load(split):
    d = os.path.join(DATA, f"ecbplus-{split}")
    if not os.path.isdir(d):
        sys.exit(f"missing {d}: the baseline needs ../shared/data beside the checkout")
    rows = [l.rstrip("\n").split("\t") for l in open(os.path.join(d, "clusters.tsv"))][1:]
    texts = {r[0]: open(os.path.join(d, "text", r[0] + ".txt"), encoding="utf-8").read() for r in rows}
    return rows, texts


def vectors(texts):
    tf = {
        d: collections.Counter(w for w in re.findall(r"[a-z]+|\d+", t.lower()) if w not in STOP and len(w) > 1)
        for d, t in texts.items()
    }
    df = collections.Counter(w for c in tf.values() for w in c)
    n = len(texts)
    out = {}
    for d, c in tf.items():
        v = {w: (1 + math.log(k)) * math.log((n + 1) / (df[w] + 1) + 1) for w, k in c.items()}
        norm = math.sqrt(sum(x * x for x in v.values())) or 1.0
        out[d] = {w: x / norm for w, x in v.items()}
    return out


def cosine(a, b):
    if len(a) > len(b):
        a, b = b, a
    return sum(x * b.get(w, 0.0) for w, x in a.items())


def average_linkage(sim, threshold):
    n = len(sim)
    clusters = {i: [i] for i in range(n)}
    # Sum of similarities between clusters; average = sum / (|a| |b|).
    total = {(i, j): sim[i][j] for i in range(n) for j in range(i + 1, n)}
    while True:
        best, pair = threshold, None
        for (i, j), s in total.items():
            avg = s / (len(clusters[i]) * len(clusters[j]))
            if avg > best:
                best, pair = avg, (i, j)
        if pair is None:
            break
        i, j = pair
        for k in clusters:
            if k in (i, j):
                continue
            a, b = (min(i, k), max(i, k)), (min(j, k), max(j, k))
            total[a] = total[a] + total.pop(b)
        del total[(i, j)]
        clusters[i] += clusters.pop(j)
    label = [0] * n
    for c, members in clusters.items():
        for m in members:
            label[m] = c
    return label


def bcubed_sums(label, gold):
    """Per-item B-cubed precision and recall sums and the item count, to pool over folds."""
    n = len(label)
    p = r = 0.0
    for i in range(n):
        same = [j for j in range(n) if label[j] == label[i]]
        both = sum(1 for j in same if gold[j] == gold[i])
        p += both / len(same)
        r += both / sum(1 for j in range(n) if gold[j] == gold[i])
    return p, r, n


def f1_of(sums):
    p, r = sums[0] / sums[2], sums[1] / sums[2]
    return 2 * p * r / (p + r) if p + r else 0.0


def bcubed_f1(label, gold):
    return f1_of(bcubed_sums(label, gold))


def cross_validate(folds=5):
    rows, texts = load("train")
    topics = sorted({int(r[1]) for r in rows})
    fold_of = {t: i % folds for i, t in enumerate(topics)}
    sums = {}  # (threshold, fold) -> sums
    for f in range(folds):
        part = [r for r in rows if fold_of[int(r[1])] == f]
        v = vectors({r[0]: texts[r[0]] for r in part})
        ids = [r[0] for r in part]
        sim = [[cosine(v[a], v[b]) for b in ids] for a in ids]
        gold = [r[2] for r in part]
        for t in THRESHOLDS:
            sums[(t, f)] = bcubed_sums(average_linkage(sim, t), gold)
    add = lambda a, b: (a[0] + b[0], a[1] + b[1], a[2] + b[2])
    held = (0.0, 0.0, 0)
    for f in range(folds):
        def score(t):
            acc = (0.0, 0.0, 0)
            for g in range(folds):
                if g != f:
                    acc = add(acc, sums[(t, g)])
            return f1_of(acc)
        best = max(THRESHOLDS, key=lambda t: (score(t), -t))
        held = add(held, sums[(best, f)])
        print(f"fold {f}: threshold {best}, held-out sub-topic B3 F1 {f1_of(sums[(best, f)]):.4f}")
    print(f"leave-topics-out CV ({folds} folds), pooled held-out sub-topic B3 F1 {f1_of(held):.4f}")


def run(split):
    rows, texts = load(split)
    ids = [r[0] for r in rows]
    v = vectors(texts)
    sim = [[cosine(v[a], v[b]) for b in ids] for a in ids]
    return rows, ids, sim


def main():
    if "--cv" in sys.argv:
        cross_validate()
        return
    out = sys.argv[1] if len(sys.argv) > 1 else "/tmp/tfidf"
    os.makedirs(out, exist_ok=True)
    rows, ids, sim = run("train")
    gold = [r[2] for r in rows]
    scores = [(bcubed_f1(average_linkage(sim, t), gold), t) for t in THRESHOLDS]
    for f, t in scores:
        print(f"train threshold {t}: sub-topic B3 F1 {f:.4f}")
    best = max(scores)[1]
    print(f"chosen on train: {best}")
    for split in ["train", "dev"]:
        rows, ids, sim = (rows, ids, sim) if split == "train" else run(split)
        label = average_linkage(sim, best)
        path = os.path.join(out, f"tfidf-{split}.tsv")
        with open(path, "w") as f:
            f.write("doc\tcluster\n")
            for d, l in zip(ids, label):
                f.write(f"{d}\tc{l}\n")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
