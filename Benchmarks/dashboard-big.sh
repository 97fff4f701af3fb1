#!/usr/bin/env bash
# A dashboard of a 1 GB file and a fast stream (a line every 10 ms) against the file alone, in
# the same run: End, a search that finds nothing (a lower-case word), and a filter that keeps
# nothing, each the last byte of the answer after the key (tuiprobe, medians of RUNS runs); and
# `grep -c` on the file for the miss. Bars: End < 100 ms; the miss no slower than grep -c.
#
#   Benchmarks/dashboard-big.sh [path/to/pullfeed]   # default: a release build (STATIC=1: as installed)
#   BIG=/path/to/file RUNS=3 Benchmarks/dashboard-big.sh
set -euo pipefail
source "$(dirname "$0")/common.sh"
needs grep
if [ $# -ge 1 ]; then APP="$(realpath "$1")"; else build_app; fi
ensure_tuiprobe
BIG="${BIG:-/tmp/pullfeed-1g.txt}"
RUNS="${RUNS:-3}"
WORD=zqxjvwk
if [ ! -s "$BIG" ]; then
  echo "making $BIG (1 GiB)" >&2
  yes 'entry some words to make the line about as long as a log line is, 0123456789 abcdef' | head -c 1073741824 > "$BIG"
fi
STREAM='while :; do date +%s.%N; sleep 0.01; done'

probe() {  # probe LABEL KEYS ARGS...
  local label="$1" keys="$2" out
  shift 2
  out="$(mktemp)"
  "$PY" "$TOOLS/tuiprobe.py" --runs "$RUNS" --size 100x30 --ready "entry some words" --keys "$keys" --quiet-ms 300 \
    --step-max-ms 60000 --quit q --out "$out" -q --label "$label" -- "$APP" "$@" >/dev/null || true
  "$PY" - "$out" "$label" <<'EOF'
import json, sys
summary = json.load(open(sys.argv[1]))["summary"]
parts = []
for label, step in summary["steps"].items():
    parts.append(f"{label} {step['lat_last_med_ms']} ms")
print(f"{sys.argv[2]}: first frame {summary.get('ttff_ms')} ms; " + ", ".join(parts))
EOF
  rm -f "$out"
}

KEYS="wait:3000 end#end / text:$WORD enter#search-miss expect:\"not found\" esc & text:$WORD enter#filter-none"
probe "the file alone" "$KEYS" "$BIG"
probe "the file and a stream" "$KEYS" "$BIG" -c "$STREAM"

start=$(date +%s%N)
grep -c "$WORD" "$BIG" >/dev/null || true
echo "grep -c $WORD: $(( ($(date +%s%N) - start) / 1000000 )) ms"
