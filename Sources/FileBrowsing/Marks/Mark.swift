/// What a file was when it was marked, so a plan can be checked before anything
/// real happens: a different inode, or a different birth time, means the path
/// was replaced; a different size, time or type means it changed. The status
/// change time (ctime) is set by the kernel alone: `touch -r` can give a new
/// file the old one's size and modification time, and ext4 reuses the inode
/// number, but never the old ctime.
public struct MarkSnapshot: Sendable, Equatable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modificationTime: Timestamp
    public var changeTime: Timestamp
    /// When the file was made, where `statx` and the file system say (nil elsewhere).
    public var birthTime: Timestamp?
    public var kind: FileKind

    public init(_ status: FileStatus, birthTime: Timestamp? = nil) {
        kind = status.kind
        device = status.device
        inode = status.inode
        size = status.size
        modificationTime = status.modificationTime
        changeTime = status.changeTime
        self.birthTime = birthTime
    }

    public var identity: FileIdentity { FileIdentity(device: device, inode: inode) }

    /// A value for a slot never read (a batch that is thrown away).
    static let placeholder = MarkSnapshot(
        device: 0, inode: 0, size: 0, modificationTime: Timestamp(seconds: 0), changeTime: Timestamp(seconds: 0), birthTime: nil, kind: .unknown)

    init(device: UInt64, inode: UInt64, size: Int64, modificationTime: Timestamp, changeTime: Timestamp, birthTime: Timestamp?, kind: FileKind) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modificationTime = modificationTime
        self.changeTime = changeTime
        self.birthTime = birthTime
        self.kind = kind
    }
}

/// A directory entry, named by the identity of the directory it was read
/// from and its name there: what a row is, whatever path led to it.
public struct EntryKey: Hashable, Sendable {
    public let directory: FileIdentity
    public let name: [UInt8]

    public init(directory: FileIdentity, name: [UInt8]) {
        self.directory = directory
        self.name = name
    }
}

/// One entry marked for simulated deletion. Marking never touches the file.
///
/// The mark is the entry (its directory's identity and its name) and the file
/// it held (the snapshot's device and inode), read through the descriptor the
/// row came from; `path` is the absolute path that named that same file when
/// it was marked, which exports write and every check resolves again.
public struct Mark: Sendable, Equatable {
    public let entry: EntryKey
    /// The absolute path, as bytes.
    public let path: [UInt8]
    public let snapshot: MarkSnapshot

    public init(entry: EntryKey, path: [UInt8], snapshot: MarkSnapshot) {
        self.entry = entry
        self.path = path
        self.snapshot = snapshot
    }

    /// The parent directory's path and the last component.
    public var parentAndName: (parent: [UInt8], name: [UInt8]) { PathBytes.split(path) }
}
