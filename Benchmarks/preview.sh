#!/usr/bin/env bash
# What a preview pane costs the list, through a pty and tmux, on the release build:
#  1. tuiprobe: Down x300 on the 100,000-line file without and with `--preview 'echo {}'`
#     (latency to the first byte of each Down's response is the list's; the preview's output
#     comes after it, within the response's quiet window), bytes per Down, peak RSS;
#  2. tmux: how many preview commands run while Down is held through 1,000 rows: sent at once
#     (a burst) and paced at 30 keys a second (a keyboard's repeat rate); each command that
#     starts appends a line to a file, so a run killed before its shell started is not counted;
#  3. tmux: resident memory with a preview that never ends (`yes`) and one that prints 10 MB
#     (`head -c 10000000 /dev/urandom`), after 5 Downs.
#
#   Benchmarks/preview.sh [OUTDIR] [RUNS]      # defaults: /tmp/preview-bench 5
# SERIES="probe hold memory" (the default) picks the parts. Installs pyte 0.8.2 if missing.
set -euo pipefail
source "$(dirname "$0")/common.sh"
OUT="${1:-/tmp/preview-bench}"
RUNS="${2:-5}"
needs tmux
ensure_tuiprobe
ensure_items
[ -n "${APP:-}" ] || build_app  # APP=path: measure that binary, built already
mkdir -p "$OUT"
SERIES="${SERIES:-probe hold memory}"
has() { case " $SERIES " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

if has probe; then
  probe() {  # label, command...
    local label="$1"; shift
    echo ">>> $label" >&2
    "$PY" "$TOOLS/tuiprobe.py" --label "$label" --runs "$RUNS" --warmup 1 --ready "Item 000001" \
      --keys 'down*300 assert:"Item 000301"' --quit q -q --require-restore --out "$OUT/$label.json" -- "$@" \
      || echo "!!! $label: some run failed" >&2
  }
  probe down "$APP" --file "$DATA"
  probe down-preview "$APP" --file "$DATA" --preview 'echo {}'
  echo "## Down x300, $RUNS runs, medians"
  "$PY" "$TOOLS/tuiprobe.py" --compare "$OUT/down.json" "$OUT/down-preview.json"
fi

SOCKET="preview-bench-$$"
T() { tmux -L "$SOCKET" -f /dev/null "$@"; }
trap 'T kill-server 2>/dev/null || true' EXIT

if has hold; then
  hold() {  # label, seconds between keys (0: a burst)
    local count="$OUT/runs-${1//[^a-z0-9]/-}.txt"
    : > "$count"
    T kill-server 2>/dev/null || true
    T new-session -d -s b -x 120 -y 30 "seq 1 2000 | $APP --preview 'echo x >> $count; echo line {}'"
    wait_for_screen "b" "line 1" 100 || { echo "no preview" >&2; return; }
    : > "$count"
    if [ "$2" = 0 ]; then
      T send-keys -t b -N 1000 Down
    else
      for _ in $(seq 1000); do T send-keys -t b Down; sleep "$2"; done
    fi
    wait_for_screen_socket "line 1001" || echo "!!! the selection did not reach 1001" >&2
    sleep 1
    echo "| $1 | $(wc -l < "$count") |"
    T kill-server
  }
  wait_for_screen_socket() {
    for _ in $(seq 300); do T capture-pane -p -t b | grep -qF "$1" && return 0; sleep 0.1; done
    return 1
  }
  wait_for_screen() { wait_for_screen_socket "$2"; }
  echo
  echo "## Preview commands run while Down goes through 1,000 rows"
  echo "| keys | commands run |"
  echo "|---|---|"
  hold burst 0
  hold "30 keys/s" 0.033
fi

if has memory; then
  memory() {  # label, preview command
    T kill-server 2>/dev/null || true
    T new-session -d -s m -x 120 -y 30 "seq 1 100 | $APP --preview '$2'"
    sleep 1
    for _ in 1 2 3 4 5; do T send-keys -t m Down; sleep 0.3; done
    sleep 2
    local pid
    pid=$(pgrep -n -f "^$APP --preview" || true)
    echo "| $1 | $(awk '/VmHWM/ {print $2}' "/proc/$pid/status") KiB | $(awk '/VmRSS/ {print $2}' "/proc/$pid/status") KiB |"
    T kill-server
  }
  echo
  echo "## Memory of pullfeed with a preview that prints without end"
  echo "| preview | peak RSS | RSS after |"
  echo "|---|---|---|"
  memory "echo {}" 'echo {}'
  memory "yes {}" 'yes {}'
  memory "10 MB of /dev/urandom" 'head -c 10000000 /dev/urandom'
fi
