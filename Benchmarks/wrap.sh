#!/usr/bin/env bash
# Wrapped long lines on a big file: `pullfeed --wrap` against `pullfeed` (cut lines) and
# against `less` (which wraps by default), in one session, at 80x24:
#
#   Benchmarks/wrap.sh [OUTDIR] [RUNS] [MB]        # defaults: /tmp/wrap-results 3 1024
#
# Generates MB megabytes (made once at /tmp/wrap-bench-MBm.txt) of lines 100 to 1,499 bytes
# long, their lengths varying from line to line (800 on average: 1 GB is ~1,340,000 lines;
# the longest takes 20 rows wrapped, so a whole line fits the screen), each starting with its
# number (`L0000001`). For each program, RUNS times:
# - End: from the key (`G` for less) right after the first frame, while pullfeed still counts
#   the file, until the last line's number is on screen;
# - not found: 2 s after the first frame, `/zqxjvk` and Enter, until "Pattern not found" is
#   drawn (both programs read the whole file: the text is nowhere);
#   End and the search are timed in tmux, polling the screen every 5 ms (tuiprobe books a step
#   when the output goes quiet, which pullfeed's progress line cuts short);
# - PgDn: tuiprobe (../shared/tools/tuiprobe), once the program's CPU has settled, PgDn x20 from
#   the top, each key's latency to the last byte of its frame.
# Prints each run, the medians and tuiprobe's table. Uses the release build (STATIC=1: the
# build README's Install makes); installs pyte with pip if it is missing. Needs tmux and less.
set -euo pipefail
source "$(dirname "$0")/common.sh"
OUT="${1:-/tmp/wrap-results}"
RUNS="${2:-3}"
MB="${3:-1024}"
needs tmux less
mkdir -p "$OUT"
ensure_tuiprobe
build_app
BIN="$APP"

BIG="/tmp/wrap-bench-${MB}m.txt"
if [ ! -s "$BIG" ]; then
  "$PY" - "$BIG" "$((MB * 1024 * 1024))" <<'EOF'
import sys
path, size = sys.argv[1], int(sys.argv[2])
words = "amber basalt cobalt delta ember fjord garnet harbor indigo juniper kelp lumen " \
        "marble nectar onyx pewter quartz russet sienna thistle umber velvet willow yarrow "
filler = words * (1600 // len(words) + 2)
written, n, chunk = 0, 0, []
with open(path, "w") as f:
    while written < size:
        n += 1
        length = 100 + (n * 7919) % 1400
        start = (n * 31) % len(words)
        line = f"L{n:07d} " + filler[start:start + length - 9] + "\n"
        chunk.append(line)
        written += len(line)
        if len(chunk) == 10000:
            f.write("".join(chunk))
            chunk = []
    f.write("".join(chunk))
EOF
fi
COUNT="$(wc -l < "$BIG")"
LAST="$(printf 'L%07d ' "$COUNT")"
echo "input: $(stat -c %s "$BIG") bytes, $COUNT lines" >&2

SESSION="wrap-bench-$$"
trap 'tmux kill-session -t "$SESSION" 2>/dev/null || true' EXIT
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# timed SESSION TEXT KEY: sends KEY and prints the ms until TEXT shows.
timed() {
  local session="$1" text="$2" start
  start=$(date +%s%N)
  tmux send-keys -t "$session" "$3"
  for _ in $(seq 24000); do
    tmux capture-pane -p -t "$session" | grep -qF -- "$text" && break
    sleep 0.005
  done
  echo $(( ($(date +%s%N) - start) / 1000000 ))
}
# once WHAT COMMAND: one run of End or of the search (WHAT: end or search) in a new session.
once() {
  local what="$1" command="$2" end=End
  [[ "$command" == less* ]] && end=G
  tmux kill-session -t "$SESSION" 2>/dev/null || true
  tmux new-session -d -s "$SESSION" -x 80 -y 24 "$command"
  wait_for_screen "$SESSION" "L0000001" || { echo "no first frame: $command" >&2; return 1; }
  if [ "$what" = end ]; then
    timed "$SESSION" "$LAST" "$end"
  else
    sleep 2
    tmux send-keys -t "$SESSION" / && tmux send-keys -t "$SESSION" -l zqxjvk
    timed "$SESSION" "Pattern not found" Enter
  fi
  tmux kill-session -t "$SESSION"
}

declare -A COMMANDS=([pullfeed-wrap]="$BIN --wrap $BIG" [pullfeed]="$BIN $BIG" [less]="less $BIG")
LABELS=(pullfeed-wrap pullfeed less)
cat "$BIG" >/dev/null
for label in "${LABELS[@]}"; do
  for what in end search; do
    results=$(for _ in $(seq "$RUNS"); do once "$what" "${COMMANDS[$label]}"; done)
    echo "$label $what: median $(median <<<"$results") ms ($(tr '\n' ' ' <<<"$results")ms)"
  done
done

for label in "${LABELS[@]}"; do
  read -r -a command <<<"${COMMANDS[$label]}"
  "$PY" "$TOOLS/tuiprobe.py" --runs "$RUNS" --ready "L0000001" --settle-idle --ready-timeout 120 -q \
    --keys 'pgdn*20' --quit q --label "$label" --out "$OUT/pgdn-$label.json" -- "${command[@]}"
done
"$PY" "$TOOLS/tuiprobe.py" --compare "$OUT/pgdn-pullfeed-wrap.json" "$OUT/pgdn-pullfeed.json" "$OUT/pgdn-less.json"
