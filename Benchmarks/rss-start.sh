#!/usr/bin/env bash
# Peak RSS at the first frame, for one or more builds of pullfeed run alternately (so machine
# noise falls on all of them alike): each starts in tmux at 80x24 on the 100,000-line file,
# is read 1 s after its first frame (VmHWM, and the anonymous / file-backed split of VmRSS),
# and quits with q.
#
#   Benchmarks/rss-start.sh RUNS BINARY [BINARY...]
#   e.g. Benchmarks/rss-start.sh 5 .build-static/release/pullfeed /tmp/old/pullfeed
#
# Prints one line per run and the median VmHWM per binary, in KiB. Needs tmux.
set -euo pipefail
source "$(dirname "$0")/common.sh"
[ $# -ge 2 ] || { sed -n 2,10p "$0" >&2; exit 2; }
RUNS="$1"; shift
needs tmux
ensure_items
session="rss-start-$$"
declare -A peaks
for run in $(seq "$RUNS"); do
  for app in "$@"; do
    tmux kill-session -t "$session" 2>/dev/null || true
    tmux new-session -d -s "$session" -x 80 -y 24 "TERM=xterm-256color exec $app --file $DATA"
    wait_for_screen "$session" "Item 000001" 100 || true
    sleep 1
    pid="$(tmux list-panes -t "$session" -F '#{pane_pid}')"
    line="$(awk '/^VmHWM|^RssAnon|^RssFile/ {printf "%s %s  ", $1, $2}' "/proc/$pid/status")"
    echo "run $run  $app  $line"
    peaks[$app]+="$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status") "
    tmux send-keys -t "$session" q
    sleep 0.3
    tmux kill-session -t "$session" 2>/dev/null || true
  done
done
for app in "$@"; do
  echo "median VmHWM $(tr ' ' '\n' <<<"${peaks[$app]}" | grep . | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}') KiB  $app"
done
