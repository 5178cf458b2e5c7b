#!/usr/bin/env python3
"""When each part of `mark all; marks` reaches the screen.

    plan-timing.py FILETABLE DIRECTORY [RUNS]

Runs `FILETABLE -y --page-size 40 -e 'mark all; marks' DIRECTORY` RUNS times
(default 5) and prints, per run, the seconds from the start until the
"marked" line, the plan's first page ("marks |", the prompt's plan level)
and its "total:" line appear on standard output, and the end. An older
binary that prints the plan as one stream has no "marks |" line: its first
page is the first marked path after "marked".
"""
import statistics
import subprocess
import sys
import time

filetable, directory = sys.argv[1], sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
keys = [b"marked ", b"marks |", b"total:"]
results = []
for _ in range(runs):
    start = time.monotonic()
    process = subprocess.Popen(
        [filetable, "-y", "--page-size", "40", "-e", "mark all; marks", directory], stdout=subprocess.PIPE, bufsize=0
    )
    seen = {}
    tail = b""
    while True:
        chunk = process.stdout.read(1 << 16)
        if not chunk:
            break
        now = time.monotonic() - start
        tail += chunk
        for key in keys:
            if key not in seen and key in tail:
                seen[key] = now
        # After "marked", an old binary's stream of paths starts at once.
        if b"marked " in seen and b"marks |" not in seen and tail.count(b"\n") > 40:
            seen.setdefault(b"first page", now)
        tail = tail[-256:]
    process.wait()
    seen[b"end"] = time.monotonic() - start
    results.append(seen)


def median(key):
    values = [r[key] for r in results if key in r]
    return f"{statistics.median(values):.2f} s" if values else "-"


marked = median(b"marked ")
page = median(b"marks |") if any(b"marks |" in r for r in results) else median(b"first page")
print(f"{filetable}: 'marked' at {marked}, the plan's first page at {page}, 'total:' at {median(b'total:')}, end {median(b'end')} (median of {runs})")
