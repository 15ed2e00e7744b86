#!/usr/bin/env bash
# Load benchmark for `corroborate serve` (not a unit test): 50 concurrent clients read the seed
# story page for 10 s on loopback with wrk while ingest jobs run and wait in the server's queue
# (INGEST_DOCS fictional articles in each of INGEST_JOBS jobs, posted just before wrk starts).
# Passes when there are no errors and the 99th-percentile latency is under 100 ms. Figures go
# in docs/performance.md ("Server").
#
#   bash scripts/load-test.sh            # release build, seeds from ../shared/seeds
#   PROFILE=debug bash scripts/load-test.sh
#   INGEST_JOBS=0 bash scripts/load-test.sh   # reads alone
set -euo pipefail
cd "$(dirname "$0")/.."

PROFILE=${PROFILE:-release}
CLIENTS=${CLIENTS:-50}
DURATION=${DURATION:-10s}
SEEDS=${SEEDS:-../shared/seeds}
INGEST_JOBS=${INGEST_JOBS:-2}
INGEST_DOCS=${INGEST_DOCS:-400}
P99_MAX_MS=${P99_MAX_MS:-100}

if ! command -v wrk >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk
fi
if [ "$PROFILE" = release ]; then
  cargo build --release -p corroborate-cli --quiet
else
  cargo build -p corroborate-cli --quiet
fi
BIN=target/$PROFILE/corroborate

work=$(mktemp -d)
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

"$BIN" ingest "$SEEDS" --db "$work/load.db" --quiet
"$BIN" serve --db "$work/load.db" --addr 127.0.0.1:0 2>"$work/server.log" &
server_pid=$!
for _ in $(seq 100); do
  grep -q 'http://' "$work/server.log" 2>/dev/null && break
  sleep 0.1
done
addr=$(grep -o 'http://[0-9.:]*' "$work/server.log" | head -1)
story=$(curl -s "$addr/api/stories" | sed -n 's/.*"id":"\([^"]*\)".*/\1/p' | head -1)
url="$addr/stories/$story"
echo "target: $url ($(curl -s "$url" | wc -c) bytes), $CLIENTS clients, $DURATION, $PROFILE build"

# Fictional articles (generated here, nothing from ../shared), one JSON line each.
gen() {
  awk -v job="$1" -v n="$INGEST_DOCS" 'BEGIN {
    for (i = 0; i < n; i++) {
      printf "{\"text\": \"Harbour council %d-%d\\n\\nOn Monday, Nov. %d, 2026, the harbour council of Tarnwick met for the %dth time. Mayor Ilsa Brandt said %d ships would dock. \\\"We will reopen the pier,\\\" Brandt said.\", \"outlet\": \"Outlet %d\", \"published\": \"2026-11-%02d\"}\n", job, i, i % 27 + 1, i, i * 3, i % 9, i % 27 + 2
    }
  }'
}
jobs=()
for j in $(seq "$INGEST_JOBS"); do
  gen "$j" >"$work/ingest-$j.jsonl"
  job=$(curl -s -X POST "$addr/api/ingest" -H 'Content-Type: application/x-ndjson' \
    --data-binary @"$work/ingest-$j.jsonl" | sed -n 's/.*"url":"\([^"]*\)".*/\1/p')
  jobs+=("$job")
done
job_states() {
  for job in "${jobs[@]}"; do
    curl -s "$addr$job" | sed -n 's/.*"status":"\([a-z]*\)".*/\1/p' | tr '\n' ' '
  done
}
echo "ingest jobs before wrk: $(job_states)"

wrk -t2 -c"$CLIENTS" -d"$DURATION" --latency "$url" | tee "$work/wrk.txt"
echo "ingest jobs after wrk: $(job_states)"

errors=$(awk '/Non-2xx or 3xx responses/ {print $NF} /Socket errors/ {gsub(",", ""); print $4 + $6 + $8 + $10}' "$work/wrk.txt" | awk '{s += $1} END {print s + 0}')
to_ms() {
  case "$1" in
    *us) awk -v v="${1%us}" 'BEGIN {print v / 1000}' ;;
    *ms) echo "${1%ms}" ;;
    *s) awk -v v="${1%s}" 'BEGIN {print v * 1000}' ;;
    *) echo 999999 ;;
  esac
}
median_ms=$(to_ms "$(awk '$1 == "50%" {print $2}' "$work/wrk.txt")")
p99_ms=$(to_ms "$(awk '$1 == "99%" {print $2}' "$work/wrk.txt")")
echo "errors: $errors; median latency: ${median_ms} ms; p99 latency: ${p99_ms} ms"
if [ "$errors" -ne 0 ] || awk -v m="$p99_ms" -v max="$P99_MAX_MS" 'BEGIN {exit !(m >= max)}'; then
  echo "FAIL: want no errors and a p99 under $P99_MAX_MS ms" >&2
  exit 1
fi
echo "PASS"
