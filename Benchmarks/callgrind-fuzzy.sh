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
set -euo pipefail
source "$(dirname "$0")/common.sh"
QUERY="${1:-ambr}"
FILE="${2:-$DATA}"
OUT="${3:-/tmp/callgrind-fuzzy}"
needs valgrind
ensure_items
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
