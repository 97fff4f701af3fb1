#!/bin/sh
# What `pullfeed --command CMD --every N` costs on a command whose output does not change, in
# a real terminal (tmux, 80x24):
#   1. bytes the app writes to the terminal per refresh (`--every 1`, 10 refreshes);
#   2. its CPU time and wake-ups between two refreshes (`--every 10`, from 4 s to 9 s after a
#      refresh: the toast has gone, the next refresh has not come).
# Usage: Benchmarks/live-refresh.sh [path/to/pullfeed]   (default .build/release/pullfeed)
set -eu
bin=$(realpath "${1:-.build/release/pullfeed}")
dir=$(mktemp -d)
sock="pullfeed-live-bench-$$"
trap 'tmux -L "$sock" kill-server 2>/dev/null || true; rm -rf "$dir"' EXIT
seq -f 'line %g of an unchanged command' 1 1000 > "$dir/items.txt"

start() {
    tmux -L "$sock" -f /dev/null new-session -d -s b -x 80 -y 24 \
        "env LANG=C.UTF-8 TERM=tmux-256color $bin --command 'cat $dir/items.txt' --every $1"
    sleep 1
    tmux -L "$sock" display-message -p -t b '#{pane_pid}'
}

# CPU ticks (user + system) of process $1, and context switches of its main (UI) thread.
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
switches() { awk '/ctxt_switches/ { n += $2 } END { print n }' "/proc/$1/task/$1/status"; }

pid=$(start 1)
sleep 2
tmux -L "$sock" pipe-pane -o -t b "cat > $dir/out"
sleep 10
tmux -L "$sock" pipe-pane -t b
bytes=$(wc -c < "$dir/out")
echo "bytes written per refresh (--every 1, unchanged, 10 s): $((bytes / 10))"
tmux -L "$sock" kill-server

pid=$(start 10)
sleep 3        # the first load, its toast gone
t0=$(ticks "$pid"); s0=$(switches "$pid")
sleep 5
t1=$(ticks "$pid"); s1=$(switches "$pid")
echo "between refreshes (--every 10, 5 s idle): CPU ticks $((t1 - t0)), context switches $((s1 - s0))"
