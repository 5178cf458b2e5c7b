#!/usr/bin/env python3
"""Random combinations of xxd's letters on random inputs, run through
filetable linked as xxd and through a reference xxd; prints each
combination whose output or exit status differs, then the counts.

    Samples/peer-suites/xxd-differential.py REFERENCE_XXD [RUNS] [SEED]

REFERENCE_XXD is the xxd to copy (for instance vim's src/xxd/xxd.c built
with `cc -DUNIX -o xxd xxd.c`). FILETABLE names the binary (default: the
release build). A combination both refuse counts as agreeing (their
messages differ by design: filetable's say why).
"""
import os
import random
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
binary = os.environ.get("FILETABLE", os.path.join(here, "..", "..", ".build", "release", "filetable"))
reference = sys.argv[1]
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 500
random.seed(int(sys.argv[3]) if len(sys.argv) > 3 else 1)

work = tempfile.mkdtemp(prefix="xxd-differential.")
ours = os.path.join(work, "xxd")
os.symlink(os.path.abspath(binary), ours)
data_path = os.path.join(work, "input")


def random_input():
    size = random.choice([0, 1, 3, 7, 16, 17, 31, 64, 100, 255, 256, 300])
    kind = random.random()
    if kind < 0.3:
        return bytes(random.randrange(256) for _ in range(size))
    if kind < 0.6:
        return bytes(random.choice([0, 0, 0, 0x41, 0x30, 0x31, 9, 10, 255]) for _ in range(size))
    return bytes(random.choice(b"0 1a\n\x00") for _ in range(size))


def random_letters():
    letters = []
    layout = random.random()
    if layout < 0.3:
        letters.append("-e")
    elif layout < 0.55:
        letters.append("-b")
    elif layout < 0.65:
        letters.append("-i")
    elif layout < 0.7:
        letters.append("-p")
    if random.random() < 0.7:
        letters += ["-c", str(random.randrange(0, 40))]
    if random.random() < 0.6:
        letters += ["-g", str(random.randrange(0, 20))]
    for letter, chance in [("-E", 0.3), ("-a", 0.3), ("-d", 0.2), ("-u", 0.2), ("-t", 0.15)]:
        if random.random() < chance:
            letters.append(letter)
    if random.random() < 0.5:
        letters += ["-R", random.choice(["always", "never"])]
    if random.random() < 0.2:
        letters += ["-o", str(random.randrange(-100, 100))]
    if random.random() < 0.15:
        letters += ["-l", str(random.randrange(0, 50))]
    return letters


differ = 0
for _ in range(runs):
    with open(data_path, "wb") as f:
        f.write(random_input())
    letters = random_letters() + [data_path]
    theirs = subprocess.run([reference] + letters, capture_output=True)
    mine = subprocess.run([ours] + letters, capture_output=True)
    if theirs.returncode != 0 and mine.returncode != 0:
        continue
    if theirs.stdout != mine.stdout or theirs.returncode != mine.returncode:
        differ += 1
        print("differs: xxd " + " ".join(letters[:-1]), "(status %d, ours %d)" % (theirs.returncode, mine.returncode))
print("%d combinations, %d differ" % (runs, differ))
