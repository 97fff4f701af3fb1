#!/usr/bin/env bash
# files-demo's first rows of a large tree (default /usr/share), against `find TREE -type f | less`
# in the same run, with tuiprobe at 80x24: the time from start until the first page of files is
# on screen (files-demo's title says "50 shown"; less shows find's first line).
#
#   Benchmarks/files-demo-start.sh [TREE] [RUNS]        # defaults: /usr/share 5
#
# The demo reads only the folders on the way to the page it shows, never the whole tree first.
set -euo pipefail
source "$(dirname "$0")/common.sh"
TREE="${1:-/usr/share}"
RUNS="${2:-5}"
needs find less
ensure_tuiprobe
(cd "$ROOT" && swift build -c release --product files-demo >&2)
DEMO="$(cd "$ROOT" && swift build -c release --show-bin-path)/files-demo"
first="$(find "$TREE" -type f 2>/dev/null | head -1)"
echo "$TREE: $(find "$TREE" -type f 2>/dev/null | wc -l) files" >&2

"$PY" "$TOOLS/tuiprobe.py" --label files-demo --runs "$RUNS" --warmup 1 --ready "50 shown" --ready-timeout 60 \
  --quit q -q -- "$DEMO" "$TREE"
"$PY" "$TOOLS/tuiprobe.py" --label "find | less" --runs "$RUNS" --warmup 1 --ready "${first:0:70}" --ready-timeout 60 \
  --quit q -q -- sh -c "find '$TREE' -type f | less"
