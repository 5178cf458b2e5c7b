#!/bin/bash
# Runs vim's own xxd test (src/testdir/test_xxd.vim) against filetable run
# as xxd and against a reference xxd, and counts the assertions that pass.
#
#   Samples/peer-suites/vim-xxd.sh VIM_CHECKOUT [ours|theirs|both]
#
# VIM_CHECKOUT is a vim source tree with `src/testdir` and
# `runtime/doc/xxd.1` (which the test dumps); from a bare mirror:
# `git --git-dir=MIRROR archive HEAD src/testdir src/xxd runtime/doc/xxd.1 | tar -x -C DIR`.
# The installed `vim` runs the test (`runtest.vim`); its screen-dump test
# also needs `dash`. "theirs" is XXD_REFERENCE when set (for instance the
# checkout's own src/xxd/xxd.c built with `cc -DUNIX -o xxd xxd.c`, the xxd
# the test was written for), else the installed xxd. Each side runs as
# `src/xxd/xxd` in a copy of the test tree, as vim's own build runs it (the
# screen dumps show that command line). FILETABLE names the binary (default:
# the release build). Prints, a side: the assertions run, the ones that
# failed (a failing test line once, an exception once), and each failure.
set -u
checkout=$(cd "${1:?usage: $0 VIM_CHECKOUT [ours|theirs|both]}" && pwd)
which=${2:-both}
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=${FILETABLE:-$here/.build/release/filetable}
reference=${XXD_REFERENCE:-$(command -v xxd || true)}
for needed in src/testdir/test_xxd.vim runtime/doc/xxd.1; do
    [ -f "$checkout/$needed" ] || { echo "$0: $checkout/$needed: missing" >&2; exit 2; }
done
command -v vim > /dev/null || { echo "$0: vim: not installed (it runs the test)" >&2; exit 2; }

run_side() {
    local side=$1 program=$2 work
    work=$(mktemp -d "/tmp/vim-xxd-$side.XXXXXX")
    mkdir -p "$work/src/xxd" "$work/runtime/doc"
    cp -r "$checkout/src/testdir" "$work/src/testdir"
    cp "$checkout/runtime/doc/xxd.1" "$work/runtime/doc/"
    # Filetable through a link named xxd: it then reads xxd's letters (`CalledAs`).
    ln -s "$program" "$work/src/xxd/xxd"
    local test="$work/src/testdir/test_xxd.vim" tally="$work/asserts"
    # Every assertion counted as it runs; the count written by a last test.
    sed -i 's/^\(\s*\)call assert_/\1call Tally() | call assert_/' "$test"
    cat >> "$test" <<VIM

func Tally()
  let g:xxd_asserts = get(g:, 'xxd_asserts', 0) + 1
endfunc

func Test_zzz_tally()
  call writefile([string(get(g:, 'xxd_asserts', 0))], '$tally')
endfunc
VIM
    (cd "$work/src/testdir" && XXD=../xxd/xxd timeout 600 vim -u NONE -U NONE --noplugin --not-a-term -S runtest.vim test_xxd.vim > /dev/null 2>&1)
    local failures
    failures=$(grep -E '^command line|^Caught exception' "$work/src/testdir/messages" 2>/dev/null |
        sed -E 's/^Caught exception in ([A-Za-z_0-9]+).*/\1 exception/; s/.*(Test_[A-Za-z_0-9]+)(\[[0-9]+\]\.\.[A-Za-z]+)? line ([0-9]+):.*/\1 line \3/' | sort -u)
    local total failed
    total=$(cat "$tally" 2>/dev/null || echo 0)
    failed=$(printf '%s' "$failures" | grep -c . || true)
    echo "$side ($program): $((total - failed)) of $total assertions pass"
    [ -n "$failures" ] && printf '%s\n' "$failures" | sed 's/^/  failed: /'
    rm -rf "$work"
}

case $which in
    ours) run_side ours "$bin" ;;
    theirs) run_side theirs "$reference" ;;
    both) run_side ours "$bin" && run_side theirs "$reference" ;;
    *) echo "$0: $which: expected ours, theirs or both" >&2; exit 2 ;;
esac
