#!/usr/bin/env python3
"""Builds the reporting-cue lexicon from the PolNeAR TRAIN split's annotations.

Writes crates/corroborate-extract/data/reporting_cues.tsv: statistics only, no article text.

For each attribution of the scored gold (first annotator in metadata.tsv order, as
../shared/tools/score_quotes.py does), the cue span is lower-cased and split into words. Its
head is the first word that is not an auxiliary or adverb ("has also said" -> "said"). For every
head we count:

  cue         how often it heads a cue
  occurrences how often the word occurs in the train texts at all
  src_before  how often the attribution's Source ends before the cue (else after or none)
  content_after how often the Content starts after the cue

and for every multi-word cue phrase seen at least 5 times ("according to", "said in a
statement") its count. Only heads seen at least 3 times as a cue are kept.

Run from the repository root (standard library only):
    python3 scripts/build_cue_lexicon.py [--data ../shared/data/polnear-dev]
"""

import collections
import re

from polnear_train import arguments, train_documents, write_tsv

SKIP = {
    "has", "have", "had", "is", "was", "were", "are", "be", "been", "being", "also", "later",
    "then", "would", "will", "could", "should", "may", "might", "can", "did", "does", "do",
    "not", "never", "previously", "again", "repeatedly", "recently", "once", "just", "even",
    "still", "already", "often", "publicly", "privately", "reportedly", "flatly", "first",
    "a", "an", "the", "his", "her", "their", "its", "in", "to", "of", "for", "on", "at", "s",
    "now", "n’t", "n't", "it",
    # The auxiliaries of contractions ("they’ll say", "we’ve said"): WORD starts a word at a
    # letter, so a cue span that opens at the apostrophe gives the bare suffix.
    "ll", "ve", "re", "d", "m",
}
WORD = re.compile(r"[a-z][a-z’'\-]*")
MIN_HEAD = 3
MIN_PHRASE = 5


def main():
    args = arguments("reporting_cues.tsv")
    heads = collections.Counter()
    before = collections.Counter()
    after = collections.Counter()
    phrases = collections.Counter()
    occurrences = collections.Counter()
    for _doc, text, spans, events in train_documents(args.data):
        occurrences.update(WORD.findall(text.lower()))
        for roles in events:
            cue = spans.get(roles.get("Cue", ""))
            if cue is None:
                continue
            cue_text = " ".join(text[a:b] for a, b in cue[1]).lower()
            words = WORD.findall(cue_text)
            head = next((w for w in words if w not in SKIP), None)
            if head is None:
                continue
            heads[head] += 1
            cue_start = cue[1][0][0]
            src = spans.get(roles.get("Source", ""))
            if src is not None and src[1][-1][1] <= cue_start:
                before[head] += 1
            content = spans.get(roles.get("Content", ""))
            if content is not None and content[1][0][0] >= cue_start:
                after[head] += 1
            if len(words) > 1:
                phrases[" ".join(words)] += 1
    rows = []
    for head, n in heads.items():
        if n >= MIN_HEAD:
            rows.append(("head", head, n, occurrences[head], before[head], after[head]))
    for phrase, n in phrases.items():
        if n >= MIN_PHRASE:
            rows.append(("phrase", phrase, n, 0, 0, 0))
    rows.sort(key=lambda r: (r[0], -r[2], r[1]))
    write_tsv(
        args.out,
        "Reporting cues from PolNeAR train (scripts/build_cue_lexicon.py); statistics only.",
        ["kind", "cue", "cue_count", "occurrences", "source_before", "content_after"],
        rows,
    )
    print(f"{len(rows)} rows -> {args.out}")


if __name__ == "__main__":
    main()
