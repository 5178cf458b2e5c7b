import Glibc

/// The only files filetable writes, and every call that writes them: a plan
/// exported where the user names it, and the prompt's history in its state
/// folder. Nothing here is ever pointed at what filetable browses; a test
/// checks that no other source file holds a call that could change a file.
public enum OwnFiles {
    /// Writes a new file the user named (an export): refuses to overwrite an
    /// existing one unless `replace`; never follows a link at `path`.
    static func writeNew(_ path: [UInt8], contents: [UInt8], replace: Bool) -> Result<Void, Errno> {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | (replace ? O_TRUNC : O_EXCL)
        let opened = withCString(path) { name in Syscalls.valueOrErrno { open(name, flags, 0o644) } }
        switch opened {
        case .success(let fd):
            defer { Syscalls.close(fd) }
            return writeAll(fd, contents)
        case .failure(let errno):
            return .failure(errno)
        }
    }

    /// Replaces the file at `path` with `contents` as one step: written to a
    /// new temporary file beside it (mode `mode`), flushed, renamed over it.
    /// Missing folders on the way are made (0700). For the history file.
    public static func replace(_ path: [UInt8], contents: [UInt8], mode: mode_t = 0o600) -> Result<Void, Errno> {
        makeFolders(PathBytes.split(path).parent)
        let temporary = path + Array(".tmp-\(getpid())".utf8)
        let opened = withCString(temporary) { name in
            Syscalls.valueOrErrno { open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode) }
        }
        guard case .success(let fd) = opened else { return opened.map { _ in () } }
        var result = writeAll(fd, contents)
        if case .success = result, fsync(fd) != 0 { result = .failure(Errno(errno)) }
        Syscalls.close(fd)
        if case .success = result,
            withCString(temporary, { from in withCString(path) { to in rename(from, to) } }) != 0
        {
            result = .failure(Errno(errno))
        }
        if case .failure = result { withCString(temporary) { _ = unlink($0) } }
        return result
    }

    /// Reads back a file of filetable's own (the history), at most `limit`
    /// bytes. Opened without blocking, so a FIFO put in its place fails
    /// instead of waiting.
    public static func read(_ path: [UInt8], limit: Int) -> Result<[UInt8], Errno> {
        withCString(path) { Syscalls.openFile(at: AT_FDCWD, name: $0) }.flatMap { fd in
            defer { Syscalls.close(fd) }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while bytes.count < limit {
                switch chunk.withUnsafeMutableBytes({ Syscalls.read(fd, into: $0.baseAddress!, count: $0.count) }) {
                case .success(0): return .success(bytes)
                case .success(let count): bytes += chunk[..<count]
                case .failure(let errno): return .failure(errno)
                }
            }
            return .success(bytes)
        }
    }

    private static func makeFolders(_ folder: [UInt8]) {
        var prefix: [UInt8] = []
        for part in folder.split(separator: 0x2F, omittingEmptySubsequences: false) {
            prefix += part
            if !prefix.isEmpty { withCString(prefix) { _ = mkdir($0, 0o700) } }
            prefix.append(0x2F)
        }
    }

    private static func writeAll(_ fd: Int32, _ contents: [UInt8]) -> Result<Void, Errno> {
        var offset = 0
        while offset < contents.count {
            let written = contents.withUnsafeBytes { bytes in
                Syscalls.valueOrErrno { write(fd, bytes.baseAddress! + offset, contents.count - offset) }
            }
            switch written {
            case .success(let count): offset += count
            case .failure(let errno): return .failure(errno)
            }
        }
        return .success(())
    }
}
