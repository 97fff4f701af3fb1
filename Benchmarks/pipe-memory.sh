#!/usr/bin/env bash
# Peak memory of piped input: `pullfeed` (release build) against `less` on the same pipe.
#
#   Benchmarks/pipe-memory.sh [MB] [RUNS]        # defaults: 256 MB, 3 runs
#   Benchmarks/pipe-memory.sh 660 1              # 10,000,000 lines (~690 MB): a stream spills
#
# Generates MB megabytes of lines (about 60 bytes each), then for each program and run: pipes
# them in (`cat DATA | PROGRAM`) inside tmux at 80x24, presses End (`G` for less) and waits
# until the last line is on screen, then reads the program's peak RSS (VmHWM in
# /proc/PID/status) and quits. Prints each run, then the medians and their ratio to the input.
# After End, each program also searches (backwards in less: `?`) for the line in the middle of
# the input (for pullfeed, in the part of the stream spilled to disk) and the time until it is
# on screen is printed; the peak RSS is read after the search. Needs tmux and less.
set -euo pipefail
source "$(dirname "$0")/common.sh"
MB="${1:-256}"
RUNS="${2:-3}"
WORK="$(mktemp -d /tmp/pullfeed-pipe-memory.XXXXXX)"
DATA="$WORK/lines.txt"
SOCKET="$WORK/tmux.sock"
trap 'tmux -S "$SOCKET" kill-server 2>/dev/null || true; rm -rf "$WORK"' EXIT

build_app

awk -v bytes="$((MB * 1024 * 1024))" 'BEGIN {
  for (n = 1; total < bytes; n++) {
    line = sprintf("line %09d of the generated input, some words: alpha beta gamma", n)
    print line; total += length(line) + 1
  }
  printf "%d", n - 1 > "/dev/stderr"
}' > "$DATA" 2> "$WORK/count"
LAST="$(printf 'line %09d ' "$(cat "$WORK/count")")"
MIDDLE="$(printf 'line %09d ' "$(( $(cat "$WORK/count") / 2 ))")"
SIZE="$(stat -c %s "$DATA")"
echo "input: $SIZE bytes, $(cat "$WORK/count") lines" >&2

wait_for() {  # text, timeout in s
  local deadline=$((SECONDS + $2))
  until tmux -S "$SOCKET" capture-pane -p -t bench | grep -qF -- "$1"; do
    [ $SECONDS -lt $deadline ] || { echo "timed out waiting for '$1'" >&2; tmux -S "$SOCKET" capture-pane -p -t bench >&2; return 1; }
    sleep 0.2
  done
}

run() {  # end key, search key, quit key, program...
  local end="$1" search="$2" quit="$3"; shift 3
  tmux -S "$SOCKET" kill-server 2>/dev/null || true
  tmux -S "$SOCKET" -f /dev/null new-session -d -s bench -x 80 -y 24 \
    "cat '$DATA' | XDG_STATE_HOME='$WORK' $* & echo \$! > '$WORK/pid'; wait"
  wait_for "line 000000001" 30
  local pid; pid="$(cat "$WORK/pid")"
  tmux -S "$SOCKET" send-keys -t bench "$end"
  wait_for "$LAST" 900
  local t0 t1
  t0="$(date +%s.%N)"
  tmux -S "$SOCKET" send-keys -t bench "$search" "${MIDDLE% }" Enter
  wait_for "$MIDDLE" 120
  t1="$(date +%s.%N)"
  echo "search for '${MIDDLE% }': on screen after $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s" >&2
  local hwm; hwm="$(awk '/VmHWM/ { print $2 }' "/proc/$pid/status")"
  tmux -S "$SOCKET" send-keys -t bench "$quit"
  tmux -S "$SOCKET" kill-server 2>/dev/null || true
  echo "$hwm"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

for label in pullfeed less; do
  : > "$WORK/$label"
  for _ in $(seq "$RUNS"); do
    if [ "$label" = pullfeed ]; then kb="$(run End / q "'$APP'")"; else kb="$(run G '?' q less)"; fi
    echo "$label: peak RSS $kb KiB" >&2
    echo "$kb" >> "$WORK/$label"
  done
done

for label in pullfeed less; do
  kb="$(median < "$WORK/$label")"
  awk -v l="$label" -v kb="$kb" -v size="$SIZE" -v runs="$RUNS" 'BEGIN {
    printf "%-9s median peak RSS over %d runs: %.1f MiB = %.3f x the input (%.1f MiB)\n", l, runs, kb / 1024, kb * 1024 / size, size / 1048576
  }'
done
