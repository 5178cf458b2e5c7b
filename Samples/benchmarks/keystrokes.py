#!/usr/bin/env python3
"""Keystroke echo latency of filetable's line editor, in a pseudo-terminal.

    keystrokes.py FILETABLE DIRECTORY [KEYS]

Starts `FILETABLE DIRECTORY` in a pty (80x24, TERM=xterm, history in a
temporary folder), waits for the prompt, then types KEYS (default 300)
characters one at a time, each time timing how long the editor takes to echo
it, and deletes them again. Then times Tab completing `open file_00` over the
directory's rows, until the editor asks whether to list them all. Prints the median, 95th percentile and
worst echo in milliseconds.
"""
import os, pty, select, sys, tempfile, time, fcntl, termios, struct

def read_until(fd, needle, timeout):
    data, deadline = b"", time.monotonic() + timeout
    while needle not in data:
        left = deadline - time.monotonic()
        if left <= 0:
            raise SystemExit(f"timed out waiting for {needle!r}; got {data[-200:]!r}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            data += os.read(fd, 65536)
    return data

def main():
    filetable, directory = sys.argv[1], sys.argv[2]
    keys = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    state = tempfile.mkdtemp()
    pid, fd = pty.fork()
    if pid == 0:
        env = dict(os.environ, TERM="xterm", XDG_STATE_HOME=state, HOME=state)
        os.execve(filetable, [filetable, directory], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    read_until(fd, b"> ", 120)
    time.sleep(0.2)
    while select.select([fd], [], [], 0.1)[0]:
        os.read(fd, 65536)
    echoes = []
    for i in range(keys):
        key = b"abcdefghij"[i % 10:i % 10 + 1]
        start = time.perf_counter()
        os.write(fd, key)
        read_until(fd, key, 10)
        echoes.append((time.perf_counter() - start) * 1000)
    os.write(fd, b"\x15")  # Ctrl-U
    time.sleep(0.1)
    while select.select([fd], [], [], 0.1)[0]:
        os.read(fd, 65536)
    os.write(fd, b"open file_00")
    time.sleep(0.2)
    while select.select([fd], [], [], 0.1)[0]:
        os.read(fd, 65536)
    start = time.perf_counter()
    os.write(fd, b"\t")
    # 100,000 names start so in the benchmark's directory: the editor asks before listing them.
    read_until(fd, b"possibilities", 60)
    tab = (time.perf_counter() - start) * 1000
    os.write(fd, b"n")
    time.sleep(0.2)
    os.write(fd, b"\x03")
    time.sleep(0.2)
    os.write(fd, b"quit\r")
    os.waitpid(pid, 0)
    echoes.sort()
    median = echoes[len(echoes) // 2]
    p95 = echoes[int(len(echoes) * 0.95)]
    print(f"keystroke echo over {keys} keys: median {median:.2f} ms, 95th percentile {p95:.2f} ms, worst {echoes[-1]:.2f} ms")
    print(f"Tab on 'open file_00' over the rows, to the 'Display all' question: {tab:.0f} ms")

main()
