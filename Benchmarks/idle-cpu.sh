#!/usr/bin/env bash
# What a command whose output is more than is read unasked costs while the user reads its top:
# `pullfeed --command 'seq 1 400000'` against `seq 1 400000 | less`, in tmux at 80x24. After
# WAIT seconds (default 3; 32 looks past the 30 s --timeout, when a held run's clock is looked
# at once a second), counts for 10 s the CPU ticks and the wakeups of every thread (voluntary
# context switches; threads that ended make it negative).
#
#   Benchmarks/idle-cpu.sh [WAIT] [path/to/pullfeed]   # default .build/release/pullfeed
set -euo pipefail
WAIT="${1:-3}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
APP="$(realpath "${2:-$ROOT/.build/release/pullfeed}")"
command -v less >/dev/null || { echo "less is not installed" >&2; exit 1; }

idle() {  # idle LABEL COMMAND PATTERN
  local session="idle-cpu-$$" pid u1 s1 u2 s2 v1 v2
  tmux kill-session -t "$session" 2>/dev/null || true
  tmux new-session -d -s "$session" -x 80 -y 24 "$2; sleep 600"
  sleep "$WAIT"
  pid=$(pgrep -n -f "$3")
  switches() { cat /proc/"$pid"/task/*/status 2>/dev/null | awk '/^voluntary_ctxt/ { n += $2 } END { print n }'; }
  read -r u1 s1 <<<"$(awk '{ print $14, $15 }' /proc/"$pid"/stat)"; v1=$(switches)
  sleep 10
  read -r u2 s2 <<<"$(awk '{ print $14, $15 }' /proc/"$pid"/stat)"; v2=$(switches)
  echo "$1: CPU ticks in 10 s: $((u2 + s2 - u1 - s1)), wakeups: $((v2 - v1))"
  tmux kill-session -t "$session"
}
idle pullfeed "'$APP' --command 'seq 1 400000'" "pullfeed --command seq"
idle less "seq 1 400000 | less" "^less"
