import Glibc

/// The calls the command-line front end makes on its own descriptors, its
/// terminal and its process, through the seam like every other C call.
extension Syscalls {
    /// Writes all of `bytes` to `fd`, across partial writes and EINTR; the
    /// errno of a failed write (`EPIPE` for a closed pipe).
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Void, Errno> {
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return .failure(Errno(errno))
            }
            offset += written
        }
        return .success(())
    }

    /// Whether `fd` is a terminal.
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// The rows and columns of the terminal at `fd` (TIOCGWINSZ), nil when
    /// it is none or does not say.
    public static func terminalSize(_ fd: Int32) -> (rows: Int, columns: Int)? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_row), Int(size.ws_col))
    }

    /// The working directory's path as the kernel resolves it (`getcwd`), nil
    /// when it cannot (removed, or longer than PATH_MAX).
    public static func workingDirectoryPath() -> [UInt8]? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    }

    /// The machine's name (`gethostname`), empty when it cannot be read.
    public static func hostName() -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return [] }
        return buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    }

    /// Opens a file by path for reading (close-on-exec); the caller owns the descriptor.
    public static func openForReading(_ path: [UInt8]) -> Result<Int32, Errno> {
        withCString(path) { path in valueOrErrno { open(path, O_RDONLY | O_CLOEXEC) } }
    }

    /// Ends the process with `status`, flushing the C library's streams.
    public static func exitProcess(_ status: Int32) -> Never { exit(status) }
}

extension Syscalls {
    /// One `read` of at most `count` bytes: the count (0 at the end), or
    /// the errno, EINTR included (a terminal's reader redraws after a resize).
    public static func readOnce(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Result<Int, Errno> {
        let got = Glibc.read(fd, buffer, count)
        return got < 0 ? .failure(Errno(errno)) : .success(got)
    }

    /// Waits until one of `descriptors` can be read or `milliseconds` pass
    /// (-1: no limit); which ones are ready, or nil when a signal cut the
    /// wait short (`poll`).
    public static func waitForReading(_ descriptors: [Int32], milliseconds: Int32) -> [Bool]? {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&entries, nfds_t(entries.count), milliseconds)
        if ready < 0 { return nil }
        return entries.map { $0.revents != 0 }
    }

    /// Stops the process as Ctrl-Z does (SIGTSTP): the whole process group
    /// when `group` (a session with a launcher), else this process.
    public static func suspend(group: Bool) {
        if group { kill(0, SIGTSTP) } else { raise(SIGTSTP) }
    }
}
