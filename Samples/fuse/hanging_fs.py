#!/usr/bin/python3
"""A FUSE file system that stops answering, for filetable's tests.

    /usr/bin/python3 Samples/fuse/hanging_fs.py MOUNTPOINT [SECONDS] [dead|reads]

It holds `fine.txt` (answers at once), `slow-stat` (getattr sleeps SECONDS,
default 30), `slow-read` (getattr answers, read sleeps SECONDS), `slow-tail`
(1.1 MB: its first 256 KiB read at once, a read past them sleeps), `slow.tar`
(the same, an archive of 576 KiB), and a
directory `slow-dir` whose getattr sleeps. python3-fuse is libfuse 2, which
serialises lookups in one directory: while `slow-stat` sleeps, its
neighbours' getattr waits too, as a dead NFS server stalls a whole mount.
With `dead`, every call sleeps, the root's getattr included: a dead
sshfs or NFS mount point beside the files of an ordinary directory.
With `reads`, only reads sleep (every getattr answers): a walk of the mount
finishes, and what reads a file's bytes stalls.
Runs in the foreground until unmounted (fusermount -u MOUNTPOINT).
"""
import errno
import io
import stat
import sys
import tarfile
import time

import fuse

fuse.fuse_python_api = (0, 2)
DELAY = 30.0
DEAD = False
READS_ONLY = False


class Stat(fuse.Stat):
    def __init__(self, mode, size=0, nlink=1):
        self.st_mode = mode
        self.st_ino = 0
        self.st_dev = 0
        self.st_nlink = nlink
        self.st_uid = 0
        self.st_gid = 0
        self.st_size = size
        now = int(time.time())
        self.st_atime = now
        self.st_mtime = now
        self.st_ctime = now


def slow_tar():
    """A tar of 64 members of 8 KiB: 576 KiB, its index read past 256 KiB stalls."""
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w") as archive:
        for number in range(64):
            info = tarfile.TarInfo("member-%02d" % number)
            info.size = 8192
            archive.addfile(info, io.BytesIO(b"x" * 8192))
    return out.getvalue()


FILES = {
    "fine.txt": b"fine\n",
    "slow-stat": b"slow\n",
    "slow-read": b"never\n",
    # Its first 256 KiB answer; a read past them sleeps (a file whose reads
    # stall midway; the kernel reads ahead 128 KiB at most).
    "slow-tail": b"".join(b"line %06d\n" % i for i in range(100000)),
    "slow.tar": slow_tar(),
}


class HangingFS(fuse.Fuse):
    def getattr(self, path):
        name = path.lstrip("/")
        if DEAD:
            time.sleep(DELAY)
        if path == "/":
            return Stat(stat.S_IFDIR | 0o755, 4096, 2)
        if name in ("slow-stat", "slow-dir") and not READS_ONLY:
            time.sleep(DELAY)
        if name == "slow-dir":
            return Stat(stat.S_IFDIR | 0o755, 4096, 2)
        if name in FILES:
            return Stat(stat.S_IFREG | 0o644, len(FILES[name]))
        return -errno.ENOENT

    def readdir(self, path, offset):
        if path != "/":
            return
        for name in [".", ".."] + list(FILES) + ["slow-dir"]:
            yield fuse.Direntry(name)

    def open(self, path, flags):
        if path.lstrip("/") not in FILES:
            return -errno.ENOENT
        return 0

    def read(self, path, size, offset):
        name = path.lstrip("/")
        if name == "slow-read" or (name in ("slow-tail", "slow.tar") and offset >= 256 << 10):
            time.sleep(DELAY)
        return FILES.get(name, b"")[offset:offset + size]


if __name__ == "__main__":
    if len(sys.argv) > 3:
        MODE = sys.argv.pop(3)
        DEAD = MODE == "dead"
        READS_ONLY = MODE == "reads"
    if len(sys.argv) > 2:
        DELAY = float(sys.argv.pop(2))
    server = HangingFS(version="%prog " + fuse.__version__, usage=__doc__, dash_s_do="setsingle")
    server.parse(args=[sys.argv[1], "-f"], errex=1)
    server.main()
