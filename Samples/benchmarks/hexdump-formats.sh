#!/usr/bin/env bash
# hexdump's format strings (-e) beside hexdump itself, in the same run, on
# 16 MiB of random bytes (output to /dev/null): the script one-liner, the
# canonical dump spelled as format strings, hexdump's default (two-byte
# words), four-byte words, and -C for the ratio filetable keeps there.
# Usage: Samples/benchmarks/hexdump-formats.sh [WORKDIR]  (needs hyperfine, hexdump, python3)
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work=${1:-/tmp/hexdump-formats}
mkdir -p "$work"
cd "$work"
[ -f random16 ] || head -c 16777216 /dev/urandom > random16
# The self-contained build README installs (as the other benchmarks time).
ft="$("$repo/Samples/release/build.sh" 2>/dev/null)"
# Several strings of one dump are separated by tabs here.
formats=(
    '16/1 "%02x" "\n"'
    $'"%08.8_Ax\\n"\t"%08.8_ax  " 8/1 "%02x " "  " 8/1 "%02x "\t"  |" 16/1 "%_p" "|\\n"'
    $'"%07.7_Ax\\n"\t"%07.7_ax " 8/2 "%04x " "\\n"'
    '4/4 "%08x " "\n"'
)
for format in "${formats[@]}"; do
    args=""
    IFS=$'\t' read -ra strings <<<"$format"
    for string in "${strings[@]}"; do args+=" -e '$string'"; done
    if ! cmp -s <(eval "$ft --hex $args random16") <(eval "hexdump $args random16"); then
        echo "DIFFERENT OUTPUT for$args" >&2
        exit 1
    fi
    echo "##$args"
    ours=$(hyperfine -N -w 3 -r 30 --export-json /tmp/hexdump-formats-ours.json "$ft --hex $args random16" 2>&1 | grep -E "Time \(mean")
    theirs=$(hyperfine -N -r 3 --export-json /tmp/hexdump-formats-theirs.json "hexdump $args random16" 2>&1 | grep -E "Time \(mean")
    echo "filetable $ours"
    echo "hexdump   $theirs"
    python3 -c 'import json,sys; m=lambda f: json.load(open(f))["results"][0]["mean"]; print("  hexdump / filetable: %.1fx" % (m(sys.argv[2]) / m(sys.argv[1])))' \
        /tmp/hexdump-formats-ours.json /tmp/hexdump-formats-theirs.json
done
echo "## -C"
hyperfine -N -w 3 -r 30 "$ft --hex random16" 2>&1 | grep -E "Time \(mean"
hyperfine -N -r 3 "hexdump -C random16" 2>&1 | grep -E "Time \(mean"
