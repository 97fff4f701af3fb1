#!/usr/bin/env bash
# Instructions per key, as callgrind counts them (these counts do not depend on the machine's
# speed): `pullfeed --file` on the 100,000-line file at 80x24 in tmux, N Downs, minus a run with
# no keys, divided by N.
#
#   Benchmarks/callgrind-keys.sh [DOWNS] [OUTDIR]    # defaults: 300 /tmp/callgrind-keys
#
# Prints the two totals and the count per Down; the profiles stay in OUTDIR
# (callgrind_annotate OUTDIR/keys.out). Needs valgrind and tmux (apt-get install valgrind tmux).
set -euo pipefail
source "$(dirname "$0")/common.sh"
DOWNS="${1:-300}"
OUT="${2:-/tmp/callgrind-keys}"
needs valgrind tmux
ensure_items
build_app
mkdir -p "$OUT"
strip --strip-debug -o "$OUT/pullfeed" "$APP"  # no DWARF (slow for callgrind), names kept
APP="$OUT/pullfeed"

run() {  # label, downs
  local label="$1" downs="$2" session="callgrind-$$-$1"
  rm -f "$OUT/$label.out"
  tmux new-session -d -s "$session" -x 80 -y 24 \
    "TERM=xterm-256color valgrind --tool=callgrind --callgrind-out-file=$OUT/$label.out $APP --file $DATA 2>$OUT/$label.log"
  wait_for_screen "$session" "Item 000001" || true
  for _ in $(seq "$downs"); do tmux send-keys -t "$session" Down; sleep 0.02; done
  if [ "$downs" -gt 0 ]; then wait_for_screen "$session" "Item $(printf '%06d' $((downs + 1)))" || true; fi
  sleep 1
  tmux send-keys -t "$session" q
  for _ in $(seq 300); do [ -s "$OUT/$label.out" ] && ! tmux has-session -t "$session" 2>/dev/null && break; sleep 0.1; done
  tmux kill-session -t "$session" 2>/dev/null || true
  grep -m1 '^summary:\|^totals:' "$OUT/$label.out" | awk '{print $2}'
}
base=$(run none 0)
keys=$(run keys "$DOWNS")
echo "no keys: $base instructions; $DOWNS Downs: $keys instructions"
echo "per Down: $(( (keys - base) / DOWNS ))"
