#!/usr/bin/env bash
# A dashboard of a 1 GB file and a fast stream (a line every 10 ms) against the file alone, in
# the same run, in tmux at 100x12: a search that finds
# nothing (a lower-case word; until "Pattern not found"), End (until the first line is no longer
# selected), a filter that keeps nothing (until the
# title says "0 of"), three times each, and the app's own CPU over 10 s while the stream runs;
# `grep -c` on the file for the miss. Bars: End < 100 ms; the miss no slower than grep -c.
#
#   Benchmarks/dashboard-big.sh [path/to/pullfeed]   # default: a release build (STATIC=1: as installed)
#   BIG=/path/to/file Benchmarks/dashboard-big.sh
set -euo pipefail
source "$(dirname "$0")/common.sh"
needs tmux grep
if [ $# -ge 1 ]; then APP="$(realpath "$1")"; else build_app; fi
BIG="${BIG:-/tmp/pullfeed-1g-numbered.txt}"
WORD=zqxjvwk
if [ ! -s "$BIG" ]; then
  echo "making $BIG (12,500,000 numbered lines, about 1 GB)" >&2
  seq 1 12500000 | sed 's/^/entry /; s/$/ some words to make the line about as long as a log line is, 0123/' > "$BIG"
fi
STREAM='while :; do date +%s.%N; sleep 0.01; done'
session="dashboard-big-$$"
now() { date +%s%N; }
# until SECONDS_MAX TEXT [head]: waits until the screen (or its first line) shows TEXT.
until_shown() {
  for _ in $(seq 1 $(( $1 * 50 ))); do
    if [ "${3:-}" = head ]; then tmux capture-pane -p -t "$session" | head -1 | grep -qF "$2" && return 0
    else tmux capture-pane -p -t "$session" | grep -qF "$2" && return 0; fi
    sleep 0.02
  done
  return 1
}

measure() {  # measure LABEL ARGS...
  local label="$1" start pid t1 t2 ends=() misses=() filters=()
  shift
  printf -v command '%q ' "$APP" "$@"
  tmux kill-session -t "$session" 2>/dev/null || true
  tmux new-session -d -s "$session" -x 100 -y 12 "$command"
  until_shown 30 " some words" || { echo "$label: no first frame" >&2; return; }
  sleep 5
  pid=$(pgrep -x pullfeed | tail -1)
  t1=$(awk '{ print $14 + $15 }' /proc/"$pid"/stat); sleep 10; t2=$(awk '{ print $14 + $15 }' /proc/"$pid"/stat)
  for k in 1 2 3; do
    tmux send-keys -t "$session" Home; sleep 0.3
    start=$(now); tmux send-keys -t "$session" End
    for _ in $(seq 1 500); do tmux capture-pane -p -t "$session" | grep -q '^›entry 1 ' || break; sleep 0.02; done
    ends+=($(( ($(now) - start) / 1000000 )))
    tmux send-keys -t "$session" /; tmux send-keys -t "$session" -l "$WORD$k"
    start=$(now); tmux send-keys -t "$session" Enter
    until_shown 60 "not found: $WORD$k"; misses+=($(( ($(now) - start) / 1000000 )))
    tmux send-keys -t "$session" '&'; tmux send-keys -t "$session" -l "$WORD$k"
    start=$(now); tmux send-keys -t "$session" Enter
    until_shown 60 " 0 of " head; filters+=($(( ($(now) - start) / 1000000 )))
    tmux send-keys -t "$session" Escape; sleep 0.3; tmux send-keys -t "$session" Escape; sleep 0.3
  done
  echo "$label: End ${ends[*]} ms; search miss ${misses[*]} ms; filter none ${filters[*]} ms;" \
    "own CPU $(( t2 - t1 )) ticks in 10 s; peak RSS $(awk '/VmHWM/ { print int($2 / 1024) }' /proc/"$pid"/status) MiB"
  tmux kill-session -t "$session"
}

measure "the file alone" "$BIG"
measure "the file and a stream" "$BIG" -c "$STREAM"
start=$(now); grep -c "$WORD" "$BIG" >/dev/null || true
echo "grep -c $WORD: $(( ($(now) - start) / 1000000 )) ms"
