#!/usr/bin/env bash
# Instructions of the fuzzy filter per character typed, as callgrind counts them (these counts
# do not depend on the machine's speed or load): `pullfeed-bench --fuzzy` filters FILE with
# each prefix of QUERY in turn (each from the previous one's matches, as typing into a fuzzy
# `&` does). One run per prefix, and one that only reads the file; each character's count is
# its run's total minus the run before. (Whole runs are counted: callgrind's --toggle-collect
# flips collection on each entry, which the walking threads' nested calls make a lottery.)
#
#   Benchmarks/callgrind-fuzzy.sh [QUERY] [FILE] [OUTDIR]
#     defaults: ambr, the 100,000-line item file, /tmp/callgrind-fuzzy
#
# (The million-line file of Benchmarks/fuzzy.sh is that file ten times: ten times the counts.)
# BENCH=path counts that pullfeed-bench (another commit's, to compare) instead of building
# this one. The profiles stay in OUTDIR (callgrind_annotate OUTDIR/QUERY.out). Needs valgrind.
#
# IN_APP=1 counts the app instead, everything a key costs: `pullfeed --fuzzy FILE` at 80x24 in
# tmux, End, `&`, QUERY typed a character every 30 s (under callgrind on a loaded machine a
# filter can take 15 s: one cut short by the next key would count work twice), Esc, q; minus
# the same run without QUERY, divided by its length (APP=path: another build).
# Needs tmux too.
set -euo pipefail
source "$(dirname "$0")/common.sh"
QUERY="${1:-ambr}"
FILE="${2:-$DATA}"
OUT="${3:-/tmp/callgrind-fuzzy}"
needs valgrind
ensure_items
if [ "${IN_APP:-0}" = 1 ]; then
  needs tmux
  [ -n "${APP:-}" ] || build_app
  mkdir -p "$OUT"
  strip --strip-debug -o "$OUT/pullfeed" "$APP"
  # run LABEL KEYS: one run typing KEYS (may be empty), its total count printed.
  run() {
    local label="$1" keys="$2" session="callgrind-fuzzy-$$-$1"
    rm -f "$OUT/$label.out"
    tmux new-session -d -s "$session" -x 80 -y 24 \
      "TERM=xterm-256color valgrind --tool=callgrind --callgrind-out-file=$OUT/$label.out $OUT/pullfeed --fuzzy $FILE 2>$OUT/$label.log"
    wait_for_screen "$session" "Item 000001" 1200
    tmux send-keys -t "$session" End
    wait_for_screen "$session" "$(printf "%'d" "$(wc -l < "$FILE")") items" 1200
    sleep 3
    tmux send-keys -t "$session" '&'
    sleep 2
    for ((k = 0; k < ${#keys}; k++)); do tmux send-keys -t "$session" -l "${keys:k:1}"; sleep 30; done
    tmux send-keys -t "$session" Escape
    sleep 2
    tmux send-keys -t "$session" q
    for _ in $(seq 300); do [ -s "$OUT/$label.out" ] && ! tmux has-session -t "$session" 2>/dev/null && break; sleep 0.2; done
    tmux kill-session -t "$session" 2>/dev/null || true
    grep -m1 '^summary:\|^totals:' "$OUT/$label.out" | awk '{print $2}'
  }
  idle=$(run app-none "")
  typed=$(run app-typed "$QUERY")
  echo "in the app: no typing $idle instructions, typing '$QUERY' $typed; per character: $(( (typed - idle) / ${#QUERY} ))"
  exit 0
fi
if [ -z "${BENCH:-}" ]; then
  (cd "$ROOT" && swift build -c release --product pullfeed-bench >&2)
  BENCH="$ROOT/.build/release/pullfeed-bench"
fi
mkdir -p "$OUT"
strip --strip-debug -o "$OUT/pullfeed-bench" "$BENCH"  # no DWARF (slow for callgrind), names kept
previous=0
for ((i = 0; i <= ${#QUERY}; i++)); do
  prefix="${QUERY:0:i}"
  name="${prefix:-none}"
  valgrind --tool=callgrind --callgrind-out-file="$OUT/$name.out" \
    "$OUT/pullfeed-bench" --fuzzy "$prefix" "$FILE" >"$OUT/$name.txt" 2>"$OUT/$name.log"
  total=$(grep -m1 '^summary:\|^totals:' "$OUT/$name.out" | awk '{print $2}')
  if [ "$i" = 0 ]; then
    base=$total
    echo "reading the file: $total instructions"
  else
    echo "$prefix: $(( total - previous )) instructions ($(tail -1 "$OUT/$name.txt" | cut -d, -f1,2))"
  fi
  previous=$total
done
echo "typing: $(( previous - base )) instructions; per character: $(( (previous - base) / ${#QUERY} ))"
