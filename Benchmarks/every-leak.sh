#!/usr/bin/env bash
# Whether `pullfeed --every` leaks over a long run: `--every 0.05 --command 'seq 1000'` in tmux
# at 80x24 for MINUTES minutes (default 10: about 10,000 refreshes of a 1,000-line command).
# COMMAND='seq 1 400000' runs a command whose output is more than is read unasked: each run is
# replaced while it waits to be read (the hard case: its shell must still be reaped).
# Records, at the start (after 10 s) and at the end: resident memory (VmRSS, and the peak
# VmHWM), open descriptors (/proc/PID/fd), threads, and child processes of the app (zombies
# counted apart), each the smallest of 100 looks over 2 s (see `sample`); prints both and the
# growth, and fails (status 1) if the descriptor count grew, a zombie is left, or RSS grew by
# more than 1 MiB.
#
#   [COMMAND=...] Benchmarks/every-leak.sh [MINUTES] [path/to/pullfeed]   # default .build/release/pullfeed
set -euo pipefail
MINUTES="${1:-10}"
COMMAND="${COMMAND:-seq 1000}"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
APP="$(realpath "${2:-$ROOT/.build/release/pullfeed}")"
WORK="$(mktemp -d /tmp/pullfeed-every-leak.XXXXXX)"
SOCKET="$WORK/tmux.sock"
trap 'tmux -S "$SOCKET" kill-server 2>/dev/null || true; rm -rf "$WORK"' EXIT

tmux -S "$SOCKET" -f /dev/null new-session -d -s bench -x 80 -y 24 \
  "XDG_STATE_HOME='$WORK' LANG=C.UTF-8 '$APP' --every 0.05 --command '$COMMAND' & echo \$! > '$WORK/pid'; wait"
sleep 1
PID="$(cat "$WORK/pid")"

# One look at the app: RSS, peak RSS, descriptors, threads, children, zombie children.
look() {
  echo "$(awk '/^VmRSS/ { print $2 }' "/proc/$PID/status")" \
    "$(awk '/^VmHWM/ { print $2 }' "/proc/$PID/status")" \
    "$(ls "/proc/$PID/fd" | wc -l)" \
    "$(awk '/^Threads/ { print $2 }' "/proc/$PID/status")" \
    "$(ps --ppid "$PID" -o pid= | wc -l)" \
    "$(ps --ppid "$PID" -o stat= | grep -c '^Z' || true)"
}

# A refresh in flight holds a command's pipes, its reader threads and its output for a moment:
# each figure is the smallest of 100 looks over about 2 s (a leak raises the smallest too), and
# the peak RSS the last one. Zombies too: a command that just ended is one until its reader
# reaps it, a moment later; one left behind is there in every look.
sample() {  # label
  for _ in $(seq 100); do look; sleep 0.02; done | awk -v label="$1" '
    NR == 1 { rss = $1; fds = $3; threads = $4; children = $5; zombies = $6 }
    { if ($1 < rss) rss = $1; if ($3 < fds) fds = $3; if ($4 < threads) threads = $4
      if ($5 < children) children = $5; if ($6 < zombies) zombies = $6; hwm = $2 }
    END { printf "%s rss_kib=%d hwm_kib=%d fds=%d threads=%d children=%d zombies=%d\n", label, rss, hwm, fds, threads, children, zombies + 0 }'
}
sleep 10
START="$(sample start)"
echo "$START"
sleep "$((MINUTES * 60 - 10))"
END="$(sample end)"
echo "$END"
val() { echo "$1" | tr ' ' '\n' | awk -F= -v k="$2" '$1 == k { print $2 }'; }
echo "growth: rss $(( $(val "$END" rss_kib) - $(val "$START" rss_kib) )) KiB, fds $(( $(val "$END" fds) - $(val "$START" fds) )), threads $(( $(val "$END" threads) - $(val "$START" threads) ))"
CPU="$(awk '{ printf "%.1f", ($14 + $15) / 100 }' "/proc/$PID/stat")"
echo "CPU time of the app over the run: ${CPU} s"
tmux -S "$SOCKET" send-keys -t bench q
fail=0
[ "$(val "$END" fds)" -le "$(val "$START" fds)" ] || { echo "descriptors grew" >&2; fail=1; }
[ "$(val "$END" zombies)" = 0 ] || { echo "zombie left" >&2; fail=1; }
[ $(( $(val "$END" rss_kib) - $(val "$START" rss_kib) )) -le 1024 ] || { echo "RSS grew by more than 1 MiB" >&2; fail=1; }
exit "$fail"
