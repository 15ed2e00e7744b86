#!/usr/bin/env python3
"""Builds crates/corroborate-extract/data/common_words.txt: words news writes in lower case.

Counts, over the texts of the PolNeAR TRAIN split and the ECB+ TRAIN topics (read from
../shared at run time; only the word list is written, no text), how often each word is written
all in lower case and how often capitalised in the middle of a sentence (after a lower-case
word, so neither a sentence's first word nor a title-case headline). A word is common when it
is written in lower case at least MIN_LOWER times and at least SHARE of its lower-case and
mid-sentence capitalised uses are lower case: "born", "head", "general", "send". A lone
capitalised common word the extractor finds with no other evidence of a name is then no
entity ("Born to Be Wild", "Send", "Head of Sales").

MEANTIME, on which entities are scored, is not read.

Run from the repository root (standard library only):
    python3 scripts/build_common_words.py [--shared ../shared]
"""

import argparse
import collections
import os
import re
import sys

MIN_LOWER = 5
SHARE = 0.95
WORD = re.compile(r"[A-Za-z][a-z]*(?:[’'-][a-z]+)*")


def texts(shared):
    polnear = os.path.join(shared, "data", "polnear-dev", "train", "text")
    ecb = os.path.join(shared, "data", "ecbplus-train", "text")
    for folder in (polnear, ecb):
        if not os.path.isdir(folder):
            sys.exit(f"training texts not found at {folder}")
        for root, _, files in sorted(os.walk(folder)):
            for name in sorted(files):
                with open(os.path.join(root, name), encoding="utf-8", errors="replace") as f:
                    yield f.read()


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--shared", default=os.path.join(here, "..", "..", "shared"))
    ap.add_argument(
        "--out", default=os.path.join(here, "..", "crates", "corroborate-extract", "data", "common_words.txt")
    )
    args = ap.parse_args()
    lower = collections.Counter()
    capital = collections.Counter()
    docs = 0
    for text in texts(args.shared):
        docs += 1
        prev = None
        for m in WORD.finditer(text):
            w = m.group(0)
            if w.islower():
                lower[w] += 1
            elif w[0].isupper() and w[1:].islower() and prev is not None and prev.islower():
                gap = text[prev_end:m.start()]
                if gap.strip() == "":
                    capital[w.lower()] += 1
            prev, prev_end = w, m.end()
    words = sorted(
        w for w, n in lower.items()
        if n >= MIN_LOWER and n >= SHARE * (n + capital[w])
    )
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(
            "# source: scripts/build_common_words.py over PolNeAR train and ECB+ train texts "
            f"({docs} documents): words written in lower case at least {MIN_LOWER} times and in "
            f"at least {SHARE:.0%} of their lower-case and mid-sentence capitalised uses; "
            "statistics only\n"
        )
        for w in words:
            f.write(w + "\n")
    print(f"{len(words)} words -> {args.out}")


if __name__ == "__main__":
    main()
