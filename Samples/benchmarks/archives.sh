#!/usr/bin/env bash
# Archives beside their tools, in one run, on fixtures made here:
#
#   Samples/benchmarks/archives.sh [WORKDIR] [MEGABYTES]   (defaults: /tmp/filetable-archives, 1024)
#
# A tar of text files (MEGABYTES of them, in files of 1-40 KB), the same
# gzip-compressed (gzip -6), a zip of 100,000 small members, a tar of a
# million empty members and a .tar.gz of 50,000 small ones. Compares:
# listing the .tar.gz with `tar tzf`, the .tar with `tar tf`, the zip with
# `unzip -l`, decompressing with `zcat`, and the first screen of the last
# member of the .tar.gz (`open`, `open DIR`, `view NAME` at the prompt).
# Needs python3, hyperfine, tar, gzip, zip and unzip (each comparison is
# skipped with a message when its tool is missing).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)
work=${1:-/tmp/filetable-archives}
megabytes=${2:-1024}
runs=${RUNS:-5}
command -v hyperfine >/dev/null 2>&1 || { echo "skipped: hyperfine is not installed" >&2; exit 0; }
# The binary README installs.
bin=$(Samples/release/build.sh 2>/dev/null)
mkdir -p "$work"
cd "$work"
if [ ! -f text.tar ]; then
    echo "making $megabytes MB of text files ..." >&2
    python3 - "$megabytes" <<'PY'
import os, random, sys
random.seed(1)
words = [b"alpha", b"beta", b"gamma", b"delta", b"epsilon", b"zeta", b"eta", b"theta", b"iota", b"kappa"]
total, target, d = 0, int(sys.argv[1]) << 20, 0
while total < target:
    os.makedirs(f"src/d{d:04d}", exist_ok=True)
    for f in range(100):
        data = b" ".join(random.choice(words) for _ in range(random.randint(200, 7000)))
        open(f"src/d{d:04d}/f{f:03d}.txt", "wb").write(data)
        total += len(data)
    d += 1
PY
    tar cf text.tar src
    gzip -6 -k text.tar
    mkdir -p small && python3 -c '
import os
for i in range(100000): open("small/m%06d" % i, "w").write("x" * (i % 50))'
    (command -v zip >/dev/null && zip -qr small.zip small) || true
fi
last=$(tar tf text.tar | tail -1)
dir=$(dirname "$last"); name=$(basename "$last")
echo "fixtures: $(du -h text.tar | cut -f1) tar, $(du -h text.tar.gz | cut -f1) tar.gz; last member $last" >&2
hyperfine -N --warmup 1 --runs "$runs" \
    "tar tzf text.tar.gz" "$bin --page-size 5 -e 'open text.tar.gz' ." \
    "zcat text.tar.gz" \
    "tar tf text.tar" "$bin --page-size 5 -e 'open text.tar' ." \
    "$bin --page-size 20 -e 'open text.tar.gz; open src; open ${dir#src/}; view $name' ."
if [ -f small.zip ] && command -v unzip >/dev/null; then
    hyperfine -N --warmup 1 --runs "$runs" "unzip -l small.zip" "$bin --page-size 5 -e 'open small.zip' ."
fi
/usr/bin/time -f "filetable open text.tar.gz: %e s, %M KB peak" "$bin" --page-size 5 -e 'open text.tar.gz' . >/dev/null
# The full-screen view inside the zip's 100,000-member directory, beside the same directory on disk.
python3 "$repo/Samples/benchmarks/screen-keys.py" "$bin" small.zip/small 200 | sed -n 1,2p
python3 "$repo/Samples/benchmarks/screen-keys.py" "$bin" small 200 | sed -n 1,2p
# A tar of a million empty members: as tar tf lists it.
if [ ! -f million.tar ]; then
    python3 -c '
import tarfile
with tarfile.open("million.tar", "w", format=tarfile.GNU_FORMAT) as t:
    for d in range(1000):
        for f in range(1000):
            info = tarfile.TarInfo("d%03d/file-%06d.txt" % (d, f)); info.mtime = 1600000000; t.addfile(info)'
fi
hyperfine -N --warmup 1 --runs "$runs" "tar tf million.tar" "$bin -1 million.tar/d999"
/usr/bin/time -f "filetable -1 million.tar/d999: %e s, %M KB peak" "$bin" -1 million.tar/d999 >/dev/null
/usr/bin/time -f "tar tf million.tar: %e s, %M KB peak" tar tf million.tar >/dev/null
# A .tar.gz of 50,000 small members (0-2,000 bytes), listed whole with -R.
if [ ! -f small50k.tar.gz ]; then
    python3 -c '
import io, random, tarfile
random.seed(2)
with tarfile.open("small50k.tar.gz", "w:gz", format=tarfile.GNU_FORMAT) as t:
    for d in range(500):
        for f in range(100):
            data = b"x" * random.randint(0, 2000)
            info = tarfile.TarInfo("s/d%03d/f%03d.txt" % (d, f)); info.size = len(data); info.mtime = 1600000000
            t.addfile(info, io.BytesIO(data))'
fi
hyperfine -N --warmup 1 --runs "$runs" "tar tzf small50k.tar.gz" "$bin -R small50k.tar.gz/"
