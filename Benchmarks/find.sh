#!/usr/bin/env bash
# Search and filter against `less`, with tuiprobe (../shared/tools/tuiprobe), in one session:
#
#   Benchmarks/find.sh [OUTDIR] [RUNS]        # defaults: /tmp/find-results 3
#
# - not found: `/` a text that is nowhere, Enter, on a 1 GB, 19,000,000-line file (the
#   100,000-item data set 190 times), timed in tmux until "Pattern not found" is drawn, while
#   the file is still being counted and once it is; peak RSS; `grep -c` and `grep -ic` read
#   the same file in the same run (the floor for one pass).
# - filter: End on a 1,000,000-line file, then `&` and one character at a time; each
#   character's step is the time from the key to the last byte of the new frame.
# - typing: End on the 1,000,000-line file, then `&` and words typed a character at a time:
#   a lower-case word (`amber`), a Backspace, a word with an upper-case letter (`Item`, case
#   matched exactly: every line keeps matching), a regular expression (`am.er|quartz$`); `fzf
#   --exact` (installed with apt-get if missing) gets the same keys in the same run (it has
#   no regular expressions: there the keys are a reference, not a like-for-like figure).
# - filtermove: a broad filter that keeps 70% of a 1,000,000-line file (`&u`, Enter), then Down
#   and PgDn with it kept, against the same keys without a filter and against `less` with its own
#   `&u` filter: the title's `N of M items` must cost nothing per frame.
# Uses the release build (STATIC=1: the build README's Install makes); installs pyte with pip
# if it is missing. SERIES="notfound filter" (the default) picks what runs.
set -euo pipefail
source "$(dirname "$0")/common.sh"
OUT="${1:-/tmp/find-results}"
RUNS="${2:-3}"
SERIES="${SERIES:-notfound filter}"
mkdir -p "$OUT"
ensure_tuiprobe
build_app
BIN="$APP"

ensure_items
ITEMS="$DATA"
BIG=/tmp/find-bench-1g.txt
MILLION=/tmp/find-bench-1m.txt
[ -f "$BIG" ] || for _ in $(seq 190); do cat "$ITEMS"; done > "$BIG"
[ -f "$MILLION" ] || for _ in $(seq 10); do cat "$ITEMS"; done > "$MILLION"
PROBE=("$PY" "$TOOLS/tuiprobe.py" --runs "$RUNS" --step-max-ms 120000 --ready-timeout 60 -q)

for series in $SERIES; do
  case "$series" in
    notfound)
      # tuiprobe books a step when the output goes quiet, which the progress line's pauses
      # cut short: this series polls the screen in tmux every 5 ms instead, from Enter until
      # "Pattern not found" shows. "early": Enter 0.3 s after the first frame, while the file
      # is still being counted (the search reads it on every core without loading it); "late":
      # 2 s after, once every line is counted (the counted rows are searched on every core).
      # grep -c and grep -ic (smart case makes this lower-case search case-insensitive) read
      # the same cached file in the same run.
      needs tmux
      median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
      miss() {  # miss WAIT_SECONDS: ms from Enter to "Pattern not found"; peak RSS KiB after it
        local session="find-notfound-$$"
        tmux kill-session -t "$session" 2>/dev/null || true
        tmux new-session -d -s "$session" -x 80 -y 24 "$BIN $BIG"
        wait_for_screen "$session" "Item 000001" || { echo "no first frame" >&2; return 1; }
        sleep "$1"
        tmux send-keys -t "$session" / && tmux send-keys -t "$session" -l zqxjvk
        local start end pid
        start=$(date +%s%N)
        tmux send-keys -t "$session" Enter
        for _ in $(seq 4000); do
          tmux capture-pane -p -t "$session" | grep -qF "Pattern not found" && break
          sleep 0.005
        done
        end=$(date +%s%N)
        pid=$(tmux list-panes -t "$session" -F '#{pane_pid}')
        echo "$(( (end - start) / 1000000 )) $(awk '/VmHWM/ { print $2 }' /proc/"$pid"/status)"
        tmux kill-session -t "$session"
      }
      cat "$BIG" >/dev/null
      for label in early late; do
        wait=0.3; [ "$label" = late ] && wait=2
        results=$(for _ in $(seq "$RUNS"); do miss "$wait"; done)
        echo "pullfeed /zqxjvk ($label): median $(cut -d' ' -f1 <<<"$results" | median) ms," \
          "peak RSS $(cut -d' ' -f2 <<<"$results" | median) KiB ($(cut -d' ' -f1 <<<"$results" | tr '\n' ' ')ms)"
      done
      for flags in -c -ic; do
        for _ in $(seq "$RUNS"); do
          { /usr/bin/time -f "%e %M" grep "$flags" zqxjvk "$BIG" >/dev/null || true; } 2>&1 | tail -1
        done | sort -n | awk -v f="$flags" '{ t[NR] = $1; m[NR] = $2 } END { printf "grep %s over the same file: median %.0f ms, peak RSS %d KiB (%d runs)\n", f, t[int((NR + 1) / 2)] * 1000, m[int((NR + 1) / 2)], NR }'
      done
      ;;
    filter)
      "${PROBE[@]}" --ready "Item 000001" --keys 'end expect:"1,000,000 items" & 9#char 9#char 9#char 9#char 9#char' --quit 'enter q' \
        --label pullfeed --out "$OUT/filter-pullfeed.json" -- "$BIN" "$MILLION"
      "$PY" "$TOOLS/tuiprobe.py" --compare "$OUT/filter-pullfeed.json"
      ;;
    typing)
      command -v fzf >/dev/null || { export DEBIAN_FRONTEND=noninteractive; apt-get install -y -qq fzf >/dev/null; }
      WORDS='a#lower m#lower b#lower e#lower r#lower bs#backspace c-u I#upper t#upper e#upper m#upper c-u'
      WORDS="$WORDS a#regex m#regex .#regex e#regex r#regex |#regex q#regex u#regex a#regex r#regex t#regex z#regex \$#regex"
      "${PROBE[@]}" --quiet-ms 400 --ready "Item 000001" --keys "end expect:\"1,000,000 items\" wait:1000 & $WORDS" --quit 'esc esc' \
        --label pullfeed --out "$OUT/typing-pullfeed.json" -- "$BIN" "$MILLION"
      "${PROBE[@]}" --quiet-ms 400 --ready "1000000/1000000" --stdin "$MILLION" --keys "wait:1000 $WORDS" --quit 'esc' \
        --label "fzf-$(fzf --version | cut -d' ' -f1)" --out "$OUT/typing-fzf.json" -- fzf --exact
      "$PY" "$TOOLS/tuiprobe.py" --compare "$OUT/typing-pullfeed.json" "$OUT/typing-fzf.json"
      ;;
    filtermove)
      "${PROBE[@]}" --ready "Item 000001" --keys 'end expect:"1,000,000 items" & u enter#keep expect:"of 1,000,000 items" home down*30 pgdn*10' \
        --label pullfeed-filtered --out "$OUT/filtermove-pullfeed.json" -- "$BIN" "$MILLION"
      "${PROBE[@]}" --ready "Item 000001" --keys 'end expect:"1,000,000 items" home down*30 pgdn*10' \
        --label pullfeed-plain --out "$OUT/filtermove-plain.json" -- "$BIN" "$MILLION"
      # less's own filter (&) with the same text and the same moves.
      "${PROBE[@]}" --ready "Item 000001" --keys '& u enter#keep down*30 pgdn*10' \
        --label less-filtered --out "$OUT/filtermove-less.json" -- less "$MILLION"
      "$PY" "$TOOLS/tuiprobe.py" --compare "$OUT/filtermove-pullfeed.json" "$OUT/filtermove-plain.json" "$OUT/filtermove-less.json"
      ;;
  esac
done
