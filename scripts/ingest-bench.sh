#!/usr/bin/env bash
# Ingest benchmark (docs/performance.md, issue 21): a generated corpus ingested into one store
# in batches, one `corroborate ingest` per batch, timing each batch and the store's size. The
# corpus is written in order of publication, as a feed arrives (gen_corpus.py --by-date).
#
#   ARTICLES=20000 BATCH=1000 bash scripts/ingest-bench.sh [path/to/corroborate]
#
# WORK=DIR reuses DIR/corpus when it exists; MAX_BATCHES=N stops after N batches.
#
# Prints one CSV line per batch: batch, articles stored, wall seconds, CPU seconds
# (user + system), peak RSS in MB, store size in MB.
set -euo pipefail
BIN=${1:-target/release/corroborate}
ARTICLES=${ARTICLES:-20000}
BATCH=${BATCH:-1000}
MAX_BATCHES=${MAX_BATCHES:-0}
WORK=${WORK:-$(mktemp -d)}
CORPUS=$WORK/corpus
DB=$WORK/bench.db
if [ ! -d "$CORPUS" ]; then
  python3 "$(dirname "$0")/gen_corpus.py" --articles "$ARTICLES" --out "$CORPUS" --per-file "$BATCH" --by-date >&2
fi
rm -f "$DB" "$DB-wal" "$DB-shm"
echo "batch,articles,wall_s,cpu_s,peak_rss_mb,store_mb"
n=0
for f in $(ls "$CORPUS"/*.jsonl | sort); do
  n=$((n + 1))
  /usr/bin/time -f "%e %U %S %M" -o "$WORK/time" \
    "$BIN" ingest -q --today 2026-12-01 --batch-size "$BATCH" --db "$DB" "$f"
  read -r wall user sys rss < "$WORK/time"
  size=$(du -cm "$DB"* | tail -1 | cut -f1)
  cpu=$(echo "$user + $sys" | bc)
  echo "$n,$((n * BATCH)),$wall,$cpu,$((rss / 1024)),$size"
  if [ "$n" = "$MAX_BATCHES" ]; then break; fi
done
