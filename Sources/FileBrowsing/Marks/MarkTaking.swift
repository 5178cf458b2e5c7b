/// Why an entry could not be marked, in words a user acts on.
public enum MarkRefusal: Error, Sendable, Equatable {
    /// The entry's status could not be read through its directory.
    case unreadable(Errno)
    /// The path no longer leads to the file the table shows: a directory on
    /// the way was moved, or a link changed, since the table was read.
    case pathLeadsElsewhere
    /// The directory's own identity could not be read.
    case directoryUnidentified

    public var description: String {
        switch self {
        case .unreadable(let errno): return errno.description
        case .pathLeadsElsewhere:
            return "this path no longer leads to the file in the table (a directory on the way moved or a link changed); 'cd' there again"
        case .directoryUnidentified: return "the directory's device and inode cannot be read"
        }
    }
}

extension Mark {
    /// Marks entry `name` of `directory`, which `path` names: the file is
    /// read through the directory's descriptor (what the table showed), and
    /// `path` must resolve to that same file, or nothing is marked.
    public static func take(name: [UInt8], in directory: DirectoryHandle, path: [UInt8]) -> Result<Mark, MarkRefusal> {
        guard let directoryIdentity = directory.identity else { return .failure(.directoryUnidentified) }
        let shown = withCString(name) { Syscalls.status(at: directory.fd, name: $0, followSymlink: false) }.map(FileStatus.init)
        let status: FileStatus
        switch shown {
        case .success(let read): status = read
        case .failure(let errno): return .failure(.unreadable(errno))
        }
        guard case .success(let named) = PathResolution.status(of: path), named.identity == status.identity else {
            return .failure(.pathLeadsElsewhere)
        }
        return .success(Mark(entry: EntryKey(directory: directoryIdentity, name: name), path: path, snapshot: MarkSnapshot(status)))
    }
}
