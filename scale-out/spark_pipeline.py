#!/usr/bin/env python3
"""Corroborate as Apache Spark stages: WARC or JSON Lines in, one story dossier per line out.

Stages (see docs/scale-out.md):

1. read: WARC archives (one task per file, records decoded as `corroborate analyze` decodes
   them) and JSON Lines files (split by Spark; each line keeps its `path:line` name);
2. annotate, per partition (`corroborate.annotate`), then drop repeated texts (same document
   id: the first in input order is kept, as the CLI does);
3. candidates: explode each article's candidate keys, group by key (the shuffle), skip keys
   held by more than POSTING_CAP articles (the story index stops looking those up too), pair
   the articles of each key, verify each pair by story similarity of the two signatures, and
   join verified pairs into connected components by iterative label propagation;
4. reconcile: each component, its articles in input order, through `corroborate.dossiers`,
   which links it into stories exactly as the CLI does and reconciles each story;
5. write: dossiers as JSON Lines (`--format jsonl`) or Parquet (`story`, `dossier` columns);
   optionally the article artifacts of stage 2 as JSON Lines (`--artifacts-out`), and load them
   into a SQLite store (`--store`, `corroborate ingest --artifacts`: the store links and
   reconciles them without analysing any article again).

Nothing but counts is collected on the driver.
"""

import argparse
import glob
import json
import os
import re
import subprocess
import sys

import corroborate

ID_PATTERN = re.compile(r'"prepared":\{"doc":\{"id":"([^"]+)"')


def expand(paths):
    """Each input path or glob, in the order given; a glob's matches sorted. Paths that are not
    local (hdfs://, s3a://) are passed through for Spark to read."""
    out = []
    for p in paths:
        if "://" in p and not p.startswith("file://"):
            out.append(p)
            continue
        matches = sorted(glob.glob(p)) if glob.has_magic(p) else [p]
        if not matches or not all(os.path.isfile(m) for m in matches):
            raise SystemExit(f"error: {p}: no such file")
        out.extend(matches)
    return out


def is_warc(path):
    name = path.lower()
    return name.endswith(".warc") or name.endswith(".warc.gz")


def read_inputs(sc, paths):
    """RDD of (order, source, line-or-None, document-or-None): order is (input index, record
    index) so that later stages can restore the CLI's input order."""
    parts = []
    warcs = [(i, p) for i, p in enumerate(paths) if is_warc(p)]
    if warcs:

        def warc_records(item):
            i, path = item
            for n, doc in enumerate(corroborate.read_warc(path)):
                yield ((i, n), doc["source"], None, doc)

        parts.append(sc.parallelize(warcs, max(1, len(warcs))).flatMap(warc_records))
    for i, p in enumerate(paths):
        if is_warc(p):
            continue
        lines = sc.textFile(p).zipWithIndex()
        parts.append(
            lines.filter(lambda li: li[0].strip())
            .map(lambda li, i=i, p=p: ((i, li[1]), f"{p}:{li[1] + 1}", li[0], None))
        )
    if not parts:
        return sc.emptyRDD()
    return sc.union(parts)


def annotate_partition(today):
    def run(records):
        for order, source, line, doc in records:
            try:
                if doc is not None:
                    art = corroborate.annotate(doc, today=today, as_json=True)
                else:
                    rec = json.loads(line)
                    body = rec.get("text")
                    html = not (isinstance(body, str) and body.strip())
                    if html:
                        body = rec.get("html")
                    if not isinstance(body, str):
                        continue
                    art = corroborate.annotate(
                        body,
                        html=html,
                        title=rec.get("title"),
                        url=rec.get("url"),
                        outlet=rec.get("outlet"),
                        published=rec.get("published"),
                        today=today,
                        source=source,
                        as_json=True,
                    )
            except ValueError:
                # The CLI reports such a record as a problem and goes on; so does the job.
                continue
            m = ID_PATTERN.search(art)
            doc_id = m.group(1) if m else json.loads(art)["prepared"]["doc"]["id"]
            yield (
                doc_id,
                (
                    order,
                    art,
                    corroborate.signature(art),
                    corroborate.candidate_keys(art),
                ),
            )

    return run


def earlier(a, b):
    return a if a[0] <= b[0] else b


def candidate_pairs(articles, cap):
    """Distinct (a, b) id pairs, a < b, of articles sharing a candidate key held by at most
    `cap` articles."""

    def pairs(group):
        ids = sorted(group)
        if len(ids) > cap:
            return
        for x in range(len(ids)):
            for y in range(x + 1, len(ids)):
                yield (ids[x], ids[y])

    keyed = articles.flatMap(lambda kv: [(k, kv[0]) for k in kv[1][3]])
    return keyed.groupByKey().flatMap(lambda kv: pairs(kv[1])).distinct()


def verified_edges(pairs, signatures, bar):
    """The candidate pairs whose story similarity reaches `bar`."""
    with_a = pairs.join(signatures).map(lambda kv: (kv[1][0], (kv[0], kv[1][1])))
    both = with_a.join(signatures)
    return both.filter(
        lambda kv: corroborate.similarity(kv[1][0][1], kv[1][1]) >= bar
    ).map(lambda kv: (kv[1][0][0], kv[0]))


def components(ids, edges, partitions, max_rounds=1000):
    """(id, label) for every id: the smallest id of its connected component, by label
    propagation over the edges (both directions). Each round is one join and one reduce;
    the number of rounds is the largest component's diameter."""
    both = edges.flatMap(lambda e: [e, (e[1], e[0])]).cache()
    labels = ids.map(lambda i: (i, i)).partitionBy(partitions)
    for round_ in range(max_rounds):
        offers = both.join(labels).map(lambda kv: (kv[1][0], kv[1][1]))
        new = labels.union(offers).reduceByKey(min, partitions).cache()
        changed = new.join(labels).filter(lambda kv: kv[1][0] != kv[1][1]).count()
        labels = new
        if round_ % 8 == 7:
            labels.localCheckpoint()
        if changed == 0:
            break
    return labels


def dossiers_of(records):
    def run(group):
        members = sorted(group, key=lambda m: m[0])
        for d in corroborate.dossiers([art for _, art in members], records=records, as_json=True):
            yield d

    return run


def story_id(dossier_json):
    m = re.search(r'"story":\{"id":"([^"]+)"', dossier_json)
    return m.group(1) if m else json.loads(dossier_json)["story"]["id"]


def run(spark, inputs, today, records=True, verify_bar=None, partitions=None, artifacts_out=None):
    """The pipeline as an RDD of dossier JSON texts (not yet written); with `artifacts_out`, the
    article artifacts are written there first (Spark part files, one artifact per line)."""
    sc = spark.sparkContext
    bar = corroborate.JOIN_THRESHOLD / 2 if verify_bar is None else verify_bar
    raw = read_inputs(sc, expand(inputs))
    if partitions:
        raw = raw.repartition(partitions)
    articles = (
        raw.mapPartitions(annotate_partition(today))
        .reduceByKey(earlier)
        .persist()
    )
    if artifacts_out:
        articles.map(lambda kv: kv[1][1]).saveAsTextFile(artifacts_out)
    signatures = articles.mapValues(lambda a: a[2])
    pairs = candidate_pairs(articles, corroborate.POSTING_CAP)
    edges = verified_edges(pairs, signatures, bar)
    labels = components(articles.keys(), edges, articles.getNumPartitions())
    grouped = articles.join(labels).map(lambda kv: (kv[1][1], (kv[1][0][0], kv[1][0][1])))
    return grouped.groupByKey().values().flatMap(dossiers_of(records))


def write(spark, dossiers, out, fmt):
    if fmt == "parquet":
        rows = dossiers.map(lambda d: (story_id(d), d))
        spark.createDataFrame(rows, "story string, dossier string").write.mode(
            "overwrite"
        ).parquet(out)
    else:
        dossiers.saveAsTextFile(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("inputs", nargs="+", help="WARC (.warc, .warc.gz) or JSON Lines paths or globs")
    ap.add_argument("--out", required=True, help="output folder (Spark part files)")
    ap.add_argument("--format", choices=["jsonl", "parquet"], default="jsonl")
    ap.add_argument("--today", help="YYYY-MM-DD bound for date inference (default: today)")
    ap.add_argument("--no-records", action="store_true", help="fill no incident records")
    ap.add_argument(
        "--verify-bar",
        type=float,
        help="story similarity a candidate pair needs (default: half the join threshold)",
    )
    ap.add_argument("--partitions", type=int, help="repartition the input records")
    ap.add_argument("--master", help="Spark master when not set by spark-submit (e.g. local[2])")
    ap.add_argument(
        "--artifacts-out",
        help="also write the article artifacts to this folder (JSON Lines part files)",
    )
    ap.add_argument(
        "--store",
        help="also load the article artifacts into this SQLite store (artifacts default to OUT-artifacts)",
    )
    ap.add_argument("--corroborate-bin", default="corroborate", help="CLI for --store")
    args = ap.parse_args(argv)

    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("corroborate")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    artifacts = args.artifacts_out
    if args.store and not artifacts:
        artifacts = args.out.rstrip("/") + "-artifacts"
    try:
        dossiers = run(
            spark,
            args.inputs,
            args.today,
            records=not args.no_records,
            verify_bar=args.verify_bar,
            partitions=args.partitions,
            artifacts_out=artifacts,
        )
        write(spark, dossiers, args.out, args.format)
    finally:
        spark.stop()
    if args.store:
        cmd = [args.corroborate_bin, "ingest", "--db", args.store, "--quiet"]
        if args.today:
            cmd += ["--today", args.today]
        return subprocess.call(cmd + ["--artifacts", artifacts])
    return 0


if __name__ == "__main__":
    sys.exit(main())
