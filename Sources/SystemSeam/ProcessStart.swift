import Glibc

/// What the process sets up before it reads an argument, and the few facts
/// about it the front end asks for (its arguments, its environment, a clock).
extension Syscalls {
    /// Keeps descriptors 0, 1 and 2 taken when the caller closed them
    /// (`filetable <&-`): otherwise the first directory opened would become
    /// "standard input" and be read as commands. The placeholder is an
    /// `O_PATH` descriptor, which can be neither read nor written, so using it
    /// fails with EBADF and is reported, as with the closed descriptor.
    public static func holdStandardDescriptors() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let placeholder = open("/dev/null", LinuxOpenFlags.pathOnly | O_CLOEXEC)
            if placeholder >= 0 && placeholder != fd {
                dup2(placeholder, fd)
                close(placeholder)
            }
        }
    }

    /// Restores the default SIGPIPE action, so a closed pipe ends the program
    /// quietly even when the parent left the signal ignored. SIGXFSZ is
    /// ignored: a write past `ulimit -f` then fails with "File too large",
    /// reported like a full disk, instead of killing the process mid-export.
    public static func prepareSignals() {
        signal(SIGPIPE, SIG_DFL)
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Ends quietly after a write into a closed pipe (when SIGPIPE could not).
    public static func exitForClosedPipe() -> Never {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        _exit(141)
    }

    /// Whether nobody reads `fd` any more: a pipe or socket whose reading
    /// end was closed (`poll` says POLLERR or POLLHUP). A dump that writes
    /// nothing for a long time (squeezed zeros) asks this, since no write
    /// meets EPIPE for it. False for files and terminals.
    public static func readerIsGone(_ fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        guard poll(&entry, 1, 0) == 1 else { return false }
        return entry.revents & Int16(POLLERR | POLLHUP) != 0
    }

    /// The soft limit on open files (`ulimit -n`), at most 2^20; 1,024 if it
    /// cannot be read.
    public static func openFileLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        return Int(clamping: min(limit.rlim_cur, 1 << 20))
    }

    /// Raises the open-file limit to its hard maximum: more descriptors
    /// let deep walks keep more levels open (see `DescriptorWindow`).
    public static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// The program's arguments after its name, as bytes: a path need not be
    /// valid UTF-8.
    public static func argumentBytes() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { i in
            guard let raw = CommandLine.unsafeArgv[i] else { return [] }
            return Array(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw)))
        }
    }

    /// `argv[0]` as bytes (empty when the program was run without one).
    public static func programPathBytes() -> [UInt8] {
        guard CommandLine.argc > 0, let raw = CommandLine.unsafeArgv[0] else { return [] }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw)))
    }

    /// The environment variable `name`, nil when it is not set.
    public static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// Seconds on a clock that only goes forward, for rate limits.
    public static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

extension ThisProcess {
    /// For a picker whose answer goes to standard output while a person
    /// picks at the terminal (`--choose-files -` inside `$(…)`): standard
    /// output is kept on a descriptor of its own (returned, close-on-exec,
    /// for the answer), and the terminal (`/dev/tty`) takes its place as
    /// standard output, and as standard input when that is no terminal,
    /// so the session draws and reads there. Nil, with nothing changed,
    /// when there is no terminal to open.
    public static func drawOnTheTerminalKeepingOutput() -> Int32? {
        let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard terminal >= 0 else { return nil }
        defer { close(terminal) }
        let kept = fcntl(1, F_DUPFD_CLOEXEC, 3)
        guard kept >= 0 else { return nil }
        dup2(terminal, 1)
        if isatty(0) == 0 { dup2(terminal, 0) }
        return kept
    }
}
