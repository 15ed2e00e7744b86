#!/usr/bin/env python3
"""Writes folders of text articles described by a manifest.json (as examples/corpus and the
seeds are) as one JSON Lines feed, the input the Spark job reads: one line per article with
`text`, `outlet`, `published` and `url` from the manifest.

    python3 scale-out/corpus_to_jsonl.py examples/corpus ../shared/seeds > feed.jsonl
"""

import json
import pathlib
import sys


def records(folder):
    """The JSON Lines records of one folder's articles, in manifest order."""
    folder = pathlib.Path(folder)
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    for entry in manifest["documents"]:
        rec = {"text": (folder / entry["file"]).read_text(encoding="utf-8")}
        for key in ("outlet", "published", "url"):
            if entry.get(key):
                rec[key] = entry[key]
        yield rec


def write(folders, out):
    for folder in folders:
        for rec in records(folder):
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    write(sys.argv[1:], sys.stdout)
