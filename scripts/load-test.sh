#!/usr/bin/env bash
# Load benchmark for `corroborate serve` (not a unit test): 50 concurrent clients read the seed
# story page for 10 s on loopback with wrk; passes when there are no errors and the median
# latency is under 50 ms. Figures go in docs/performance.md ("Server").
#
#   bash scripts/load-test.sh            # release build, seeds from ../shared/seeds
#   PROFILE=debug bash scripts/load-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

PROFILE=${PROFILE:-release}
CLIENTS=${CLIENTS:-50}
DURATION=${DURATION:-10s}
SEEDS=${SEEDS:-../shared/seeds}

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

wrk -t2 -c"$CLIENTS" -d"$DURATION" --latency "$url" | tee "$work/wrk.txt"

errors=$(awk '/Non-2xx or 3xx responses/ {print $NF} /Socket errors/ {gsub(",", ""); print $4 + $6 + $8 + $10}' "$work/wrk.txt" | awk '{s += $1} END {print s + 0}')
median=$(awk '$1 == "50%" {print $2}' "$work/wrk.txt")
to_ms() {
  case "$1" in
    *us) awk -v v="${1%us}" 'BEGIN {print v / 1000}' ;;
    *ms) echo "${1%ms}" ;;
    *s) awk -v v="${1%s}" 'BEGIN {print v * 1000}' ;;
    *) echo 999999 ;;
  esac
}
median_ms=$(to_ms "$median")
echo "errors: $errors; median latency: ${median_ms} ms"
if [ "$errors" -ne 0 ] || awk -v m="$median_ms" 'BEGIN {exit !(m >= 50)}'; then
  echo "FAIL: want no errors and a median under 50 ms" >&2
  exit 1
fi
echo "PASS"
