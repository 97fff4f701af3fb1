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
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TOOLS="${TUIPROBE_DIR:-$ROOT/../shared/tools/tuiprobe}"
DOWNS="${1:-300}"
OUT="${2:-/tmp/callgrind-keys}"
DATA="${DATA:-/tmp/tuiprobe-items-100000.txt}"
command -v valgrind >/dev/null && command -v tmux >/dev/null || { echo "needs valgrind and tmux" >&2; exit 2; }
[ -s "$DATA" ] || python3 "$TOOLS/data/gen_items.py" --count 100000 --out "$DATA"
(cd "$ROOT" && swift build -c release --product pullfeed >&2)
mkdir -p "$OUT"
APP="$OUT/pullfeed"
strip --strip-debug -o "$APP" "$ROOT/.build/release/pullfeed"  # no DWARF (slow for callgrind), names kept

run() {  # label, downs
  local label="$1" downs="$2" session="callgrind-$$-$1"
  rm -f "$OUT/$label.out"
  tmux new-session -d -s "$session" -x 80 -y 24 \
    "TERM=xterm-256color valgrind --tool=callgrind --callgrind-out-file=$OUT/$label.out $APP --file $DATA 2>$OUT/$label.log"
  for _ in $(seq 600); do tmux capture-pane -p -t "$session" | grep -q "Item 000001" && break; sleep 0.1; done
  for _ in $(seq "$downs"); do tmux send-keys -t "$session" Down; sleep 0.02; done
  if [ "$downs" -gt 0 ]; then
    for _ in $(seq 600); do tmux capture-pane -p -t "$session" | grep -q "Item $(printf '%06d' $((downs + 1)))" && break; sleep 0.1; done
  fi
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
