#!/usr/bin/env bash
# Lays out what `make install` and `make deb` install, under ROOT, as they go under PREFIX:
#   bin/pullfeed, bin/pullfeed-dashboard (which pullfeed runs, found beside it, to read a
#   --dashboard file), share/man/man1/pullfeed.1, and the bash, zsh and fish completions, which
#   the binary writes itself (so they always match its options).
# usage: Scripts/stage.sh PULLFEED ROOT [ZSH_DIR]
#   ZSH_DIR is where zsh looks for completions, relative to ROOT (default share/zsh/site-functions,
#   what zsh searches under /usr/local; Debian's zsh searches share/zsh/vendor-completions under /usr).
set -euo pipefail
root_dir="$(cd "$(dirname "$0")/.." && pwd)"
binary="$1" root="$2" zsh_dir="${3:-share/zsh/site-functions}"
reader="$(dirname "$binary")/pullfeed-dashboard"
[ -x "$binary" ] || { echo "stage: $binary is not built: run make" >&2; exit 1; }
[ -x "$reader" ] || { echo "stage: $reader is not built: run make" >&2; exit 1; }

install -d "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
    "$root/$zsh_dir" "$root/share/fish/vendor_completions.d"
install -m 755 "$binary" "$root/bin/pullfeed"
install -m 755 "$reader" "$root/bin/pullfeed-dashboard"
install -m 644 "$root_dir/man/pullfeed.1" "$root/share/man/man1/pullfeed.1"
for shell in bash zsh fish; do
    case "$shell" in
        bash) target="share/bash-completion/completions/pullfeed" ;;
        zsh) target="$zsh_dir/_pullfeed" ;;
        fish) target="share/fish/vendor_completions.d/pullfeed.fish" ;;
    esac
    # Completions are sourced, never run: no #! line.
    "$binary" --generate-completion-script "$shell" | sed '1{/^#!/d}' > "$root/$target"
    [ -s "$root/$target" ] || { echo "stage: pullfeed wrote no $shell completion" >&2; exit 1; }
    chmod 644 "$root/$target"
done
