import SystemSeam

/// Why an entry could not be marked, in words a user acts on.
public enum MarkRefusal: Error, Sendable, Equatable {
    /// The entry's status could not be read through its directory.
    case unreadable(Errno)
    /// The path no longer leads to the directory the table lists: a
    /// directory on the way was moved, or a link changed, since it was read.
    case pathLeadsElsewhere
    /// The directory's own identity could not be read.
    case directoryUnidentified
    /// The name now leads to a different file than the row showed (the
    /// entry was replaced since the listing was read).
    case rowReplaced

    public var description: String {
        switch self {
        case .unreadable(let errno): return errno.description
        case .pathLeadsElsewhere:
            return "this path no longer leads to the directory in the table (a directory on the way moved or a link changed); 'cd' there again"
        case .directoryUnidentified: return "the directory's device and inode cannot be read"
        case .rowReplaced:
            return "the name leads to a different file than the row showed (replaced since the listing was read); 'reload' to see it as it is now"
        }
    }
}

/// Takes marks on the rows of one listed directory. The directory's path is
/// checked once to lead to the directory the rows were read from; each
/// entry is then read through that directory's descriptor, so its path
/// (the directory's path and its name) leads to the file the row showed.
public struct MarkTaker {
    private let directory: DirectoryHandle
    /// The directory's identity, which its marks are filed under.
    public let directoryIdentity: FileIdentity
    /// The path checked to lead to it, which its marks' paths start with.
    public let directoryPath: [UInt8]

    /// Checks that `path` leads to `directory` (links on the way followed).
    public init(directory: DirectoryHandle, path: [UInt8]) throws(MarkRefusal) {
        guard let identity = directory.identity else { throw .directoryUnidentified }
        // Where calls can hang, with the prompt's deadline (not answering is refused).
        switch directory.guarded({ PathResolution.status(of: path, followingLastLink: true) }) {
        case .success(let named) where named.identity == identity: break
        case .failure(let errno) where errno == .notResponding: throw .unreadable(errno)
        default: throw .pathLeadsElsewhere
        }
        self.directory = directory
        directoryIdentity = identity
        directoryPath = path
    }

    /// Marks entry `name`: its status now, read through the directory.
    /// `shownInode` is the inode the row was read with (`d_ino`): a name
    /// that leads elsewhere now is refused, so the plan never holds a file
    /// that was not shown. (On a mount point `d_ino` is the covered
    /// directory's, so only entries on the directory's own device compare.)
    public func take(_ name: [UInt8], shownInode: UInt64? = nil) -> Result<Mark, MarkRefusal> {
        name.withUnsafeBufferPointer { snapshot(of: $0, shownInode: shownInode) }.map { snapshot in
            Mark(entry: EntryKey(directory: directoryIdentity, name: name), path: PathBytes.join(directoryPath, name), snapshot: snapshot)
        }
    }

    /// What `take` marks, without building the mark: the entry's status now,
    /// read through the directory, refused as `take` refuses it.
    public func snapshot(of name: UnsafeBufferPointer<UInt8>, shownInode: UInt64? = nil) -> Result<MarkSnapshot, MarkRefusal> {
        guard directory.isGuarded || (directory.holdsHangProneMounts && directory.guardsCalls(on: Array(name))) else {
            return Self.snapshot(of: name, in: directory.fd, device: directoryIdentity.device, shownInode: shownInode)
        }
        let fd = directory.fd
        let copy = Array(name)
        let read = directory.guarded(on: copy) { withCString(copy) { Syscalls.markSnapshot(at: fd, name: $0) } }
        return Self.snapshot(from: read, device: directoryIdentity.device, shownInode: shownInode)
    }

    /// Whether the directory lies where calls can hang (read one at a time, guarded).
    var isGuarded: Bool { directory.isGuarded || directory.holdsHangProneMounts }
    /// The directory's descriptor, for readers on other threads.
    var descriptor: Int32 { directory.fd }

    /// `snapshot(of:)` with only plain values: any thread may call it.
    static func snapshot(of name: UnsafeBufferPointer<UInt8>, in fd: Int32, device: UInt64, shownInode: UInt64?) -> Result<MarkSnapshot, MarkRefusal>
    {
        let read = withCString(name) { Syscalls.markSnapshot(at: fd, name: $0) }
        return snapshot(from: read, device: device, shownInode: shownInode)
    }

    /// `snapshot(of:in:device:shownInode:)` of a name already NUL-terminated
    /// (a `NameArena`'s), without copying it.
    static func snapshot(ofCName name: UnsafePointer<CChar>, in fd: Int32, device: UInt64, shownInode: UInt64?) -> Result<MarkSnapshot, MarkRefusal> {
        snapshot(from: Syscalls.markSnapshot(at: fd, name: name), device: device, shownInode: shownInode)
    }

    private static func snapshot(from read: Result<MarkSnapshot, Errno>, device: UInt64, shownInode: UInt64?) -> Result<MarkSnapshot, MarkRefusal> {
        switch read {
        case .success(let snapshot):
            if let shownInode, snapshot.device == device, snapshot.inode != shownInode {
                return .failure(.rowReplaced)
            }
            return .success(snapshot)
        case .failure(let errno):
            return .failure(.unreadable(errno))
        }
    }
}
