#!/usr/bin/env bash
# Benchmarks filetable beside its peers in one run, on fixtures it builds itself.
#
#   Samples/benchmarks/run.sh [WORKDIR]      (default WORKDIR: /tmp/filetable-bench)
#
# BASELINE=/path/to/an/older/filetable adds that binary beside the new one in
# every comparison, so a change is measured against what it replaced in the
# same run.
#
# Fixtures (made once, kept in WORKDIR): one directory of 1,000,000 empty files,
# 200,000 files in 1,000 directories, and for copies 200,000 files of random
# bytes (2.4 GB) and 1,000,000 small ones (make-copies.py). Needs python3 and hyperfine; installs
# hyperfine and GNU time from Debian's packages when missing and apt-get works.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=${1:-/tmp/filetable-bench}
runs=${RUNS:-5}
# The sub-second comparisons vary 10-20% run to run on a shared machine:
# they get four times the runs.
quick_runs=$((runs * 4))

need() {
    command -v "$1" >/dev/null 2>&1 && return 0
    if command -v apt-get >/dev/null 2>&1; then
        echo "installing $2 ..." >&2
        (apt-get update -qq && apt-get install -y -qq "$2") >/dev/null 2>&1 || true
    fi
    command -v "$1" >/dev/null 2>&1 || { echo "skipped: $1 is not installed and could not be installed" >&2; exit 0; }
}
# want TOOL PACKAGE: installs a peer when it can; a missing peer is skipped with a message.
want() {
    command -v "$1" >/dev/null 2>&1 && return 0
    if command -v apt-get >/dev/null 2>&1; then
        (apt-get update -qq && apt-get install -y -qq "$2") >/dev/null 2>&1 || true
    fi
    command -v "$1" >/dev/null 2>&1 || { echo "skipped: $1 is not installed and could not be installed" >&2; return 1; }
}
need hyperfine hyperfine
need python3 python3
[ -x /usr/bin/time ] || need /usr/bin/time time

# The binary README installs: a static position-independent executable,
# nothing loaded at start-up.
ft="$(Samples/release/build.sh 2>/dev/null)"
base=${BASELINE:-}
# ours ARGS...: appends "filetable ARGS" (and the baseline's) to `cmds`.
ours() {
    for args in "$@"; do
        cmds+=("$ft $args")
        if [ -n "$base" ]; then cmds+=("$base $args"); fi
    done
}
mkdir -p "$work"
if [ ! -f "$work/million.done" ]; then
    echo "building 1,000,000 files (once) ..." >&2
    python3 Samples/generate-tree.py many "$work/million" 1000000 && touch "$work/million.done"
fi
if [ ! -f "$work/wide.done" ]; then
    echo "building 200,000 files in 1,000 directories (once) ..." >&2
    python3 Samples/generate-tree.py wide "$work/wide" 1000 200 && touch "$work/wide.done"
fi
if [ ! -f "$work/text1g.done" ]; then
    echo "building 1 GiB of text lines with one marker line at the end (once) ..." >&2
    python3 - "$work/text1g.txt" <<'PY' && touch "$work/text1g.done"
import sys
line = b"the quick brown fox jumps over the lazy dog 0123456789 lorem ipsum dolor\n"
chunk = line * 14000
with open(sys.argv[1], "wb") as out:
    for _ in range((1 << 30) // len(chunk)):
        out.write(chunk)
    out.write(b"needle-at-the-end marker line\n")
PY
fi
if [ ! -f "$work/random256" ]; then
    echo "building 256 MiB of random bytes and 256 MiB of zeros (once) ..." >&2
    head -c 268435456 /dev/urandom > "$work/random256"
    head -c 268435456 /dev/zero > "$work/zeros256"
fi
repo=$PWD
cd "$work"
# Warm the caches so every tool reads the same hot directory.
ls -f million >/dev/null; find wide >/dev/null

peak() {  # peak RSS in MB of one run
    /usr/bin/time -f "%M" "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%.0f", $1/1024}'
}

echo
echo "## One directory of 1,000,000 entries: names"
cmds=(); ours "-1 million"
hyperfine -N -w 2 -r "$quick_runs" --export-markdown one-line.md \
    "ls -f million" "env LC_ALL=C ls -1 million" "${cmds[@]}"
echo "peak RSS: filetable -1 $(peak "$ft" -1 million) MB, LC_ALL=C ls -1 $(peak env LC_ALL=C ls -1 million) MB, ls -f $(peak ls -f million) MB"

echo
echo "## Start-up: a directory of 200 entries (the common case), beside a static Swift hello (the floor)"
mkdir -p small200 && (cd small200 && for i in $(seq 1 200); do : > "entry-$i"; done)
printf 'print("hello")\n' > hello.swift
# The floor, linked as filetable is (Samples/release/build.sh), and with the
# Swift libraries alone linked in (the C library loaded at start).
swiftc -O -static-executable -Xclang-linker -static-pie -Xclang-linker -fuse-ld=lld \
    -Xlinker -z -Xlinker pack-relative-relocs hello.swift -o hello-static-pie 2>/dev/null || true
swiftc -O -static-stdlib hello.swift -o hello-static 2>/dev/null || true
hellos=()
for hello in hello-static-pie hello-static; do [ -x "$hello" ] && hellos+=("./$hello"); done
cmds=(); ours "-1 small200" "--page-size 40 --command list small200"
hyperfine -N -w 20 -r $((quick_runs * 10)) --export-markdown start-up.md \
    "ls -1 small200" "${hellos[@]}" "${cmds[@]}"
# Page faults and size beside the times: the loader's share shows in both.
if command -v perf >/dev/null 2>&1; then
    for binary in "$ft" ${base:+"$base"}; do
        faults=$(perf stat -x, -e page-faults -r 20 "$binary" -1 small200 2>&1 >/dev/null | cut -d, -f1)
        echo "$binary: $(stat -c %s "$binary") bytes, $faults page faults for -1 small200"
    done
fi

echo
echo "## One directory of 1,000,000 entries: long format"
cmds=(); ours "-l million"
hyperfine -N -w 1 -r "$runs" --export-markdown long.md \
    "env LC_ALL=C ls -l million" "${cmds[@]}"
echo "peak RSS: filetable -l $(peak "$ft" -l million) MB, LC_ALL=C ls -l $(peak env LC_ALL=C ls -l million) MB"

echo
echo "## Recursive: 200,000 files in 1,000 directories"
cmds=(); ours "-R wide"
hyperfine -N -w 2 -r "$quick_runs" --export-markdown recursive.md \
    "find wide" "env LC_ALL=C ls -R wide" "${cmds[@]}"

echo
echo "## REPL on the 1,000,000-entry directory (batch mode, 40 rows a page)"
cmds=(); ours "--page-size 40 --command list million" "--page-size 40 --command 'list; goto 999999; end; prev' million"
hyperfine -N -w 2 -r "$quick_runs" --export-markdown repl.md \
    "ls -f million" "${cmds[@]}"
echo "peak RSS: filetable REPL first page $(peak "$ft" --page-size 40 --command list million) MB"
{ for _ in $(seq 1 24999); do echo next; done; echo stats; } > page-through.ft
echo "stats after paging from the first page to the last with 'next' (value1 style stats each shown row):"
"$ft" --page-size 40 --command 'style value1; goto 999999; end; prev; stats' million | tail -5 | sed 's/^/  after goto, end, prev: /'
"$ft" --page-size 40 -b page-through.ft million | tail -5 | sed 's/^/  after 24,999 next: /'

echo
echo "## The deletion plan at scale: mark all of the 1,000,000 entries, then the plan"
cmds=(); ours "-y --page-size 40 --command 'mark all' million" "-y --page-size 40 --command 'mark all; marks' million"
hyperfine -N -w 1 -r "$runs" --export-markdown plan.md \
    "${cmds[@]}"
echo "peak RSS: filetable mark all $(peak "$ft" -y --page-size 40 --command 'mark all' million) MB, mark all; marks $(peak "$ft" -y --page-size 40 --command 'mark all; marks' million) MB"
if [ -n "$base" ]; then
    echo "peak RSS before: mark all $(peak "$base" -y --page-size 40 --command 'mark all' million) MB"
fi
python3 "$repo/Samples/benchmarks/plan-timing.py" "$ft" million "$runs"
if [ -n "$base" ]; then python3 "$repo/Samples/benchmarks/plan-timing.py" "$base" million "$runs"; fi

echo
echo "## REPL line editor on the 1,000,000-entry directory (a pseudo-terminal, 80x24)"
python3 "$repo/Samples/benchmarks/keystrokes.py" "$ft" million

echo
echo "## Space usage: totals of the 200,000-file tree and of /usr"
for tree in wide /usr; do
    du -s "$tree" >/dev/null 2>&1 || true
    cmds=(); ours "--du $tree"
    peers=("du -s $tree")
    if want gdu gdu; then peers+=("gdu -n -p $tree"); fi
    if want ncdu ncdu; then peers+=("ncdu -0 -o /dev/null $tree"); fi
    hyperfine -N -w 2 -r "$quick_runs" -i --export-markdown "du-$(basename "$tree").md" "${peers[@]}" "${cmds[@]}"
    echo "peak RSS on $tree: filetable --du $(peak "$ft" --du "$tree") MB, du -s $(peak du -s "$tree") MB"
done

echo
echo "## Hex dumps of 256 MiB (output to /dev/null)"
cmds=(); ours "--hex random256 > /dev/null" "--hex --format xxd random256 > /dev/null" "--hex zeros256 > /dev/null"
hyperfine -w 1 -r "$runs" --export-markdown hex.md \
    "xxd random256 > /dev/null" "hexdump -C zeros256 > /dev/null" "${cmds[@]}"
echo "hexdump -C on random bytes takes about half a minute a run: two runs"
hyperfine -r 2 --export-markdown hexdump.md "hexdump -C random256 > /dev/null"
echo "peak RSS: filetable --hex $(peak "$ft" --hex random256) MB"

echo
echo "## Viewing 1 GiB of text: first screen, the end, a search that matches only at the end"
cat text1g.txt >/dev/null
cmds=(); ours "--page-size 22 -e 'view text1g.txt' ." "--page-size 22 -e 'view text1g.txt; G' ." \
    "--page-size 22 -e 'view text1g.txt; /needle-at-the-end' ." "--page-size 22 -e 'view text1g.txt +13999990' ."
hyperfine -N -w 2 -r "$quick_runs" -i --export-markdown view.md "grep -c needle-at-the-end text1g.txt" "${cmds[@]}"
echo "peak RSS: view and search 1 GiB $(peak "$ft" --page-size 22 -e 'view text1g.txt; /needle-at-the-end' .) MB"

echo
echo "## The full-screen view on the 1,000,000-entry directory (80x24 pty): first frame, keys to their frames"
# The 1 GiB of text pushed the million's entries out of the caches: warm them again, as for ls.
ls -f million >/dev/null
hyperfine -N -w 2 -r "$quick_runs" --export-markdown screen.md "ls -f million"
python3 "$repo/Samples/benchmarks/screen-keys.py" "$ft" million 200

echo
echo "## Copies: 200,000 files (2.4 GB, one in ten a copy) beside jdupes, rmlint, rdfind and fdupes"
if [ ! -f copies.done ]; then
    echo "building 200,000 files of random bytes, a tenth of them copies (once) ..." >&2
    python3 "$repo/Samples/benchmarks/make-copies.py" copies && touch copies.done
fi
# Each peer as it prints its groups. rmlint and rdfind write files (rmlint.sh,
# results.txt): named here, in WORKDIR, never /dev/null (rdfind replaces its
# output file: given /dev/null it leaves a regular file there, which breaks
# every program that opens /dev/null afterwards, tmux's daemon among them).
peers=()
if want jdupes jdupes; then peers+=("jdupes -r -q copies"); fi
if want rmlint rmlint; then peers+=("rmlint -o fdupes:rmlint-groups.txt copies"); fi
if want rdfind rdfind; then peers+=("rdfind -dryrun true -outputname rdfind-results.txt copies"); fi
if want fdupes fdupes; then peers+=("fdupes -r -q copies"); fi
cmds=(); ours "--dupes copies"
find copies -type f -exec cat {} + >/dev/null
echo "page cache warm:"
hyperfine -N -w 1 -r "$runs" -i --export-markdown dupes-warm.md "${cmds[@]}" "${peers[@]}"
if [ "$(id -u)" = 0 ] && [ -w /proc/sys/vm/drop_caches ]; then
    echo "page cache dropped before each run (root):"
    hyperfine -r 2 -i --prepare 'sync; echo 3 > /proc/sys/vm/drop_caches' --export-markdown dupes-cold.md "${cmds[@]}" "${peers[@]}"
fi
echo "peak RSS: filetable --dupes $(peak "$ft" --dupes copies) MB, jdupes $(peak jdupes -r -q copies) MB"
if [ ! -f copies1m.done ]; then
    echo "building 1,000,000 small files, a tenth of them copies (once) ..." >&2
    python3 "$repo/Samples/benchmarks/make-copies.py" copies1m 1000000 1000 600 && touch copies1m.done
fi
echo "peak RSS at 1,000,000 files: filetable --dupes $(peak "$ft" --dupes copies1m) MB"

echo
cat one-line.md long.md recursive.md repl.md plan.md du-wide.md du-usr.md hex.md hexdump.md view.md dupes-warm.md
[ -f dupes-cold.md ] && cat dupes-cold.md
