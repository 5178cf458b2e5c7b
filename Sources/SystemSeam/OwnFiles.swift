import Glibc

/// The only files filetable writes, and every call that writes them: a plan
/// exported where the user names it, and the prompt's history in its state
/// folder. Nothing here is ever pointed at what filetable browses; a test
/// checks that no other source file holds a call that could change a file.
///
/// Both are written the same way, so that a file appears whole or not at
/// all: a new temporary file beside the destination (never an existing one,
/// never through a link), written, flushed, then put in place with one
/// `rename` or `link`. A failure on the way (a full disk, `ulimit -f`)
/// removes the temporary file and leaves the destination as it was; a
/// process killed meanwhile leaves at most a `.filetable-PID-N.tmp` beside
/// it, never a partial file at the destination.
public enum OwnFiles {
    /// Why a file of filetable's own was not written.
    public enum WriteFailure: Error, Sendable, Equatable {
        /// Something stands at the name and replacing was not asked for.
        case exists
        /// The name is a symbolic link: an export never writes through one.
        case symbolicLink
        /// The name is a directory, FIFO, socket or device: only a regular
        /// file is ever replaced (opening a FIFO would wait for a reader).
        case notRegularFile(FileKind)
        case system(Errno)

        public var description: String {
            switch self {
            case .exists: return "exists; add --force to replace it"
            case .symbolicLink: return "is a symbolic link; an export never writes through a link (name the file itself)"
            case .notRegularFile(let kind): return "is a \(kind.jsonName), not a regular file; an export replaces only a regular file"
            case .system(let errno): return errno.description
            }
        }
    }

    /// Writes a new file the user named (an export). Refuses what is there
    /// unless `replace`, and even then replaces only a regular file, by name:
    /// another hard link to the old file keeps the old contents.
    public static func writeNew(_ path: [UInt8], contents: [UInt8], replace: Bool) -> Result<Void, WriteFailure> {
        if let refusal = refusal(at: path, replace: replace) { return .failure(refusal) }
        return writeWhole(path, contents: contents, mode: 0o644, replacing: replace)
    }

    /// Why what stands at `path` is not to be replaced by an export, if it is not.
    private static func refusal(at path: [UInt8], replace: Bool) -> WriteFailure? {
        switch kindAtName(path) {
        case .failure(let errno): return .system(errno)
        case .success(nil): return nil
        case .success(.symlink?): return .symbolicLink
        case .success(let kind?) where kind != .file: return .notRegularFile(kind)
        case .success(_?): return replace ? nil : .exists
        }
    }

    /// Writes a new file the user named a piece at a time (a dump to xxd's
    /// OUTFILE, too large to hold): `write` is given the descriptor of the
    /// temporary file beside `path` (the caller writes, never closes it) and
    /// says how it ended: `true` puts the file in place, `false` (nothing to
    /// write: the input could not be read) leaves no file, an error removes
    /// it. Refuses what is at `path` as `writeNew(_:contents:replace:)` does;
    /// the result is whether a file was put in place.
    public static func writeNew(
        _ path: [UInt8], replace: Bool, by write: (Int32) -> Result<Bool, Errno>
    ) -> Result<Bool, WriteFailure> {
        if let refusal = refusal(at: path, replace: replace) { return .failure(refusal) }
        return writeInPlace(path, mode: 0o644, replacing: replace, by: write)
    }

    /// Replaces the file at `path` with `contents` as one step (see the type's
    /// comment), mode `mode`. Missing folders on the way are made (0700).
    /// For the history file.
    public static func replace(_ path: [UInt8], contents: [UInt8], mode: mode_t = 0o600) -> Result<Void, WriteFailure> {
        makeFolders(PathBytes.split(path).parent)
        return writeWhole(path, contents: contents, mode: mode, replacing: true)
    }

    /// Reads back a file of filetable's own (the history): its last `limit`
    /// bytes, and whether the file was longer (then the first line read may
    /// be cut). Opened without blocking, and only a regular file is read: a
    /// FIFO or a device (`/dev/zero`) put in its place reads as an error.
    public static func readTail(_ path: [UInt8], limit: Int) -> Result<(bytes: [UInt8], cut: Bool), Errno> {
        withCString(path) { Syscalls.openFile(at: AT_FDCWD, name: $0) }.flatMap { fd in
            defer { Syscalls.close(fd) }
            guard case .success(let status) = Syscalls.status(of: fd), FileKind(mode: status.st_mode) == .file else {
                return .failure(.invalidArgument)
            }
            let start = max(0, Int(status.st_size) - limit)
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while bytes.count < limit {
                let wanted = min(chunk.count, limit - bytes.count)
                let offset = UInt64(start + bytes.count)
                switch chunk.withUnsafeMutableBytes({ Syscalls.positionedRead(fd, into: $0.baseAddress!, count: wanted, at: offset) }) {
                case .success(0): return .success((bytes, start > 0))
                case .success(let count): bytes += chunk[..<count]
                case .failure(let errno): return .failure(errno)
                }
            }
            return .success((bytes, start > 0))
        }
    }

    /// The kind of what stands at `path` (a link not followed), nil for nothing.
    private static func kindAtName(_ path: [UInt8]) -> Result<FileKind?, Errno> {
        switch withCString(path, { Syscalls.status(at: AT_FDCWD, name: $0, followSymlink: false) }) {
        case .success(let status): return .success(FileKind(mode: status.st_mode))
        case .failure(let errno) where errno == .noSuchFileOrDirectory: return .success(nil)
        case .failure(let errno): return .failure(errno)
        }
    }

    /// Writes `contents` to a new temporary file beside `path`, flushes it,
    /// and puts it at `path`: by `rename` when `replacing`, else by `link`,
    /// which fails if a file appeared at the name meanwhile. The temporary
    /// file is gone afterwards whatever happened.
    private static func writeWhole(_ path: [UInt8], contents: [UInt8], mode: mode_t, replacing: Bool) -> Result<Void, WriteFailure> {
        writeInPlace(path, mode: mode, replacing: replacing) { fd in writeAll(fd, contents).map { true } }.map { _ in () }
    }

    /// What `writeWhole` does, with the bytes written by `write` (see
    /// `writeNew(_:replace:by:)` for what it returns).
    private static func writeInPlace(
        _ path: [UInt8], mode: mode_t, replacing: Bool, by write: (Int32) -> Result<Bool, Errno>
    ) -> Result<Bool, WriteFailure> {
        let (temporary, fd): ([UInt8], Int32)
        switch createTemporary(beside: path, mode: mode) {
        case .success(let made): (temporary, fd) = made
        case .failure(let errno): return .failure(.system(errno))
        }
        defer { withCString(temporary) { _ = unlink($0) } }
        var result = write(fd)
        if case .success(true) = result, fsync(fd) != 0 { result = .failure(Errno(errno)) }
        Syscalls.close(fd)
        switch result {
        case .failure(let errno): return .failure(.system(errno))
        case .success(false): return .success(false)
        case .success(true): break
        }
        let placed = withCString(temporary) { from in
            withCString(path) { to in replacing ? rename(from, to) : link(from, to) }
        }
        guard placed != 0 else { return .success(true) }
        let code = errno
        if code == EEXIST { return .failure(.exists) }
        // A file system without hard links: the name was free a moment ago.
        if !replacing, code == EPERM || code == EOPNOTSUPP, case .success(nil) = kindAtName(path),
            withCString(temporary, { from in withCString(path) { to in rename(from, to) } }) == 0
        {
            return .success(true)
        }
        return .failure(.system(Errno(code)))
    }

    /// A new file `.filetable-PID-N.tmp` in the folder of `path`, opened for
    /// writing; a name already taken (a stale one from a crash) is skipped.
    private static func createTemporary(beside path: [UInt8], mode: mode_t) -> Result<([UInt8], Int32), Errno> {
        let parent = PathBytes.split(path).parent
        let folder = parent.isEmpty ? [] : (parent.last == 0x2F ? parent : parent + [0x2F])
        var attempt = 0
        while true {
            let name = folder + Array(".filetable-\(getpid())-\(attempt).tmp".utf8)
            let opened = withCString(name) { name in
                Syscalls.valueOrErrno { open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode) }
            }
            switch opened {
            case .success(let fd): return .success((name, fd))
            case .failure(let errno) where errno == .fileExists && attempt < 100: attempt += 1
            case .failure(let errno): return .failure(errno)
            }
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

    /// Writes every byte. `SIGXFSZ` is ignored by the launcher, so a file
    /// past `ulimit -f` is an error (`EFBIG`) here, not the end of the process.
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
