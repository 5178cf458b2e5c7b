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
    public static let placeholder = MarkSnapshot(
        device: 0, inode: 0, size: 0, modificationTime: Timestamp(seconds: 0), changeTime: Timestamp(seconds: 0), birthTime: nil, kind: .unknown)

    public init(device: UInt64, inode: UInt64, size: Int64, modificationTime: Timestamp, changeTime: Timestamp, birthTime: Timestamp?, kind: FileKind)
    {
        self.device = device
        self.inode = inode
        self.size = size
        self.modificationTime = modificationTime
        self.changeTime = changeTime
        self.birthTime = birthTime
        self.kind = kind
    }
}
