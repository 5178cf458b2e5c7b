#!/usr/bin/env python3
"""Generate large and hostile directory trees for trying filetable and for benchmarks.

    generate-tree.py many    DIR N          N empty files in one directory
    generate-tree.py wide    DIR DIRS FILES DIRS directories of FILES empty files each
    generate-tree.py hostile DIR            names with spaces, newlines, escape bytes,
                                            C1 controls, bidi overrides, invalid UTF-8,
                                            plus a symlink loop, a dangling link and a FIFO
    generate-tree.py deep    DIR LEVELS     a chain of LEVELS nested directories whose
                                            full path is longer than PATH_MAX

Only creates files under DIR; never deletes anything.
"""
import os
import sys


def many(root, count):
    os.makedirs(root, exist_ok=True)
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    try:
        for i in range(count):
            os.close(os.open(f"file_{i:07d}", os.O_CREAT | os.O_WRONLY, 0o644, dir_fd=fd))
    finally:
        os.close(fd)


def wide(root, dirs, files):
    for d in range(dirs):
        many(os.path.join(root, f"dir_{d:05d}"), files)


HOSTILE_NAMES = [
    b"plain.txt",
    b"with space.txt",
    b"new\nline",
    b"tab\there",
    b"esc\x1b[31mred",
    b"c1-csi-\xc2\x9b31m",
    b"raw-c1-\x9b",
    b"bidi-\xe2\x80\xaeevil.txt",
    b"invalid-\xff\xfe-utf8",
    b"back\\slash",
    b"del\x7f",
    b"caf\xc3\xa9",
    b"-dash-first",
    b"*star?",
    b"'quote\"",
]


def hostile(root):
    os.makedirs(root, exist_ok=True)
    broot = os.fsencode(root)
    for name in HOSTILE_NAMES:
        with open(os.path.join(broot, name), "wb") as f:
            f.write(b"x" * len(name))
    os.makedirs(os.path.join(broot, b"dir\nwith newline"), exist_ok=True)
    loop = os.path.join(broot, b"loop")
    if not os.path.lexists(loop):
        os.symlink(b".", loop)
    dangling = os.path.join(broot, b"dangling")
    if not os.path.lexists(dangling):
        os.symlink(b"does-not-exist", dangling)
    fifo = os.path.join(broot, b"fifo")
    if not os.path.exists(fifo):
        os.mkfifo(fifo)


def deep(root, levels):
    os.makedirs(root, exist_ok=True)
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    name = "d" * 200
    for _ in range(levels):
        try:
            os.mkdir(name, dir_fd=fd)
        except FileExistsError:
            pass
        child = os.open(name, os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
        os.close(fd)
        fd = child
    os.close(os.open("bottom.txt", os.O_CREAT | os.O_WRONLY, 0o644, dir_fd=fd))
    os.close(fd)


def main(argv):
    if len(argv) < 3 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if len(argv) > 1 else 2
    kind, root = argv[1], argv[2]
    if kind == "many":
        many(root, int(argv[3]))
    elif kind == "wide":
        wide(root, int(argv[3]), int(argv[4]))
    elif kind == "hostile":
        hostile(root)
    elif kind == "deep":
        deep(root, int(argv[3]))
    else:
        print(f"generate-tree.py: unknown kind '{kind}'", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
