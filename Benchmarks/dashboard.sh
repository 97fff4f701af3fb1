#!/usr/bin/env bash
# A dashboard of ten sources, each refreshing every second (`-c 'date +%N'` ten times, `--every
# 1`), against ten `watch -n1 'date +%N'` in the same run:
#   1. the app's own CPU over 10 s (its children, the commands, excluded), as % of one core,
#      against the ten watch processes' own CPU together; and its peak RSS (VmHWM);
#   2. keys answered while the sources refresh: tuiprobe's per-key latency of 9 Down and 9
#      Up over the ten sources' rows (the first byte of the answer, and the last: a refresh's frame may join it).
# Bars: the app's CPU <= 5% of a core, keys within 16 ms, RSS <= 32 MiB.
#
#   Benchmarks/dashboard.sh [path/to/pullfeed]   # default: a release build (STATIC=1: as installed)
set -euo pipefail
source "$(dirname "$0")/common.sh"
needs tmux watch
if [ $# -ge 1 ]; then APP="$(realpath "$1")"; else build_app; fi
ensure_tuiprobe
SOURCES=()
for _ in $(seq 10); do SOURCES+=(-c 'date +%N'); done

ticks() { awk '{ print $14 + $15 }' /proc/"$1"/stat; }
hz=$(getconf CLK_TCK)

# The app in tmux, 120x50 so that every section shows.
session="dashboard-$$"
tmux kill-session -t "$session" 2>/dev/null || true
printf -v command '%q ' "$APP" "${SOURCES[@]}" --every 1
tmux new-session -d -s "$session" -x 120 -y 50 "$command; sleep 600"
wait_for_screen "$session" "date +%N (10)" || { echo "the dashboard did not start" >&2; exit 1; }
sleep 3
pid=$(pgrep -n -f "^$APP -c date")
t1=$(ticks "$pid"); sleep 10; t2=$(ticks "$pid")
rss=$(awk '/VmHWM/ { print $2 }' /proc/"$pid"/status)
tmux kill-session -t "$session"
app_cpu=$(awk -v t=$((t2 - t1)) -v hz="$hz" 'BEGIN { printf "%.1f", 100 * t / hz / 10 }')

# Ten watch processes, each in a window of its own.
tmux new-session -d -s "$session" -x 120 -y 50 "watch -n1 'date +%N'"
for _ in $(seq 9); do tmux new-window -t "$session" "watch -n1 'date +%N'"; done
sleep 3
pids=$(pgrep -f "^watch -n1 date")
w1=0; for p in $pids; do w1=$((w1 + $(ticks "$p"))); done
sleep 10
w2=0; for p in $pids; do w2=$((w2 + $(ticks "$p"))); done
tmux kill-session -t "$session"
watch_cpu=$(awk -v t=$((w2 - w1)) -v hz="$hz" 'BEGIN { printf "%.1f", 100 * t / hz / 10 }')

echo "own CPU over 10 s, % of a core: pullfeed (10 sources) $app_cpu%, ten watch -n1 $watch_cpu% (bar: 5%)"
echo "pullfeed peak RSS: $((rss / 1024)) MiB (bar: 32 MiB)"

# Keys while the sources refresh.
out="$(mktemp)"
"$PY" "$TOOLS/tuiprobe.py" --runs 3 --size 120x50 --ready "date +%N (10)" --settle-idle \
  --keys 'wait:1500 down*9 up*9' --quit q --out "$out" -q -- "$APP" "${SOURCES[@]}" --every 1 >/dev/null
"$PY" - "$out" <<'EOF'
import json, sys
summary = json.load(open(sys.argv[1]))["summary"]
for label in ("down", "up"):
    step = summary["steps"][label]
    print(f"{label}: first byte median {step['lat_first_med_ms']} ms; last byte median {step['lat_last_med_ms']} ms, "
          f"p95 {step['lat_last_p95_ms']} ms, max {step['lat_last_max_ms']} ms (bar: 16 ms)")
EOF
rm -f "$out"
