#!/usr/bin/env bash
# `make deb`: pullfeed_VERSION_ARCH.deb in OUTDIR, for Debian machines without Swift.
#   Scripts/build-deb.sh PULLFEED OUTDIR
# DEB_MAINTAINER (the Maintainer: field, "Name <address>") defaults to a placeholder address in the
# reserved .invalid domain: the project publishes none.
# PULLFEED is the release binary (the Swift runtime linked in), shipped with the
# pullfeed-dashboard beside it (the --dashboard file's reader), both stripped here; the version is
# the one pullfeed prints, and Depends: comes from the shared libraries they need
# (dpkg-shlibdeps, from dpkg-dev; without it, each library's package as dpkg -S finds it).
set -euo pipefail
root_dir="$(cd "$(dirname "$0")/.." && pwd)"
binary="$1" outdir="$2"
maintainer="${DEB_MAINTAINER:-PullFeed <pullfeed@pullfeed.invalid>}"
reader="$(dirname "$binary")/pullfeed-dashboard"
for program in "$binary" "$reader"; do
    [ -x "$program" ] || { echo "make deb: $program is not built: run make" >&2; exit 1; }
done
command -v objdump >/dev/null 2>&1 || { echo "make deb: objdump is missing (apt-get install binutils)" >&2; exit 1; }
# The package is for machines without Swift: a binary that needs its runtime is refused.
for program in "$binary" "$reader"; do
    swift_libraries="$(objdump -p "$program" | awk '/NEEDED/ { print $2 }' | grep -E '^lib(swift|Foundation|dispatch|BlocksRuntime)' | paste -sd' ' || true)"
    if [ -n "$swift_libraries" ]; then
        echo "make deb: $program needs the Swift runtime ($swift_libraries), which a machine without Swift lacks: build it with make (swift build -c release --static-swift-stdlib)" >&2
        exit 1
    fi
done
version="$("$binary" --version)"
arch="$(dpkg --print-architecture)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
pkg="$work/pullfeed_${version}_${arch}"

"$root_dir/Scripts/stage.sh" "$binary" "$pkg/usr" share/zsh/vendor-completions
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$pkg/usr/bin/pullfeed" "$pkg/usr/bin/pullfeed-dashboard"
gzip -9n "$pkg/usr/share/man/man1/pullfeed.1"
doc="$pkg/usr/share/doc/pullfeed"
install -d "$doc"
cat > "$doc/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: pullfeed

Files: *
Copyright: the PullFeed authors
License: unspecified
 The PullFeed repository states no license.
COPYRIGHT
date="$(git -C "$root_dir" log -1 --format=%aD 2>/dev/null || date -R)"
printf 'pullfeed (%s) unstable; urgency=medium\n\n  * Release %s.\n\n -- %s  %s\n' \
    "$version" "$version" "$maintainer" "$date" | gzip -9n > "$doc/changelog.gz"
chmod 644 "$doc/copyright" "$doc/changelog.gz"

if command -v dpkg-shlibdeps >/dev/null 2>&1; then
    mkdir -p "$work/src/debian"
    printf 'Source: pullfeed\n\nPackage: pullfeed\nArchitecture: any\n' > "$work/src/debian/control"
    depends="$(cd "$work/src" && dpkg-shlibdeps -O "$pkg/usr/bin/pullfeed" "$pkg/usr/bin/pullfeed-dashboard" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
else
    depends="$(objdump -p "$pkg/usr/bin/pullfeed" "$pkg/usr/bin/pullfeed-dashboard" | awk '/NEEDED/ { print $2 }' | sort -u | while read -r lib; do
        dpkg -S "*/$lib" 2>/dev/null | head -1 | cut -d: -f1
    done | sort -u | paste -sd, | sed 's/,/, /g')"
fi
[ -n "$depends" ] || { echo "make deb: could not find the packages of pullfeed's libraries" >&2; exit 1; }

mkdir -p "$pkg/DEBIAN"
cat > "$pkg/DEBIAN/control" <<CONTROL
Package: pullfeed
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk "$pkg/usr" | cut -f1)
Depends: $depends
Section: utils
Priority: optional
Description: refreshable, sectioned list in the terminal
 pullfeed shows a file, standard input or a command's output as a list in
 the terminal: pull past the top to refresh, scroll down to load more, search
 and filter, and press Enter to print the chosen line (for pipelines).
CONTROL
find "$pkg" -type d -exec chmod 755 {} +
dpkg-deb --root-owner-group -Zxz --build "$pkg" "$outdir/pullfeed_${version}_${arch}.deb" >/dev/null
echo "built $outdir/pullfeed_${version}_${arch}.deb (Depends: $depends)"
