#!/usr/bin/env bash
# `--section-by` on a 1,000,000-line file (the 100,000-item data set 10 times), with tuiprobe
# (../shared/tools/tuiprobe), against the same file without sections, in one session:
#
#   Benchmarks/sections.sh [OUTDIR] [RUNS]        # defaults: /tmp/sections-results 5
#
# - first frame: spawn → `Item 000001` drawn, with `--section-by '^Item 0000(\d)'` (10
#   sections and Other) and without;
# - grouping: `--settle-idle` waits until the process's CPU time stops moving (the whole file
#   read and grouped in the background; recorded as idle_ms), then End's step lasts until the
#   last line is drawn.
# The per-line cost on a stream with 1,000 sections is in-process:
# `swift run -c release pullfeed-bench` ("--section-by: a line arriving…").
# Uses the release build (STATIC=1: the build README's Install makes); installs pyte with pip
# if it is missing.
set -euo pipefail
source "$(dirname "$0")/common.sh"
OUT="${1:-/tmp/sections-results}"
RUNS="${2:-5}"
mkdir -p "$OUT"
ensure_tuiprobe
build_app
ensure_items
MILLION=/tmp/find-bench-1m.txt
[ -f "$MILLION" ] || for _ in $(seq 10); do cat "$DATA"; done > "$MILLION"
PROBE=("$PY" "$TOOLS/tuiprobe.py" --runs "$RUNS" --step-max-ms 60000 --ready-timeout 60 -q --settle-idle)

"${PROBE[@]}" --ready "Item 000001" --keys 'end#end expect:"Item 100000"' \
  --label plain --out "$OUT/plain.json" -- "$APP" "$MILLION"
"${PROBE[@]}" --ready "Item 000001" --keys 'end#end expect:"Item 100000"' \
  --label sections --out "$OUT/sections.json" -- "$APP" --section-by '^Item 0000(\d)' "$MILLION"
"$PY" "$TOOLS/tuiprobe.py" --compare "$OUT/plain.json" "$OUT/sections.json"
