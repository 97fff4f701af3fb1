#!/usr/bin/env bash
# Whether --wrap makes a search do more work, as callgrind counts instructions (counts do not
# depend on the machine's speed or load): `pullfeed FILE` and `pullfeed --wrap FILE` at 80x24
# in tmux, each run twice: once idle, once with a search for a missing text (/zqxjvk, Enter,
# until "Pattern not found"); the search's count is the difference. Prints both counts, the
# frames drawn and the instructions of the functions that walk the file in each.
#
#   Benchmarks/callgrind-wrap-search.sh [MB] [OUTDIR]      # defaults: 200 /tmp/callgrind-wrap
#
# FILE is Benchmarks/wrap.sh's (/tmp/wrap-bench-MBm.txt; run that once to make it). The search
# starts 2 s after the first frame, while the file is still being counted, as in wrap.sh; the
# idle runs wait 60 s. Needs valgrind and tmux.
set -euo pipefail
source "$(dirname "$0")/common.sh"
MB="${1:-200}"
OUT="${2:-/tmp/callgrind-wrap}"
FILE="/tmp/wrap-bench-${MB}m.txt"
needs valgrind tmux
[ -s "$FILE" ] || { echo "no $FILE: run Benchmarks/wrap.sh /tmp/wrap-results 1 $MB first" >&2; exit 2; }
build_app
mkdir -p "$OUT"
strip --strip-debug -o "$OUT/pullfeed" "$APP"  # no DWARF (slow for callgrind), names kept
APP="$OUT/pullfeed"

# run LABEL SEARCH [OPTION]: one run, its total count printed.
run() {
  local label="$1" search="$2" session="callgrind-wrap-$$-$1"
  rm -f "$OUT/$label.out"
  tmux new-session -d -s "$session" -x 80 -y 24 \
    "TERM=xterm-256color valgrind --tool=callgrind --callgrind-out-file=$OUT/$label.out $APP ${3:-} $FILE 2>$OUT/$label.log"
  wait_for_screen "$session" "L0000001" 1200
  if [ "$search" = 1 ]; then
    sleep 2
    tmux send-keys -t "$session" / && tmux send-keys -t "$session" -l zqxjvk && tmux send-keys -t "$session" Enter
    wait_for_screen "$session" "Pattern not found" 6000
  else
    sleep 60
  fi
  sleep 3
  tmux send-keys -t "$session" q
  for _ in $(seq 600); do [ -s "$OUT/$label.out" ] && ! tmux has-session -t "$session" 2>/dev/null && break; sleep 0.2; done
  tmux kill-session -t "$session" 2>/dev/null || true
  grep -m1 '^summary:\|^totals:' "$OUT/$label.out" | awk '{print $2}'
}
# frames LABEL: how many frames the run drew.
frames() {
  grep -A1 "^cfn=($(grep -o '([0-9]*) .s8PullFeed0B6ScreenC6render2ony10TerminalUI6Canvas_p_tF' "$OUT/$1.out" | head -1 | tr -d '()' | cut -d' ' -f1))" \
    "$OUT/$1.out" | grep '^calls=' | awk '{ split($1, a, "="); n += a[2] } END { print n + 0 }'
}
# walk LABEL: the self counts of the functions that walk the file.
walk() {
  callgrind_annotate "$OUT/$1.out" 2>/dev/null | grep -oE '^ *[0-9,]+ .*(pf_count_newlines|pf_has_special_bytes|forEachMatchingLine)' \
    | sed -E 's/^ *([0-9,]+) .*(pf_count_newlines|pf_has_special_bytes|forEachMatchingLine).*/\2 \1/' | tr '\n' ';'
}
for mode in cut wrap; do
  option=""; [ "$mode" = wrap ] && option=--wrap
  idle=$(run "$mode-idle" 0 "$option")
  searched=$(run "$mode-search" 1 "$option")
  echo "$mode: search $(( searched - idle )) instructions ($searched - idle $idle); frames $(frames "$mode-search") (idle $(frames "$mode-idle"))"
  echo "  walk: $(walk "$mode-search")"
done
