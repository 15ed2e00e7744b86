#!/usr/bin/env python3
"""Reads a JSON Lines report (`corroborate analyze --format jsonl`) from stdin and writes each
document's source and story as `source<TAB>story id`, the predicted-cluster file of
`../shared/tools/score_clusters.py`. It reads line by line and keeps nothing, so it can score a
report too large to store: pipe `analyze` into it.

    corroborate analyze -q --format jsonl DIR | python3 scripts/report_clusters.py OUT.tsv DIR/
    python3 ../shared/tools/score_clusters.py OUT.tsv --gold GOLD.tsv

Only sources starting with PREFIX (the second argument) are written, so that sources named
inside annotations are never mistaken for documents. Prints the report's size on stderr.
"""
import re
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: report_clusters.py OUT.tsv SOURCE_PREFIX < report.jsonl")
    out_path, prefix = sys.argv[1], sys.argv[2].encode()
    source = re.compile(rb'"source":"(' + re.escape(prefix) + rb'[^"]+)"')
    story = re.compile(rb'"stories":\[\{"id":"([^"]+)"')
    size = 0
    with open(out_path, "wb") as out:
        for line in sys.stdin.buffer:
            size += len(line)
            found = story.search(line)
            if not found:
                continue
            for s in source.findall(line):
                out.write(s + b"\t" + found.group(1) + b"\n")
    print(f"report bytes {size}", file=sys.stderr)


if __name__ == "__main__":
    main()
