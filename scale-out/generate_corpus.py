#!/usr/bin/env python3
"""Generates a synthetic JSON Lines corpus for throughput runs: N articles in stories of
`--per-story` articles each. Each story rewrites one template article (from the folders given,
e.g. examples/corpus and ../shared/seeds, read at run time) with its own names, places and
numbers; each of its articles keeps a different random 80% of the paragraphs and has its own
outlet and a publication date near the story's. Deterministic for a given --seed.

    python3 scale-out/generate_corpus.py 10000 examples/corpus ../shared/seeds > gen.jsonl
"""

import argparse
import datetime
import json
import random
import re
import sys

import corpus_to_jsonl

KEEP = {"The", "A", "An", "He", "She", "It", "They", "We", "I", "In", "On", "At", "But", "And",
        "This", "That", "His", "Her", "Their", "Its", "When", "After", "Before", "If", "As"}
SYLLABLES = ["ka", "lo", "mer", "vin", "tas", "dor", "el", "ric", "san", "bel", "mo", "ren",
             "ta", "gor", "li", "ven", "ar", "do", "wes", "han", "ul", "ser", "pa", "nik"]
WORD = re.compile(r"\b[A-Z][a-z]+\b|\b\d+\b")


def fake_word(rng):
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()


def rewrite(text, rng):
    names = {}

    def sub(m):
        w = m.group(0)
        if w.isdigit():
            if len(w) == 4 and w[:2] in ("19", "20"):
                return w
            return str(rng.randint(2, 10 ** len(w) - 1))
        if w in KEEP:
            return w
        if w not in names:
            names[w] = fake_word(rng)
        return names[w]

    return WORD.sub(sub, text)


def generate(n, folders, per_story, seed, out):
    templates = [r["text"] for f in folders for r in corpus_to_jsonl.records(f)]
    rng = random.Random(seed)
    start = datetime.date(2026, 1, 1)
    for i in range(n):
        story, member = divmod(i, per_story)
        srng = random.Random(f"{seed}-{story}")
        text = rewrite(templates[story % len(templates)], srng)
        day = start + datetime.timedelta(days=srng.randrange(330))
        head, _, body = text.partition("\n")
        paras = [p for p in body.split("\n\n") if p.strip()]
        kept = [p for p in paras if rng.random() < 0.8] or paras[:1]
        rec = {
            "text": head + "\n\n" + "\n\n".join(kept),
            "outlet": f"Outlet {rng.randrange(200)}",
            "published": (day + datetime.timedelta(days=member % 3)).isoformat(),
            "url": f"https://news{member}.example/{story}/{i}",
        }
        out.write(json.dumps(rec, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", type=int)
    ap.add_argument("folders", nargs="+")
    ap.add_argument("--per-story", type=int, default=5)
    ap.add_argument("--seed", type=int, default=19)
    a = ap.parse_args()
    generate(a.n, a.folders, a.per_story, a.seed, sys.stdout)
