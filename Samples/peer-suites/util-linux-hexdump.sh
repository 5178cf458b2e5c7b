#!/bin/bash
# Runs util-linux's own hexdump tests (tests/ts/hexdump: format strings and
# their %_@ highlighting) against filetable linked as hexdump and against the
# installed hexdump, and counts the subtests that pass.
#
#   Samples/peer-suites/util-linux-hexdump.sh UTIL_LINUX_CHECKOUT [ours|theirs|both]
#
# UTIL_LINUX_CHECKOUT is a util-linux source tree with `tests/functions.sh`,
# `tests/ts/hexdump` and `tests/expected/hexdump` (from a bare mirror:
# `git --git-dir=MIRROR archive HEAD tests | tar -x -C DIR`). Nothing is
# built: the tests' sysinfo helper is a one-line script giving this
# machine's byte order. FILETABLE names the binary (default: the release
# build). Prints each side's failed subtests, then its count.
set -u
checkout=$(cd "${1:?usage: $0 UTIL_LINUX_CHECKOUT [ours|theirs|both]}" && pwd)
which=${2:-both}
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${FILETABLE:-$here/.build/release/filetable}
[ -f "$checkout/tests/ts/hexdump/format-strings" ] || { echo "$0: $checkout/tests/ts/hexdump: missing" >&2; exit 2; }

run_side() {
    local side=$1 program=$2 work
    work=$(mktemp -d "/tmp/hexdump-suite-$side.XXXXXX")
    mkdir "$work/bin"
    # Filetable through a link named hexdump: it then reads hexdump's letters (`CalledAs`).
    ln -s "$(cd "$(dirname "$program")" && pwd)/$(basename "$program")" "$work/bin/hexdump"
    printf '#!/bin/sh\necho %s\n' "$(python3 -c 'import sys; print("LE" if sys.byteorder == "little" else "BE")')" > "$work/sysinfo"
    chmod +x "$work/sysinfo"
    local log="$work/log"
    for test in format-strings highlighting; do
        TS_CMD_HEXDUMP="$work/bin/hexdump" TS_HELPER_SYSINFO="$work/sysinfo" OUTDIR="$work/out" \
            bash "$checkout/tests/ts/hexdump/$test" >> "$log" 2>&1
    done
    # A subtest's line: `   : NAME   ... OK` or `... FAILED (hexdump/TEST-NAME)`.
    grep -E '^ +: .*\.\.\. FAILED' "$log" | sed -E "s/^ +: ([^ ]+).*/$side: failed: \1/"
    echo "$side ($program): $(grep -cE '^ +: .*\.\.\. OK' "$log") of $(grep -cE '^ +: .*\.\.\. (OK|FAILED)' "$log") subtests pass"
    rm -rf "$work"
}

case $which in
    ours) run_side ours "$bin" ;;
    theirs) run_side theirs "$(command -v hexdump)" ;;
    both) run_side ours "$bin" && run_side theirs "$(command -v hexdump)" ;;
    *) echo "$0: $which: expected ours, theirs or both" >&2; exit 2 ;;
esac
