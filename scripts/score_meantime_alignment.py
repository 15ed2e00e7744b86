#!/usr/bin/env python3
"""Scores claim alignment on MEANTIME English as cross-document event coreference, with the
measures of ../shared/tools/score_event_alignment.py (sentence-pair P/R/F1; MUC, B3, CEAF-e and
CoNLL F1 on event mentions), applied to MEANTIME's gold instead of ECB+'s.

Gold (../shared/data/meantime/annotations.jsonl): every event mention with its corpus-level
`instance` (mentions without one are singletons). MEANTIME annotates the first sentences of
each article; the scored units are the lines of a text that hold at least one gold event
mention (each line of a MEANTIME text is one sentence). Two lines of different articles are a
gold pair when they hold mentions of one instance.

Usage:
    cargo run --release -p corroborate-eval --bin eval-event-alignment -- --split meantime --out /tmp/al
    python3 scripts/score_meantime_alignment.py /tmp/al/claims-meantime.jsonl   # ours
    python3 scripts/score_meantime_alignment.py /tmp/al/lemma-meantime.jsonl    # same lemma

Standard library only; reads ../shared at run time.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "shared"))
sys.path.insert(0, os.path.join(SHARED, "tools"))
import score_event_alignment as sea  # noqa: E402


class MeantimeGold:
    """The shape `score_event_alignment.score` reads: `sentences`, `sent_index`, `mentions`."""

    def __init__(self, data_dir):
        self.sentences = []
        self.mentions = []
        self.text = {}
        with open(os.path.join(data_dir, "annotations.jsonl"), encoding="utf-8") as f:
            rows = [json.loads(line) for line in f if line.strip()]
        for row in sorted(rows, key=lambda r: r["doc"]):
            doc = row["doc"]
            with open(os.path.join(data_dir, "text", doc + ".txt"), encoding="utf-8", newline="") as f:
                text = f.read()
            self.text[doc] = text
            lines, at = [], 0
            for i, line in enumerate(text.split("\n")):
                lines.append((i, at, at + len(line)))
                at += len(line) + 1
            used = set()
            for n, e in enumerate(row.get("events", [])):
                line = next((i for i, a, b in lines if a <= e["start"] < b + 1), None)
                if line is None:
                    continue
                used.add(line)
                self.mentions.append({"doc": doc, "m_id": str(n), "start": e["start"],
                                      "end": e["end"], "sentence": line, "kind": "event",
                                      "instance": e.get("instance"), "intra_chain": None})
            for i, a, b in lines:
                if i in used:
                    self.sentences.append((doc, i, a, b, row["topic"], row["topic"]))
        self.sent_index = {(d, s): i for i, (d, s, *_r) in enumerate(self.sentences)}


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    gold = MeantimeGold(os.path.join(SHARED, "data", "meantime"))
    preds, skipped = sea.read_predictions(argv[1], gold, gold.text)
    res, _gold_pairs, _pred_pairs = sea.score(gold, preds, {"event"})
    pairs, men = res["sentence_pairs"], res["mentions"]
    print(f"MEANTIME: {len(gold.sentences)} annotated sentences, {men['n']} event mentions, "
          f"{men['key_clusters']} gold clusters; skipped {dict(skipped)}")
    print(f"sentence pairs  P {sea.pct(pairs['P'])}  R {sea.pct(pairs['R'])}  F1 {sea.pct(pairs['F1'])}"
          f"   (TP {pairs['tp']}, predicted {pairs['pred_pairs']}, gold {pairs['gold_pairs']})")
    for k in ("muc", "b3", "ceaf_e"):
        m = men[k]
        print(f"{k:7s}  P {sea.pct(m['P'])}  R {sea.pct(m['R'])}  F1 {sea.pct(m['F1'])}")
    print(f"SUMMARY pairF1={100 * pairs['F1']:.2f} B3F1={100 * men['b3']['F1']:.2f} "
          f"CoNLLF1={100 * men['conll_f1']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
