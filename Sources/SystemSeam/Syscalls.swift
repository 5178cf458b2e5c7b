import Glibc

/// Every C call of FileBrowsing passes through here. The "returns -1, read
/// errno, retry on EINTR" dance is written once, in `valueOrErrno`.
public enum Syscalls {
    /// Runs `call` until it does not fail with EINTR; returns its value, or
    /// the errno. A call that can wait for ever (reading a terminal or
    /// `/proc/kmsg`) is `cancellable`: when Ctrl-C interrupted it, EINTR is
    /// returned (`Errno.interrupted`) instead of waiting again.
    @inline(__always)
    static func valueOrErrno<T: FixedWidthInteger>(cancellable: Bool = false, _ call: () -> T) -> Result<T, Errno> {
        while true {
            let value = call()
            if value != -1 { return .success(value) }
            let code = errno
            if code != EINTR || (cancellable && Interruption.isRequested) { return .failure(Errno(code)) }
        }
    }

    /// `read` into `buffer`, cancellable by Ctrl-C.
    public static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Result<Int, Errno> {
        valueOrErrno(cancellable: true) { Glibc.read(fd, buffer, count) }
    }

    /// Moves a file's offset (`lseek` from the start); the new offset or the errno.
    public static func seek(_ fd: Int32, to offset: UInt64) -> Result<off_t, Errno> {
        guard let position = off_t(exactly: offset) else { return .failure(.invalidArgument) }
        return valueOrErrno { lseek(fd, position, SEEK_SET) }
    }

    /// Clears O_NONBLOCK: files are opened without blocking (a FIFO would
    /// otherwise wait for a writer) and then read normally.
    public static func makeBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0 else { return }
        _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
    }

    /// A second descriptor for `fd` (standard input for a dump), close-on-exec.
    public static func duplicate(_ fd: Int32) -> Result<Int32, Errno> {
        valueOrErrno { fcntl(fd, F_DUPFD_CLOEXEC, 0) }
    }

    public static func openDirectory(at parent: Int32, name: UnsafePointer<CChar>, followSymlink: Bool) -> Result<Int32, Errno> {
        if let fault = SystemCallFaults.fault(.openat, name: name) { return .failure(fault) }
        var flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK
        if !followSymlink { flags |= O_NOFOLLOW }
        return valueOrErrno { openat(parent, name, flags) }
    }

    /// A descriptor that only names a directory (O_PATH): enough to look
    /// names up through it and `fstat` it, with search permission alone.
    public static func openSearchOnly(at parent: Int32, name: UnsafePointer<CChar>) -> Result<Int32, Errno> {
        if let fault = SystemCallFaults.fault(.openat, name: name) { return .failure(fault) }
        return valueOrErrno { openat(parent, name, LinuxOpenFlags.pathOnly | O_DIRECTORY | O_CLOEXEC) }
    }

    public static func openFile(at parent: Int32, name: UnsafePointer<CChar>) -> Result<Int32, Errno> {
        if let fault = SystemCallFaults.fault(.openat, name: name) { return .failure(fault) }
        return valueOrErrno { openat(parent, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
    }

    public static func status(at parent: Int32, name: UnsafePointer<CChar>, followSymlink: Bool) -> Result<stat, Errno> {
        if let fault = SystemCallFaults.fault(.stat, name: name) { return .failure(fault) }
        var result = stat()
        let flags: Int32 = followSymlink ? 0 : AT_SYMLINK_NOFOLLOW
        return valueOrErrno { fstatat(parent, name, &result, flags) }.map { _ in result }
    }

    public static func status(of fd: Int32) -> Result<stat, Errno> {
        var result = stat()
        return valueOrErrno { fstat(fd, &result) }.map { _ in result }
    }

    /// The target of a symbolic link, as bytes.
    public static func linkTarget(at parent: Int32, name: UnsafePointer<CChar>) -> Result<[UInt8], Errno> {
        var capacity = 256
        while true {
            var buffer = [UInt8](repeating: 0, count: capacity)
            let count = buffer.withUnsafeMutableBufferPointer { raw in
                raw.baseAddress!.withMemoryRebound(to: CChar.self, capacity: capacity) {
                    readlinkat(parent, name, $0, capacity)
                }
            }
            if count < 0 { return .failure(Errno(errno)) }
            if count < capacity { return .success(Array(buffer[0..<count])) }
            capacity *= 4
        }
    }

    /// `getdents64`, found at run time: glibc has it, but Swift's Glibc module
    /// does not declare it. Reading directory records straight into a large
    /// buffer spares a `readdir` call per entry. Nil if the C library lacks it.
    public typealias GetDirectoryEntries = @convention(c) (Int32, UnsafeMutableRawPointer?, Int) -> Int
    public static let getDirectoryEntries = CLibrarySymbol.lookUp("getdents64", as: GetDirectoryEntries.self)

    /// `statx`, found at run time like `getdents64`, used only for a file's
    /// birth time, which `stat` does not report.
    public typealias ExtendedStatus = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UInt32, UnsafeMutableRawPointer) -> Int32
    static let extendedStatus = CLibrarySymbol.lookUp("statx", as: ExtendedStatus.self)

    /// The birth time, where the kernel and file system record it.
    public static func birthTime(at parent: Int32, name: UnsafePointer<CChar>, followSymlink: Bool = false) -> Timestamp? {
        guard let extendedStatus else { return nil }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: ExtendedStatusRecord.size, alignment: 8)
        defer { buffer.deallocate() }
        let flags = followSymlink ? 0 : AT_SYMLINK_NOFOLLOW
        guard extendedStatus(parent, name, flags, ExtendedStatusRecord.birthTimeMask, buffer) == 0 else { return nil }
        let record = ExtendedStatusRecord(buffer)
        return record.mask & ExtendedStatusRecord.birthTimeMask != 0 ? record.birthTime : nil
    }

    public static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }
}

/// Open flags of Linux that Swift's Glibc module does not declare.
public enum LinuxOpenFlags {
    /// O_PATH: a descriptor that names a file without opening it for reading
    /// or writing; lookups through it need only search permission.
    public static let pathOnly: Int32 = 0o10000000
}

extension Syscalls {
    /// `pread`: reads at `offset` without moving the file's offset, so several
    /// threads can read one descriptor.
    public static func positionedRead(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: UInt64) -> Result<Int, Errno> {
        guard let position = off_t(exactly: offset) else { return .failure(.invalidArgument) }
        return valueOrErrno(cancellable: true) { pread(fd, buffer, count, position) }
    }
}

extension Syscalls {
    /// Opens `name` in the directory open at `parent` for reading (never
    /// waiting on a FIFO, never taking a controlling terminal) and reads one
    /// byte at `offset`: whether the file answers reads. The descriptor is
    /// closed before this returns. An offset past what `off_t` holds is
    /// `EINVAL`, never a trap.
    public static func readsOneByte(_ name: [UInt8], in parent: Int32, at offset: UInt64) -> Result<Void, Errno> {
        withCString(name) { name -> Result<Void, Errno> in
            let file = openat(parent, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
            guard file >= 0 else { return .failure(Errno(errno)) }
            defer { close(file) }
            var byte: UInt8 = 0
            return positionedRead(file, into: &byte, count: 1, at: offset).map { _ in () }
        }
    }
}

extension Syscalls {
    /// Writes `text` to standard error at once, unbuffered (a progress line
    /// that must show before work goes on); a failed write is dropped.
    public static func writeToStandardError(_ text: String) {
        var text = text
        text.withUTF8 { _ = writeAll(2, UnsafeRawBufferPointer($0)) }
    }
}

extension Syscalls {
    /// `fnmatch(3)` with no flags: whether `name` matches the shell glob `pattern`.
    @inline(__always)
    public static func globMatches(_ pattern: UnsafePointer<CChar>, _ name: UnsafePointer<CChar>) -> Bool {
        fnmatch(pattern, name, 0) == 0
    }

    /// `memcmp(3)`: the order of `count` bytes at `a` and at `b`.
    @inline(__always)
    public static func compareMemory(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Int32 {
        memcmp(a, b, count)
    }

    /// Sleeps this thread (`usleep`), for short waits between polls.
    public static func pause(microseconds: UInt32) {
        _ = usleep(microseconds)
    }

    /// Keeps SIGINT from this thread (a worker's), so Ctrl-C reaches the
    /// thread that polls `Interruption`.
    public static func blockInterruptOnThisThread() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }
}

extension Syscalls {
    /// Opens the file at `path` for reading, never through a symlink, never
    /// waiting on a FIFO, never taking a controlling terminal: what the
    /// search for copies reads files with.
    public static func openWithoutFollowing(_ path: UnsafePointer<CChar>) -> Result<Int32, Errno> {
        openWithoutFollowing(at: AT_FDCWD, path)
    }

    /// The same, `name` looked up in the directory open at `parent`.
    public static func openWithoutFollowing(at parent: Int32, _ name: UnsafePointer<CChar>) -> Result<Int32, Errno> {
        valueOrErrno { openat(parent, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW) }
    }

    /// A search-only descriptor (O_PATH) of the directory at `path`.
    public static func openSearchOnly(path: UnsafePointer<CChar>) -> Result<Int32, Errno> {
        openSearchOnly(at: AT_FDCWD, name: path)
    }
}

extension Syscalls {
    /// Has malloc map every block of 1 MiB or more on its own and give it
    /// back when freed (`M_MMAP_THRESHOLD`; by default glibc raises the
    /// threshold as large blocks are freed, keeping them in the heap): the
    /// search for copies grows arrays of a million entries, and the old
    /// buffers would stay in the peak. Process-wide; call before the work.
    public static func returnLargeBlocksWhenFreed() {
        // `mallopt(M_MMAP_THRESHOLD, …)`: malloc.h is not in Swift's Glibc module.
        typealias SetOption = @convention(c) (Int32, Int32) -> Int32
        let mmapThreshold: Int32 = -3
        _ = CLibrarySymbol.lookUp("mallopt", as: SetOption.self)?(mmapThreshold, 1 << 20)
    }

    /// Reads the first entry of the directory open at `fd` through a
    /// descriptor of its own (the caller's is left where it was): whether
    /// the file system answers a read of it.
    public static func readFirstEntry(ofDirectoryAt fd: Int32) -> Result<Void, Errno> {
        openDirectory(at: fd, name: ".", followSymlink: false).flatMap { copy -> Result<Void, Errno> in
            guard let stream = fdopendir(copy) else {
                let code = errno
                close(copy)
                return .failure(Errno(code))
            }
            defer { closedir(stream) }
            errno = 0
            return readdir(stream) == nil && errno != 0 ? .failure(Errno(errno)) : .success(())
        }
    }
}
