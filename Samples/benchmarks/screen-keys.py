#!/usr/bin/env python3
"""Keystroke-to-frame latency of filetable's full-screen view, in a pseudo-terminal.

    screen-keys.py FILETABLE DIRECTORY [DOWNS]

Starts `FILETABLE --screen DIRECTORY` in a pty (80x24, TERM=xterm), times the
first frame (until the status line shows), then times each key to its
finished frame (every frame ends by parking the cursor at the last line's
start, ESC[24;1H): DOWNS Down keys, 50 PgDn, End, Home, and letters typed
after `/` (filter as you type; Esc clears it). Prints the median, 95th percentile and
worst for each, the bytes a Down key's frame writes, and the session's peak memory.
"""
import os, pty, select, sys, tempfile, time, fcntl, termios, struct, statistics

FRAME_END = b"\x1b[24;1H"

def read_frame(fd, timeout=60):
    data, deadline = b"", time.monotonic() + timeout
    while not data.endswith(FRAME_END):
        left = deadline - time.monotonic()
        if left <= 0:
            raise SystemExit(f"timed out waiting for a frame; got {data[-200:]!r}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            data += os.read(fd, 65536)
    return data

def timed(fd, key):
    start = time.perf_counter()
    os.write(fd, key)
    data = read_frame(fd)
    return (time.perf_counter() - start) * 1000, len(data)

def report(name, times):
    times = sorted(times)
    p95 = times[max(0, int(len(times) * 0.95) - 1)]
    print(f"{name}: median {statistics.median(times):.2f} ms, 95th percentile {p95:.2f} ms, worst {times[-1]:.2f} ms ({len(times)} keys)")

def peak_mb(launcher):
    """VmHWM of the launcher's child (the session), else of the launcher."""
    pids = [launcher]
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    if int(stat.read().rsplit(")", 1)[1].split()[1]) == launcher:
                        pids.append(int(entry))
            except OSError:
                pass
    peak = 0
    for pid in pids:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    peak = max(peak, int(line.split()[1]))
    return peak / 1024

def main():
    filetable, directory = sys.argv[1], sys.argv[2]
    downs = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    state = tempfile.mkdtemp()
    pid, fd = pty.fork()
    if pid == 0:
        env = dict(os.environ, TERM="xterm", XDG_STATE_HOME=state, HOME=state)
        os.execve(filetable, [filetable, "--screen", directory], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    start = time.perf_counter()
    data = b""
    while b"q leaves" not in data or not data.endswith(FRAME_END):
        ready, _, _ = select.select([fd], [], [], 120)
        data += os.read(fd, 65536)
    print(f"first frame: {(time.perf_counter() - start) * 1000:.0f} ms")
    time.sleep(0.2)
    down = [timed(fd, b"\x1b[B") for _ in range(downs)]
    report("Down", [t for t, _ in down])
    print(f"bytes a Down writes: median {statistics.median([b for _, b in down]):.0f}, most {max(b for _, b in down)}")
    report("PgDn", [timed(fd, b"\x1b[6~")[0] for _ in range(50)])
    report("End", [timed(fd, b"\x1b[F")[0]])
    report("Home", [timed(fd, b"\x1b[H")[0]])
    # Filter as you type: `/` opens the line, each letter refilters the
    # million names (about half hold a 9, a tenth a 5 after a 9); Esc clears.
    letters, clears = [], []
    for _ in range(10):
        timed(fd, b"/")
        letters.append(timed(fd, b"9")[0])
        letters.append(timed(fd, b"5")[0])
        clears.append(timed(fd, b"\x1b")[0])
    report("a letter typed after / (filter as you type)", letters)
    report("Esc (filter cleared; 40 ms of it is the wait that tells a lone Esc from a key's sequence)", clears)
    print(f"peak memory of the session: {peak_mb(pid):.0f} MB")
    os.write(fd, b"q")
    os.waitpid(pid, 0)

main()
