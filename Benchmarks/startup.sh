#!/usr/bin/env bash
# Start-up against less, in one run: the time to the first frame (the first screen that shows
# "Item 000001") of `less`, the plain release build of pullfeed (`swift build -c release`) and
# the binary as installed (as `make` builds it: --static-swift-stdlib and the Makefile's
# SWIFT_RELEASE_FLAGS), all on the 100,000-line file at 80x24 in a pty
# (tuiprobe), and the ratios the start-up targets are about: installed <= 2x less, plain
# release <= 2.5x less. The target column judges the ratio of the medians; the table also gives
# the median of the rounds' own ratios (a slow patch of the shared machine hits both programs of
# a round).
#
#   Benchmarks/startup.sh [OUTDIR] [RUNS]            # defaults: /tmp/startup-results 21
#   PLAIN=path STATIC_APP=path Benchmarks/startup.sh  # measure binaries built already
#   CALLGRIND=1 Benchmarks/startup.sh ...             # also count instructions (callgrind)
#   BEFORE=path Benchmarks/startup.sh ...             # and another binary in the same rounds
#   BEFORE_PLAIN=path Benchmarks/startup.sh ...       # and an older plain build too
#
# The machine is shared and its timings drift, so the programs take turns: RUNS rounds of one
# start each (after one warm-up start each), and the medians are over the rounds. pullfeed keeps
# its state (the refresh history, last-updated times) in OUTDIR/state, not the user's: a history
# database written by another version turns the history to memory, and every start then packs
# the whole file on a thread of its own while the first frame is drawn.
# With CALLGRIND=1 it also prints, for each build, the main thread's instructions from exec to
# the first frame (callgrind in tmux, its counts dumped once the frame is on screen; the thread
# then waits for input, so the count is deterministic where the timings are not; the other
# threads run on until the dump, so theirs are not counted).
set -euo pipefail
source "$(dirname "$0")/common.sh"
OUT="${1:-/tmp/startup-results}"
RUNS="${2:-21}"

ensure_tuiprobe
needs less
ensure_items
if [ -z "${PLAIN:-}" ]; then STATIC=0 build_app; PLAIN="$APP"; fi
if [ -z "${STATIC_APP:-}" ]; then STATIC=1 build_app; STATIC_APP="$APP"; fi
mkdir -p "$OUT"
rm -f "$OUT"/*.jsonl
STATE="$OUT/state"
rm -rf "$STATE"
mkdir -p "$STATE"

probe() {  # label, command...: one start, appended to OUT/label.jsonl
  local label="$1"; shift
  "$PY" "$TOOLS/tuiprobe.py" --label "$label" --runs 1 --pause 0.2 --env "XDG_STATE_HOME=$STATE" \
    --ready "Item 000001" --check "Item 000001" --require-restore --keys 'wait:10' --quit q -q \
    --jsonl "$OUT/$label.jsonl" -- "$@" >/dev/null || echo "!!! $label: a run failed" >&2
}
round() {  # prefix: one start of each program
  probe "${1}less" less "$DATA"
  probe "${1}plain" "$PLAIN" --file "$DATA"
  probe "${1}installed" "$STATIC_APP" --file "$DATA"
  if [ -n "${BEFORE:-}" ]; then probe "${1}before" "$BEFORE" --file "$DATA"; fi
  if [ -n "${BEFORE_PLAIN:-}" ]; then probe "${1}before-plain" "$BEFORE_PLAIN" --file "$DATA"; fi
}

round warmup-
for n in $(seq "$RUNS"); do
  echo ">>> round $n/$RUNS" >&2
  round ""
done

"$PY" - "$OUT" <<'EOF'
import json, os, statistics, sys
out = sys.argv[1]
def values(label, key):
    rows = [json.loads(line) for line in open(f"{out}/{label}.jsonl")]
    return [r[key] for r in rows if r.get("ok") and r.get(key) is not None]
labels = [label for label in ("less", "plain", "installed", "before", "before-plain") if os.path.exists(f"{out}/{label}.jsonl")]
first = {label: values(label, "ttff_ms") for label in labels}
byte = {label: values(label, "ttfb_ms") for label in first}
less = statistics.median(first["less"])
def rounds(label):  # each round's first frame against less's in the same round (None: a run failed)
    rows = [json.loads(line) for line in open(f"{out}/{label}.jsonl")]
    return [r.get("ttff_ms") if r.get("ok") else None for r in rows]
def per_round(label):  # the median of the rounds' ratios: a slow patch of the machine hits both
    pairs = [(a, b) for a, b in zip(rounds(label), rounds("less")) if a and b]
    return statistics.median([a / b for a, b in pairs])
print(f"## First frame, 100,000-line file, 80x24, medians of {len(first['less'])} rounds (ms)")
print("| program | first frame | first byte | ratio to less | per-round ratio | target (on the ratio of medians) |")
print("|---|---|---|---|---|---|")
for label, target in (("less", None), ("plain", 2.5), ("installed", 2.0), ("before", None), ("before-plain", None)):
    if label not in first: continue
    m = statistics.median(first[label])
    ratio = m / less
    verdict = "" if target is None else f"<= {target}x: {'pass' if ratio <= target else 'MISS'}"
    print(f"| {label} | {m:.1f} | {statistics.median(byte[label]):.1f} | {ratio:.2f}x | {per_round(label):.2f}x | {verdict} |")
EOF

if [ "${CALLGRIND:-0}" = 1 ]; then
  needs valgrind tmux callgrind_control
  count() {  # label, binary: instructions from exec to the first frame, dumped once it is up
    local label="$1" bin="$OUT/$1.bin" session="startup-cg-$$"
    strip --strip-debug -o "$bin" "$2"
    rm -f "$OUT/$label.callgrind" "$OUT/$label.callgrind".*
    tmux new-session -d -s "$session" -x 80 -y 24 \
      "TERM=xterm-256color XDG_STATE_HOME=$STATE valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file=$OUT/$label.callgrind $bin --file $DATA 2>$OUT/$label.log"
    wait_for_screen "$session" "Item 000001" 3000 || true
    # The dump lands once a thread runs again; the counts before it are the first frame's.
    callgrind_control -d first-frame "$bin" >/dev/null 2>&1 || true
    for _ in $(seq 300); do [ -s "$OUT/$label.callgrind.1-01" ] && break; sleep 0.1; done
    tmux send-keys -t "$session" q
    for _ in $(seq 300); do ! tmux has-session -t "$session" 2>/dev/null && break; sleep 0.1; done
    tmux kill-session -t "$session" 2>/dev/null || true
    echo "$label: $(grep -m1 '^summary:\|^totals:' "$OUT/$label.callgrind.1-01" | awk '{print $2}') instructions on the main thread to the first frame (callgrind_annotate $OUT/$label.callgrind.1-01)"
  }
  echo
  count plain "$PLAIN"
  count installed "$STATIC_APP"
  if [ -n "${BEFORE:-}" ]; then count before "$BEFORE"; fi
  if [ -n "${BEFORE_PLAIN:-}" ]; then count before-plain "$BEFORE_PLAIN"; fi
fi
