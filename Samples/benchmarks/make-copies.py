#!/usr/bin/env python3
"""Builds the fixture of the search for copies (deterministic, seed 7).

    make-copies.py DIRECTORY [FILES] [DIRECTORIES] [MEAN]

FILES files (default 200,000) in DIRECTORIES directories (default 1,000):
sizes drawn around MEAN bytes (default 10,500; exponential, capped at 4 MiB:
about 2 GiB in all by default), random bytes; one file in ten a copy of an earlier one (same bytes,
elsewhere), so many files share a size without sharing their contents.
"""
import os, random, sys

root = sys.argv[1]
files = int(sys.argv[2]) if len(sys.argv) > 2 else 200_000
directories = int(sys.argv[3]) if len(sys.argv) > 3 else 1_000
mean = int(sys.argv[4]) if len(sys.argv) > 4 else 10_500
rng = random.Random(7)
written = []
for d in range(directories):
    os.makedirs(os.path.join(root, f"d{d:04}"), exist_ok=True)
for i in range(files):
    path = os.path.join(root, f"d{i % directories:04}", f"f{i:07}")
    if written and rng.random() < 0.1:
        source = written[rng.randrange(len(written))]
        with open(source, "rb") as f:
            data = f.read()
    else:
        size = min(4 << 20, int(rng.expovariate(1 / mean)) + 1)
        data = rng.randbytes(size)
        written.append(path)
    with open(path, "wb") as f:
        f.write(data)
