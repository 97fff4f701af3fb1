#!/usr/bin/env bash
# Fuzzy typing against fzf, with tuiprobe (../shared/tools/tuiprobe), in one session:
#
#   Benchmarks/fuzzy.sh [OUTDIR] [RUNS] [QUERY]     # defaults: /tmp/fuzzy-results 3 ambr
#
# On a 1,000,000-line file (tuiprobe's 100,000-item data set 10 times): `pullfeed --fuzzy`, End
# (every line loaded), then `&` and QUERY (four lower-case letters) typed a character at a
# time, then a Backspace; fzf (its default: fuzzy, algorithm v2, sorted) reads the same file
# on its standard input and gets the same keys in the same run. Each character's step is the
# time from the key to the last byte of the new frame; the line printed at the end gives the
# median step of each (the Backspace left out) and fzf's version. Uses the release build
# (STATIC=1: the build README's Install makes); installs pyte with pip and fzf with apt-get
# if they are missing.
set -euo pipefail
source "$(dirname "$0")/common.sh"
OUT="${1:-/tmp/fuzzy-results}"
RUNS="${2:-3}"
QUERY="${3:-ambr}"
mkdir -p "$OUT"
ensure_tuiprobe
command -v fzf >/dev/null || { export DEBIAN_FRONTEND=noninteractive; apt-get install -y -qq fzf >/dev/null; }
build_app
BIN="$APP"
ensure_items
MILLION=/tmp/find-bench-1m.txt
[ -f "$MILLION" ] || for _ in $(seq 10); do cat "$DATA"; done > "$MILLION"
cat "$MILLION" >/dev/null
PROBE=("$PY" "$TOOLS/tuiprobe.py" --runs "$RUNS" --step-max-ms 120000 --ready-timeout 60 -q --quiet-ms 400)

KEYS=""
for ((i = 0; i < ${#QUERY}; i++)); do KEYS="$KEYS ${QUERY:i:1}#fuzzy"; done
FZF_VERSION="fzf-$(fzf --version | cut -d' ' -f1)"
"${PROBE[@]}" --ready "Item 000001" --keys "end expect:\"1,000,000 items\" wait:1000 & $KEYS bs#backspace" --quit 'esc esc' \
  --label pullfeed --out "$OUT/fuzzy-pullfeed.json" -- "$BIN" --fuzzy "$MILLION"
FZF_DEFAULT_OPTS= "${PROBE[@]}" --ready "1000000/1000000" --stdin "$MILLION" --keys "wait:1000 $KEYS bs#backspace" --quit 'esc' \
  --label "$FZF_VERSION" --out "$OUT/fuzzy-fzf.json" -- fzf
"$PY" "$TOOLS/tuiprobe.py" --compare "$OUT/fuzzy-pullfeed.json" "$OUT/fuzzy-fzf.json"
# The median step of the characters typed (the steps labelled "fuzzy"), of each program.
"$PY" - "$OUT/fuzzy-pullfeed.json" "$OUT/fuzzy-fzf.json" "$QUERY" <<'PY'
import json, sys
for path in sys.argv[1:3]:
    summary = json.load(open(path))["summary"]
    step = summary.get("steps", {}).get("fuzzy", {})
    print(f"{summary.get('label')}: typing '{sys.argv[3]}' into the fuzzy filter on 1,000,000 lines: "
          f"median {step.get('lat_last_med_ms')} ms a character (p95 {step.get('lat_last_p95_ms')} ms)")
PY
