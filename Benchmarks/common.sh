# What the benchmark scripts share; each sources it after `set -euo pipefail`:
#   ROOT   the repository          TOOLS  tuiprobe (TUIPROBE_DIR, else ../shared/tools/tuiprobe)
#   PY     python (PYTHON)         DATA   the 100,000-line item file (DATA, else in /tmp)
# and the functions below.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="${TUIPROBE_DIR:-$ROOT/../shared/tools/tuiprobe}"
PY="${PYTHON:-python3}"
DATA="${DATA:-/tmp/tuiprobe-items-100000.txt}"

# needs COMMAND...: stops the script (status 2) unless every command is installed.
needs() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null || { echo "needs $*" >&2; exit 2; }
  done
}

# Makes DATA, tuiprobe's 100,000-item file, unless it is there.
ensure_items() {
  [ -s "$DATA" ] || "$PY" "$TOOLS/data/gen_items.py" --count 100000 --out "$DATA"
}

# Builds pullfeed for release and sets APP to it: with STATIC=1 as README's Install builds it
# (`make`'s flags and --static-swift-stdlib, into .build-static), else the plain release build
# (`swift build -c release`, which links the app's Swift runtime in too, without those flags).
build_app() {
  if [ "${STATIC:-0}" = 1 ]; then
    local flags
    flags="$(make -s -C "$ROOT" --no-print-directory print-release-flags)"
    # shellcheck disable=SC2086
    (cd "$ROOT" && swift build -c release --static-swift-stdlib $flags --scratch-path .build-static --product pullfeed >&2)
    APP="$ROOT/.build-static/release/pullfeed"
  else
    (cd "$ROOT" && swift build -c release --product pullfeed >&2)
    APP="$ROOT/.build/release/pullfeed"
  fi
}

# wait_for_screen SESSION TEXT [TENTHS]: waits until tmux SESSION's screen shows TEXT, for at
# most TENTHS tenths of a second (default 600); false if it never does.
wait_for_screen() {
  local tries="${3:-600}"
  for _ in $(seq "$tries"); do
    tmux capture-pane -p -t "$1" 2>/dev/null | grep -qF "$2" && return 0
    sleep 0.1
  done
  return 1
}

# Stops the script (status 2) unless tuiprobe is there, and installs pyte 0.8.2, which it needs,
# with pip if it is missing.
ensure_tuiprobe() {
  [ -f "$TOOLS/tuiprobe.py" ] || { echo "tuiprobe not found at $TOOLS (set TUIPROBE_DIR)" >&2; exit 2; }
  "$PY" -c 'import pyte' 2>/dev/null || "$PY" -m pip install -q pyte==0.8.2
}
