"""The PolNeAR TRAIN split's annotations, as the lexicon and model scripts read them.

Shared by build_cue_lexicon.py, build_speaker_groups.py and train_cue_detector.py (standard
library only). The scored gold is the first annotator in metadata.tsv order whose .ann file
exists, as ../shared/tools/score_quotes.py does.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def arguments(data_file):
    """--data (the PolNeAR folder, ../shared beside the repository by default) and --out
    (crates/corroborate-extract/data/DATA_FILE by default); exits when the train split is
    missing."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=os.path.join(HERE, "../../shared/data/polnear-dev"))
    ap.add_argument(
        "--out", default=os.path.join(HERE, "../crates/corroborate-extract/data", data_file)
    )
    args = ap.parse_args()
    split = os.path.join(args.data, "train")
    if not os.path.isdir(split):
        sys.exit(f"PolNeAR train split not found at {split}")
    return args


def first_annotators(data):
    """doc -> its annotators in metadata.tsv order, for the train compartment."""
    firsts = {}
    with open(os.path.join(data, "metadata.tsv"), encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            if row.get("compartment") == "train":
                firsts[row["filename"]] = row["annotators"].split("|")
    return firsts


def read_ann(path):
    """A brat .ann file: ({T id: (label, [(start, end), ...])}, [{role: T id}, ...])."""
    spans, events = {}, []
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if line.startswith("T") and len(parts) >= 2:
                label, _, offs = parts[1].partition(" ")
                frags = []
                for frag in offs.split(";"):
                    a, b = frag.split()
                    frags.append((int(a), int(b)))
                spans[parts[0]] = (label, frags)
            elif line.startswith("E") and len(parts) >= 2:
                roles = {}
                for r in parts[1].split():
                    k, _, v = r.partition(":")
                    roles[k] = v
                events.append(roles)
    return spans, events


def train_documents(data):
    """(doc, text, spans, events) for every train document with a scored .ann file, by name."""
    split = os.path.join(data, "train")
    for doc, annotators in sorted(first_annotators(data).items()):
        ann = next(
            (os.path.join(split, "attributions", f"{doc}_{a}.ann") for a in annotators
             if os.path.exists(os.path.join(split, "attributions", f"{doc}_{a}.ann"))),
            None,
        )
        if ann is None:
            continue
        with open(os.path.join(split, "text", doc + ".txt"), encoding="utf-8") as f:
            text = f.read()
        spans, events = read_ann(ann)
        yield doc, text, spans, events


def write_tsv(path, comment, header, rows):
    """A data file: one comment line, the column header (after "#"), then the rows."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"# {comment}\n")
        f.write("#" + "\t".join(header) + "\n")
        for r in rows:
            f.write("\t".join(str(x) for x in r) + "\n")
