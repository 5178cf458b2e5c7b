#!/usr/bin/env bash
# Differences beside their peers, in one run, on fixtures made here:
#
#   Samples/benchmarks/differences.sh [WORKDIR]   (default: /tmp/filetable-differences)
#
# Two trees of 200,000 files (400 directories of 500 files of 100-4,000
# random bytes) that differ in 1% of the files (a last byte changed).
# Compares `--compare A B` with `diff -rq A B` (and `rsync -n -rc --delete`
# where installed), checks the outputs are the same, and times `--du`,
# `--du --save` and `--du --since` on A, with the saved scan's bytes an entry.
# Needs python3 and hyperfine.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=${1:-/tmp/filetable-differences}
runs=${RUNS:-5}
command -v hyperfine >/dev/null 2>&1 || { echo "skipped: hyperfine is not installed" >&2; exit 0; }
# The binary README installs.
bin=$(Samples/release/build.sh 2>/dev/null)
mkdir -p "$work"
cd "$work"
if [ ! -d B ]; then
    echo "making two trees of 200,000 files ..." >&2
    python3 -c '
import os, random
for side in ("A", "B"):
    random.seed(7)
    for d in range(400):
        os.makedirs(f"{side}/d{d:03d}", exist_ok=True)
        for f in range(500):
            data = random.randbytes(random.randint(100, 4000))
            change = random.random() < 0.01
            if side == "B" and change:
                data = data[:-1] + b"!"
            open(f"{side}/d{d:03d}/f{f:03d}", "wb").write(data)'
fi
if diff <(diff -rq A B) <("$bin" --compare A B) >/dev/null; then echo "--compare A B: the same lines as diff -rq A B"; else echo "--compare A B: DIFFERENT from diff -rq"; fi
peers=("diff -rq A B")
command -v rsync >/dev/null && peers+=("rsync -n -rc --delete A/ B/")
hyperfine -N -i --warmup 1 --runs "$runs" "${peers[@]}" "$bin --compare A B"
rm -f A.scan
"$bin" --du --save A.scan A >/dev/null
echo "saved scan: $(stat -c %s A.scan) bytes for $(find A | wc -l) entries"
hyperfine -N --warmup 1 --runs "$runs" "$bin --du A" "$bin --du --save $work/again.scan A" "$bin --du --since A.scan A"
# Loading a kept scan beside ncdu loading its own export of the same tree:
# `--du --load` reads and checks every entry, then prints du's lines.
if command -v ncdu >/dev/null 2>&1; then
    [ -f A.ncdu.json ] || ncdu -o A.ncdu.json A >/dev/null 2>&1 || true
    hyperfine -N -i --warmup 1 --runs "$runs" "ncdu -f A.ncdu.json -o /dev/null" "$bin --du --load A.scan"
fi
