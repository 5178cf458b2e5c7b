#!/usr/bin/env bash
# The binary the README installs: .build/release/filetable, one file that
# runs without the Swift toolchain and starts like a C tool.
#
# It is a static position-independent executable: the Swift libraries and
# the C library linked in, no dynamic loader at start (the loader's symbol
# lookups were half of a listing's start-up), and still loaded at a random
# address (address-space randomisation). glibc's static-pie start relocates
# the binary itself, and refuses a run path, hence --disable-local-rpath;
# packed relative relocations (lld's) keep that table small. Where lld or
# the C library's static archives are missing, it falls back to the Swift
# libraries linked in and the C library shared (--static-swift-stdlib), and
# says so.
#
# Usage: Samples/release/build.sh [--check]
#   --check  then compare its output with the debug build's on listings,
#            sums, trees, owners (one no database names, when run as root)
#            and hex (names the first mode that differs).
# Prints the binary's path last.
set -euo pipefail
cd "$(dirname "$0")/../.."
static_pie=(
    --disable-local-rpath
    -Xswiftc -static-executable
    -Xswiftc -Xclang-linker -Xswiftc -static-pie
    -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld
    -Xlinker -z -Xlinker pack-relative-relocs
)
# glibc warns that a static binary would load its name-service modules at
# run time; filetable's lookups are held to files there, and getent asked
# for the rest (AccountDatabase), so the warning is dropped.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if swift build -c release "${static_pie[@]}" >"$log" 2>&1; then
    grep -v "warning: Using '" "$log" >&2 || true
    bin="$(swift build -c release "${static_pie[@]}" --show-bin-path)/filetable"
else
    tail -5 "$log" >&2
    echo "build.sh: the static executable did not link; building with the Swift libraries linked in instead" >&2
    swift build -c release --static-swift-stdlib >&2
    bin="$(swift build -c release --static-swift-stdlib --show-bin-path)/filetable"
fi
if [ "${1:-}" = --check ]; then
    swift build >&2
    debug="$(swift build --show-bin-path)/filetable"
    # Owners no database names (the C library's name-service modules cannot
    # load into a static binary; it must show the numbers, not crash).
    owners=$(mktemp -d)
    trap 'rm -f "$log"; rm -rf "$owners"' EXIT
    touch "$owners/unnamed" && chown 3999999999:3999999998 "$owners/unnamed" 2>/dev/null || true
    for mode in "-la /etc" "-lR Samples/tree" "--du -a /etc" "--tree -pugs Samples/tree" "--hex -n 512 $bin" "-lZ /etc" "-l $owners"; do
        # shellcheck disable=SC2086 # the modes are word lists
        if ! cmp -s <("$bin" $mode 2>&1) <("$debug" $mode 2>&1); then
            echo "build.sh: the release binary's 'filetable $mode' differs from the debug build's" >&2
            exit 1
        fi
    done
    echo "build.sh: the release binary lists, sums, draws trees and dumps as the debug build does" >&2
fi
echo "$bin"
