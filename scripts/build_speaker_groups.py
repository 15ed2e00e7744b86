#!/usr/bin/env python3
"""Builds crates/corroborate-extract/data/speaker_groups.tsv from the PolNeAR TRAIN split.

The nouns that head a bare plural speaker ("voters say", "Republican lawmakers said", "people
familiar with the talks said"): statistics only, no article text.

For each attribution of the scored gold (first annotator in metadata.tsv order, as
../shared/tools/score_quotes.py does), the Source span is split into words. When its first
word is no determiner or pronoun (a bare noun phrase), its head is its last word before a
preposition, a relative pronoun, a comma or a conjunction ("current and former officials" ->
"officials", "people familiar with the talks" -> "people"). A head is kept when it is a lower-case
plural (ending in "s", or one of the irregular plurals below), heads at least MIN_SOURCES such
sources, and at least MIN_SHARE of its occurrences in the train texts are such heads: "voters"
(55 of 1,012), not "states" (3 of 955).

Run from the repository root (standard library only):
    python3 scripts/build_speaker_groups.py [--data ../shared/data/polnear-dev]
"""

import collections
import re

from polnear_train import arguments, train_documents, write_tsv

MIN_SOURCES = 3
MIN_SHARE = 0.02
WORD = re.compile(r"[A-Za-z][A-Za-z’'\-]*|,")
# A source opening with one of these is not a bare noun phrase.
NOT_BARE = set(
    "the a an his her their its our my your this that these those some many several most both "
    "one two three four five six seven eight nine ten other another few no all each any such "
    "more fewer every he she they it we i you who which him them me us".split()
)
# Words that end a noun phrase's head: prepositions, relative pronouns, conjunctions, a comma.
AFTER_HEAD = set("of with for in at from to on by about like among including who which that whose and or ,".split())
IRREGULAR_PLURALS = {"people", "men", "women", "children"}


def bare_head(words):
    """The head of a bare noun phrase, or None."""
    if not words or words[0].lower() in NOT_BARE:
        return None
    head = None
    for w in words:
        if w.lower() in AFTER_HEAD:
            break
        head = w
    return head


def is_plural(word):
    return word in IRREGULAR_PLURALS or (len(word) > 3 and word.endswith("s") and not word.endswith("ss"))


def main():
    args = arguments("speaker_groups.tsv")
    heads = collections.Counter()
    occurrences = collections.Counter()
    for _doc, text, spans, events in train_documents(args.data):
        occurrences.update(w for w in WORD.findall(text) if w.islower())
        for roles in events:
            src = spans.get(roles.get("Source", ""))
            if src is None:
                continue
            head = bare_head(WORD.findall(" ".join(text[a:b] for a, b in src[1])))
            if head is not None and head.islower() and is_plural(head):
                heads[head] += 1
    rows = [
        (h, n, occurrences[h])
        for h, n in heads.items()
        if n >= MIN_SOURCES and n >= MIN_SHARE * occurrences[h]
    ]
    rows.sort(key=lambda r: (-r[1], r[0]))
    write_tsv(
        args.out,
        "Bare plural speaker heads from PolNeAR train (scripts/build_speaker_groups.py); statistics only.",
        ["head", "bare_sources", "occurrences"],
        rows,
    )
    print(f"{len(rows)} heads -> {args.out}")


if __name__ == "__main__":
    main()
