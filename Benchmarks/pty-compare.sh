#!/usr/bin/env bash
# The pty comparison: `pullfeed --file` against `less` on the same
# 100,000-line file at 80x24, with tuiprobe (../shared/tools/tuiprobe), in one session.
#
#   Benchmarks/pty-compare.sh [OUTDIR] [RUNS]        # defaults: /tmp/tuiprobe-results 5
#   STATIC=1 Benchmarks/pty-compare.sh ...            # the binary as installed (README, Install)
#
# Runs the main key script (Down x300, PgDn x50, End, Home) on both programs, the CPU
# script (Down x300, PgDn x50: what the CPU target counts), then the idle series (start,
# wait until CPU stops moving, 5 s idle, quit), the start series (first frame, then quit;
# 3 x RUNS runs, as one start is cheap and its time is noisy), and prints the markdown tables of
# `tuiprobe.py --compare`. Takes ~1 min per run per program and script (each key waits for
# 150 ms of quiet). SERIES="main issue idle start" (the default) picks the series to run.
# Installs pyte 0.8.2 with pip if it is missing.
set -euo pipefail
source "$(dirname "$0")/common.sh"
OUT="${1:-/tmp/tuiprobe-results}"
RUNS="${2:-5}"

ensure_tuiprobe
ensure_items
build_app
mkdir -p "$OUT"

KEYS='down*300 assert:"Item 000301" pgdn*50 end assert:"Item 100000" home'
probe() {  # label, keys, text on the final screen, extra options..., -- command...
  local label="$1" keys="$2" check="$3"; shift 3
  echo ">>> $label" >&2
  "$PY" "$TOOLS/tuiprobe.py" --label "$label" --runs "${PROBE_RUNS:-$RUNS}" --warmup 1 \
    --ready "Item 000001" --check "$check" --require-restore \
    --keys "$keys" --quit q -q --out "$OUT/$label.json" "$@" || echo "!!! $label: some run failed" >&2
}

SERIES="${SERIES:-main issue idle start}"
has() { case " $SERIES " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }

if has main; then
  probe less "$KEYS" "Item 000001" -- less "$DATA"
  probe pullfeed "$KEYS" "Item 000001" -- "$APP" --file "$DATA"
fi
if has issue; then
  probe less-issue 'down*300 pgdn*50' "Item 0" -- less "$DATA"
  probe pullfeed-issue 'down*300 pgdn*50' "Item 0" -- "$APP" --file "$DATA"
fi
if has idle; then
  probe less-idle 'wait:5000' "Item 000001" --settle-idle -- less "$DATA"
  probe pullfeed-idle 'wait:5000' "Item 000001" --settle-idle -- "$APP" --file "$DATA"
fi
if has start; then
  PROBE_RUNS=$((RUNS * 3)) probe less-start 'wait:10' "Item 000001" -- less "$DATA"
  PROBE_RUNS=$((RUNS * 3)) probe pullfeed-start 'wait:10' "Item 000001" -- "$APP" --file "$DATA"
fi

if has main; then
  echo
  echo "## Main script (Down x300, PgDn x50, End, Home), $RUNS runs, medians"
  "$PY" "$TOOLS/tuiprobe.py" --compare "$OUT/less.json" "$OUT/pullfeed.json"
fi
if has issue; then
  echo
  echo "## The CPU script (Down x300, PgDn x50), $RUNS runs, medians"
  "$PY" "$TOOLS/tuiprobe.py" --compare "$OUT/less-issue.json" "$OUT/pullfeed-issue.json"
fi
if has idle; then
  echo
  echo "## Idle (5 s after the CPU settled)"
  "$PY" "$TOOLS/tuiprobe.py" --compare "$OUT/less-idle.json" "$OUT/pullfeed-idle.json"
fi
if has start; then
  echo
  echo "## Start (first frame, then quit), $((RUNS * 3)) runs"
  "$PY" "$TOOLS/tuiprobe.py" --compare "$OUT/less-start.json" "$OUT/pullfeed-start.json"
fi
