import SystemSeam

/// Paths of any length, resolved the way the kernel resolves them. One
/// system call takes a path shorter than Syscalls.longestPath; a longer one is cut at
/// slashes into pieces that fit, each opened (`O_PATH`, links followed) from
/// the descriptor of the one before. Marks, their checks and their totals go
/// through here, so a file 6 KiB deep behaves like one at the top.
public enum PathResolution {
    /// Opens the directory `path` names for reading.
    static func openDirectory(_ path: [UInt8]) -> Result<Int32, Errno> {
        withBase(of: path) { base, rest in
            withCString(rest) { Syscalls.openDirectory(at: base, name: $0, followSymlink: true) }
        }
    }

    /// The status of what `path` names. Its last component is not followed
    /// (`lstat`: a marked link is the link) unless `followingLastLink`.
    public static func status(of path: [UInt8], followingLastLink: Bool = false) -> Result<FileStatus, Errno> {
        withBase(of: path) { base, rest in
            withCString(rest) { Syscalls.status(at: base, name: $0, followSymlink: followingLastLink) }
        }.map(FileStatus.init)
    }

    /// The birth time of what `path` names (its last link not followed), where
    /// the file system keeps one.
    public static func birthTime(of path: [UInt8]) -> Timestamp? {
        let found: Result<Timestamp?, Errno> = withBase(of: path) { base, rest in
            .success(withCString(rest) { Syscalls.birthTime(at: base, name: $0) })
        }
        return (try? found.get()) ?? nil
    }

    /// Opens the parent directory of `path`'s last component, and returns it
    /// with that component: where a marked entry is checked and counted.
    public static func openParent(of path: [UInt8]) -> Result<(parent: DirectoryHandle, name: [UInt8]), Errno> {
        let (parent, name) = PathBytes.split(path)
        guard !name.isEmpty, name != [0x2E], name != [0x2E, 0x2E] else { return .failure(.invalidArgument) }
        let opened = parent.isEmpty ? .success(Syscalls.workingDirectory) : openSearchOnly(parent)
        return opened.map { fd in
            (DirectoryHandle(fd: fd, path: parent, owns: fd != Syscalls.workingDirectory), name)
        }
    }

    /// Opens `path` as an `O_PATH` descriptor of a directory.
    private static func openSearchOnly(_ path: [UInt8]) -> Result<Int32, Errno> {
        withBase(of: path) { base, rest in withCString(rest) { Syscalls.openSearchOnly(at: base, name: $0) } }
    }

    /// Calls `body` with a descriptor and the rest of `path` below it, short
    /// enough for one system call. For a short path that is Syscalls.workingDirectory (or any
    /// descriptor: an absolute path ignores it) and the whole path.
    private static func withBase<T>(of path: [UInt8], _ body: (Int32, [UInt8]) -> Result<T, Errno>) -> Result<T, Errno> {
        let limit = Syscalls.longestPath - 1
        guard path.count > limit else { return body(Syscalls.workingDirectory, path) }
        guard let (pieces, rest) = PathBytes.pieces(of: path, fitting: limit) else { return .failure(.nameTooLong) }
        var base = Syscalls.workingDirectory
        defer { if base != Syscalls.workingDirectory { Syscalls.close(base) } }
        for piece in pieces {
            let next = withCString(piece) { Syscalls.openSearchOnly(at: base, name: $0) }
            if base != Syscalls.workingDirectory { Syscalls.close(base) }
            switch next {
            case .success(let fd): base = fd
            case .failure(let errno):
                base = Syscalls.workingDirectory
                return .failure(errno)
            }
        }
        return body(base, rest)
    }
}
