#!/usr/bin/env bash
# `make install` and `make uninstall`.
#   Scripts/install.sh PULLFEED DEST      install into DEST (that is $(DESTDIR)$(PREFIX)), with the
#                                         pullfeed-dashboard beside PULLFEED
#   Scripts/install.sh --uninstall DEST   remove what install put there
# Nothing is half-installed: everything is laid out in a staging folder first, each file is then
# copied next to its place under a temporary name, and only when every copy succeeded are they
# renamed into place. A folder that cannot be created or written stops it before any file is
# installed, and the folders it created are removed again.
set -euo pipefail
root_dir="$(cd "$(dirname "$0")/.." && pwd)"
files=(bin/pullfeed bin/pullfeed-dashboard share/man/man1/pullfeed.1 share/bash-completion/completions/pullfeed
       share/zsh/site-functions/_pullfeed share/fish/vendor_completions.d/pullfeed.fish)

fail() { echo "make install: $*" >&2; exit 1; }

if [ "$1" = --uninstall ]; then
    dest="$2"
    for file in "${files[@]}"; do
        if [ -e "$dest/$file" ] || [ -L "$dest/$file" ]; then
            rm -f "$dest/$file" || { echo "make uninstall: cannot remove $dest/$file" >&2; exit 1; }
            echo "removed $dest/$file"
        fi
    done
    exit 0
fi

binary="$1" dest="$2"
case "$dest" in /*) ;; *) fail "DESTDIR and PREFIX must make an absolute path (got '$dest')" ;; esac
[ -x "$binary" ] || fail "$binary is not built: run make first"
[ -x "$(dirname "$binary")/pullfeed-dashboard" ] || fail "$(dirname "$binary")/pullfeed-dashboard is not built: run make first"

stage="$(mktemp -d)"
created=()
copied=()
cleanup() {
    local status=$?
    rm -rf "$stage"
    for copy in "${copied[@]}"; do rm -f "$copy"; done
    if [ "$status" -ne 0 ]; then
        for ((i = ${#created[@]} - 1; i >= 0; i--)); do rmdir "${created[i]}" 2>/dev/null || true; done
    fi
}
trap cleanup EXIT
"$root_dir/Scripts/stage.sh" "$binary" "$stage"

for file in "${files[@]}"; do
    dir="$(dirname "$dest/$file")"
    missing=()
    probe="$dir"
    while [ ! -d "$probe" ]; do
        { [ -e "$probe" ] || [ -L "$probe" ]; } && fail "$probe is in the way: it is not a folder"
        missing=("$probe" "${missing[@]}")
        probe="$(dirname "$probe")"
    done
    for folder in "${missing[@]}"; do
        error="$(mkdir "$folder" 2>&1)" || fail "cannot create $folder: ${error##*: } (choose another PREFIX, e.g. PREFIX=\$HOME/.local, or run as root)"
        created+=("$folder")
    done
    [ -w "$dir" ] || fail "cannot write to $dir (choose another PREFIX, e.g. PREFIX=\$HOME/.local, or run as root)"
done

for file in "${files[@]}"; do
    mode=644
    case "$file" in bin/*) mode=755 ;; esac
    copy="$dest/$file.install-tmp"
    copied+=("$copy")
    error="$(install -m "$mode" "$stage/$file" "$copy" 2>&1)" || fail "cannot write $copy: ${error##*: }"
done
for file in "${files[@]}"; do
    mv -f "$dest/$file.install-tmp" "$dest/$file"
    echo "installed $dest/$file"
done
copied=()
