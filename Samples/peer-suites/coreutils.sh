#!/bin/bash
# Runs coreutils' own ls and du tests against filetable and against the
# installed ls and du, and counts what passes: each test script, and each
# `compare` of expected and actual output inside the scripts (a scenario).
#
#   Samples/peer-suites/coreutils.sh COREUTILS_CHECKOUT [ours|theirs|both] [TEST...]
#
# COREUTILS_CHECKOUT is a coreutils source tree (its `tests/` and
# `init.cfg`); `tests/init.sh` comes from gnulib in a bootstrapped tree (put
# a copy there if the checkout has none). Nothing is built: the scripts'
# `path_prepend_ ./src` finds a `src/` of two links, `ls` and `du`, to
# filetable (run by those names it is a drop-in for them: `CalledAs`) or
# to the installed tools. Every other program the scripts call is the
# system's. A line a script and side:
# the side, the script, its exit status (0 pass, 77 skipped, anything else
# a failure), then its compares that were identical and that differed;
# then a total a tool and side. FILETABLE names the binary (default: the
# release build).
set -u
checkout=$(cd "${1:?usage: $0 COREUTILS_CHECKOUT [ours|theirs|both] [TEST...]}" && pwd)
which=${2:-both}
shift $(( $# >= 2 ? 2 : 1 ))
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${FILETABLE:-$here/.build/release/filetable}
[ -f "$checkout/tests/init.sh" ] || { echo "$0: $checkout/tests/init.sh: missing (gnulib's; copy one in)" >&2; exit 2; }
[ -x "$bin" ] || { echo "$0: $bin: not built (swift build -c release)" >&2; exit 2; }
tests=("$@")
[ ${#tests[@]} -gt 0 ] || tests=($(cd "$checkout" && ls tests/ls/*.sh tests/du/*.sh tests/du/*.pl tests/misc/ls-*))

run_side() {
    local side=$1 work
    work=$(mktemp -d "/tmp/peer-suite-$side.XXXXXX")
    mkdir "$work/src"
    if [ "$side" = ours ]; then
        # Links named as the tools: filetable then reads ls's and du's letters with their defaults.
        ln -s "$bin" "$work/src/ls"
        ln -s "$bin" "$work/src/du"
    else
        ln -s "$(command -v ls)" "$work/src/ls"
        ln -s "$(command -v du)" "$work/src/du"
    fi
    # Each `compare` logged (identical or not): the scripts read
    # `$srcdir/tests/init.sh`, here one that reads the checkout's and
    # wraps its `compare`; everything else is the checkout's.
    local log="$work/compares" overlay="$work/overlay"
    : > "$log"
    mkdir -p "$overlay/tests"
    ln -s "$checkout/init.cfg" "$overlay/init.cfg"
    for entry in "$checkout"/tests/*; do [ "$(basename "$entry")" = init.sh ] || ln -s "$entry" "$overlay/tests/"; done
    cat > "$overlay/tests/init.sh" <<'INIT'
. "$PEER_SUITE_CHECKOUT/tests/init.sh"
eval "original_$(declare -f compare)"
compare () {
    if original_compare "$@"; then echo "$PEER_SUITE_TEST same" >> "$PEER_SUITE_LOG"; return 0; fi
    echo "$PEER_SUITE_TEST differs" >> "$PEER_SUITE_LOG"
    return 1
}
INIT
    for test in "${tests[@]}"; do
        local status
        (
            cd "$work" || exit 99
            export srcdir="$overlay" abs_srcdir="$overlay" abs_top_srcdir="$checkout" abs_top_builddir="$work"
            export built_programs="ls du" EXEEXT='' VERBOSE=no PERL=perl LC_ALL=C PATH="$work/src:$PATH"
            export PEER_SUITE_CHECKOUT="$checkout" PEER_SUITE_LOG="$log" PEER_SUITE_TEST="$test"
            if [ "${test##*.}" = pl ]; then
                # Each case of a Perl script is a scenario: named as it runs (VERBOSE), named again when it fails.
                mkdir -p "$(dirname "$test")"
                VERBOSE=yes perl -w -I"$checkout/tests" -MCuSkip -MCoreutils -M"CuTmpdir qw($test)" -- "$checkout/$test" 2> "$work/cases"
                status=$?
                cat "$work/cases" >&2
                sed -n 's/^\([^ ]*\)\.\.\.$/\1/p' "$work/cases" | sort -u > "$work/ran"
                sed -n 's/^[^:]*: test \([^ :]*\).*/\1/p' "$work/cases" | sort -u > "$work/failed"
                comm -23 "$work/ran" "$work/failed" | sed "s|^|$test same |" >> "$log"
                sed "s|^|$test differs |" "$work/failed" >> "$log"
                exit $status
            else
                exec bash "$checkout/$test"
            fi
        ) < /dev/null > "$work/$(basename "$test").log" 2>&1
        status=$?
        echo "$side $test $status $(grep -c "^$test same" "$log") $(grep -c "^$test differs" "$log")"
    done
    echo "$side: logs in $work"
}

# Totals a tool and side: scripts run (not skipped) and passing, outputs identical.
summarize() {
    awk '$1 == "ours" || $1 == "theirs" {
        tool = ($2 ~ /(^|\/)du\//) ? "du" : "ls"; key = tool " " $1
        if ($3 != 77) { run[key]++; passed[key] += ($3 == 0) }
        same[key] += $4; total[key] += $4 + $5
    }
    END { for (key in run) printf "%s: %d of %d scripts pass, %d of %d outputs identical\n", key, passed[key], run[key], same[key], total[key] }'
}

for side in ours theirs; do
    [ "$which" = both ] || [ "$which" = "$side" ] || continue
    run_side "$side"
done | tee /dev/stderr | summarize
